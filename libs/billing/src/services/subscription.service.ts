import { Inject, Injectable, Logger } from '@nestjs/common';
import { monthStart, nextMonthStart, type PlanId } from '@membolt/contracts';
import { CLOCK, type Clock } from '@membolt/platform';
import { planNotFound, subscriptionNotFound } from '../billing.errors.js';
import { DEFAULT_PLAN_CATALOGUE, type Plan, type PlanCatalogue } from '../domain/plan-catalogue.js';
import {
  checkSubscription,
  conversationsUsedAt,
  failedCheck,
  type SubscriptionCheck,
} from '../domain/subscription-check.js';
import type { Subscription, SubscriptionStatus } from '../domain/subscription.js';
import { BILLING_STORE, type BillingStore } from '../ports/billing-store.js';
import { BillingChanges } from './billing-changes.js';
import { PlanCatalogueService } from './plan-catalogue.service.js';
import { SubscriptionCheckCache } from './subscription-check.cache.js';

const PAY_PER_USE_PLAN_ID = 'pay-per-use';

/** A subscription as the screens show it: with its plan's limits and the current month's usage. */
export interface SubscriptionDetails {
  readonly subscription: Subscription;
  readonly conversationsUsed: number;
  readonly conversationsLimit: number | null;
  readonly retentionDays: number | null;
  readonly renewsAt: Date;
}
/** docs/requirements/product-decisions.md: "the default pay-per-use rate is 1 cent per charged call". */
const DEFAULT_PAY_PER_USE_RATE_CENTS = 1;

/** Users' subscriptions: created free at sign-up, checked before every metered call, changed by payments. */
@Injectable()
export class SubscriptionService {
  private readonly logger = new Logger('SubscriptionService');

  constructor(
    @Inject(BILLING_STORE) private readonly store: BillingStore,
    private readonly plans: PlanCatalogueService,
    private readonly cache: SubscriptionCheckCache,
    private readonly changes: BillingChanges,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * Gives the user the free subscription unless they already have one (any plan): idempotent. The rate a later
   * switch to pay-per-use would charge is taken from the catalogue now.
   */
  async init(userId: string): Promise<SubscriptionDetails> {
    const existing = await this.store.subscriptions.findByUser(userId);
    if (existing) return this.describe(existing);
    const now = this.clock.now();
    const created = await this.store.subscriptions.createIfAbsent({
      userId,
      status: 'active',
      plan: 'free',
      rateCents: await this.payPerUseRateCents(),
      conversationsUsed: 0,
      usageResetAt: monthStart(now),
      createdAt: now,
      updatedAt: now,
    });
    await this.changes.changed(userId);
    return this.describe(created);
  }

  async get(userId: string): Promise<Subscription> {
    const subscription = await this.store.subscriptions.findByUser(userId);
    if (!subscription) throw subscriptionNotFound();
    return subscription;
  }

  async details(userId: string): Promise<SubscriptionDetails> {
    return this.describe(await this.get(userId));
  }

  async describe(subscription: Subscription): Promise<SubscriptionDetails> {
    const plan = await this.planOf(subscription);
    const now = this.clock.now();
    return {
      subscription,
      conversationsUsed: conversationsUsedAt(subscription, now),
      conversationsLimit: plan?.conversationsPerMonth ?? null,
      retentionDays: plan?.retentionDays ?? null,
      renewsAt: nextMonthStart(now),
    };
  }

  /** The plan a subscription is on (undefined when an operator removed it from the catalogue). */
  async planOf(subscription: Pick<Subscription, 'plan'>): Promise<Plan | undefined> {
    return (await this.plans.list()).plans.find((plan) => plan.id === subscription.plan);
  }

  /**
   * The subscription check: cached per user for 5 minutes, dropped on every change. Any failure while
   * checking answers `validation_error` (and is not cached).
   */
  async check(userId: string): Promise<SubscriptionCheck> {
    const cached = this.cache.get(userId);
    if (cached) return cached;
    try {
      const subscription = await this.store.subscriptions.findByUser(userId);
      const plan = subscription ? await this.planOf(subscription) : undefined;
      const check = checkSubscription(subscription, plan, this.clock.now());
      this.cache.set(userId, check);
      return check;
    } catch (error) {
      this.logger.error(
        `Subscription check of ${userId} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      return failedCheck;
    }
  }

  /**
   * Moves the user to `planId` (active), recording the change in the ledger under `reference`; a repeat
   * with the same reference changes nothing. Pay-per-use takes the catalogue's current rate.
   */
  async applyPlan(userId: string, planId: PlanId, reference: string): Promise<Subscription> {
    const plan = await this.findPlan(planId);
    const current = await this.get(userId);
    const now = this.clock.now();
    const updated = await this.store.subscriptions.update(
      userId,
      {
        plan: plan.id,
        status: 'active',
        ...(plan.id === PAY_PER_USE_PLAN_ID
          ? { rateCents: plan.ratePerCallCents ?? DEFAULT_PAY_PER_USE_RATE_CENTS }
          : {}),
      },
      now,
    );
    if (!updated) throw subscriptionNotFound();
    await this.store.ledger.apply({
      userId,
      kind: 'plan_change',
      amountCents: 0,
      description: `Plan changed from ${current.plan} to ${plan.id}`,
      idempotencyKey: `plan:${reference}`,
      createdAt: now,
    });
    await this.changes.changed(userId);
    return this.get(userId);
  }

  /** Operator: activate or deactivate a subscription (an inactive one fails every check). */
  async setStatus(userId: string, status: SubscriptionStatus): Promise<SubscriptionDetails> {
    const updated = await this.store.subscriptions.update(userId, { status }, this.clock.now());
    if (!updated) throw subscriptionNotFound();
    await this.changes.changed(userId);
    return this.describe(updated);
  }

  async findPlan(planId: string): Promise<Plan> {
    const plan = (await this.plans.list()).plans.find((candidate) => candidate.id === planId);
    if (!plan) throw planNotFound(planId);
    return plan;
  }

  /** Account deletion: the subscription, the ledger, the usage log and the key caps. Idempotent. */
  async deleteForUser(
    userId: string,
  ): Promise<{ subscriptions: number; ledgerEntries: number; usageEntries: number; spendCaps: number }> {
    const subscriptions = await this.store.subscriptions.deleteByUser(userId);
    const ledgerEntries = await this.store.ledger.deleteByUser(userId);
    const { usage, caps } = await this.store.usage.deleteByUser(userId);
    await this.changes.changed(userId);
    return { subscriptions, ledgerEntries, usageEntries: usage, spendCaps: caps };
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
