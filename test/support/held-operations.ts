import { OperationPipeline } from '../../src/pipeline/pipeline';

export interface HeldOperations {
  /** Operations begun and not yet ended. */
  readonly running: number;
  /** The most that were running at once. */
  readonly most: number;
  /** Lets the held operations (and every later one) run. */
  release(): void;
  /** Ends the watch: operations run as before. */
  restore(): void;
}

/**
 * Watches the operations the pipeline runs (of REST requests and MCP tool calls alike): each is
 * held when it begins, until `release`, and then runs as it would have. What is counted is what
 * the transports handed to the pipeline, whatever the database or the machine's speed.
 */
export function holdOperations(): HeldOperations {
  const execute = OperationPipeline.prototype.execute;
  let running = 0;
  let most = 0;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const spy = jest.spyOn(OperationPipeline.prototype, 'execute').mockImplementation(async function (this: OperationPipeline, call) {
    running += 1;
    most = Math.max(most, running);
    try {
      await released;
      return await execute.call(this, call);
    } finally {
      running -= 1;
    }
  });
  return {
    get running() {
      return running;
    },
    get most() {
      return most;
    },
    release,
    restore: () => spy.mockRestore(),
  };
}
