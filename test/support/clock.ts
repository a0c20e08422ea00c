import type { Clock } from '../../src/domain/shared/clock';

/** Strictly increasing milliseconds, so "more recently updated" never ties by accident. */
export function monotonicClock(): Clock {
  let last = 0;
  return {
    now: () => {
      last = Math.max(Date.now(), last + 1);
      return new Date(last);
    },
  };
}
