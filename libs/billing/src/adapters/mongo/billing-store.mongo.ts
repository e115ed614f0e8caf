import { openMongoConnection } from '@membolt/mongo-store';
import type { BillingStore } from '../../ports/billing-store.js';
import {
  type PlanDocument,
  planSchema,
  type SettingDocument,
  settingSchema,
  type SubscriptionDocument,
  subscriptionSchema,
} from './billing.schemas.js';
import { PlanCatalogueMongoRepository } from './plan-catalogue.mongo.repository.js';
import { SubscriptionMongoRepository } from './subscription.mongo.repository.js';

/** Billing's repositories over one MongoDB connection (`membolt_billing` unless `dbName` is given). */
export async function openBillingMongoStore(url: string, dbName?: string): Promise<BillingStore> {
  const connection = await openMongoConnection(url, 'billing', dbName);
  const plans = connection.model<PlanDocument>('Plan', planSchema);
  const settings = connection.model<SettingDocument>('BillingSetting', settingSchema);
  const subscriptions = connection.model<SubscriptionDocument>('Subscription', subscriptionSchema);
  return {
    plans: new PlanCatalogueMongoRepository(plans, settings),
    subscriptions: new SubscriptionMongoRepository(subscriptions),
    close: () => connection.close(),
  };
}
