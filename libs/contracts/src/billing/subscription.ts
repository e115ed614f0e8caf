import { IsIn, IsString, MaxLength } from 'class-validator';
import { defineSubject } from '../common/envelope.js';
import type { SubscriptionReason } from '../rules/billing.rules.js';
import { PLAN_IDS, type PlanId } from '../rules/plan.rules.js';

export class InitSubscriptionRequest {}
export class GetSubscriptionRequest {}
export class CheckSubscriptionRequest {}

/** (operator, through the CLI) Activates or deactivates the acting user's subscription. */
export class SetSubscriptionStatusRequest {
  @IsIn(['active', 'inactive'])
  status!: 'active' | 'inactive';
}

/**
 * (operator, through the CLI) Puts the acting user on any plan of the catalogue with no payment: the only way
 * onto a plan without a monthly price (Enterprise, Pay-per-use).
 */
export class SetSubscriptionPlanRequest {
  @IsIn(PLAN_IDS)
  plan!: PlanId;
}

/** A user's subscription (docs/requirements/rest-gateway.md, Shapes). Money is integer cents. */
export interface SubscriptionView {
  readonly userId: string;
  readonly status: 'active' | 'inactive';
  readonly plan: PlanId;
  /** Derived from the ledger; never below 0. */
  readonly balanceCents: number;
  readonly rateCents: number;
  /** Conversations started in the current calendar month. */
  readonly conversationsUsed: number;
  /** The plan's monthly conversation limit; null for unlimited. */
  readonly conversationsLimit: number | null;
  /** Days a memory is kept on this plan; null for unlimited. */
  readonly retentionDays: number | null;
  /** `usage.last_reset`: the start of the month the usage counts. */
  readonly usageResetAt: string;
  /** When the plan renews (the next calendar month). */
  readonly renewsAt: string;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** The subscription check (spec section 3 "Subscription check result"). */
export interface SubscriptionCheckView {
  readonly valid: boolean;
  /** Set when `valid` is false: one of the five reasons. */
  readonly reason: SubscriptionReason | null;
  readonly plan: PlanId | null;
  readonly balanceCents: number;
  readonly rateCents: number;
  readonly conversationsUsed: number;
  readonly conversationsLimit: number | null;
}

/**
 * `billing.subscription.changed.v1`, a broadcast: the user's subscription, balance or usage changed. Every
 * billing replica drops its cached check of that user at once.
 */
export class SubscriptionChangedEvent {
  @IsString()
  @MaxLength(100)
  userId!: string;
}

export const SubscriptionSubjects = {
  /** (user) Creates the free subscription if the user has none; idempotent. */
  init: defineSubject<InitSubscriptionRequest, SubscriptionView>('billing', 'billing.subscriptions.init.v1', {
    idempotent: true,
  }),
  /** (user) */
  get: defineSubject<GetSubscriptionRequest, SubscriptionView>('billing', 'billing.subscriptions.get.v1', {
    idempotent: true,
  }),
  /** (user) The subscription check, cached per user for 5 minutes and dropped on every change. */
  check: defineSubject<CheckSubscriptionRequest, SubscriptionCheckView>(
    'billing',
    'billing.subscriptions.check.v1',
    { idempotent: true },
  ),
  /** (user; operator CLI only, no edge exposes it) */
  setStatus: defineSubject<SetSubscriptionStatusRequest, SubscriptionView>(
    'billing',
    'billing.subscriptions.set-status.v1',
    { idempotent: true },
  ),
  /** (user; operator CLI only, no edge exposes it) */
  setPlan: defineSubject<SetSubscriptionPlanRequest, SubscriptionView>(
    'billing',
    'billing.subscriptions.set-plan.v1',
    { idempotent: true },
  ),
  /** Broadcast (see SubscriptionChangedEvent). */
  changed: defineSubject<SubscriptionChangedEvent, void>('billing', 'billing.subscription.changed.v1'),
} as const;
