import { type DynamicModule, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { createHealthController } from '@membolt/bus';
import { CLOCK, systemClock } from '@membolt/platform';
import { BusApiKeyDirectory } from './adapters/bus/bus-api-key-directory.js';
import { BillingChangeListener, BusBillingChangeNotifier } from './adapters/bus/bus-billing-changes.js';
import { PlanCatalogueBroadcaster } from './adapters/bus/bus-plan-catalogue-changes.js';
import { SimulatedPaymentProvider } from './adapters/payments/simulated-payment.provider.js';
import { StripePaymentProvider } from './adapters/payments/stripe-payment.provider.js';
import { BillingHandlers } from './billing.handlers.js';
import {
  BILLING_SUPPORT_EMAIL,
  type BillingModuleOptions,
  DEFAULT_SUPPORT_EMAIL,
  type PaymentSettings,
} from './billing.options.js';
import { openBillingStore } from './billing.store.js';
import { API_KEY_DIRECTORY } from './ports/api-key-directory.js';
import { BILLING_CHANGE_NOTIFIER } from './ports/billing-events.js';
import { BILLING_STORE, type BillingStore } from './ports/billing-store.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from './ports/payment-provider.js';
import { BillingChanges } from './services/billing-changes.js';
import { LedgerService } from './services/ledger.service.js';
import { PaymentService } from './services/payment.service.js';
import { PlanCatalogueService } from './services/plan-catalogue.service.js';
import { SubscriptionCheckCache } from './services/subscription-check.cache.js';
import { SubscriptionService } from './services/subscription.service.js';
import { UsageService } from './services/usage.service.js';

function createPaymentProvider(settings: PaymentSettings | undefined): PaymentProvider {
  if (!settings) return new SimulatedPaymentProvider();
  switch (settings.provider) {
    case 'simulation':
      return new SimulatedPaymentProvider();
    case 'stripe':
      return new StripePaymentProvider(settings);
  }
}

/** The billing service: plans, subscriptions and their check, metering, the ledger and payments. */
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
        { provide: PAYMENT_PROVIDER, useValue: createPaymentProvider(options.payments) },
        { provide: BILLING_SUPPORT_EMAIL, useValue: options.supportEmail ?? DEFAULT_SUPPORT_EMAIL },
        { provide: BILLING_CHANGE_NOTIFIER, useClass: BusBillingChangeNotifier },
        { provide: API_KEY_DIRECTORY, useClass: BusApiKeyDirectory },
        SubscriptionCheckCache,
        BillingChanges,
        BillingChangeListener,
        PlanCatalogueService,
        PlanCatalogueBroadcaster,
        SubscriptionService,
        LedgerService,
        UsageService,
        PaymentService,
      ],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}
