import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spooled, spooledUpload } from '../../src/domain/portability/spool';

/**
 * An export's spool: the source is read to its end as fast as it produces, whatever the reader
 * does, and the reader gets exactly the source's text; nothing is left on disk.
 */

interface Source {
  readonly iterator: AsyncGenerator<string>;
  /** Set once the source has run its `finally`: read to the end, ended early, or failed. */
  readonly state: { pulled: number; finished: boolean };
}

function source(pieces: readonly string[], failAfter?: number): Source {
  const state = { pulled: 0, finished: false };
  const iterator = (async function* () {
    try {
      for (const piece of pieces) {
        if (failAfter !== undefined && state.pulled === failAfter) throw new Error('the database went away');
        state.pulled += 1;
        yield piece;
      }
    } finally {
      state.finished = true;
    }
  })();
  return { iterator, state };
}

async function readAll(lines: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const piece of lines) text += piece;
  return text;
}

const spoolDirectory = () => mkdtempSync(join(tmpdir(), 'mtl-spool-'));

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition()).toBe(true);
}

test('when nobody reads, then the source is still read to its end, and the reader then gets its text exactly, characters cut by reads included', async () => {
  // Pieces of odd sizes, with characters of two to four bytes everywhere, so reads of the file cut through them.
  const pieces = Array.from({ length: 300 }, (_, i) => `{"n":${i},"text":"${'é€😀'.repeat(400 + (i % 7))}"}\n`);
  const { iterator, state } = source(pieces);
  const directory = spoolDirectory();
  const lines = await spooled(iterator, directory);
  await until(() => state.finished);
  expect(state.pulled).toBe(pieces.length);
  // The file was unlinked when opened: nothing to leave behind.
  expect(readdirSync(directory)).toEqual([]);
  expect(await readAll(lines)).toBe(pieces.join(''));
});

test('when the reader stops early, then the source is ended too and the rest is never read', async () => {
  const pieces = Array.from({ length: 10_000 }, (_, i) => `line ${i}\n`);
  const { iterator, state } = source(pieces);
  const lines = await spooled(iterator, spoolDirectory());
  const first = await lines.next();
  expect(first.done).toBe(false);
  await lines.return?.();
  expect(state.finished).toBe(true);
  expect(await lines.next()).toEqual({ value: undefined, done: true });
});

test('when the reader goes away while it waits for more, then neither its waiting read nor its going away ends before the source has ended', async () => {
  const state = { finished: false };
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const iterator = (async function* () {
    try {
      yield 'first\n';
      // The source is still reading its next batch when the reader leaves.
      await gate;
      yield 'second\n';
    } finally {
      state.finished = true;
    }
  })();
  const lines = await spooled(iterator, spoolDirectory());
  expect(await lines.next()).toEqual({ value: 'first\n', done: false });
  const waiting = lines.next().then((result) => ({ result, sourceEnded: state.finished }));
  const leaving = lines.return!().then(() => state.finished);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(state.finished).toBe(false);
  release();
  expect(await leaving).toBe(true);
  expect(await waiting).toEqual({ result: { value: undefined, done: true }, sourceEnded: true });
});

test("when the source fails, then the reader gets what was written before the failure, then the source's error", async () => {
  const pieces = ['one\n', 'two\n', 'three\n', 'four\n'];
  const { iterator } = source(pieces, 2);
  const lines = await spooled(iterator, spoolDirectory());
  let text = '';
  await expect(
    (async () => {
      for await (const piece of lines) text += piece;
    })(),
  ).rejects.toThrow('the database went away');
  expect(text).toBe('one\ntwo\n');
});

test('when the spool cannot be made, then the source is ended and the error is thrown', async () => {
  const { iterator } = source(['one\n']);
  const notADirectory = join(spoolDirectory(), 'file');
  writeFileSync(notADirectory, 'x');
  await expect(spooled(iterator, join(notADirectory, 'spool'))).rejects.toThrow();
  // Ended: a source that was not would give its first line now.
  expect(await iterator.next()).toEqual({ value: undefined, done: true });
});

describe('an upload received into a file first', () => {
  async function* chunksOf(pieces: ReadonlyArray<Buffer | string>) {
    for (const piece of pieces) yield piece;
  }
  const readBytes = async (chunks: AsyncIterable<Buffer>) => {
    const parts: Buffer[] = [];
    for await (const chunk of chunks) parts.push(chunk);
    return Buffer.concat(parts);
  };

  test('when the upload has ended, then its bytes are read back exactly, in pieces of at most 256 KiB, and nothing is left on disk', async () => {
    const directory = spoolDirectory();
    const big = Buffer.alloc(600 * 1024, 'é');
    const received = await spooledUpload(chunksOf(['{"type":"header"}\n', big, 'Zürich\n']), directory, 1024 * 1024);
    expect(readdirSync(directory)).toEqual([]);
    // Read twice from the start: an import checks the whole file before it writes any of it.
    for (let pass = 0; pass < 2; pass += 1) {
      const sizes: number[] = [];
      const parts: Buffer[] = [];
      for await (const chunk of received.read()) {
        sizes.push(chunk.length);
        parts.push(chunk);
      }
      expect(Buffer.concat(parts).equals(Buffer.concat([Buffer.from('{"type":"header"}\n'), big, Buffer.from('Zürich\n')]))).toBe(true);
      expect(Math.max(...sizes)).toBeLessThanOrEqual(256 * 1024);
    }
    await received.close();
    expect((await readBytes(received.read())).length).toBe(0);
  });

  test('when the upload is larger than allowed, then it is payload_too_large as soon as that arrives, and the rest is not read', async () => {
    let pulled = 0;
    async function* endless() {
      for (;;) {
        pulled += 1;
        yield Buffer.alloc(1024);
      }
    }
    await expect(spooledUpload(endless(), spoolDirectory(), 10 * 1024)).rejects.toMatchObject({ code: 'payload_too_large' });
    expect(pulled).toBe(11);
  });

  test('when the upload fails midway, then its error is thrown and an empty upload reads as nothing', async () => {
    async function* failing() {
      yield 'a line\n';
      throw new Error('the client went away');
    }
    await expect(spooledUpload(failing(), spoolDirectory(), 1024)).rejects.toThrow('the client went away');
    const empty = await spooledUpload(chunksOf([]), spoolDirectory(), 1024);
    expect((await readBytes(empty.read())).length).toBe(0);
    await empty.close();
  });
});
