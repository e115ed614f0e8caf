import {
  ADD_FUNDS_MAX_CENTS,
  ADD_FUNDS_MIN_CENTS,
  ADD_FUNDS_RANGE_MESSAGE,
  FREE_PLAN_ID,
} from '@membolt/contracts/rules';
import { formatCents } from '../../landing/utils/format-money.util';

/** Cents as dollars with 2 decimals (docs/requirements/web-app.md, Limits and constants): 1234 -> "$12.34". */
export function formatDollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** Fractional cents (token prices) as dollars with 4 decimals when below a cent. */
export function formatCost(cents: number): string {
  return cents !== 0 && Math.abs(cents) < 1 ? `$${(cents / 100).toFixed(6)}` : formatDollars(cents);
}

/** "Almost at limit!" from 8 of the free plan's 10 (docs/requirements/web-app.md: warning at 8 or more), the same share on every plan. */
const ALMOST_AT_LIMIT_SHARE = 0.8;

export type ConversationLimitState = 'almost' | 'reached';

/** Where the month's conversations stand against the plan's limit: null while far from it or unlimited. */
export function conversationLimitState(used: number, limit: number | null): ConversationLimitState | null {
  if (limit === null) return null;
  if (used >= limit) return 'reached';
  return used >= Math.ceil(limit * ALMOST_AT_LIMIT_SHARE) ? 'almost' : null;
}

/** The card's words for a limit state. */
export const CONVERSATION_LIMIT_TEXT: Readonly<Record<ConversationLimitState, string>> = {
  almost: 'Almost at limit!',
  reached: 'Limit reached',
};

/** The subscription screens' button: nothing is larger than Enterprise, so it changes the plan there. */
export function planChangeAction(planId: string | null | undefined): 'Upgrade Plan' | 'Change Plan' {
  return planId === 'enterprise' ? 'Change Plan' : 'Upgrade Plan';
}

/** What a plan charges, in a sentence: "Basic plan: $20 per month", "Pay-per-use plan: $0.01 per API call". */
export function planChargeText(plan: {
  readonly name: string;
  readonly monthlyPriceCents: number | null;
  readonly ratePerCallCents: number | null;
}): string {
  if (plan.monthlyPriceCents !== null)
    return `${plan.name} plan: ${formatCents(plan.monthlyPriceCents)} per month`;
  if (plan.ratePerCallCents !== null)
    return `${plan.name} plan: ${formatCents(plan.ratePerCallCents)} per API call`;
  return `${plan.name} plan: custom pricing`;
}

/** The Add Funds field in dollars -> cents, or the error the dialog shows. */
export function parseAddFundsAmount(dollars: string): { cents: number } | { error: string } {
  const trimmed = dollars.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return { error: ADD_FUNDS_RANGE_MESSAGE };
  const cents = Math.round(Number(trimmed) * 100);
  if (cents < ADD_FUNDS_MIN_CENTS || cents > ADD_FUNDS_MAX_CENTS) return { error: ADD_FUNDS_RANGE_MESSAGE };
  return { cents };
}

export interface SubscriptionProblem {
  readonly title: string;
  readonly message: string;
  readonly action:
    { readonly label: string; readonly to: string } | { readonly label: string; readonly mailto: true };
}

/** What the dialog knows of the subscription when it opens (to word a paid plan's limit). */
export interface SubscriptionAtLimit {
  readonly plan: string;
  readonly conversationsLimit: number | null;
  readonly renewsAt: string;
}

const UPGRADE_ACTION = { label: 'Upgrade Plan', to: '/settings/subscription' } as const;

/**
 * The Subscription problem dialog per reason (docs/requirements/web-app.md, Error texts), exact texts. The spec words the
 * conversation limit for the free plan only; a paid plan at its limit gets the same dialog in its own words
 * (its limit, its name, when it renews), never the free tier's.
 */
export function subscriptionProblem(reason: string, subscription?: SubscriptionAtLimit): SubscriptionProblem {
  switch (reason) {
    case 'inactive_account':
      return {
        title: 'Inactive Subscription',
        message:
          'Your subscription is currently inactive. Please reactivate your subscription to continue using the service.',
        action: { label: 'Manage Subscription', to: '/settings/subscription' },
      };
    case 'insufficient_balance':
      return {
        title: 'Insufficient Balance',
        message: 'Your account balance is too low to perform this action. Please add funds to continue.',
        action: { label: 'Add Funds', to: '/settings/subscription' },
      };
    case 'free_tier_limit_reached':
      if (subscription && subscription.plan !== FREE_PLAN_ID && subscription.conversationsLimit !== null) {
        const renewsOn = new Date(subscription.renewsAt).toLocaleDateString(undefined, {
          dateStyle: 'medium',
        });
        return {
          title: 'Conversation Limit Reached',
          message:
            `You've used all ${subscription.conversationsLimit} conversations of your ` +
            `${planName(subscription.plan)} plan this month. They renew on ${renewsOn}. ` +
            'Upgrade to a larger plan to continue now.',
          action: UPGRADE_ACTION,
        };
      }
      return {
        title: 'Free Tier Limit Reached',
        message:
          "You've used all 10 of your free conversations. Please upgrade to a paid plan to continue using the service.",
        action: UPGRADE_ACTION,
      };
    case 'user_not_found':
      return {
        title: 'Account Not Found',
        message: "We couldn't find your account. Please contact support if this issue persists.",
        action: { label: 'Contact Support', mailto: true },
      };
    default:
      return {
        title: 'Subscription Error',
        message: 'There was an error with your subscription. Please try again or contact support.',
        action: { label: 'Go to Dashboard', to: '/dashboard' },
      };
  }
}

/** A plan id as a name in a sentence: "free" -> "Free", "pay-per-use" -> "Pay-per-use". */
export function planName(planId: string | null | undefined): string {
  const id = planId?.trim() || 'free';
  return id.charAt(0).toUpperCase() + id.slice(1);
}

/** What the Memories screen says of the plan's retention (decision 067). */
export function retentionText(planName: string, retentionDays: number | null | undefined): string {
  if (retentionDays === null || retentionDays === undefined)
    return `Memories are kept without a time limit on the ${planName} plan.`;
  return `Memories are kept for ${retentionDays} days on the ${planName} plan: older ones are deleted.`;
}

/**
 * Whether moving from one retention to another shortens it (null is unlimited): only then does a plan
 * change delete memories, and the screen warns first.
 */
export function shortensRetention(from: number | null | undefined, to: number | null | undefined): boolean {
  if (to === null || to === undefined) return false;
  return from === null || from === undefined || to < from;
}

/** The warning before a plan change that keeps memories for less time. */
export function retentionWarning(planName: string, retentionDays: number, memoriesRemoved: number): string {
  const kept = `The ${planName} plan keeps memories for ${retentionDays} days.`;
  if (memoriesRemoved === 0) return `${kept} None of your memories is older than that today.`;
  return `${kept} ${memoriesRemoved === 1 ? '1 of your memories is' : `${memoriesRemoved} of your memories are`} older and will be deleted.`;
}
