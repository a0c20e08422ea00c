import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { DB } from '../../db/schema';
import type { Clock } from '../shared/clock';
import { safeError } from '../shared/errors';
import { deleteActivityOlderThan, insertActivity } from './activity.repository';
import { advanceLastUsed } from './api-keys.repository';
import type { ActivityEntry } from './activity.repository';
export type { ActivityEntry };


const RETENTION_DAYS = 90;
const RETENTION_SWEEP_MS = 60 * 60 * 1000;
const BATCH_SIZE = 500;
const MAX_BUFFERED = 50_000;

/**
 * Buffers API-key activity in memory and writes it in batches, so recording an entry never
 * waits on the database. Also advances each key's last_used_at.
 */
export class ActivityRecorder {
  private buffer: ActivityEntry[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private lastSweep = 0;
  private dropped = 0;
  /** Closed with its app: what arrives later is dropped, and a failed write is not retried. */
  private closed = false;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly flushMs: number,
  ) {}

  record(entry: ActivityEntry): void {
    if (this.closed) {
      this.logger.warn({ request_id: entry.requestId }, 'activity entry dropped: the service is closing');
      return;
    }
    if (this.buffer.length >= MAX_BUFFERED) {
      this.buffer.shift();
      this.dropped += 1;
    }
    this.buffer.push(entry);
    if (this.buffer.length >= BATCH_SIZE) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.flushMs);
      this.timer.unref();
    }
  }

  /** Writes everything buffered so far; resolves once it is stored. */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const entries = this.buffer;
    this.buffer = [];
    this.flushing = this.flushing.then(() => this.write(entries));
    return this.flushing;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }

  private async write(entries: ActivityEntry[]): Promise<void> {
    try {
      for (let start = 0; start < entries.length; start += BATCH_SIZE) {
        await this.insert(entries.slice(start, start + BATCH_SIZE));
      }
      await this.sweep();
      if (this.dropped > 0) {
        this.logger.warn({ dropped: this.dropped }, 'activity entries dropped while the database was unavailable');
        this.dropped = 0;
      }
    } catch (err) {
      // Keep the entries for the next attempt, within the buffer limit.
      this.buffer = entries.concat(this.buffer).slice(-MAX_BUFFERED);
      this.logger.warn({ error: safeError(err), pending: this.buffer.length }, 'activity flush failed; will retry');
      if (this.closed) {
        this.logger.warn({ dropped: this.buffer.length }, 'activity entries dropped: the service closed before they were stored');
        this.buffer = [];
      } else if (!this.timer) {
        this.timer = setTimeout(() => void this.flush(), this.flushMs * 5);
        this.timer.unref();
      }
    }
  }

  private async insert(entries: ActivityEntry[]): Promise<void> {
    if (entries.length === 0) return;
    const lastUse = new Map<string, { accountId: string; at: Date }>();
    for (const entry of entries) {
      const seen = lastUse.get(entry.keyId);
      if (!seen || seen.at < entry.at) lastUse.set(entry.keyId, { accountId: entry.accountId, at: entry.at });
    }
    await this.db.transaction().execute(async (trx) => {
      await insertActivity(trx, entries);
      for (const [keyId, { accountId, at }] of lastUse) await advanceLastUsed(trx, accountId, keyId, at);
    });
  }

  private async sweep(): Promise<void> {
    const now = this.clock.now().getTime();
    if (now - this.lastSweep < RETENTION_SWEEP_MS) return;
    this.lastSweep = now;
    await deleteActivityOlderThan(this.db, new Date(now), RETENTION_DAYS);
  }
}
