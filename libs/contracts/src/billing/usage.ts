import { z } from 'zod';
import { defineSubject } from '../common/envelope.js';
import {
  booleanField,
  boundedString,
  entityId,
  instant,
  integerField,
  isoDate,
  listOfObjects,
  oneOf,
  optional,
} from '../common/wire-schema.js';
import { matchingString } from '../common/wire-strings.js';
import {
  METERED_ENDPOINTS,
  type MeteredEndpoint,
  SPEND_CAP_MAX_CENTS,
  type SubscriptionReason,
} from '../rules/billing.rules.js';
import type { PlanId } from '../rules/plan.rules.js';

const ENDPOINTS = Object.values(METERED_ENDPOINTS) as [MeteredEndpoint, ...MeteredEndpoint[]];
const METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
/** An idempotency key: what the caller uses to make a retried message harmless. */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9:_.-]{1,128}$/;

/*
 * The metering requests list their fields in the order the classes they replace checked them (a request's own
 * fields, then those of the call, then those of its outcome), so a refusal names its problems in that order.
 */

/** What names one metered call: its endpoint, its method, its idempotency key and the API key it came with. */
const meteredCallFields = {
  endpoint: oneOf(ENDPOINTS),
  method: oneOf(METHODS),
  idempotencyKey: matchingString(IDEMPOTENCY_KEY),
  /** The API key the call came with (gateway only). */
  keyId: optional(entityId()),
};

/** A metered call once it has run: the tokens it processed and whether it succeeded. */
const meteredOutcomeFields = {
  tokens: integerField(0, 1_000_000_000),
  succeeded: booleanField(),
};

/**
 * `billing.usage.authorize.v1` (user): before a metered call runs. Checks the subscription (cached), the
 * key's spend cap, and applies the call's charge atomically: on pay-per-use the rate is taken from the
 * ledger; a chat that starts a conversation counts it against the monthly limit. A repeat with the same
 * idempotency key changes nothing and answers the first outcome.
 */
export const AuthorizeUsageRequest = z.strictObject({
  /** A chat call that starts a new conversation (docs/requirements/product-decisions.md: no conversation id, empty history). */
  newConversation: optional(booleanField()),
  ...meteredCallFields,
});
export type AuthorizeUsageRequest = z.output<typeof AuthorizeUsageRequest>;

export interface UsageAuthorizationView {
  readonly allowed: boolean;
  /** Why not: a subscription reason, or `spend_cap_reached`. */
  readonly reason: SubscriptionReason | 'spend_cap_reached' | null;
  /** Cents taken from the balance for this call (pay-per-use), else 0. */
  readonly chargedCents: number;
}

/**
 * `billing.usage.record.v1` (user): after the metered call. Appends the `api_usage` entry with the tokens
 * processed and their price; a call that failed gives its charge back (and its conversation). Idempotent
 * by the same key as its authorization.
 */
export const RecordUsageRequest = z.strictObject({ ...meteredCallFields, ...meteredOutcomeFields });
export type RecordUsageRequest = z.output<typeof RecordUsageRequest>;

export interface UsageRecordView {
  readonly tokens: number;
  /** The tokens' price in micro-cents (1e-6 cent). */
  readonly tokenCostMicrocents: number;
  readonly chargedCents: number;
  /** Everything the call cost, in micro-cents: the charge plus the tokens' price. */
  readonly costMicrocents: number;
}

/**
 * `billing.usage.terms.v1` (user): what an edge needs to authorize a user's metered calls itself, cached
 * until `billing.subscription.changed.v1` names the user (or 5 minutes pass). A call that moves money or a
 * limit (a pay-per-use charge, a new conversation, a key with a spend cap) is still authorized by billing.
 */
export const UsageTermsRequest = z.strictObject({});
export type UsageTermsRequest = z.output<typeof UsageTermsRequest>;

export interface UsageTermsView {
  /** The subscription check: false with its reason refuses every metered call. */
  readonly valid: boolean;
  readonly reason: SubscriptionReason | null;
  readonly plan: PlanId | null;
  /** Cents each call takes from the balance (pay-per-use), else 0. */
  readonly rateCents: number;
  /** The user's keys that have a monthly spend cap. */
  readonly cappedKeyIds: readonly string[];
  /** The price of developer API tokens (calls made with a key), per million. */
  readonly centsPerMillionTokens: number;
}

/** Most usage events one `billing.usage.record-batch.v1` carries. */
export const USAGE_BATCH_MAX = 500;

/** One metered call's outcome, as an edge's usage outbox holds it until billing has applied it. */
export const UsageEvent = z.strictObject({
  userId: boundedString(100, { lengthTextFirst: true }),
  /** When the call was authorized (ISO 8601): the day and month it counts in. */
  at: isoDate(),
  /**
   * `edge`: authorized by the edge from the user's terms (no charge, no conversation): billing creates the
   * entry. `billing`: authorized by `billing.usage.authorize.v1`: billing records it as `record` does.
   */
  authorizedBy: oneOf(['edge', 'billing']),
  ...meteredCallFields,
  ...meteredOutcomeFields,
});
export type UsageEvent = z.output<typeof UsageEvent>;

/**
 * `billing.usage.record-batch.v1` (no acting user: each event names its own): the outcomes of metered
 * calls, from an edge's outbox. Billing applies each idempotency key once, so a batch sent again after a
 * crash or a lost answer changes nothing.
 */
export const RecordUsageBatchRequest = z.strictObject({
  events: listOfObjects(
    'events',
    UsageEvent,
    {
      tooMany: `$property must contain no more than ${USAGE_BATCH_MAX} elements`,
      tooFew: '$property must contain at least 1 elements',
      notArray: '$property must be an array',
    },
    1,
    USAGE_BATCH_MAX,
  ),
});
export type RecordUsageBatchRequest = z.output<typeof RecordUsageBatchRequest>;

export interface UsageBatchView {
  /** Events applied by this batch (the others had been applied before, or were never authorized). */
  readonly applied: number;
}

/** `billing.usage.summary.v1` (user): usage by day and endpoint between two instants (default: this month). */
export const UsageSummaryRequest = z.strictObject({
  from: optional(instant()),
  to: optional(instant()),
});
export type UsageSummaryRequest = z.output<typeof UsageSummaryRequest>;

const CHARGED_CENTS = 'Cents really taken from the balance (pay-per-use calls).';

export const UsageTotalsView = z
  .object({
    calls: z.int(),
    conversations: z.int(),
    tokens: z.int(),
    /** Charges plus the tokens' price (the tokens' price is reported, never taken from the balance). */
    costMicrocents: z.int(),
    chargedCents: z.int().meta({ description: CHARGED_CENTS }),
  })
  .readonly();
export type UsageTotalsView = z.output<typeof UsageTotalsView>;

/** One day (UTC) and endpoint of metered calls. */
export const UsageRowView = z
  .object({
    day: z.string().meta({ description: 'YYYY-MM-DD' }),
    endpoint: z.string(),
    ...UsageTotalsView.unwrap().shape,
  })
  .readonly();
export type UsageRowView = z.output<typeof UsageRowView>;

export const UsageSummaryView = z
  .object({
    from: z.string(),
    to: z.string(),
    rows: z.array(UsageRowView).readonly(),
    totals: UsageTotalsView,
  })
  .readonly();
export type UsageSummaryView = z.output<typeof UsageSummaryView>;

/** `billing.ledger.list.v1` (user): the newest entries first. */
export const ListLedgerRequest = z.strictObject({
  limit: optional(integerField(1, 100)),
  offset: optional(integerField(0, 1_000_000)),
});
export type ListLedgerRequest = z.output<typeof ListLedgerRequest>;

export const LEDGER_ENTRY_KINDS = ['top_up', 'charge', 'refund', 'plan_change'] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

export const LedgerEntryView = z
  .object({
    id: z.string(),
    kind: z.enum(LEDGER_ENTRY_KINDS).meta({ description: 'top_up, charge, refund or plan_change.' }),
    /** Positive adds to the balance, negative takes from it; 0 for a plan change. */
    amountCents: z.int(),
    balanceAfterCents: z.int(),
    description: z.string(),
    idempotencyKey: z.string(),
    createdAt: z.string(),
  })
  .readonly();
export type LedgerEntryView = z.output<typeof LedgerEntryView>;

export const LedgerPageView = z
  .object({
    entries: z.array(LedgerEntryView).readonly(),
    total: z.int(),
    limit: z.int(),
    offset: z.int(),
  })
  .readonly();
export type LedgerPageView = z.output<typeof LedgerPageView>;

/** `billing.key-caps.set.v1` (user): an optional monthly spend cap on one of the user's API keys. */
export const SetKeySpendCapRequest = z.strictObject({
  keyId: entityId(),
  /** Cents per calendar month; absent or null removes the cap. */
  capCents: optional(integerField(0, SPEND_CAP_MAX_CENTS)),
});
export type SetKeySpendCapRequest = z.output<typeof SetKeySpendCapRequest>;

export const ListKeySpendRequest = z.strictObject({});
export type ListKeySpendRequest = z.output<typeof ListKeySpendRequest>;

export const KeySpendView = z
  .object({
    keyId: z.string(),
    capCents: z.int().nullable().meta({ description: 'Monthly cap in cents; null for none.' }),
    /** Spent this calendar month through this key, in micro-cents. */
    spentMicrocents: z.int(),
  })
  .readonly();
export type KeySpendView = z.output<typeof KeySpendView>;

export const KeySpendListView = z.object({ keys: z.array(KeySpendView).readonly() }).readonly();
export type KeySpendListView = z.output<typeof KeySpendListView>;

export const UsageSubjects = {
  authorize: defineSubject<AuthorizeUsageRequest, UsageAuthorizationView>(
    'billing',
    'billing.usage.authorize.v1',
    // Safe to repeat: the idempotency key makes a second delivery answer the first outcome.
    { idempotent: true },
  ),
  record: defineSubject<RecordUsageRequest, UsageRecordView>('billing', 'billing.usage.record.v1', {
    idempotent: true,
  }),
  terms: defineSubject<UsageTermsRequest, UsageTermsView>('billing', 'billing.usage.terms.v1', {
    idempotent: true,
  }),
  recordBatch: defineSubject<RecordUsageBatchRequest, UsageBatchView>(
    'billing',
    'billing.usage.record-batch.v1',
    // Safe to repeat: each event's idempotency key is applied once.
    { idempotent: true },
  ),
  summary: defineSubject<UsageSummaryRequest, UsageSummaryView>('billing', 'billing.usage.summary.v1', {
    idempotent: true,
  }),
  ledger: defineSubject<ListLedgerRequest, LedgerPageView>('billing', 'billing.ledger.list.v1', {
    idempotent: true,
  }),
  setKeyCap: defineSubject<SetKeySpendCapRequest, KeySpendView>('billing', 'billing.key-caps.set.v1', {
    idempotent: true,
  }),
  listKeySpend: defineSubject<ListKeySpendRequest, KeySpendListView>('billing', 'billing.key-caps.list.v1', {
    idempotent: true,
  }),
} as const;
