import type { KeySpendView, UsageSummaryView } from '@membolt/contracts';
import type { ApiKeySpendModel, UsageDayModel, UsageSummaryModel } from './billing.models.js';

const DAY_MS = 24 * 3600 * 1000;
const centsOf = (microcents: number) => microcents / 1_000_000;

/*
 * The two billing views the screens see other than as they are: usage charted by day in cents, and a key's
 * spend in cents. The other views go out as the billing service answers them.
 */

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
    rows: view.rows.map(({ costMicrocents, ...row }) => ({ ...row, costCents: centsOf(costMicrocents) })),
    totals: (({ costMicrocents, ...totals }) => ({ ...totals, costCents: centsOf(costMicrocents) }))(
      view.totals,
    ),
  };
}

export function toApiKeySpendModel(view: KeySpendView): ApiKeySpendModel {
  const { spentMicrocents, ...spend } = view;
  return { ...spend, spentCents: centsOf(spentMicrocents) };
}
