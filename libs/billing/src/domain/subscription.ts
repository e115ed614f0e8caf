export const SUBSCRIPTION_STATUSES = ['active', 'inactive'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** The plans a subscription can be on (gateway-and-accounts.md section 3: free or pay-per-use). */
export const SUBSCRIPTION_PLANS = ['free', 'pay-per-use'] as const;
export type SubscriptionPlan = (typeof SUBSCRIPTION_PLANS)[number];

/** A user's subscription as billing holds it. Money is integer cents. One per user. */
export interface Subscription {
  readonly userId: string;
  readonly status: SubscriptionStatus;
  readonly plan: SubscriptionPlan;
  readonly balanceCents: number;
  /** Price of one charged call on pay-per-use, copied from the catalogue when the subscription was created. */
  readonly rateCents: number;
  /** Conversations started this month (free plan). */
  readonly conversationsUsed: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}
