import { describe, expect, it } from '@jest/globals';
import {
  almostAtLimit,
  formatCost,
  formatDollars,
  parseAddFundsAmount,
  retentionText,
  retentionWarning,
  shortensRetention,
  subscriptionProblem,
} from './billing-display.util';

describe('billing display rules', () => {
  it('shows cents as dollars with two decimals', () => {
    expect(formatDollars(0)).toBe('$0.00');
    expect(formatDollars(1234)).toBe('$12.34');
    expect(formatCost(0.003)).toBe('$0.000030');
  });

  it('warns at 8 of 10 free conversations', () => {
    expect(almostAtLimit(7, 10)).toBe(false);
    expect(almostAtLimit(8, 10)).toBe(true);
    expect(almostAtLimit(500, null)).toBe(false);
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
