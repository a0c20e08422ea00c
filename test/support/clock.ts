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

export const DAY_MS = 24 * 60 * 60 * 1000;

/** A clock the test moves: `advance` jumps ahead, `reset` goes back to real time. */
export interface MovableClock extends Clock {
  advance(ms: number): void;
  reset(): void;
}

/**
 * Strictly increasing like `monotonicClock` (so distinct instants lie between two events) and
 * movable; after `reset` it follows real time again, even if that is earlier than its last answer.
 */
export function movableClock(): MovableClock {
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
    reset: () => {
      offset = 0;
      last = 0;
    },
  };
}
