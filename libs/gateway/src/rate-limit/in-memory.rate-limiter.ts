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

  /**
   * `decideAll` of the counts, in one pass and without the intermediate arrays and decisions: this runs for
   * every keyed request.
   */
  consumeAllNow(buckets: readonly RateLimitBucket[]): RateLimitDecision {
    const now = this.clock.nowMs();
    this.sweep(now);
    // Synchronous from first check to last count, so no other request is counted in between.
    const windows = this.windowsOf(buckets, now);
    let fits = true;
    for (let i = 0; i < buckets.length; i++) if (windows[i]!.count >= buckets[i]!.policy.limit) fits = false;
    // The tightest bucket, as combineDecisions picks it: the refusing one with the longest wait, else the
    // one with the fewest requests left (the first of equals).
    let chosen = -1;
    let chosenAllowed = true;
    let chosenRemaining = 0;
    let chosenResetInMs = 0;
    for (let i = 0; i < buckets.length; i++) {
      const window = windows[i]!;
      const { limit } = buckets[i]!.policy;
      if (fits) window.count++;
      const count = fits ? window.count : window.count + 1;
      const allowed = count <= limit;
      const remaining = Math.max(0, limit - count);
      const resetInMs = Math.max(0, window.endsAt - now);
      const tighter =
        chosen === -1 ||
        (allowed
          ? chosenAllowed && remaining < chosenRemaining
          : chosenAllowed || resetInMs > chosenResetInMs);
      if (tighter) {
        chosen = i;
        chosenAllowed = allowed;
        chosenRemaining = remaining;
        chosenResetInMs = resetInMs;
      }
    }
    if (chosen === -1) return decideAll(buckets, []);
    return {
      allowed: chosenAllowed,
      limit: buckets[chosen]!.policy.limit,
      remaining: chosenRemaining,
      resetInMs: chosenResetInMs,
    };
  }

  /** consumeAllNow's answer (the contract's tests reach it through here). */
  override async consumeAll(buckets: readonly RateLimitBucket[]): Promise<RateLimitDecision> {
    return this.consumeAllNow(buckets);
  }

  protected async countAll(buckets: readonly RateLimitBucket[]): Promise<readonly WindowCount[]> {
    return this.countAllNow(buckets);
  }

  private countAllNow(buckets: readonly RateLimitBucket[]): readonly WindowCount[] {
    const now = this.clock.nowMs();
    this.sweep(now);
    const windows = this.windowsOf(buckets, now);
    const fits = windows.every((window, i) => window.count < buckets[i]!.policy.limit);
    return windows.map((window) => {
      if (fits) window.count++;
      return { count: fits ? window.count : window.count + 1, ttlMs: window.endsAt - now };
    });
  }

  /** Each bucket's current window, opened (at `now`) where none is or the last has ended. */
  private windowsOf(buckets: readonly RateLimitBucket[], now: number): Window[] {
    const windows: Window[] = [];
    for (const { key, policy } of buckets) {
      let window = this.windows.get(key);
      if (!window || window.endsAt <= now) {
        window = { count: 0, startedAt: now, endsAt: now + policy.windowMs };
        this.windows.set(key, window);
      }
      windows.push(window);
    }
    return windows;
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
