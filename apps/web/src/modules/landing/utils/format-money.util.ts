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
