import { Inject, Injectable } from '@nestjs/common';
import { SUBSCRIPTION_CHECK_CACHE_MS } from '@membolt/contracts';
import { CLOCK, type Clock } from '@membolt/platform';
import type { SubscriptionCheck } from '../domain/subscription-check.js';

/** Most users whose check one replica keeps; the oldest entry goes first beyond it. */
const MAX_ENTRIES = 50_000;

/**
 * The subscription check per user, for 5 minutes (spec section 5). An entry is dropped the moment the
 * user's subscription, balance or usage changes, in this replica directly and in every other one by the
 * `billing.subscription.changed.v1` broadcast, so no limit is overshot because of the cache.
 */
@Injectable()
export class SubscriptionCheckCache {
  private readonly entries = new Map<string, { check: SubscriptionCheck; expiresAtMs: number }>();

  constructor(@Inject(CLOCK) private readonly clock: Clock) {}

  get(userId: string): SubscriptionCheck | undefined {
    const entry = this.entries.get(userId);
    if (!entry) return undefined;
    if (entry.expiresAtMs <= this.clock.nowMs()) {
      this.entries.delete(userId);
      return undefined;
    }
    return entry.check;
  }

  set(userId: string, check: SubscriptionCheck): void {
    this.entries.delete(userId);
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(userId, { check, expiresAtMs: this.clock.nowMs() + SUBSCRIPTION_CHECK_CACHE_MS });
  }

  drop(userId: string): void {
    this.entries.delete(userId);
  }
}
