import { monthStart, type SubscriptionReason } from '@membolt/contracts';
import type { Plan } from './plan-catalogue.js';
import type { Subscription } from './subscription.js';

/** The answer of the subscription check (spec section 3), before it becomes a view. */
export interface SubscriptionCheck {
  readonly valid: boolean;
  readonly reason: SubscriptionReason | null;
  readonly plan: Subscription['plan'] | null;
  readonly balanceCents: number;
  readonly rateCents: number;
  readonly conversationsUsed: number;
  readonly conversationsLimit: number | null;
}

/** Conversations counted in the month of `now`: a count from an earlier month is 0 (monthly reset). */
export function conversationsUsedAt(subscription: Subscription, now: Date): number {
  return subscription.usageResetAt.getTime() < monthStart(now).getTime() ? 0 : subscription.conversationsUsed;
}

/**
 * The check's rules, in the order the reasons are tried: no subscription, not active (any status but
 * active is inactive), pay-per-use balance below the rate, the plan's monthly conversations used up.
 */
export function checkSubscription(
  subscription: Subscription | null,
  plan: Plan | undefined,
  now: Date,
): SubscriptionCheck {
  if (!subscription) {
    return {
      valid: false,
      reason: 'user_not_found',
      plan: null,
      balanceCents: 0,
      rateCents: 0,
      conversationsUsed: 0,
      conversationsLimit: null,
    };
  }
  const used = conversationsUsedAt(subscription, now);
  const limit = plan?.conversationsPerMonth ?? null;
  const answer = (reason: SubscriptionReason | null): SubscriptionCheck => ({
    valid: reason === null,
    reason,
    plan: subscription.plan,
    balanceCents: subscription.balanceCents,
    rateCents: subscription.rateCents,
    conversationsUsed: used,
    conversationsLimit: limit,
  });
  if (subscription.status !== 'active') return answer('inactive_account');
  if (subscription.plan === 'pay-per-use' && subscription.balanceCents < subscription.rateCents)
    return answer('insufficient_balance');
  if (limit !== null && used >= limit) return answer('free_tier_limit_reached');
  return answer(null);
}

/** The check when the check itself failed (spec: "validation_error (any failure during the check)"). */
export const failedCheck: SubscriptionCheck = {
  valid: false,
  reason: 'validation_error',
  plan: null,
  balanceCents: 0,
  rateCents: 0,
  conversationsUsed: 0,
  conversationsLimit: null,
};
