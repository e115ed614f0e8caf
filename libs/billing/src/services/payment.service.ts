import { Inject, Injectable } from '@nestjs/common';
import type { PlanId } from '@membolt/contracts';
import { randomUUID } from 'node:crypto';
import { alreadyOnPlan } from '../billing.errors.js';
import { BILLING_SUPPORT_EMAIL } from '../billing.options.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../ports/payment-provider.js';
import { LedgerService } from './ledger.service.js';
import { type SubscriptionDetails, SubscriptionService } from './subscription.service.js';

export interface PaymentAction {
  readonly status: 'applied' | 'checkout';
  readonly checkoutUrl: string | null;
  readonly subscription: SubscriptionDetails;
}

/** Add Funds and plan changes through the payment-provider port; what it collects lands in the ledger. */
@Injectable()
export class PaymentService {
  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(BILLING_SUPPORT_EMAIL) private readonly supportEmail: string,
    private readonly subscriptions: SubscriptionService,
    private readonly ledger: LedgerService,
  ) {}

  get info(): PaymentProvider['info'] & { readonly supportEmail: string } {
    return { ...this.provider.info, supportEmail: this.supportEmail };
  }

  /** $1 to $1,000 (the request's validation enforces the range). */
  async addFunds(userId: string, amountCents: number, idempotencyKey?: string): Promise<PaymentAction> {
    await this.subscriptions.get(userId);
    const start = await this.provider.startTopUp(userId, amountCents);
    if (start.kind === 'checkout')
      return {
        status: 'checkout',
        checkoutUrl: start.url,
        subscription: await this.subscriptions.details(userId),
      };
    const label = this.provider.info.simulation ? ' (simulated payment)' : '';
    await this.ledger.topUp(userId, amountCents, idempotencyKey ?? randomUUID(), `Add funds${label}`);
    return { status: 'applied', checkoutUrl: null, subscription: await this.subscriptions.details(userId) };
  }

  /** Upgrade, downgrade, or cancel (to free). */
  async changePlan(userId: string, planId: PlanId): Promise<PaymentAction> {
    const current = await this.subscriptions.get(userId);
    if (current.plan === planId && current.status === 'active') throw alreadyOnPlan();
    const plan = await this.subscriptions.findPlan(planId);
    const start = await this.provider.startPlanChange(userId, plan);
    if (start.kind === 'checkout')
      return {
        status: 'checkout',
        checkoutUrl: start.url,
        subscription: await this.subscriptions.describe(current),
      };
    const subscription = await this.subscriptions.applyPlan(userId, plan.id, randomUUID());
    return {
      status: 'applied',
      checkoutUrl: null,
      subscription: await this.subscriptions.describe(subscription),
    };
  }

  /** A provider notification: verified, then applied once (by the provider's reference). */
  async webhook(payload: string, signature: string): Promise<{ received: boolean; applied: boolean }> {
    const event = await this.provider.readWebhook(payload, signature);
    if (!event) return { received: true, applied: false };
    switch (event.kind) {
      case 'top_up': {
        const outcome = await this.ledger.topUp(
          event.userId,
          event.amountCents,
          event.reference,
          'Add funds (Stripe)',
        );
        return { received: true, applied: outcome.status === 'applied' };
      }
      case 'plan_change': {
        await this.subscriptions.applyPlan(event.userId, event.plan as PlanId, event.reference);
        return { received: true, applied: true };
      }
    }
  }
}
