import { type DynamicModule, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { createHealthController } from '@membolt/bus';
import type { StoreConfig } from '@membolt/platform';
import { PlanCatalogueEmbeddedRepository } from './adapters/embedded/plan-catalogue.embedded.repository.js';
import { PlanCatalogueMongoRepository } from './adapters/mongo/plan-catalogue.mongo.repository.js';
import { BillingHandlers } from './billing.handlers.js';
import { PlanCatalogueService } from './plan-catalogue.service.js';
import { PLAN_CATALOGUE_REPOSITORY, type PlanCatalogueRepository } from './ports/plan-catalogue.repository.js';

export interface BillingModuleOptions {
  readonly store: StoreConfig;
}

async function openPlanCatalogueRepository(store: StoreConfig): Promise<PlanCatalogueRepository> {
  switch (store.kind) {
    case 'embedded':
      return PlanCatalogueEmbeddedRepository.open(store.dataDir);
    case 'mongo':
      return PlanCatalogueMongoRepository.open(store.url);
  }
}

@Module({})
export class BillingModule implements OnApplicationShutdown {
  constructor(@Inject(PLAN_CATALOGUE_REPOSITORY) private readonly planRepository: PlanCatalogueRepository) {}

  static forRoot(options: BillingModuleOptions): DynamicModule {
    return {
      module: BillingModule,
      controllers: [BillingHandlers, createHealthController('billing')],
      providers: [
        { provide: PLAN_CATALOGUE_REPOSITORY, useFactory: () => openPlanCatalogueRepository(options.store) },
        PlanCatalogueService,
      ],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.planRepository.close();
  }
}
