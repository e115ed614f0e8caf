import { defineSubject } from '../common/envelope.js';
import { z } from 'zod';
import { SUBSCRIPTION_REASONS } from '../rules/billing.rules.js';
import { PLAN_IDS } from '../rules/plan.rules.js';
import { boundedString, oneOf } from '../common/wire-schema.js';

export const InitSubscriptionRequest = z.strictObject({});
export type InitSubscriptionRequest = z.output<typeof InitSubscriptionRequest>;
export const GetSubscriptionRequest = z.strictObject({});
export type GetSubscriptionRequest = z.output<typeof GetSubscriptionRequest>;
export const CheckSubscriptionRequest = z.strictObject({});
export type CheckSubscriptionRequest = z.output<typeof CheckSubscriptionRequest>;

export const SUBSCRIPTION_STATUSES = ['active', 'inactive'] as const;

/** (operator, through the CLI) Activates or deactivates the acting user's subscription. */
export const SetSubscriptionStatusRequest = z.strictObject({
  status: oneOf(SUBSCRIPTION_STATUSES),
});
export type SetSubscriptionStatusRequest = z.output<typeof SetSubscriptionStatusRequest>;

/**
 * (operator, through the CLI) Puts the acting user on any plan of the catalogue with no payment: the only way
 * onto a plan without a monthly price (Enterprise, Pay-per-use).
 */
export const SetSubscriptionPlanRequest = z.strictObject({ plan: oneOf(PLAN_IDS) });
export type SetSubscriptionPlanRequest = z.output<typeof SetSubscriptionPlanRequest>;

/** A user's subscription (docs/requirements/rest-gateway.md, Shapes). Money is integer cents. */
export const SubscriptionView = z
  .object({
    userId: z.string(),
    status: z
      .enum(SUBSCRIPTION_STATUSES)
      .meta({ description: 'active or inactive (any other status counts as inactive).' }),
    plan: z.enum(PLAN_IDS).meta({ description: 'free, basic, pro, enterprise or pay-per-use.' }),
    balanceCents: z.int().meta({ description: 'Derived from the ledger; never below 0.' }),
    rateCents: z.int().meta({ description: 'Cents per charged call on pay-per-use.' }),
    conversationsUsed: z.int().meta({ description: 'Conversations started this calendar month.' }),
    conversationsLimit: z
      .int()
      .nullable()
      .meta({ description: "The plan's monthly limit; null for unlimited." }),
    retentionDays: z.int().nullable().meta({ description: 'Days a memory is kept; null for unlimited.' }),
    usageResetAt: z.string().meta({ description: 'usage.last_reset: the month the usage counts.' }),
    renewsAt: z.string().meta({ description: 'When the plan renews.' }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .readonly();
export type SubscriptionView = z.output<typeof SubscriptionView>;

/** The subscription check (spec section 3 "Subscription check result"). */
export const SubscriptionCheckView = z
  .object({
    valid: z.boolean(),
    reason: z.enum(SUBSCRIPTION_REASONS).nullable().meta({
      description:
        'user_not_found, inactive_account, insufficient_balance, free_tier_limit_reached or validation_error.',
    }),
    plan: z.enum(PLAN_IDS).nullable(),
    balanceCents: z.int(),
    rateCents: z.int(),
    conversationsUsed: z.int(),
    conversationsLimit: z.int().nullable(),
  })
  .readonly();
export type SubscriptionCheckView = z.output<typeof SubscriptionCheckView>;

/**
 * `billing.subscription.changed.v1`, a broadcast: the user's subscription, balance or usage changed. Every
 * billing replica drops its cached check of that user at once.
 */
export const SubscriptionChangedEvent = z.strictObject({
  userId: boundedString(100, { lengthTextFirst: true }),
});
export type SubscriptionChangedEvent = z.output<typeof SubscriptionChangedEvent>;

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
