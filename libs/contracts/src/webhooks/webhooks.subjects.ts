import { defineSubject } from '../common/envelope.js';
import type {
  CreatedWebhookEndpointView,
  WebhookDeliveryListView,
  WebhookDeliveryView,
  WebhookEndpointListView,
  WebhookEndpointView,
} from './webhook.views.js';
import type {
  CreateWebhookEndpointRequest,
  ListWebhookDeliveriesRequest,
  ListWebhookEndpointsRequest,
  RedeliverWebhookRequest,
  UpdateWebhookEndpointRequest,
  WebhookEndpointIdRequest,
} from './webhooks.requests.js';

export const WebhooksSubjects = {
  /** (user) Answers the endpoint with its signing secret, shown this once. */
  createEndpoint: defineSubject<CreateWebhookEndpointRequest, CreatedWebhookEndpointView>(
    'webhooks',
    'webhooks.endpoints.create.v1',
  ),
  /** (user) Newest first. */
  listEndpoints: defineSubject<ListWebhookEndpointsRequest, WebhookEndpointListView>(
    'webhooks',
    'webhooks.endpoints.list.v1',
    { idempotent: true },
  ),
  /** (user) Another user's endpoint is "not found". */
  updateEndpoint: defineSubject<UpdateWebhookEndpointRequest, WebhookEndpointView>(
    'webhooks',
    'webhooks.endpoints.update.v1',
  ),
  /** (user) Answers the removed endpoint; another user's is "not found". */
  removeEndpoint: defineSubject<WebhookEndpointIdRequest, WebhookEndpointView>(
    'webhooks',
    'webhooks.endpoints.remove.v1',
  ),
  /** (user) The endpoint's deliveries, newest first. */
  listDeliveries: defineSubject<ListWebhookDeliveriesRequest, WebhookDeliveryListView>(
    'webhooks',
    'webhooks.deliveries.list.v1',
    { idempotent: true },
  ),
  /** (user) Sends the delivery's event again (same event id, fresh signature). */
  redeliver: defineSubject<RedeliverWebhookRequest, WebhookDeliveryView>(
    'webhooks',
    'webhooks.deliveries.redeliver.v1',
  ),
} as const;
