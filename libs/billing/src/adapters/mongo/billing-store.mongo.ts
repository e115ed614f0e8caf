import { openMongoConnection } from '@membolt/mongo-store';
import type { BillingStore } from '../../ports/billing-store.js';
import {
  type BalanceDocument,
  balanceSchema,
  type KeyCapDocument,
  keyCapSchema,
  type LedgerDocument,
  ledgerSchema,
  type PaymentLinkDocument,
  paymentLinkSchema,
  type PlanDocument,
  planSchema,
  type SettingDocument,
  settingSchema,
  type SubscriptionDocument,
  subscriptionSchema,
  type UsageDocument,
  usageSchema,
} from './billing.schemas.js';
import { LedgerMongoRepository } from './ledger.mongo.repository.js';
import { PaymentLinkMongoRepository } from './payment-link.mongo.repository.js';
import { PlanCatalogueMongoRepository } from './plan-catalogue.mongo.repository.js';
import { SubscriptionMongoRepository } from './subscription.mongo.repository.js';
import { UsageMongoRepository } from './usage.mongo.repository.js';

/** Billing's repositories over one MongoDB connection (`membolt_billing` unless `dbName` is given). */
export async function openBillingMongoStore(url: string, dbName?: string): Promise<BillingStore> {
  const connection = await openMongoConnection(url, 'billing', dbName);
  const plans = connection.model<PlanDocument>('Plan', planSchema);
  const settings = connection.model<SettingDocument>('BillingSetting', settingSchema);
  const subscriptions = connection.model<SubscriptionDocument>('Subscription', subscriptionSchema);
  const ledger = connection.model<LedgerDocument>('LedgerEntry', ledgerSchema);
  const balances = connection.model<BalanceDocument>('Balance', balanceSchema);
  const usage = connection.model<UsageDocument>('ApiUsage', usageSchema);
  const caps = connection.model<KeyCapDocument>('KeySpendCap', keyCapSchema);
  const links = connection.model<PaymentLinkDocument>('PaymentLink', paymentLinkSchema);
  // The unique (user, idempotency key) index is what makes a charge apply once: it must exist first.
  await Promise.all([ledger.init(), usage.init(), caps.init()]);
  return {
    plans: new PlanCatalogueMongoRepository(plans, settings),
    subscriptions: new SubscriptionMongoRepository(subscriptions, balances),
    ledger: new LedgerMongoRepository(ledger, balances),
    usage: new UsageMongoRepository(usage, caps),
    paymentLinks: new PaymentLinkMongoRepository(links),
    close: () => connection.close(),
  };
}
