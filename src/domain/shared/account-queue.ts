import { AppError } from './errors';

/** How long a request refused as `account_busy` is told to wait. */
export const ACCOUNT_BUSY_RETRY_AFTER_SECONDS = 2;

export const accountBusy = (message = "This account's requests are queued behind others that are still running; retry shortly."): AppError =>
  new AppError(
    'account_busy',
    message,
    { retry_after_seconds: ACCOUNT_BUSY_RETRY_AFTER_SECONDS },
    { 'Retry-After': String(ACCOUNT_BUSY_RETRY_AFTER_SECONDS) },
  );

interface Waiter {
  readonly start: () => void;
  readonly timer: NodeJS.Timeout;
}

interface Lane {
  running: number;
  readonly waiting: Waiter[];
}

/**
 * At most `capacity` pieces of work of one account at once in this process; the rest wait here,
 * in order, holding nothing (no database connection), for at most `maxWaitMs`, after which they
 * are refused with `503 account_busy`. One account's requests then never take more than its
 * share of the connections, and a queue of its writes waits here rather than each on a
 * connection of the pool.
 */
export class AccountQueue {
  private readonly lanes = new Map<string, Lane>();

  constructor(
    private readonly capacity: number,
    private readonly maxWaitMs: number,
  ) {}

  async run<T>(accountId: string, work: () => Promise<T>): Promise<T> {
    await this.enter(accountId);
    try {
      return await work();
    } finally {
      this.leave(accountId);
    }
  }

  private enter(accountId: string): Promise<void> {
    let lane = this.lanes.get(accountId);
    if (!lane) {
      lane = { running: 0, waiting: [] };
      this.lanes.set(accountId, lane);
    }
    if (lane.running < this.capacity && lane.waiting.length === 0) {
      lane.running += 1;
      return Promise.resolve();
    }
    const queued = lane;
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        start: () => {
          clearTimeout(waiter.timer);
          resolve();
        },
        timer: setTimeout(() => {
          queued.waiting.splice(queued.waiting.indexOf(waiter), 1);
          this.forget(accountId, queued);
          reject(accountBusy());
        }, this.maxWaitMs),
      };
      queued.waiting.push(waiter);
    });
  }

  private leave(accountId: string): void {
    const lane = this.lanes.get(accountId);
    if (!lane) return;
    const next = lane.waiting.shift();
    // The place passes straight to the next in line.
    if (next) next.start();
    else lane.running -= 1;
    this.forget(accountId, lane);
  }

  private forget(accountId: string, lane: Lane): void {
    if (lane.running === 0 && lane.waiting.length === 0) this.lanes.delete(accountId);
  }
}
