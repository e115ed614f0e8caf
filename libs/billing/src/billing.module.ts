import { type DynamicModule, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { createHealthController } from '@membolt/bus';
import type { StoreConfig } from '@membolt/platform';
import { PlanCatalogueEmbeddedRepository } from './adapters/embedded/plan-catalogue.embedded.repository.js';
import { SubscriptionEmbeddedRepository } from './adapters/embedded/subscription.embedded.repository.js';
import { PlanCatalogueMongoRepository } from './adapters/mongo/plan-catalogue.mongo.repository.js';
import { SubscriptionMongoRepository } from './adapters/mongo/subscription.mongo.repository.js';
import { BillingHandlers } from './billing.handlers.js';
import { PlanCatalogueService } from './plan-catalogue.service.js';
import { CLOCK, systemClock } from './ports/clock.js';
import {
  PLAN_CATALOGUE_REPOSITORY,
  type PlanCatalogueRepository,
} from './ports/plan-catalogue.repository.js';
import { SUBSCRIPTION_REPOSITORY, type SubscriptionRepository } from './ports/subscription.repository.js';
import { SubscriptionHandlers } from './subscription.handlers.js';
import { SubscriptionService } from './subscription.service.js';

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

async function openSubscriptionRepository(store: StoreConfig): Promise<SubscriptionRepository> {
  switch (store.kind) {
    case 'embedded':
      return SubscriptionEmbeddedRepository.open(store.dataDir);
    case 'mongo':
      return SubscriptionMongoRepository.open(store.url);
  }
}

@Module({})
export class BillingModule implements OnApplicationShutdown {
  constructor(
    @Inject(PLAN_CATALOGUE_REPOSITORY) private readonly planRepository: PlanCatalogueRepository,
    @Inject(SUBSCRIPTION_REPOSITORY) private readonly subscriptionRepository: SubscriptionRepository,
  ) {}

  static forRoot(options: BillingModuleOptions): DynamicModule {
    return {
      module: BillingModule,
      controllers: [BillingHandlers, SubscriptionHandlers, createHealthController('billing')],
      providers: [
        { provide: PLAN_CATALOGUE_REPOSITORY, useFactory: () => openPlanCatalogueRepository(options.store) },
        { provide: SUBSCRIPTION_REPOSITORY, useFactory: () => openSubscriptionRepository(options.store) },
        { provide: CLOCK, useValue: systemClock },
        PlanCatalogueService,
        SubscriptionService,
      ],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([this.planRepository.close(), this.subscriptionRepository.close()]);
  }
}
