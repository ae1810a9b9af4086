/** The server's notion of "now", injectable so tests can move time (lockouts, session expiry). */
export interface Clock {
  now(): Date;
}

/** The real clock. */
export const systemClock: Clock = { now: () => new Date() };
