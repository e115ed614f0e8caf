import { type DynamicModule, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { createHealthController } from '@membolt/bus';
import { CLOCK, systemClock } from '@membolt/platform';
import { BillingHandlers } from './billing.handlers.js';
import type { BillingModuleOptions } from './billing.options.js';
import { openBillingStore } from './billing.store.js';
import { BILLING_STORE, type BillingStore } from './ports/billing-store.js';
import { PlanCatalogueService } from './services/plan-catalogue.service.js';
import { SubscriptionService } from './services/subscription.service.js';

/** The billing service: the plan catalogue and users' subscriptions. */
@Module({})
export class BillingModule implements OnApplicationShutdown {
  constructor(@Inject(BILLING_STORE) private readonly store: BillingStore) {}

  static forRoot(options: BillingModuleOptions): DynamicModule {
    return {
      module: BillingModule,
      controllers: [BillingHandlers, createHealthController('billing')],
      providers: [
        { provide: BILLING_STORE, useFactory: () => openBillingStore(options.store) },
        { provide: CLOCK, useValue: systemClock },
        PlanCatalogueService,
        SubscriptionService,
      ],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}
