import { Inject, Injectable } from '@nestjs/common';
import { BILLING_CHANGE_NOTIFIER, type BillingChangeNotifier } from '../ports/billing-events.js';
import { SubscriptionCheckCache } from './subscription-check.cache.js';

/** Every change of a user's subscription, balance or usage goes through here: local drop, then broadcast. */
@Injectable()
export class BillingChanges {
  constructor(
    private readonly cache: SubscriptionCheckCache,
    @Inject(BILLING_CHANGE_NOTIFIER) private readonly notifier: BillingChangeNotifier,
  ) {}

  async changed(userId: string): Promise<void> {
    this.cache.drop(userId);
    await this.notifier.changed(userId);
  }
}
