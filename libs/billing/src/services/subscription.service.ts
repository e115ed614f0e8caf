import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '@membolt/platform';
import { subscriptionNotFound } from '../billing.errors.js';
import { DEFAULT_PLAN_CATALOGUE, type PlanCatalogue } from '../domain/plan-catalogue.js';
import type { Subscription } from '../domain/subscription.js';
import { BILLING_STORE, type BillingStore } from '../ports/billing-store.js';
import { PlanCatalogueService } from './plan-catalogue.service.js';

const PAY_PER_USE_PLAN_ID = 'pay-per-use';
/** DECISIONS.md: "the default pay-per-use rate is 1 cent per charged call". */
const DEFAULT_PAY_PER_USE_RATE_CENTS = 1;

/** Users' subscriptions: created free at sign-up, read by the screens and (later) by the usage checks. */
@Injectable()
export class SubscriptionService {
  constructor(
    @Inject(BILLING_STORE) private readonly store: BillingStore,
    private readonly plans: PlanCatalogueService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * Gives the user the free subscription unless they already have one (any plan): idempotent. The rate a later
   * switch to pay-per-use would charge is taken from the catalogue now.
   */
  async init(userId: string): Promise<Subscription> {
    const existing = await this.store.subscriptions.findByUser(userId);
    if (existing) return existing;
    const now = this.clock.now();
    return this.store.subscriptions.createIfAbsent({
      userId,
      status: 'active',
      plan: 'free',
      balanceCents: 0,
      rateCents: await this.payPerUseRateCents(),
      conversationsUsed: 0,
      createdAt: now,
      updatedAt: now,
    });
  }

  async get(userId: string): Promise<Subscription> {
    const subscription = await this.store.subscriptions.findByUser(userId);
    if (!subscription) throw subscriptionNotFound();
    return subscription;
  }

  /** Account deletion. Idempotent. */
  async deleteForUser(userId: string): Promise<number> {
    return this.store.subscriptions.deleteByUser(userId);
  }

  private async payPerUseRateCents(): Promise<number> {
    const rateIn = (catalogue: PlanCatalogue) =>
      catalogue.plans.find((plan) => plan.id === PAY_PER_USE_PLAN_ID)?.ratePerCallCents;
    // An operator may have removed the plan from the stored catalogue: the shipped rate is the fallback.
    return (
      rateIn(await this.plans.list('pay-per-use')) ??
      rateIn(DEFAULT_PLAN_CATALOGUE) ??
      DEFAULT_PAY_PER_USE_RATE_CENTS
    );
  }
}
