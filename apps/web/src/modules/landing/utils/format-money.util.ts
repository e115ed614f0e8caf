const WHOLE_DOLLARS = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const DOLLARS_AND_CENTS = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Integer cents as dollars: "$20" for whole dollars, else "$0.30". */
export function formatCents(cents: number): string {
  return (cents % 100 === 0 ? WHOLE_DOLLARS : DOLLARS_AND_CENTS).format(cents / 100);
}

/** A plan's monthly price; `null` is custom pricing. */
export function formatMonthlyPrice(monthlyPriceCents: number | null): string {
  return monthlyPriceCents === null ? 'Custom' : formatCents(monthlyPriceCents);
}

/** The developer API rate, always with cents: "$0.30 per million tokens processed". */
export function formatTokenRate(centsPerMillionTokens: number): string {
  return `${DOLLARS_AND_CENTS.format(centsPerMillionTokens / 100)} per million tokens processed`;
}

export interface PlanPrice {
  readonly amount: string;
  /** "/month", "per API call", or null for custom pricing. */
  readonly unit: string | null;
}

/**
 * What a plan charges, as its card shows it: a monthly price, else a price per call (pay-per-use), else
 * custom pricing (Enterprise).
 */
export function planPrice(plan: {
  readonly monthlyPriceCents: number | null;
  readonly ratePerCallCents: number | null;
}): PlanPrice {
  if (plan.monthlyPriceCents !== null) return { amount: formatCents(plan.monthlyPriceCents), unit: '/month' };
  if (plan.ratePerCallCents !== null)
    return { amount: formatCents(plan.ratePerCallCents), unit: 'per API call' };
  return { amount: 'Custom', unit: null };
}
