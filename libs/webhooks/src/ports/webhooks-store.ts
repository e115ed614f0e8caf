import type { WebhookDeliveryRepository } from './webhook-delivery.repository.js';
import type { WebhookEndpointRepository } from './webhook-endpoint.repository.js';

/** The webhooks service's repositories over one store (one SQLite file or one MongoDB database). */
export interface WebhooksStore {
  readonly endpoints: WebhookEndpointRepository;
  readonly deliveries: WebhookDeliveryRepository;
  close(): Promise<void>;
}

export const WEBHOOKS_STORE = Symbol('WEBHOOKS_STORE');
