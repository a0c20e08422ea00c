import { createHash } from 'node:crypto';
import { bodyTooLarge } from '../domain/shared/errors';
import type { Upload } from './handlers';

/**
 * A streamed body that is hashed as it is read, so that an idempotent repeat of an upload can be
 * told apart by its content, not only by its length: the first request's handler reads the body
 * (and its hash is stored with the answer), a repeat's body is read here to its end before the
 * stored answer is replayed.
 */
export class DigestedUpload {
  readonly upload: Upload;
  private readonly hash = createHash('sha256');
  private digestHex: string | null = null;
  private ended = false;

  constructor(
    source: Upload,
    private readonly maxBytes: number,
  ) {
    const chunks = this.read(source.chunks);
    this.upload = { ...source, chunks };
  }

  /** The SHA-256 of the whole body in hex, once it has been read to its end (null before). */
  digest(): string | null {
    if (!this.ended) return null;
    this.digestHex ??= this.hash.digest('hex');
    return this.digestHex;
  }

  /** Reads what is left of the body (at most the operation's limit) and returns its digest. */
  async drain(): Promise<string> {
    for await (const chunk of this.upload.chunks) void chunk;
    return this.digest()!;
  }

  private async *read(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    let total = 0;
    for await (const chunk of chunks) {
      total += chunk.length;
      if (total > this.maxBytes) {
        throw bodyTooLarge(this.maxBytes);
      }
      this.hash.update(chunk);
      yield chunk;
    }
    this.ended = true;
  }
}
