import type { PlanId, PlanKind } from '@membolt/contracts';
import type { Model } from 'mongoose';
import type { DeveloperApiPricing, Plan, PlanCatalogue } from '../../domain/plan-catalogue.js';
import type { PlanCatalogueRepository } from '../../ports/plan-catalogue.repository.js';
import type { PlanDocument, SettingDocument } from './billing.schemas.js';

const DEVELOPER_API_KEY = 'developer_api_pricing';

export class PlanCatalogueMongoRepository implements PlanCatalogueRepository {
  constructor(
    private readonly plans: Model<PlanDocument>,
    private readonly settings: Model<SettingDocument>,
  ) {}

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
