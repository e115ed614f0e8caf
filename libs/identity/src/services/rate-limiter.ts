import { Inject, Injectable } from '@nestjs/common';
import { ATTEMPT_REPOSITORY, type AttemptRepository } from '../ports/attempt.repository.js';
import { CLOCK, type Clock } from '@membolt/platform';

export interface RateLimit {
  readonly limit: number;
  readonly windowMs: number;
}

/** Keys of the counted events; e-mails are already lower-cased by the request classes. */
export const RateLimitKeys = {
  signInByAccount: (email: string) => `sign-in:account:${email.toLowerCase()}`,
  signInByAddress: (address: string) => `sign-in:address:${address}`,
  resetMailByAccount: (email: string) => `password-reset:account:${email.toLowerCase()}`,
} as const;

/** Sliding-window counters in the identity store, so every replica enforces the same limits. */
@Injectable()
export class RateLimiter {
  constructor(
    @Inject(ATTEMPT_REPOSITORY) private readonly attempts: AttemptRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async isLimited(key: string, rule: RateLimit): Promise<boolean> {
    const now = this.clock.now();
    return (await this.attempts.countSince(key, new Date(now.getTime() - rule.windowMs))) >= rule.limit;
  }

  async hit(key: string, rule: RateLimit): Promise<void> {
    const now = this.clock.now();
    await this.attempts.record(key, now, new Date(now.getTime() + rule.windowMs));
  }

  clear(key: string): Promise<number> {
    return this.attempts.clear(key);
  }
}
