import { describe, expect, it } from '@jest/globals';
import {
  conversationLimitState,
  formatCost,
  formatDollars,
  parseAddFundsAmount,
  retentionText,
  retentionWarning,
  shortensRetention,
  planChangeAction,
  planChargeText,
  subscriptionProblem,
} from './billing-display.util';

describe('billing display rules', () => {
  it('shows cents as dollars with two decimals', () => {
    expect(formatDollars(0)).toBe('$0.00');
    expect(formatDollars(1234)).toBe('$12.34');
    expect(formatCost(0.003)).toBe('$0.000030');
  });

  it('warns at 8 of 10 free conversations, and says the limit is reached at 10', () => {
    expect(conversationLimitState(7, 10)).toBeNull();
    expect(conversationLimitState(8, 10)).toBe('almost');
    expect(conversationLimitState(9, 10)).toBe('almost');
    expect(conversationLimitState(10, 10)).toBe('reached');
    expect(conversationLimitState(16, 20)).toBe('almost');
    expect(conversationLimitState(20, 20)).toBe('reached');
    expect(conversationLimitState(500, null)).toBeNull();
  });

  it("gives a paid plan at its limit its own text and action, never the free tier's", () => {
    const renewsAt = '2026-06-01T00:00:00.000Z';
    const renewsOn = new Date(renewsAt).toLocaleDateString(undefined, { dateStyle: 'medium' });
    expect(
      subscriptionProblem('free_tier_limit_reached', { plan: 'basic', conversationsLimit: 20, renewsAt }),
    ).toEqual({
      title: 'Conversation Limit Reached',
      message: `You've used all 20 conversations of your Basic plan this month. They renew on ${renewsOn}. Upgrade to a larger plan to continue now.`,
      action: { label: 'Upgrade Plan', to: '/settings/subscription' },
    });
    expect(
      subscriptionProblem('free_tier_limit_reached', { plan: 'pro', conversationsLimit: 50, renewsAt })
        .message,
    ).toContain('all 50 conversations of your Pro plan');
    // The free plan keeps the spec's text, whatever is known of the subscription.
    for (const known of [undefined, { plan: 'free', conversationsLimit: 10, renewsAt }])
      expect(subscriptionProblem('free_tier_limit_reached', known)).toEqual({
        title: 'Free Tier Limit Reached',
        message:
          "You've used all 10 of your free conversations. Please upgrade to a paid plan to continue using the service.",
        action: { label: 'Upgrade Plan', to: '/settings/subscription' },
      });
  });

  it('offers an upgrade on every plan that has a larger one, and a change on the largest', () => {
    for (const plan of ['free', 'basic', 'pro', 'pay-per-use', null])
      expect(planChangeAction(plan)).toBe('Upgrade Plan');
    expect(planChangeAction('enterprise')).toBe('Change Plan');
  });

  it('says what the plan charges in a sentence', () => {
    const plan = (name: string, monthlyPriceCents: number | null, ratePerCallCents: number | null) => ({
      name,
      monthlyPriceCents,
      ratePerCallCents,
    });
    expect(planChargeText(plan('Free', 0, null))).toBe('Free plan: $0 per month');
    expect(planChargeText(plan('Basic', 2000, null))).toBe('Basic plan: $20 per month');
    expect(planChargeText(plan('Pay-per-use', null, 1))).toBe('Pay-per-use plan: $0.01 per API call');
    expect(planChargeText(plan('Enterprise', null, null))).toBe('Enterprise plan: custom pricing');
  });

  it('accepts $1 to $1,000 in dollars and cents, else the range message', () => {
    expect(parseAddFundsAmount('5')).toEqual({ cents: 500 });
    expect(parseAddFundsAmount('1000')).toEqual({ cents: 100_000 });
    expect(parseAddFundsAmount(' 12.5 ')).toEqual({ cents: 1250 });
    for (const bad of ['0.99', '1000.01', '', 'abc', '-5', '1.234'])
      expect(parseAddFundsAmount(bad)).toEqual({ error: 'The amount must be between $1 and $1,000.' });
  });

  it('maps every reason to the spec’s dialog, and anything else to Subscription Error', () => {
    expect(subscriptionProblem('free_tier_limit_reached')).toMatchObject({
      title: 'Free Tier Limit Reached',
      action: { label: 'Upgrade Plan', to: '/settings/subscription' },
    });
    expect(subscriptionProblem('insufficient_balance').action).toEqual({
      label: 'Add Funds',
      to: '/settings/subscription',
    });
    expect(subscriptionProblem('inactive_account').title).toBe('Inactive Subscription');
    expect(subscriptionProblem('user_not_found').action).toEqual({ label: 'Contact Support', mailto: true });
    expect(subscriptionProblem('validation_error')).toMatchObject({
      title: 'Subscription Error',
      action: { label: 'Go to Dashboard', to: '/dashboard' },
    });
  });

  it('says which retention applies, and warns before a plan keeps memories for less time', () => {
    expect(retentionText('Free', 7)).toBe(
      'Memories are kept for 7 days on the Free plan: older ones are deleted.',
    );
    expect(retentionText('Pro', null)).toBe('Memories are kept without a time limit on the Pro plan.');
    expect(shortensRetention(null, 7)).toBe(true);
    expect(shortensRetention(30, 7)).toBe(true);
    expect(shortensRetention(7, 30)).toBe(false);
    expect(shortensRetention(7, null)).toBe(false);
    expect(shortensRetention(30, 30)).toBe(false);
    expect(retentionWarning('Free', 7, 12)).toBe(
      'The Free plan keeps memories for 7 days. 12 of your memories are older and will be deleted.',
    );
    expect(retentionWarning('Free', 7, 1)).toBe(
      'The Free plan keeps memories for 7 days. 1 of your memories is older and will be deleted.',
    );
    expect(retentionWarning('Basic', 30, 0)).toBe(
      'The Basic plan keeps memories for 30 days. None of your memories is older than that today.',
    );
  });
});
