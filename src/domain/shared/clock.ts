/** The source of "now", passed in so tests can move time. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = {
  // Millisecond precision everywhere: what the API shows is what keyset pagination compares.
  now: () => new Date(),
};
