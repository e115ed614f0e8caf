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

/** One budget a request is counted against: e.g. its API key's, or its user's across all their keys. */
export interface RateLimitBucket {
  readonly key: string;
  readonly policy: RateLimitPolicy;
}

/**
 * Counts requests per key in fixed windows: the first request of a key opens a window of `windowMs`; up to
 * `limit` requests pass within it. Counting is atomic: concurrent requests never overshoot the limit.
 */
export interface RateLimiter {
  /** One budget, with the limiter's own policy. */
  consume(key: string): Promise<RateLimitDecision>;
  /**
   * Allows the request only when every bucket has room for it, and then counts it in every bucket, as one
   * atomic step; a refused request is counted in none (it must not use up the budgets that had room). The
   * answer describes the tightest bucket: the refusing one with the longest wait, else the one with the
   * fewest requests left.
   */
  consumeAll(buckets: readonly RateLimitBucket[]): Promise<RateLimitDecision>;
  /**
   * `consumeAll` answered at once, by a limiter whose counts are in this process (none when they are
   * elsewhere): a request spends no promise on its count.
   */
  consumeAllNow?(buckets: readonly RateLimitBucket[]): RateLimitDecision;
  /**
   * Gives back one request counted `countedMsAgo` ms ago in each bucket: a request refused after it was let
   * through. A bucket whose window opened after the count (the counted one has ended) is left alone.
   */
  release(buckets: readonly RateLimitBucket[], countedMsAgo: number): Promise<void>;
  close(): Promise<void>;
}

export const RATE_LIMITER = Symbol('RATE_LIMITER');

/** The decision of several buckets' counts (see `RateLimiter.consumeAll`). */
export function combineDecisions(decisions: readonly RateLimitDecision[]): RateLimitDecision {
  const refused = decisions.filter((decision) => !decision.allowed);
  if (refused.length > 0) return refused.reduce((a, b) => (b.resetInMs > a.resetInMs ? b : a));
  return decisions.reduce((a, b) => (b.remaining < a.remaining ? b : a));
}

/** How a count in a bucket turns into a decision. */
export function decide(count: number, ttlMs: number, policy: RateLimitPolicy): RateLimitDecision {
  return {
    allowed: count <= policy.limit,
    limit: policy.limit,
    remaining: Math.max(0, policy.limit - count),
    resetInMs: Math.max(0, ttlMs),
  };
}

/**
 * A bucket's count in its current window, the request being decided included (also when it was refused and
 * so not stored), and the time left in that window.
 */
export interface WindowCount {
  readonly count: number;
  readonly ttlMs: number;
}

/** The decision of the buckets' counts (in the buckets' order). */
export function decideAll(
  buckets: readonly RateLimitBucket[],
  counts: readonly WindowCount[],
): RateLimitDecision {
  return combineDecisions(buckets.map(({ policy }, i) => decide(counts[i]!.count, counts[i]!.ttlMs, policy)));
}

/** Fixed-window limiters: the storage counts, this turns the counts into one decision. */
export abstract class WindowCountingRateLimiter implements RateLimiter {
  constructor(protected readonly policy: RateLimitPolicy) {}

  consume(key: string): Promise<RateLimitDecision> {
    return this.consumeAll([{ key, policy: this.policy }]);
  }

  async consumeAll(buckets: readonly RateLimitBucket[]): Promise<RateLimitDecision> {
    return decideAll(buckets, await this.countAll(buckets));
  }

  /**
   * As one atomic step: when every bucket has room, counts the request in each; else counts it nowhere.
   * One count per bucket, in order.
   */
  protected abstract countAll(buckets: readonly RateLimitBucket[]): Promise<readonly WindowCount[]>;

  abstract release(buckets: readonly RateLimitBucket[], countedMsAgo: number): Promise<void>;

  abstract close(): Promise<void>;
}
