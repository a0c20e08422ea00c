import { accountBusy } from '../shared/account-queue';
import { AppError } from '../shared/errors';

/** How long a refused second import is told to wait. */
export const IMPORT_RETRY_AFTER_SECONDS = 5;

export const importInProgress = () =>
  new AppError('import_in_progress', 'Another import into this account is running; try again when it has finished.', undefined, {
    'Retry-After': String(IMPORT_RETRY_AFTER_SECONDS),
  });

/**
 * The accounts that an import of this process is running in, from its first byte: a second import
 * is refused before it has received its body, as the transaction's lock would refuse it. While an
 * import is written, what it holds of the account: its other changes (`writes`), which would only
 * wait for the import's transaction, are refused at once (see writeInAccount); or every request
 * (`everything`), while an import that commits as it goes is written, so that none sees it half
 * written (see assertNotBeingImported).
 */
export class RunningImports {
  private readonly accounts = new Set<string>();
  private readonly held = new Map<string, 'writes' | 'everything'>();

  /** What an import of this process holds of the account now, if anything. */
  holding(accountId: string): 'writes' | 'everything' | undefined {
    return this.held.get(accountId);
  }

  async run<T>(accountId: string, work: () => Promise<T>): Promise<T> {
    if (this.accounts.has(accountId)) throw importInProgress();
    this.accounts.add(accountId);
    try {
      return await work();
    } finally {
      this.accounts.delete(accountId);
    }
  }

  async writing<T>(accountId: string, holds: 'writes' | 'everything', work: () => Promise<T>): Promise<T> {
    this.held.set(accountId, holds);
    try {
      return await work();
    } finally {
      this.held.delete(accountId);
    }
  }
}

/** Refuses a request of an account that an import is writing in transactions that commit as they go. */
export function assertNotBeingImported(imports: RunningImports, accountId: string): void {
  if (imports.holding(accountId) === 'everything') {
    throw accountBusy('An import into this account is being written; its requests wait until it has finished: retry then.');
  }
}
