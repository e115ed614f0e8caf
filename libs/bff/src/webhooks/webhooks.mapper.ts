import type { WebhookDeliveryView, WebhookEndpointView } from '@membolt/contracts';
import type { WebhookDeliveryModel, WebhookModel } from './webhooks.models.js';

/** The webhooks service's endpoint view → the GraphQL model. */
export function toWebhookModel(endpoint: WebhookEndpointView): WebhookModel {
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: [...endpoint.events],
    description: endpoint.description,
    enabled: endpoint.enabled,
    disabledReason: endpoint.disabledReason,
    consecutiveFailures: endpoint.consecutiveFailures,
    createdAt: endpoint.createdAt,
    updatedAt: endpoint.updatedAt,
  };
}

export function toWebhookDeliveryModel(delivery: WebhookDeliveryView): WebhookDeliveryModel {
  return {
    id: delivery.id,
    eventId: delivery.eventId,
    event: delivery.event,
    state: delivery.state,
    attempts: delivery.attempts,
    statusCode: delivery.statusCode,
    durationMs: delivery.durationMs,
    error: delivery.error,
    createdAt: delivery.createdAt,
    updatedAt: delivery.updatedAt,
  };
}
