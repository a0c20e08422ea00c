/**
 * Long work that runs on the event loop (an import reading and checking its lines) lets the loop
 * serve other requests at least every `everyMs` milliseconds: `pace()` yields when that much time
 * has passed since it last did, and costs nothing otherwise.
 */
export class Pacer {
  private last = performance.now();

  constructor(private readonly everyMs: number) {}

  async pace(): Promise<void> {
    if (performance.now() - this.last < this.everyMs) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.last = performance.now();
  }
}
