import {
  boundedString,
  optional,
  SubscriptionCheckView,
  UsageRowView,
  UsageSummaryView,
  UsageTotalsView,
} from '@membolt/contracts';
import { z } from 'zod';
import { restExample, restObjectType, restObjectTypeOf } from '../common/rest-object-type.js';
import { queryDoc, restQueryType } from '../common/rest-query.js';

/** A date as given (the usage service reads it); the length rule first, as the class this replaces checked. */
const usageDate = () => optional(boundedString(40, { lengthTextFirst: true }));
const usageQuery = {
  from: usageDate().meta(
    queryDoc(String, { description: 'Start (inclusive), ISO 8601.', example: '2026-04-01' }),
  ),
  to: usageDate().meta(
    queryDoc(String, { description: 'End (exclusive), ISO 8601.', example: '2026-05-01' }),
  ),
};
/** `GET /api/usage?from&to`: ISO dates; by default the current calendar month. */
export const UsageQuerySchema = z.strictObject(usageQuery);
export const UsageQuery = restQueryType('UsageQuery', usageQuery);
export type UsageQuery = z.output<typeof UsageQuerySchema>;

/*
 * The usage and subscription answers on the REST wire: the contract's views (libs/contracts billing/usage.ts,
 * subscription.ts) under snake_case names (restObjectType). Written here only what the REST API shows
 * otherwise: the cost as a decimal string of cents (the service counts micro-cents), a usage summary's rows as
 * `usage`, the subscription check's balance, rate and limit under the spec's names, and examples.
 */
const COST_CENTS = z.string();
const totals = UsageTotalsView.unwrap().shape;
const row = UsageRowView.unwrap().shape;

export const UsageRowResponse = restObjectType(
  'UsageRowResponse',
  z.object({
    day: row.day.meta({ rest: { example: '2026-04-03' } }),
    endpoint: restExample(row.endpoint, '/search'),
    calls: restExample(row.calls, 12),
    conversations: restExample(row.conversations, 0),
    tokens: restExample(row.tokens, 5120),
    costCents: COST_CENTS.meta({
      rest: {
        example: '12.153600',
        description:
          "Cents, 6 decimals: the charges plus the tokens' price of API key calls (reported, and counted toward " +
          'key spend caps, but never taken from the balance).',
      },
    }),
    chargedCents: row.chargedCents.meta({ rest: { example: 12 } }),
  }),
);
export type UsageRowResponse = InstanceType<typeof UsageRowResponse>;

export const UsageTotalsResponse = restObjectType(
  'UsageTotalsResponse',
  z.object({
    calls: totals.calls,
    conversations: totals.conversations,
    tokens: totals.tokens,
    costCents: COST_CENTS.meta({ rest: { example: '12.153600' } }),
    chargedCents: totals.chargedCents.meta({ rest: { example: 12 } }),
  }),
);
export type UsageTotalsResponse = InstanceType<typeof UsageTotalsResponse>;

const summary = UsageSummaryView.unwrap().shape;
export const UsageResponse = restObjectTypeOf<{
  from: string;
  to: string;
  usage: UsageRowResponse[];
  totals: UsageTotalsResponse;
}>(
  'UsageResponse',
  z.object({
    from: restExample(summary.from, '2026-04-01T00:00:00.000Z'),
    to: restExample(summary.to, '2026-05-01T00:00:00.000Z'),
    usage: summary.rows,
    totals: summary.totals,
  }),
  { types: { usage: () => [UsageRowResponse], totals: () => UsageTotalsResponse } },
);
export type UsageResponse = InstanceType<typeof UsageResponse>;

const check = SubscriptionCheckView.unwrap().shape;
/** The subscription check's answer (docs/requirements/rest-gateway.md, Shapes). */
export const SubscriptionCheckResponse = restObjectType(
  'SubscriptionCheckResponse',
  z.object({
    valid: check.valid,
    reason: check.reason,
    plan: restExample(check.plan, 'free'),
    balance: check.balanceCents.meta({ rest: { description: 'Cents.' } }),
    rate: check.rateCents.meta({ rest: { description: 'Cents per charged call.' } }),
    conversationsUsed: check.conversationsUsed,
    limit: check.conversationsLimit.meta({
      rest: { description: 'Monthly conversation limit; null for unlimited.' },
    }),
  }),
);
export type SubscriptionCheckResponse = InstanceType<typeof SubscriptionCheckResponse>;
