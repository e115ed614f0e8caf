import { describe, expect, it } from '@jest/globals';
import { formatCents, formatMonthlyPrice, formatTokenRate } from './format-money.util';

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
});
