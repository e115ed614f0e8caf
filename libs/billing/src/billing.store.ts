import type { StoreConfig } from '@membolt/platform';
import { openBillingEmbeddedStore } from './adapters/embedded/billing-store.embedded.js';
import { openBillingMongoStore } from './adapters/mongo/billing-store.mongo.js';
import type { BillingStore } from './ports/billing-store.js';

/** Opens billing's one store: one SQLite file or one MongoDB connection for every repository. */
export async function openBillingStore(store: StoreConfig): Promise<BillingStore> {
  switch (store.kind) {
    case 'embedded':
      return openBillingEmbeddedStore(store.dataDir);
    case 'mongo':
      return openBillingMongoStore(store.url);
  }
}
