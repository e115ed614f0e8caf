import type { Clock } from '@membolt/platform';
import { SimulatedPaymentProvider } from '../adapters/payments/simulated-payment.provider.js';
import { DEFAULT_PLAN_CATALOGUE, type PlanCatalogue } from '../domain/plan-catalogue.js';
import type { ApiKeyDirectory } from '../ports/api-key-directory.js';
import type { BillingChangeNotifier } from '../ports/billing-events.js';
import type { BillingStore } from '../ports/billing-store.js';
import type { PaymentProvider } from '../ports/payment-provider.js';
import { BillingChanges } from '../services/billing-changes.js';
import { LedgerService } from '../services/ledger.service.js';
import { PaymentService } from '../services/payment.service.js';
import { PlanCatalogueService } from '../services/plan-catalogue.service.js';
import { SubscriptionCheckCache } from '../services/subscription-check.cache.js';
import { SubscriptionService } from '../services/subscription.service.js';
import { UsageService } from '../services/usage.service.js';

/** The billing services wired by hand over a store, as the module wires them (unit tests). */
export interface BillingServices {
  readonly cache: SubscriptionCheckCache;
  readonly subscriptions: SubscriptionService;
  readonly ledger: LedgerService;
  readonly usage: UsageService;
  readonly payments: PaymentService;
  /** The users whose change was broadcast, in order. */
  readonly broadcasts: string[];
}

export async function makeBillingServices(
  store: BillingStore,
  clock: Clock,
  options: {
    catalogue?: PlanCatalogue;
    provider?: PaymentProvider;
    /** Each user's API key ids, as the keys service would answer (default: user-a owns key-1 and key-2). */
    apiKeys?: Readonly<Record<string, readonly string[]>>;
  } = {},
): Promise<BillingServices> {
  await store.plans.seed(options.catalogue ?? DEFAULT_PLAN_CATALOGUE);
  const broadcasts: string[] = [];
  const notifier: BillingChangeNotifier = {
    changed: async (userId) => {
      broadcasts.push(userId);
    },
  };
  const plans = new PlanCatalogueService(store, clock);
  const cache = new SubscriptionCheckCache(clock);
  const changes = new BillingChanges(cache, notifier);
  const subscriptions = new SubscriptionService(store, plans, cache, changes, clock);
  const ledger = new LedgerService(store, changes, clock);
  const owned = options.apiKeys ?? { 'user-a': ['key-1', 'key-2'] };
  const keys: ApiKeyDirectory = {
    owns: async (userId, keyId) => owned[userId]?.includes(keyId) ?? false,
    keyIdsOf: async (userId) => new Set(owned[userId] ?? []),
  };
  const usage = new UsageService(store, subscriptions, ledger, plans, changes, keys, clock);
  const payments = new PaymentService(
    options.provider ?? new SimulatedPaymentProvider(),
    'support@membolt.test',
    store,
    clock,
    subscriptions,
    ledger,
  );
  return { cache, subscriptions, ledger, usage, payments, broadcasts };
}
