/** Milliseconds since the epoch, behind a port so caches and counters can be tested without waiting. */
export interface Clock {
  nowMs(): number;
}

export const GATEWAY_CLOCK = Symbol('GATEWAY_CLOCK');

export const systemClock: Clock = { nowMs: () => Date.now() };
