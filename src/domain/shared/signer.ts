import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { findOrCreateServiceSecret } from './service-secrets.repository';

const SECRET_NAME = 'token-signing';

const SEAL_CIPHER = 'aes-256-gcm';
const SEAL_IV_BYTES = 12;
const SEAL_TAG_BYTES = 16;
/** Sealed payloads are padded to a multiple of this, so a token's length tells nothing either. */
const SEAL_BLOCK = 64;

/**
 * Signs and seals opaque tokens (checkpoints) with a key every instance shares: created once in
 * the database, read on first use.
 */
export class Signer {
  private key: Promise<Buffer> | null = null;

  constructor(private readonly db: Kysely<DB>) {}

  private loadKey(): Promise<Buffer> {
    this.key ??= (async () => {
      const secret = await findOrCreateServiceSecret(this.db, SECRET_NAME, randomBytes(32).toString('base64'), new Date());
      return Buffer.from(secret, 'base64');
    })().catch((err: unknown) => {
      this.key = null;
      throw err;
    });
    return this.key;
  }

  private async mac(purpose: string, body: string): Promise<Buffer> {
    return createHmac('sha256', await this.loadKey()).update(`${purpose}\u0000${body}`).digest().subarray(0, 18);
  }

  private async sealKey(purpose: string): Promise<Buffer> {
    return createHmac('sha256', await this.loadKey()).update(`seal\u0000${purpose}`).digest();
  }

  /**
   * A token whose payload only this service can read (AES-256-GCM under a key of its own per
   * purpose): one base64url string of IV, ciphertext and tag.
   */
  async seal(purpose: string, payload: unknown): Promise<string> {
    const text = JSON.stringify(payload);
    const padded = text.padEnd(Math.ceil((text.length + 1) / SEAL_BLOCK) * SEAL_BLOCK, ' ');
    const iv = randomBytes(SEAL_IV_BYTES);
    const cipher = createCipheriv(SEAL_CIPHER, await this.sealKey(purpose), iv);
    const sealed = Buffer.concat([cipher.update(padded, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url');
  }

  /** The payload of a token this service sealed for this purpose, or null. */
  async open(purpose: string, token: string): Promise<unknown> {
    const bytes = Buffer.from(token, 'base64url');
    if (bytes.toString('base64url') !== token || bytes.length < SEAL_IV_BYTES + SEAL_TAG_BYTES + 1) return null;
    try {
      const decipher = createDecipheriv(SEAL_CIPHER, await this.sealKey(purpose), bytes.subarray(0, SEAL_IV_BYTES));
      decipher.setAuthTag(bytes.subarray(bytes.length - SEAL_TAG_BYTES));
      const text = Buffer.concat([decipher.update(bytes.subarray(SEAL_IV_BYTES, bytes.length - SEAL_TAG_BYTES)), decipher.final()]);
      return JSON.parse(text.toString('utf8'));
    } catch {
      return null;
    }
  }

  /** `<base64url JSON>.<base64url MAC>`, bound to a purpose so tokens of one kind never pass as another. */
  async sign(purpose: string, payload: unknown): Promise<string> {
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${(await this.mac(purpose, body)).toString('base64url')}`;
  }

  /** The payload of a token this service signed for this purpose, or null. */
  async verify(purpose: string, token: string): Promise<unknown> {
    const [body, signature, extra] = token.split('.');
    if (!body || !signature || extra !== undefined) return null;
    const expected = await this.mac(purpose, body);
    const given = Buffer.from(signature, 'base64url');
    // Only the canonical encoding counts: the decoder ignores stray characters.
    if (given.toString('base64url') !== signature) return null;
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      return JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
  }
}
