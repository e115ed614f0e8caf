import type { UserDataDeletionView, WebhookDeliveryView, WebhookEndpointView } from '@membolt/contracts';
import type { WebhookDelivery, WebhookEndpoint } from './domain/webhook.js';
import type { RemovedUserData } from './services/webhook-endpoints.service.js';

/** The one mapping from a stored endpoint to what crosses the bus (never the owner's id or the secret). */
export function toWebhookEndpointView(endpoint: WebhookEndpoint): WebhookEndpointView {
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: [...endpoint.events],
    description: endpoint.description,
    enabled: endpoint.enabled,
    disabledReason: endpoint.disabledReason,
    consecutiveFailures: endpoint.consecutiveFailures,
    createdAt: endpoint.createdAt.toISOString(),
    updatedAt: endpoint.updatedAt.toISOString(),
  };
}

export function toWebhookDeliveryView(delivery: WebhookDelivery): WebhookDeliveryView {
  return {
    id: delivery.id,
    endpointId: delivery.endpointId,
    eventId: delivery.eventId,
    event: delivery.event,
    state: delivery.state,
    attempts: delivery.attempts,
    statusCode: delivery.statusCode,
    durationMs: delivery.durationMs,
    error: delivery.error,
    createdAt: delivery.createdAt.toISOString(),
    updatedAt: delivery.updatedAt.toISOString(),
  };
}

export function toUserDataDeletionView(removed: RemovedUserData): UserDataDeletionView {
  return { service: 'webhooks', removed: { ...removed } };
}
