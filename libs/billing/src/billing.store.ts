import type { StoreConfig } from '@membolt/platform';
import { openBillingEmbeddedStore } from './adapters/embedded/billing-store.embedded.js';
import type { BillingStore } from './ports/billing-store.js';

/** Opens billing's one store: one SQLite file or one MongoDB connection for every repository. */
export async function openBillingStore(store: StoreConfig): Promise<BillingStore> {
  switch (store.kind) {
    case 'embedded':
      return openBillingEmbeddedStore(store.dataDir);
    case 'mongo':
      // Loaded only here: mongoose costs ~25 MB of a process that stores in SQLite (decision 182).
      return (await import('./adapters/mongo/billing-store.mongo.js')).openBillingMongoStore(store.url);
  }
}
