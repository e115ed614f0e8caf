/** The time, behind a port so rules that depend on it can be tested without waiting. */
export interface Clock {
  now(): Date;
}

export const CLOCK = Symbol('BILLING_CLOCK');

export const systemClock: Clock = { now: () => new Date() };
