import { migrate, openEmbeddedDatabase } from '@membolt/embedded-store';
import type { WebhooksStore } from '../../ports/webhooks-store.js';
import { WebhookDeliveryEmbeddedRepository } from './webhook-delivery.embedded.repository.js';
import { WebhookEndpointEmbeddedRepository } from './webhook-endpoint.embedded.repository.js';
import { WEBHOOKS_MIGRATIONS } from './webhooks.migrations.js';

/** The webhooks service's repositories over one SQLite file, `DATA_DIR/webhooks.sqlite`. */
export function openWebhooksEmbeddedStore(dataDir: string): WebhooksStore {
  const db = openEmbeddedDatabase(dataDir, 'webhooks');
  migrate(db, WEBHOOKS_MIGRATIONS);
  return {
    endpoints: new WebhookEndpointEmbeddedRepository(db),
    deliveries: new WebhookDeliveryEmbeddedRepository(db),
    close: async () => {
      db.close();
    },
  };
}
