import { randomUUID } from 'node:crypto';
import { mkdir, open, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { bodyTooLarge } from '../shared/errors';

/** How much of the file is read back at a time. */
const READ_BYTES = 256 * 1024;

/**
 * Text written to a temporary file as fast as `source` produces it, and read back as the caller
 * pulls: the source (an export's snapshot, and the database connection it holds) is finished at
 * its own pace, not at the pace of whoever reads the result. The file is unlinked as soon as it is
 * open, so nothing is left behind whatever happens to the process; its space is given back when the
 * reading ends, by its end, by `return()` (the reader went away) or by an error. Ending early also
 * ends the source. An error of the source reaches the reader after what was written before it.
 */
export async function spooled(source: AsyncIterator<string>, directory: string): Promise<AsyncIterableIterator<string>> {
  let file: FileHandle;
  try {
    file = await temporaryFile(directory, 'export');
  } catch (err) {
    await source.return?.();
    throw err;
  }

  let written = 0;
  let finished = false;
  let failed = false;
  let failure: unknown;
  let stopping = false;
  let wake: (() => void) | null = null;
  const woken = () => {
    wake?.();
    wake = null;
  };
  const producing = (async () => {
    try {
      for (;;) {
        if (stopping) {
          await source.return?.();
          return;
        }
        const next = await source.next();
        if (next.done) break;
        const bytes = Buffer.from(next.value, 'utf8');
        for (let at = 0; at < bytes.length; ) {
          const { bytesWritten } = await file.write(bytes, at, bytes.length - at, written);
          at += bytesWritten;
          written += bytesWritten;
        }
        woken();
      }
      finished = true;
    } catch (err) {
      failed = true;
      failure = err;
      await Promise.resolve(source.return?.()).catch(() => undefined);
    } finally {
      woken();
    }
  })();

  let readAt = 0;
  let closing: Promise<void> | null = null;
  /** Set once the source's error has been thrown to the reader. */
  let reported = false;
  const decoder = new StringDecoder('utf8');
  // Ends the source (after the batch it may be reading) and closes the file, once; every caller
  // waits for the end, so nothing counts the spool as done while the source still runs. An error
  // of the source that the reader was not given (it stopped first) is thrown here instead.
  const close = (): Promise<void> => {
    closing ??= (async () => {
      stopping = true;
      woken();
      await producing;
      await file.close();
      if (failed && !reported) throw failure;
    })();
    return closing;
  };
  const iterator: AsyncIterableIterator<string> = {
    [Symbol.asyncIterator]: () => iterator,
    next: async () => {
      for (;;) {
        if (closing) {
          await closing;
          return { value: undefined, done: true };
        }
        if (readAt < written) {
          const buffer = Buffer.allocUnsafe(Math.min(READ_BYTES, written - readAt));
          const { bytesRead } = await file.read(buffer, 0, buffer.length, readAt);
          readAt += bytesRead;
          const text = decoder.write(buffer.subarray(0, bytesRead));
          if (text.length > 0) return { value: text, done: false };
          continue;
        }
        if (failed) {
          reported = true;
          await close();
          throw failure;
        }
        if (finished) {
          await close();
          const rest = decoder.end();
          return rest.length > 0 ? { value: rest, done: false } : { value: undefined, done: true };
        }
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
    return: async () => {
      await close();
      return { value: undefined, done: true };
    },
  };
  return iterator;
}

/** A new file in `directory`, open for reading and writing and already unlinked: it leaves nothing behind. */
async function temporaryFile(directory: string, prefix: string): Promise<FileHandle> {
  await mkdir(directory, { recursive: true });
  const path = join(directory, `${prefix}-${randomUUID()}`);
  // A new file, never one (or a link) already at that path.
  const file = await open(path, 'wx+', 0o600);
  await unlink(path).catch(async (err: unknown) => {
    await file.close();
    throw err;
  });
  return file;
}

/** An upload received whole into a temporary file, which can be read from its start as often as needed. */
export interface SpooledUpload {
  readonly size: number;
  /** The upload's bytes from the start, in pieces of at most 256 KiB. */
  read(): AsyncIterableIterator<Buffer>;
  /** Gives the file's space back; reading after this finds nothing. */
  close(): Promise<void>;
}

/**
 * An upload read to its end into a temporary file: whatever waits for the upload's content (an
 * import's transaction, and the connection it holds) waits only for the disk, not for a client
 * that sends slowly, and it can be read twice (checked whole, then written). More than `maxBytes`
 * is `payload_too_large` as soon as it arrives. The file is unlinked as soon as it is open, so
 * nothing is left behind whatever happens to the process; its space is given back by `close()`.
 */
export async function spooledUpload(chunks: AsyncIterable<Buffer | string>, directory: string, maxBytes: number): Promise<SpooledUpload> {
  const file = await temporaryFile(directory, 'import');
  let size = 0;
  try {
    for await (const chunk of chunks) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
      if (size + bytes.length > maxBytes) throw bodyTooLarge(maxBytes);
      for (let at = 0; at < bytes.length; ) {
        const { bytesWritten } = await file.write(bytes, at, bytes.length - at, size);
        at += bytesWritten;
        size += bytesWritten;
      }
    }
  } catch (err) {
    await file.close();
    throw err;
  }

  let closed: Promise<void> | null = null;
  return {
    size,
    read: () => readFrom(file, size, () => closed !== null),
    close: () => (closed ??= file.close()),
  };
}

async function* readFrom(file: FileHandle, size: number, isClosed: () => boolean): AsyncIterableIterator<Buffer> {
  for (let readAt = 0; readAt < size && !isClosed(); ) {
    const buffer = Buffer.allocUnsafe(Math.min(READ_BYTES, size - readAt));
    const { bytesRead } = await file.read(buffer, 0, buffer.length, readAt);
    if (bytesRead === 0) return;
    readAt += bytesRead;
    yield buffer.subarray(0, bytesRead);
  }
}
