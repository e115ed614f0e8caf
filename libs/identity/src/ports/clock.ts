/** Where the current time comes from, so tests can move it without sleeping. */
export interface Clock {
  now(): Date;
}

export const CLOCK = Symbol('CLOCK');
