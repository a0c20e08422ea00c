import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { DB } from '../db/schema';
import type { ActivityRecorder } from './api-keys/activity';
import type { ApiKeyAuthenticator } from './api-keys/authenticator';
import type { AccountQueue } from './shared/account-queue';
import type { Clock } from './shared/clock';
import type { Embedder } from './embeddings/embedder';
import type { VectorIndex } from './embeddings/vector-index';
import type { Signer } from './shared/signer';
import type { ReviewCheck } from './library/review';
import type { ExportSlots } from './portability/export-slots';
import type { RunningImports } from './portability/running-imports';

/** The services every use case is given: the database, the clock and the shared in-process ones. */
export interface Services {
  readonly db: Kysely<DB>;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly activity: ActivityRecorder;
  readonly apiKeys: ApiKeyAuthenticator;
  readonly signer: Signer;
  /** The exports that may run at once in this process. */
  readonly exports: ExportSlots;
  /**
   * Where an export is written before it is sent, so its snapshot (and the connection that holds
   * it) does not wait for its reader, and an import's body is received before it is checked and
   * written, so no transaction waits for its sender.
   */
  readonly spoolDirectory: string;
  /**
   * Whether the database serves one statement at a time (the embedded database): long work then
   * gives the connection back between short transactions, so that every account is served.
   */
  readonly singleConnection: boolean;
  /** The accounts an import of this process is running in. */
  readonly imports: RunningImports;
  /** One account's writes in this process, one at a time: the others wait here, not on a database connection. */
  readonly accountWrites: AccountQueue;
  /** How long trashed Memories are kept before they are deleted for good. */
  readonly trashRetentionDays: number;
  /** The Library review's checks; the standard list unless a test replaces it. */
  readonly reviewChecks?: readonly ReviewCheck[];
  /** Search by meaning: the embedder of queries and Memories, null when EMBEDDINGS=off. */
  readonly embedder: Embedder | null;
  /** How the database finds Memories close in meaning: pgvector where it has it. */
  readonly vectors: VectorIndex;
  /**
   * For a request with an Idempotency-Key: marks its claim in the transaction that writes the
   * account's knowledge (writeInAccount), so that a retry knows whether the write committed.
   */
  readonly markWrite?: (trx: Transaction<DB>) => Promise<void>;
}
