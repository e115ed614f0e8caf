import { Float } from '@nestjs/graphql';
import {
  KeySpendView,
  LedgerEntryView,
  LedgerPageView,
  PaymentActionView,
  PaymentProviderView,
  SubscriptionCheckView,
  SubscriptionView,
  UsageRowView,
  UsageTotalsView,
} from '@membolt/contracts';
import { z } from 'zod';
import { graphqlObjectType } from '../common/graphql-object-type.js';

/** The billing service's views as the screens see them; the resolvers return the views themselves. */
export const SubscriptionModel = graphqlObjectType(
  'SubscriptionStatus',
  SubscriptionView.unwrap().omit({ userId: true, updatedAt: true }),
  { description: "The viewer's subscription. Money is in integer cents." },
);
export type SubscriptionModel = InstanceType<typeof SubscriptionModel>;

export const SubscriptionCheckModel = graphqlObjectType('SubscriptionCheck', SubscriptionCheckView, {
  description: 'The subscription check (valid, or one of the five reasons).',
});
export type SubscriptionCheckModel = InstanceType<typeof SubscriptionCheckModel>;

/*
 * Usage as the screens chart it: money in (fractional) cents rather than micro-cents, and tokens a Float,
 * since a month's tokens can pass GraphQL's 32-bit Int.
 */
const costCents = z.number();
const UsageTotals = UsageTotalsView.unwrap().omit({ costMicrocents: true }).extend({ costCents });
const UsageRow = UsageRowView.unwrap()
  .omit({ costMicrocents: true })
  .extend({
    costCents: costCents.meta({
      description:
        'Cents (fractional: token prices are micro-cents): the charges plus the price of the tokens of API key ' +
        'calls, which is reported (and counts toward key spend caps) but never taken from the balance.',
    }),
  });
const UsageDay = UsageRow.omit({ endpoint: true });
const tokensFloat = { tokens: () => Float };

export const UsageDayModel = graphqlObjectType('UsageDay', UsageDay, {
  description: 'One day (UTC) of metered calls, every endpoint summed.',
  types: tokensFloat,
});
export type UsageDayModel = InstanceType<typeof UsageDayModel>;

const UsageRowModel = graphqlObjectType('UsageRow', UsageRow, {
  description: 'One day and endpoint of metered calls.',
  types: tokensFloat,
});
export type UsageRowModel = InstanceType<typeof UsageRowModel>;

const UsageTotalsModel = graphqlObjectType('UsageTotals', UsageTotals, { types: tokensFloat });
export type UsageTotalsModel = InstanceType<typeof UsageTotalsModel>;

export const UsageSummaryModel = graphqlObjectType(
  'UsageSummary',
  z.object({
    from: z.string(),
    to: z.string(),
    daily: z
      .array(UsageDay)
      .meta({ description: 'Every day of the period, with zeros on days without calls.' }),
    rows: z.array(UsageRow),
    totals: UsageTotals,
  }),
  {
    types: { daily: () => [UsageDayModel], rows: () => [UsageRowModel], totals: () => UsageTotalsModel },
  },
);
export type UsageSummaryModel = InstanceType<typeof UsageSummaryModel>;

const LedgerEntryShown = LedgerEntryView.unwrap().omit({ idempotencyKey: true });
const LedgerEntryModel = graphqlObjectType('LedgerEntry', LedgerEntryShown, { ids: ['id'] });
export type LedgerEntryModel = InstanceType<typeof LedgerEntryModel>;

export const LedgerPageModel = graphqlObjectType(
  'LedgerPage',
  LedgerPageView.unwrap().extend({ entries: z.array(LedgerEntryShown).readonly() }),
  { types: { entries: () => [LedgerEntryModel] } },
);
export type LedgerPageModel = InstanceType<typeof LedgerPageModel>;

export const PaymentProviderModel = graphqlObjectType('PaymentProvider', PaymentProviderView);
export type PaymentProviderModel = PaymentProviderView;

/** The action's subscription as the viewer's subscription is shown (without the user id and update time). */
export const PaymentActionModel = graphqlObjectType('PaymentAction', PaymentActionView, {
  description: 'Applied at once (the simulation, or a plan without a price), or a checkout page to open.',
  types: { subscription: () => SubscriptionModel },
});
export type PaymentActionModel = PaymentActionView;

/** A key's spend in cents (the view counts micro-cents). */
export const ApiKeySpendModel = graphqlObjectType(
  'ApiKeySpend',
  KeySpendView.unwrap()
    .omit({ spentMicrocents: true })
    .extend({ spentCents: z.number().meta({ description: 'Spent this calendar month, in cents.' }) }),
  { ids: ['keyId'] },
);
export type ApiKeySpendModel = InstanceType<typeof ApiKeySpendModel>;
