import type { StoreConfig } from '@membolt/platform';
import { openWebhooksEmbeddedStore } from './adapters/embedded/webhooks-store.embedded.js';
import type { WebhooksStore } from './ports/webhooks-store.js';

/** One connection for the whole service (one SQLite file or one MongoDB database); migrations run once. */
export async function openWebhooksStore(store: StoreConfig): Promise<WebhooksStore> {
  switch (store.kind) {
    case 'embedded':
      return openWebhooksEmbeddedStore(store.dataDir);
    case 'mongo':
      // Loaded only here: mongoose costs ~25 MB of a process that stores in SQLite (decision 182).
      return (await import('./adapters/mongo/webhooks-store.mongo.js')).openWebhooksMongoStore(store.url);
  }
}
