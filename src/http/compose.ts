import type { RequestHandler } from 'express';

/**
 * Runs middleware in order as one router layer, with Express 5's rules: an error passed to
 * `next`, thrown, or a rejected promise skips the rest and goes to the error handlers. One layer
 * instead of one per middleware saves the router's matching and bookkeeping on every request.
 */
export function compose(handlers: readonly RequestHandler[]): RequestHandler {
  return (req, res, done) => {
    let index = 0;
    const step = (err?: unknown): void => {
      if (err) {
        done(err);
        return;
      }
      const handler = handlers[index++];
      if (!handler) {
        done();
        return;
      }
      try {
        const result: unknown = handler(req, res, step);
        if (result instanceof Promise) result.catch((error: unknown) => step(error ?? new Error('Rejected promise')));
      } catch (error) {
        step(error);
      }
    };
    step();
  };
}
