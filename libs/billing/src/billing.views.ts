import type {
  KeySpendView,
  LedgerEntryView,
  LedgerPageView,
  ListPlansResponse,
  PaymentActionView,
  SubscriptionCheckView,
  SubscriptionView,
  UsageAuthorizationView,
  UsageRecordView,
  UsageSummaryView,
} from '@membolt/contracts';
import type { LedgerEntry } from './domain/ledger.js';
import type { PlanCatalogue } from './domain/plan-catalogue.js';
import type { SubscriptionCheck } from './domain/subscription-check.js';
import type { UsageDecision } from './ports/usage.repository.js';
import type { PaymentAction } from './services/payment.service.js';
import type { SubscriptionDetails } from './services/subscription.service.js';
import type { KeySpendState, UsageRecord, UsageSummary } from './services/usage.service.js';

/** The domain Plan and the bus PlanView have the same shape today; the types stay separate on purpose. */
export function toPlanCatalogueView(catalogue: PlanCatalogue): ListPlansResponse {
  return {
    plans: catalogue.plans.map((plan) => ({ ...plan, features: [...plan.features] })),
    developerApi: catalogue.developerApi,
  };
}

export function toSubscriptionView(details: SubscriptionDetails): SubscriptionView {
  const { subscription } = details;
  return {
    userId: subscription.userId,
    status: subscription.status,
    plan: subscription.plan,
    balanceCents: subscription.balanceCents,
    rateCents: subscription.rateCents,
    conversationsUsed: details.conversationsUsed,
    conversationsLimit: details.conversationsLimit,
    retentionDays: details.retentionDays,
    usageResetAt: subscription.usageResetAt.toISOString(),
    renewsAt: details.renewsAt.toISOString(),
    createdAt: subscription.createdAt.toISOString(),
    updatedAt: subscription.updatedAt.toISOString(),
  };
}

export function toSubscriptionCheckView(check: SubscriptionCheck): SubscriptionCheckView {
  return { ...check };
}

export function toUsageAuthorizationView(decision: UsageDecision): UsageAuthorizationView {
  return { allowed: decision.allowed, reason: decision.reason, chargedCents: decision.chargedCents };
}

export function toUsageRecordView(record: UsageRecord): UsageRecordView {
  return {
    tokens: record.tokens,
    tokenCostMicrocents: record.tokenCostMicrocents,
    chargedCents: record.chargedCents,
    costMicrocents: record.chargedCents * 1_000_000 + record.tokenCostMicrocents,
  };
}

export function toUsageSummaryView(summary: UsageSummary): UsageSummaryView {
  return {
    from: summary.from.toISOString(),
    to: summary.to.toISOString(),
    rows: summary.rows.map((row) => ({ ...row })),
    totals: { ...summary.totals },
  };
}

function toLedgerEntryView(entry: LedgerEntry): LedgerEntryView {
  return {
    id: entry.id,
    kind: entry.kind,
    amountCents: entry.amountCents,
    balanceAfterCents: entry.balanceAfterCents,
    description: entry.description,
    idempotencyKey: entry.idempotencyKey,
    createdAt: entry.createdAt.toISOString(),
  };
}

export function toLedgerPageView(page: {
  entries: LedgerEntry[];
  total: number;
  limit: number;
  offset: number;
}): LedgerPageView {
  return {
    entries: page.entries.map(toLedgerEntryView),
    total: page.total,
    limit: page.limit,
    offset: page.offset,
  };
}

export function toKeySpendView(state: KeySpendState): KeySpendView {
  return { keyId: state.keyId, capCents: state.capCents, spentMicrocents: state.spentMicrocents };
}

export function toPaymentActionView(action: PaymentAction): PaymentActionView {
  return {
    status: action.status,
    checkoutUrl: action.checkoutUrl,
    subscription: toSubscriptionView(action.subscription),
  };
}
