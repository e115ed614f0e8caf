import { describe, expect, it } from '@jest/globals';
import { formatCents, formatMonthlyPrice, formatTokenRate, planPrice } from './format-money.util';

describe('format-money', () => {
  it('shows whole dollars without cents and other amounts with two decimals', () => {
    expect(formatCents(0)).toBe('$0');
    expect(formatCents(2000)).toBe('$20');
    expect(formatCents(150)).toBe('$1.50');
    expect(formatCents(123456)).toBe('$1,234.56');
  });

  it('shows custom pricing for a plan without a monthly price', () => {
    expect(formatMonthlyPrice(null)).toBe('Custom');
    expect(formatMonthlyPrice(5000)).toBe('$50');
  });

  it('always shows cents in the developer API rate', () => {
    expect(formatTokenRate(30)).toBe('$0.30 per million tokens processed');
    expect(formatTokenRate(100)).toBe('$1.00 per million tokens processed');
  });

  it('prices a plan by what it charges: a month, a call, or custom', () => {
    expect(planPrice({ monthlyPriceCents: 2000, ratePerCallCents: null })).toEqual({
      amount: '$20',
      unit: '/month',
    });
    expect(planPrice({ monthlyPriceCents: 0, ratePerCallCents: null })).toEqual({
      amount: '$0',
      unit: '/month',
    });
    expect(planPrice({ monthlyPriceCents: null, ratePerCallCents: 1 })).toEqual({
      amount: '$0.01',
      unit: 'per API call',
    });
    expect(planPrice({ monthlyPriceCents: null, ratePerCallCents: null })).toEqual({
      amount: 'Custom',
      unit: null,
    });
  });
});
