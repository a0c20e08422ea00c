import { accountBusy } from '../shared/account-queue';
import { AppError } from '../shared/errors';

/** How long a refused export is told to wait. */
const RETRY_AFTER_SECONDS = 5;

/**
 * The exports that may run at once in this process. Each holds, for as long as its client takes
 * to read the file, a database connection and its snapshot (on the embedded database, a temporary
 * file as large as the export), so without a bound a few clients that stop reading would hold
 * every connection of the pool (or as much disk as they like).
 */
export class ExportSlots {
  private running = 0;

  constructor(private readonly capacity: number) {}

  /** Takes a slot, or refuses with `503 too_many_exports`; returns what gives it back (once, however often it is called). */
  take(): () => void {
    if (this.running >= this.capacity) {
      throw new AppError(
        'too_many_exports',
        'Too many exports are running on this server right now; retry shortly.',
        { retry_after_seconds: RETRY_AFTER_SECONDS },
        { 'Retry-After': String(RETRY_AFTER_SECONDS) },
      );
    }
    this.running += 1;
    let held = true;
    return () => {
      if (held) this.running -= 1;
      held = false;
    };
  }

  private readonly readers = new Map<string, number>();

  /**
   * Marks the account as being read by an export a page at a time (the embedded database), until
   * the returned function is called (once, however often it is called): its changes are refused
   * meanwhile (see assertNotBeingExported), so the pages are one consistent state of it.
   */
  reading(accountId: string): () => void {
    this.readers.set(accountId, (this.readers.get(accountId) ?? 0) + 1);
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      const left = this.readers.get(accountId)! - 1;
      if (left === 0) this.readers.delete(accountId);
      else this.readers.set(accountId, left);
    };
  }

  /** Whether an export is reading the account a page at a time. */
  isReading(accountId: string): boolean {
    return this.readers.has(accountId);
  }
}

/** Refuses a change to an account that an export is reading a page at a time. */
export function assertNotBeingExported(exports: ExportSlots, accountId: string): void {
  if (exports.isReading(accountId)) {
    throw accountBusy('An export of this account is being read; its changes wait until it has been read: retry then.');
  }
}
