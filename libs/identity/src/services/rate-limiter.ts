import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '@membolt/platform';
import { IDENTITY_STORE, type IdentityStore } from '../ports/identity-store.js';

export interface RateLimit {
  readonly limit: number;
  readonly windowMs: number;
}

export interface Backoff {
  readonly windowMs: number;
  readonly free: number;
  readonly baseMs: number;
  readonly maxMs: number;
}

/** Keys of the counted events; e-mails are already lower-cased by the request classes. */
export const RateLimitKeys = {
  signInByAccount: (email: string) => `sign-in:account:${email.toLowerCase()}`,
  signInByAddress: (address: string) => `sign-in:address:${address}`,
  signInByPair: (email: string, address: string) => `sign-in:pair:${address}:${email.toLowerCase()}`,
  signInByDevice: (deviceId: string) => `sign-in:device:${deviceId}`,
  signUpByAddress: (address: string) => `sign-up:address:${address}`,
  passwordCheckByUser: (userId: string) => `password-check:user:${userId}`,
  resetMailByAccount: (email: string) => `password-reset:account:${email.toLowerCase()}`,
} as const;

/** Sliding-window counters in the identity store, so every replica enforces the same limits. */
@Injectable()
export class RateLimiter {
  constructor(
    @Inject(IDENTITY_STORE) private readonly store: IdentityStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async isLimited(key: string, rule: RateLimit): Promise<boolean> {
    const now = this.clock.now();
    return (await this.store.attempts.countSince(key, new Date(now.getTime() - rule.windowMs))) >= rule.limit;
  }

  /** Counts one event and answers whether it is within the limit; concurrent callers cannot overshoot it. */
  async take(key: string, rule: RateLimit): Promise<boolean> {
    const now = this.clock.now();
    const rank = await this.store.attempts.recordAndRank(
      key,
      now,
      new Date(now.getTime() + rule.windowMs),
      new Date(now.getTime() - rule.windowMs),
    );
    return rank <= rule.limit;
  }

  /**
   * When the next try may be made under exponential backoff: free until `backoff.free` failures are counted
   * in the window, then `baseMs` after the latest failure, doubling per further failure up to `maxMs`.
   * Null when a try may be made now.
   */
  async backoffUntil(key: string, backoff: Backoff): Promise<Date | null> {
    const now = this.clock.now();
    const { count, latest } = await this.store.attempts.summarySince(
      key,
      new Date(now.getTime() - backoff.windowMs),
    );
    if (count < backoff.free || !latest) return null;
    const waitMs = Math.min(backoff.baseMs * 2 ** (count - backoff.free), backoff.maxMs);
    const until = new Date(latest.getTime() + waitMs);
    return until.getTime() > now.getTime() ? until : null;
  }

  async hit(key: string, rule: RateLimit): Promise<void> {
    const now = this.clock.now();
    await this.store.attempts.record(key, now, new Date(now.getTime() + rule.windowMs));
  }

  clear(key: string): Promise<number> {
    return this.store.attempts.clear(key);
  }
}
