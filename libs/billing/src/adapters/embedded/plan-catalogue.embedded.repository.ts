import type { PlanId, PlanKind } from '@membolt/contracts';
import { type EmbeddedDatabase, preparedOnce } from '@membolt/embedded-store';
import type { DeveloperApiPricing, Plan, PlanCatalogue } from '../../domain/plan-catalogue.js';
import type { PlanCatalogueRepository } from '../../ports/plan-catalogue.repository.js';

interface PlanRow {
  id: string;
  kind: string;
  name: string;
  description: string;
  monthly_price_cents: number | null;
  conversations_per_month: number | null;
  retention_days: number | null;
  rate_per_call_cents: number | null;
  features: string;
  call_to_action: string;
  highlighted: number;
  sort_order: number;
}

const DEVELOPER_API_KEY = 'developer_api_pricing';

export class PlanCatalogueEmbeddedRepository implements PlanCatalogueRepository {
  constructor(private readonly db: EmbeddedDatabase) {}

  async load(): Promise<PlanCatalogue> {
    const rows = preparedOnce(
      this.db,
      'SELECT * FROM billing_plans ORDER BY sort_order, id',
    ).all() as PlanRow[];
    const setting = preparedOnce(this.db, 'SELECT value FROM billing_settings WHERE key = ?').get(
      DEVELOPER_API_KEY,
    ) as { value: string } | undefined;
    return {
      plans: rows.map(toPlan),
      developerApi: setting
        ? (JSON.parse(setting.value) as DeveloperApiPricing)
        : { centsPerMillionTokens: 0, bringYourOwnKeys: true },
    };
  }

  async seed(catalogue: PlanCatalogue): Promise<number> {
    const insertPlan = preparedOnce(
      this.db,
      `INSERT OR IGNORE INTO billing_plans
      (id, kind, name, description, monthly_price_cents, conversations_per_month, retention_days,
       rate_per_call_cents, features, call_to_action, highlighted, sort_order)
      VALUES (@id, @kind, @name, @description, @monthly_price_cents, @conversations_per_month, @retention_days,
       @rate_per_call_cents, @features, @call_to_action, @highlighted, @sort_order)`,
    );
    const insertSetting = preparedOnce(
      this.db,
      'INSERT OR IGNORE INTO billing_settings (key, value) VALUES (?, ?)',
    );
    return this.db.transaction(() => {
      let inserted = 0;
      for (const plan of catalogue.plans) inserted += insertPlan.run(toRow(plan)).changes;
      insertSetting.run(DEVELOPER_API_KEY, JSON.stringify(catalogue.developerApi));
      return inserted;
    })();
  }
}

function toPlan(row: PlanRow): Plan {
  return {
    id: row.id as PlanId,
    kind: row.kind as PlanKind,
    name: row.name,
    description: row.description,
    monthlyPriceCents: row.monthly_price_cents,
    conversationsPerMonth: row.conversations_per_month,
    retentionDays: row.retention_days,
    ratePerCallCents: row.rate_per_call_cents,
    features: JSON.parse(row.features) as string[],
    callToAction: row.call_to_action,
    highlighted: row.highlighted === 1,
    sortOrder: row.sort_order,
  };
}

function toRow(plan: Plan): PlanRow {
  return {
    id: plan.id,
    kind: plan.kind,
    name: plan.name,
    description: plan.description,
    monthly_price_cents: plan.monthlyPriceCents,
    conversations_per_month: plan.conversationsPerMonth,
    retention_days: plan.retentionDays,
    rate_per_call_cents: plan.ratePerCallCents,
    features: JSON.stringify(plan.features),
    call_to_action: plan.callToAction,
    highlighted: plan.highlighted ? 1 : 0,
    sort_order: plan.sortOrder,
  };
}
