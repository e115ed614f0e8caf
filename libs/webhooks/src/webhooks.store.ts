import type { StoreConfig } from '@membolt/platform';
import { openWebhooksEmbeddedStore } from './adapters/embedded/webhooks-store.embedded.js';
import { openWebhooksMongoStore } from './adapters/mongo/webhooks-store.mongo.js';
import type { WebhooksStore } from './ports/webhooks-store.js';

/** One connection for the whole service (one SQLite file or one MongoDB database); migrations run once. */
export async function openWebhooksStore(store: StoreConfig): Promise<WebhooksStore> {
  switch (store.kind) {
    case 'embedded':
      return openWebhooksEmbeddedStore(store.dataDir);
    case 'mongo':
      return openWebhooksMongoStore(store.url);
  }
}
