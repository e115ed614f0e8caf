import type { PlanId, PlanKind } from '@membolt/contracts';
import { openMongoConnection } from '@membolt/mongo-store';
import { type Connection, type Model, Schema } from 'mongoose';
import type { DeveloperApiPricing, Plan, PlanCatalogue } from '../../domain/plan-catalogue.js';
import type { PlanCatalogueRepository } from '../../ports/plan-catalogue.repository.js';

interface PlanDocument {
  _id: string;
  kind: string;
  name: string;
  description: string;
  monthlyPriceCents: number | null;
  conversationsPerMonth: number | null;
  retentionDays: number | null;
  ratePerCallCents: number | null;
  features: string[];
  callToAction: string;
  highlighted: boolean;
  sortOrder: number;
}

interface SettingDocument {
  _id: string;
  value: unknown;
}

const planSchema = new Schema<PlanDocument>(
  {
    _id: { type: String, required: true },
    kind: { type: String, required: true, enum: ['subscription', 'pay-per-use'] },
    name: { type: String, required: true },
    description: { type: String, required: true },
    monthlyPriceCents: { type: Number, default: null },
    conversationsPerMonth: { type: Number, default: null },
    retentionDays: { type: Number, default: null },
    ratePerCallCents: { type: Number, default: null },
    features: { type: [String], required: true },
    callToAction: { type: String, required: true },
    highlighted: { type: Boolean, required: true },
    sortOrder: { type: Number, required: true, index: true },
  },
  { collection: 'plans', versionKey: false },
);

const settingSchema = new Schema<SettingDocument>(
  { _id: { type: String, required: true }, value: { type: Schema.Types.Mixed, required: true } },
  { collection: 'billing_settings', versionKey: false },
);

const DEVELOPER_API_KEY = 'developer_api_pricing';

export class PlanCatalogueMongoRepository implements PlanCatalogueRepository {
  private readonly plans: Model<PlanDocument>;
  private readonly settings: Model<SettingDocument>;

  private constructor(private readonly connection: Connection) {
    this.plans = connection.model<PlanDocument>('Plan', planSchema);
    this.settings = connection.model<SettingDocument>('BillingSetting', settingSchema);
  }

  static async open(url: string, dbName?: string): Promise<PlanCatalogueMongoRepository> {
    return new PlanCatalogueMongoRepository(await openMongoConnection(url, 'billing', dbName));
  }

  async load(): Promise<PlanCatalogue> {
    const [plans, setting] = await Promise.all([
      this.plans.find().sort({ sortOrder: 1, _id: 1 }).lean<PlanDocument[]>().exec(),
      this.settings.findById(DEVELOPER_API_KEY).lean<SettingDocument>().exec(),
    ]);
    return {
      plans: plans.map(toPlan),
      developerApi: (setting?.value as DeveloperApiPricing | undefined) ?? {
        centsPerMillionTokens: 0,
        bringYourOwnKeys: true,
      },
    };
  }

  async seed(catalogue: PlanCatalogue): Promise<number> {
    const result = await this.plans.bulkWrite(
      catalogue.plans.map((plan) => ({
        updateOne: { filter: { _id: plan.id }, update: { $setOnInsert: toDocument(plan) }, upsert: true },
      })),
    );
    await this.settings.updateOne(
      { _id: DEVELOPER_API_KEY },
      { $setOnInsert: { value: catalogue.developerApi } },
      { upsert: true },
    );
    return result.upsertedCount;
  }

  async close(): Promise<void> {
    await this.connection.close();
  }
}

function toPlan(doc: PlanDocument): Plan {
  return {
    id: doc._id as PlanId,
    kind: doc.kind as PlanKind,
    name: doc.name,
    description: doc.description,
    monthlyPriceCents: doc.monthlyPriceCents,
    conversationsPerMonth: doc.conversationsPerMonth,
    retentionDays: doc.retentionDays,
    ratePerCallCents: doc.ratePerCallCents,
    features: [...doc.features],
    callToAction: doc.callToAction,
    highlighted: doc.highlighted,
    sortOrder: doc.sortOrder,
  };
}

function toDocument(plan: Plan): PlanDocument {
  const { id, features, ...rest } = plan;
  return { _id: id, features: [...features], ...rest };
}
