import { Inject, Injectable } from '@nestjs/common';
import type { PlanId } from '@membolt/contracts';
import { CLOCK, type Clock } from '@membolt/platform';
import { randomUUID } from 'node:crypto';
import { alreadyOnPlan, noBillingAccount, noBillingPortal, planNotSelfServe } from '../billing.errors.js';
import { isSelfServePlan } from '../domain/plan-catalogue.js';
import type { Subscription } from '../domain/subscription.js';
import { BILLING_SUPPORT_EMAIL } from '../billing.options.js';
import { BILLING_STORE, type BillingStore } from '../ports/billing-store.js';
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
    @Inject(BILLING_STORE) private readonly store: BillingStore,
    @Inject(CLOCK) private readonly clock: Clock,
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

  /**
   * The user's own upgrade, downgrade, or cancel (to free). A plan without a monthly price is refused: only
   * the operator (setPlan) or a completed payment (webhook) moves a user onto a plan that is not free.
   */
  async changePlan(userId: string, planId: PlanId): Promise<PaymentAction> {
    const current = await this.subscriptions.get(userId);
    if (current.plan === planId && current.status === 'active') throw alreadyOnPlan();
    const plan = await this.subscriptions.findPlan(planId);
    if (!isSelfServePlan(plan)) throw planNotSelfServe(plan.name, this.supportEmail);
    const start = await this.provider.startPlanChange(userId, plan);
    if (start.kind === 'checkout')
      return {
        status: 'checkout',
        checkoutUrl: start.url,
        subscription: await this.subscriptions.describe(current),
      };
    return {
      status: 'applied',
      checkoutUrl: null,
      subscription: await this.subscriptions.describe(await this.applyWithoutPayment(userId, plan.id)),
    };
  }

  /** The operator (CLI) puts the user on any plan of the catalogue, with no payment. */
  async setPlan(userId: string, planId: PlanId): Promise<SubscriptionDetails> {
    await this.subscriptions.get(userId);
    const plan = await this.subscriptions.findPlan(planId);
    return this.subscriptions.describe(await this.applyWithoutPayment(userId, plan.id));
  }

  /**
   * The provider subscription that paid for the plan being left is stopped first, so the user is never
   * charged for a plan they no longer have.
   */
  private async applyWithoutPayment(userId: string, planId: PlanId): Promise<Subscription> {
    await this.endProviderSubscription(userId);
    return this.subscriptions.applyPlan(userId, planId, randomUUID());
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
        // A new provider subscription pays for the new plan: the one that paid for the old plan stops.
        if (event.subscriptionId) await this.endProviderSubscription(event.userId, event.subscriptionId);
        await this.subscriptions.applyPlan(event.userId, event.plan as PlanId, event.reference);
        if (event.customerId || event.subscriptionId)
          await this.store.paymentLinks.save(
            event.userId,
            {
              provider: this.provider.info.id,
              ...(event.customerId ? { customerId: event.customerId } : {}),
              ...(event.subscriptionId ? { subscriptionId: event.subscriptionId } : {}),
            },
            this.clock.now(),
          );
        return { received: true, applied: true };
      }
      case 'subscription_ended': {
        // Only the subscription that pays for the current plan matters: one this service stopped itself
        // (a plan change) was already replaced. Its end (cancelled in the portal, or unpaid) means Free.
        const current = await this.store.paymentLinks.clearSubscription(
          event.userId,
          event.subscriptionId,
          this.clock.now(),
        );
        if (!current) return { received: true, applied: false };
        await this.subscriptions.applyPlan(event.userId, 'free', event.reference);
        return { received: true, applied: true };
      }
    }
  }

  /** The payment provider's billing page for the user's cards and invoices (Stripe's customer portal). */
  async billingPortal(userId: string): Promise<string> {
    const link = await this.store.paymentLinks.find(userId);
    if (!link?.customerId || link.provider !== this.provider.info.id) throw noBillingAccount();
    const url = await this.provider.openPortal(link.customerId);
    if (!url) throw noBillingPortal();
    return url;
  }

  /**
   * Account deletion: the provider subscription stops (no charge after the account is gone), then the link
   * is forgotten. Idempotent.
   */
  async deleteForUser(userId: string): Promise<number> {
    await this.endProviderSubscription(userId);
    return this.store.paymentLinks.deleteByUser(userId);
  }

  /** Stops the user's provider subscription unless it is `keep`, and forgets it. */
  private async endProviderSubscription(userId: string, keep?: string): Promise<void> {
    const link = await this.store.paymentLinks.find(userId);
    const subscriptionId = link?.subscriptionId;
    if (!subscriptionId || subscriptionId === keep || link.provider !== this.provider.info.id) return;
    await this.provider.endSubscription(subscriptionId);
    await this.store.paymentLinks.clearSubscription(userId, subscriptionId, this.clock.now());
  }
}
