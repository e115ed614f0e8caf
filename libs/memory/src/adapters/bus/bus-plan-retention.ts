import { Injectable } from '@nestjs/common';
import { BusClient } from '@membolt/bus';
import { BillingErrorCode, MemboltError, SubscriptionSubjects } from '@membolt/contracts';
import type { PlanRetention, RetentionAnswer } from '../../ports/plan-retention.js';

/** `billing.subscriptions.get.v1`: the plan's `retentionDays` (null: unlimited). */
@Injectable()
export class BusPlanRetention implements PlanRetention {
  constructor(private readonly bus: BusClient) {}

  async of(userId: string): Promise<RetentionAnswer> {
    try {
      const subscription = await this.bus.request(SubscriptionSubjects.get, {}, { userId });
      return { kind: 'days', days: subscription.retentionDays };
    } catch (error) {
      // An account billing does not know (deleted, or never set up): nothing to apply, nothing to guess.
      if (error instanceof MemboltError && error.code === BillingErrorCode.SubscriptionNotFound)
        return { kind: 'no-account' };
      throw error;
    }
  }
}
