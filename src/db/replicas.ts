import { sql, type Kysely } from 'kysely';
import { openPostgres, type Database, type SessionLimits } from './connect';
import type { DB } from './schema';

/**
 * A position in the primary's write-ahead log (an LSN such as `0/3000148`), as a number that
 * compares: the high and low 32 bits of the 64-bit position.
 */
export function parseLsn(text: string): bigint | null {
  const match = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(text.trim());
  if (!match) return null;
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
}

export function formatLsn(lsn: bigint): string {
  return `${(lsn >> 32n).toString(16).toUpperCase()}/${(lsn & 0xffffffffn).toString(16).toUpperCase()}`;
}

/** The primary's current WAL position: at or after the end of every transaction committed before. */
export async function currentWalPosition(db: Kysely<DB>): Promise<bigint> {
  const { rows } = await sql<{ lsn: string }>`select pg_current_wal_lsn()::text as lsn`.execute(db);
  return parseLsn(rows[0]!.lsn)!;
}

interface Replica {
  readonly database: Database;
  /** The last position it had replayed when asked, or null while it does not answer. */
  replayed: bigint | null;
  reads: number;
}

/** How often each replica is asked how far it has replayed. */
export const REPLAY_POLL_MS = 100;
/** The most accounts whose last write this instance remembers. */
const REMEMBERED_WRITES = 100_000;
/** A write whose position could not be read (the primary stopped answering after it committed). */
const UNKNOWN_POSITION = (1n << 64n) - 1n;
/** How long an account with a write at an unknown position reads from the primary. */
const UNKNOWN_POSITION_MS = 30_000;

/**
 * Reads from replicas, with read-your-writes (`DATABASE_REPLICA_URLS`). After a write, the
 * pipeline notes the primary's WAL position for the account (and answers it in the
 * `MTL-Read-After` header); a later read of that account goes to a replica only once the replica
 * has replayed past it, or past the position the request carries in its own `MTL-Read-After`
 * (another instance's write), and to the primary otherwise. Each replica is asked for its replay
 * position every REPLAY_POLL_MS; one that does not answer takes no reads until it does.
 */
export class ReadReplicas {
  private readonly replicas: Replica[];
  private readonly lastWrites = new Map<string, { position: bigint; at: number }>();
  private next = 0;
  private primaryReads = 0;
  private readonly timer: NodeJS.Timeout;
  /** A poll still waiting for a replica that does not answer: the next tick waits for it, not beside it. */
  private polling: Promise<void> | null = null;

  constructor(urls: readonly string[], poolSize: number, preparedStatements: number, limits?: SessionLimits) {
    this.replicas = urls.map((url) => ({ database: openPostgres(url, poolSize, preparedStatements, limits), replayed: null, reads: 0 }));
    const tick = () => {
      this.polling ??= this.poll().finally(() => {
        this.polling = null;
      });
    };
    this.timer = setInterval(tick, REPLAY_POLL_MS);
    this.timer.unref();
    tick();
  }

  /** Notes an account's write at this position (null: it committed, at a position unknown). */
  wrote(accountId: string, position: bigint | null): void {
    const at = position ?? UNKNOWN_POSITION;
    const known = this.lastWrites.get(accountId);
    if (known !== undefined && known.position >= at) return;
    if (this.lastWrites.size >= REMEMBERED_WRITES) this.forgetReplayed();
    this.lastWrites.delete(accountId);
    this.lastWrites.set(accountId, { position: at, at: Date.now() });
  }

  /**
   * Where a read runs, null for the primary. The primary and the replicas that have replayed the
   * account's last write and the position the request names take reads in turn, so that every
   * server's share of the reads is the same; the primary alone when no replica has.
   */
  reader(accountId: string | null, readAfter: bigint | null): Kysely<DB> | null {
    const own = accountId === null ? undefined : this.lastWrites.get(accountId)?.position;
    const needed = own === undefined ? readAfter : readAfter === null || own > readAfter ? own : readAfter;
    // Turn 0 is the primary's (always able to take the read); turn i, the i-th replica's.
    const turns = this.replicas.length + 1;
    for (let tried = 0; tried < turns; tried += 1) {
      const turn = (this.next + tried) % turns;
      const replica = this.replicas[turn - 1];
      if (replica && (replica.replayed === null || (needed !== null && replica.replayed < needed))) continue;
      this.next = (turn + 1) % turns;
      if (!replica) break;
      replica.reads += 1;
      return replica.database.db;
    }
    this.primaryReads += 1;
    return null;
  }

  /** How far each replica has replayed, and how many reads went where (for /readyz). */
  describe(): { replicas: Array<{ replayed: string | null; reads: number }>; primary_reads: number } {
    return {
      replicas: this.replicas.map((replica) => ({ replayed: replica.replayed === null ? null : formatLsn(replica.replayed), reads: replica.reads })),
      primary_reads: this.primaryReads,
    };
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await Promise.all(this.replicas.map((replica) => replica.database.close()));
  }

  private async poll(): Promise<void> {
    await Promise.all(
      this.replicas.map(async (replica) => {
        try {
          const { rows } = await sql<{ lsn: string | null }>`select pg_last_wal_replay_lsn()::text as lsn`.execute(replica.database.db);
          // A server that is not a standby (promoted, say) has no replay position: it takes no reads.
          replica.replayed = rows[0]?.lsn ? parseLsn(rows[0].lsn) : null;
        } catch {
          replica.replayed = null;
        }
      }),
    );
    this.forgetReplayed();
  }

  /** Forgets the writes every replica has replayed (and, when too many are kept, the oldest). */
  private forgetReplayed(): void {
    // A replica that does not answer may come back behind: nothing is forgotten meanwhile.
    const slowest = this.replicas.some((replica) => replica.replayed === null)
      ? null
      : this.replicas.reduce<bigint | null>((low, replica) => (low === null || replica.replayed! < low ? replica.replayed : low), null);
    const now = Date.now();
    for (const [accountId, { position, at }] of this.lastWrites) {
      const unknownLongAgo = position === UNKNOWN_POSITION && now - at > UNKNOWN_POSITION_MS;
      if ((slowest !== null && position <= slowest) || unknownLongAgo || this.lastWrites.size > REMEMBERED_WRITES) this.lastWrites.delete(accountId);
    }
  }
}
