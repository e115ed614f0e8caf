import { type Clock, systemClock } from '@membolt/platform';
import {
  type RateLimitBucket,
  type RateLimitPolicy,
  type WindowCount,
  WindowCountingRateLimiter,
} from './rate-limiter.js';

interface Window {
  count: number;
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

  // Synchronous from first count to last, so no other request is counted in between.
  protected async countAll(buckets: readonly RateLimitBucket[]): Promise<readonly WindowCount[]> {
    const now = this.clock.nowMs();
    this.sweep(now);
    return buckets.map(({ key, policy }) => {
      let window = this.windows.get(key);
      if (!window || window.endsAt <= now) {
        window = { count: 0, endsAt: now + policy.windowMs };
        this.windows.set(key, window);
      }
      window.count++;
      return { count: window.count, ttlMs: window.endsAt - now };
    });
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
