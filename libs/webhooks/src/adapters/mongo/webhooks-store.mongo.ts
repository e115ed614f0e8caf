import { openMongoConnection } from '@membolt/mongo-store';
import type { WebhooksStore } from '../../ports/webhooks-store.js';
import {
  WebhookDeliveryMongoRepository,
  WebhookEndpointMongoRepository,
} from './webhooks.mongo.repositories.js';
import {
  type WebhookDeliveryDocument,
  webhookDeliverySchema,
  type WebhookEndpointDocument,
  webhookEndpointSchema,
} from './webhooks.schemas.js';

/** The webhooks service's repositories over one MongoDB database (`membolt_webhooks` unless `dbName` is given). */
export async function openWebhooksMongoStore(url: string, dbName?: string): Promise<WebhooksStore> {
  const connection = await openMongoConnection(url, 'webhooks', dbName);
  const endpoints = connection.model<WebhookEndpointDocument>('WebhooksEndpoint', webhookEndpointSchema);
  const deliveries = connection.model<WebhookDeliveryDocument>('WebhooksDelivery', webhookDeliverySchema);
  // Indexes are declared next to the schemas; build them before the first request relies on them.
  await Promise.all([endpoints.init(), deliveries.init()]);
  return {
    endpoints: new WebhookEndpointMongoRepository(endpoints),
    deliveries: new WebhookDeliveryMongoRepository(deliveries),
    close: () => connection.close(),
  };
}
