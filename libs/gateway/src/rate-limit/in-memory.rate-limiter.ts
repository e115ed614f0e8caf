import { type Clock, systemClock } from '@membolt/platform';
import {
  decideAll,
  type RateLimitBucket,
  type RateLimitDecision,
  type RateLimitPolicy,
  type WindowCount,
  WindowCountingRateLimiter,
} from './rate-limiter.js';

interface Window {
  count: number;
  readonly startedAt: number;
  readonly endsAt: number;
}

/** Counters in this process: right for standalone or a single gateway; replicas need the Redis limiter. */
export class InMemoryRateLimiter extends WindowCountingRateLimiter {
  private readonly windows = new Map<string, Window>();
  private nextSweepAt: number;

  constructor(
    policy: RateLimitPolicy,
    private readonly clock: Clock = systemClock,
  ) {
    super(policy);
    this.nextSweepAt = clock.nowMs() + policy.windowMs;
  }

  consumeAllNow(buckets: readonly RateLimitBucket[]): RateLimitDecision {
    return decideAll(buckets, this.countAllNow(buckets));
  }

  protected async countAll(buckets: readonly RateLimitBucket[]): Promise<readonly WindowCount[]> {
    return this.countAllNow(buckets);
  }

  // Synchronous from first check to last count, so no other request is counted in between.
  private countAllNow(buckets: readonly RateLimitBucket[]): readonly WindowCount[] {
    const now = this.clock.nowMs();
    this.sweep(now);
    const windows = buckets.map(({ key, policy }) => {
      let window = this.windows.get(key);
      if (!window || window.endsAt <= now) {
        window = { count: 0, startedAt: now, endsAt: now + policy.windowMs };
        this.windows.set(key, window);
      }
      return window;
    });
    const fits = windows.every((window, i) => window.count < buckets[i]!.policy.limit);
    return windows.map((window) => {
      if (fits) window.count++;
      return { count: fits ? window.count : window.count + 1, ttlMs: window.endsAt - now };
    });
  }

  async release(buckets: readonly RateLimitBucket[], countedMsAgo: number): Promise<void> {
    const now = this.clock.nowMs();
    for (const { key } of buckets) {
      const window = this.windows.get(key);
      if (window && window.endsAt > now && window.startedAt <= now - countedMsAgo && window.count > 0)
        window.count--;
    }
  }

  async close(): Promise<void> {
    this.windows.clear();
  }

  /** Drops ended windows once per window length, so memory follows the keys active recently. */
  private sweep(now: number): void {
    if (now < this.nextSweepAt) return;
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
    this.nextSweepAt = now + this.policy.windowMs;
  }
}
