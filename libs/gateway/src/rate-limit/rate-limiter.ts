/** The outcome of counting one request against a key's budget. */
export interface RateLimitDecision {
  readonly allowed: boolean;
  readonly limit: number;
  /** Requests left in the current window (0 once refused). */
  readonly remaining: number;
  /** Until the current window ends, i.e. when a refused caller may retry. */
  readonly resetInMs: number;
}

export interface RateLimitPolicy {
  readonly limit: number;
  readonly windowMs: number;
}

/**
 * Counts requests per key in fixed windows: the first request of a key opens a window of `windowMs`; up to
 * `limit` requests pass within it. Counting is atomic: concurrent requests never overshoot the limit.
 */
export interface RateLimiter {
  consume(key: string): Promise<RateLimitDecision>;
  close(): Promise<void>;
}

export const RATE_LIMITER = Symbol('RATE_LIMITER');
