import type {
  KeySpendView,
  LedgerPageView,
  PaymentActionView,
  SubscriptionCheckView,
  SubscriptionView,
  UsageSummaryView,
} from '@membolt/contracts';
import type {
  ApiKeySpendModel,
  LedgerPageModel,
  PaymentActionModel,
  SubscriptionCheckModel,
  SubscriptionModel,
  UsageDayModel,
  UsageSummaryModel,
} from './billing.models.js';

const DAY_MS = 24 * 3600 * 1000;
const centsOf = (microcents: number) => microcents / 1_000_000;

/** Billing's bus views → the GraphQL models, in one place. */
export function toSubscriptionModel(view: SubscriptionView): SubscriptionModel {
  return {
    status: view.status,
    plan: view.plan,
    balanceCents: view.balanceCents,
    rateCents: view.rateCents,
    conversationsUsed: view.conversationsUsed,
    conversationsLimit: view.conversationsLimit,
    retentionDays: view.retentionDays,
    usageResetAt: view.usageResetAt,
    renewsAt: view.renewsAt,
    createdAt: view.createdAt,
  };
}

export function toSubscriptionCheckModel(view: SubscriptionCheckView): SubscriptionCheckModel {
  return { ...view };
}

export function toUsageSummaryModel(view: UsageSummaryView): UsageSummaryModel {
  const days = new Map<string, UsageDayModel>();
  // Every day of the period, so the chart's axis has no gaps (the period is at most 366 days).
  for (let at = Date.parse(view.from); at < Date.parse(view.to); at += DAY_MS) {
    const day = new Date(at).toISOString().slice(0, 10);
    days.set(day, { day, calls: 0, conversations: 0, tokens: 0, costCents: 0, chargedCents: 0 });
  }
  for (const row of view.rows) {
    const day = days.get(row.day) ?? {
      day: row.day,
      calls: 0,
      conversations: 0,
      tokens: 0,
      costCents: 0,
      chargedCents: 0,
    };
    days.set(row.day, {
      day: row.day,
      calls: day.calls + row.calls,
      conversations: day.conversations + row.conversations,
      tokens: day.tokens + row.tokens,
      costCents: day.costCents + centsOf(row.costMicrocents),
      chargedCents: day.chargedCents + row.chargedCents,
    });
  }
  return {
    from: view.from,
    to: view.to,
    daily: [...days.values()].sort((a, b) => a.day.localeCompare(b.day)),
    rows: view.rows.map((row) => ({
      day: row.day,
      endpoint: row.endpoint,
      calls: row.calls,
      conversations: row.conversations,
      tokens: row.tokens,
      costCents: centsOf(row.costMicrocents),
      chargedCents: row.chargedCents,
    })),
    totals: {
      calls: view.totals.calls,
      conversations: view.totals.conversations,
      tokens: view.totals.tokens,
      costCents: centsOf(view.totals.costMicrocents),
      chargedCents: view.totals.chargedCents,
    },
  };
}

export function toLedgerPageModel(view: LedgerPageView): LedgerPageModel {
  return {
    entries: view.entries.map((entry) => ({
      id: entry.id,
      kind: entry.kind,
      amountCents: entry.amountCents,
      balanceAfterCents: entry.balanceAfterCents,
      description: entry.description,
      createdAt: entry.createdAt,
    })),
    total: view.total,
    limit: view.limit,
    offset: view.offset,
  };
}

export function toPaymentActionModel(view: PaymentActionView): PaymentActionModel {
  return {
    status: view.status,
    checkoutUrl: view.checkoutUrl,
    subscription: toSubscriptionModel(view.subscription),
  };
}

export function toApiKeySpendModel(view: KeySpendView): ApiKeySpendModel {
  return { keyId: view.keyId, capCents: view.capCents, spentCents: centsOf(view.spentMicrocents) };
}
