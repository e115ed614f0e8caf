import { PLAN_IDS, type PlanId } from '@membolt/contracts';

export const SUBSCRIPTION_STATUSES = ['active', 'inactive'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** A subscription can be on any plan of the catalogue. */
export const SUBSCRIPTION_PLANS = PLAN_IDS;
export type SubscriptionPlan = PlanId;

/** A user's subscription as billing holds it. Money is integer cents. One per user. */
export interface Subscription {
  readonly userId: string;
  readonly status: SubscriptionStatus;
  readonly plan: SubscriptionPlan;
  /** The sum of the user's ledger entries (never stored on its own, never below 0). */
  readonly balanceCents: number;
  /** Price of one charged call on pay-per-use, copied from the catalogue when the plan was chosen. */
  readonly rateCents: number;
  /** Conversations started since `usageResetAt` (the start of the current calendar month). */
  readonly conversationsUsed: number;
  /** `usage.last_reset`: the month the conversation count belongs to. */
  readonly usageResetAt: Date;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** A stored subscription's own fields: the balance comes from the ledger. */
export type SubscriptionRecord = Omit<Subscription, 'balanceCents'>;
