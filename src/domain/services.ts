import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { DB } from '../db/schema';
import type { ActivityRecorder } from './api-keys/activity';
import type { ApiKeyAuthenticator } from './api-keys/authenticator';
import type { Clock } from './shared/clock';
import type { Signer } from './shared/signer';
import type { ReviewCheck } from './library/review';
import type { ExportSlots } from './portability/export-slots';

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
   * Where an export is written before it is sent, so its snapshot does not wait for its reader
   * (the embedded database's, whose one connection the snapshot holds); without it, an export is
   * sent as it is read.
   */
  readonly exportSpool?: string;
  /** How long trashed Memories are kept before they are deleted for good. */
  readonly trashRetentionDays: number;
  /** The Library review's checks; the standard list unless a test replaces it. */
  readonly reviewChecks?: readonly ReviewCheck[];
}
