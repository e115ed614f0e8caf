import { migrate, openEmbeddedDatabase } from '@membolt/embedded-store';
import type { BillingStore } from '../../ports/billing-store.js';
import { BILLING_MIGRATIONS } from './billing.migrations.js';
import { LedgerEmbeddedRepository } from './ledger.embedded.repository.js';
import { PaymentLinkEmbeddedRepository } from './payment-link.embedded.repository.js';
import { PlanCatalogueEmbeddedRepository } from './plan-catalogue.embedded.repository.js';
import { SubscriptionEmbeddedRepository } from './subscription.embedded.repository.js';
import { UsageEmbeddedRepository } from './usage.embedded.repository.js';

/** Billing's repositories over one SQLite file, `DATA_DIR/billing.sqlite`, migrated once when opened. */
export function openBillingEmbeddedStore(dataDir: string): BillingStore {
  const db = openEmbeddedDatabase(dataDir, 'billing');
  migrate(db, BILLING_MIGRATIONS);
  return {
    plans: new PlanCatalogueEmbeddedRepository(db),
    subscriptions: new SubscriptionEmbeddedRepository(db),
    ledger: new LedgerEmbeddedRepository(db),
    usage: new UsageEmbeddedRepository(db),
    paymentLinks: new PaymentLinkEmbeddedRepository(db),
    close: async () => {
      db.close();
    },
  };
}
