import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { PlanKind } from '@membolt/contracts';
import { DEFAULT_PLAN_CATALOGUE, type PlanCatalogue } from './domain/plan-catalogue.js';
import {
  PLAN_CATALOGUE_REPOSITORY,
  type PlanCatalogueRepository,
} from './ports/plan-catalogue.repository.js';

/** The plan catalogue: the one source of every price and limit the product shows or enforces. */
@Injectable()
export class PlanCatalogueService implements OnModuleInit {
  constructor(@Inject(PLAN_CATALOGUE_REPOSITORY) private readonly repository: PlanCatalogueRepository) {}

  async onModuleInit(): Promise<void> {
    await this.repository.seed(DEFAULT_PLAN_CATALOGUE);
  }

  async list(kind?: PlanKind): Promise<PlanCatalogue> {
    const catalogue = await this.repository.load();
    return kind ? { ...catalogue, plans: catalogue.plans.filter((plan) => plan.kind === kind) } : catalogue;
  }
}
