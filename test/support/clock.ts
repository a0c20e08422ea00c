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

/** Strictly increasing like `monotonicClock`, and movable: `advance` jumps ahead, so distinct instants lie between two events. */
export function movableClock(): Clock & { advance(ms: number): void } {
  let last = 0;
  let offset = 0;
  return {
    now: () => {
      last = Math.max(Date.now() + offset, last + 1);
      return new Date(last);
    },
    advance: (ms) => {
      offset += ms;
    },
  };
}
