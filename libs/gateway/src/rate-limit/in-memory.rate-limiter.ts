import { type Clock, systemClock } from '@membolt/platform';
import {
  combineDecisions,
  decide,
  type RateLimitBucket,
  type RateLimitDecision,
  type RateLimiter,
  type RateLimitPolicy,
} from './rate-limiter.js';

interface Window {
  count: number;
  readonly endsAt: number;
}

/** Counters in this process: right for standalone or a single gateway; replicas need the Redis limiter. */
export class InMemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, Window>();
  private nextSweepAt: number;

  constructor(
    private readonly policy: RateLimitPolicy,
    private readonly clock: Clock = systemClock,
  ) {
    this.nextSweepAt = clock.nowMs() + policy.windowMs;
  }

  async consume(key: string): Promise<RateLimitDecision> {
    return this.consumeAll([{ key, policy: this.policy }]);
  }

  // Synchronous from first count to last, so no other request is counted in between.
  async consumeAll(buckets: readonly RateLimitBucket[]): Promise<RateLimitDecision> {
    const now = this.clock.nowMs();
    this.sweep(now);
    return combineDecisions(
      buckets.map(({ key, policy }) => {
        let window = this.windows.get(key);
        if (!window || window.endsAt <= now) {
          window = { count: 0, endsAt: now + policy.windowMs };
          this.windows.set(key, window);
        }
        window.count++;
        return decide(window.count, window.endsAt - now, policy);
      }),
    );
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
