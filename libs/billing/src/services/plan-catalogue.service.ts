import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { PlanKind } from '@membolt/contracts';
import { DEFAULT_PLAN_CATALOGUE, type PlanCatalogue } from '../domain/plan-catalogue.js';
import { BILLING_STORE, type BillingStore } from '../ports/billing-store.js';

/** The plan catalogue: the one source of every price and limit the product shows or enforces. */
@Injectable()
export class PlanCatalogueService implements OnModuleInit {
  constructor(@Inject(BILLING_STORE) private readonly store: BillingStore) {}

  async onModuleInit(): Promise<void> {
    await this.store.plans.seed(DEFAULT_PLAN_CATALOGUE);
  }

  async list(kind?: PlanKind): Promise<PlanCatalogue> {
    const catalogue = await this.store.plans.load();
    return kind ? { ...catalogue, plans: catalogue.plans.filter((plan) => plan.kind === kind) } : catalogue;
  }
}
