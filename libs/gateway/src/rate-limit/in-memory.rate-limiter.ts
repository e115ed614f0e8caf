import { type Clock, systemClock } from '@membolt/platform';
import type { RateLimitDecision, RateLimiter, RateLimitPolicy } from './rate-limiter.js';

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
    const now = this.clock.nowMs();
    this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { count: 0, endsAt: now + this.policy.windowMs };
      this.windows.set(key, window);
    }
    window.count++;
    const allowed = window.count <= this.policy.limit;
    return {
      allowed,
      limit: this.policy.limit,
      remaining: Math.max(0, this.policy.limit - window.count),
      resetInMs: window.endsAt - now,
    };
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
