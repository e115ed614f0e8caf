import { z } from 'zod';
import {
  booleanField,
  boundedString,
  distinctValuesOf,
  entityId,
  httpUrl,
  integerField,
  optional,
} from '../common/wire-schema.js';
import {
  WEBHOOK_DELIVERIES_MAX_LIMIT,
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX_LENGTH,
  type WebhookEventType,
} from '../rules/webhook.rules.js';

export {
  WEBHOOK_DELIVERIES_MAX_LIMIT,
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX_LENGTH,
  type WebhookEventType,
};

const eventTypes = () =>
  distinctValuesOf(WEBHOOK_EVENT_TYPES, {
    notOneOf: `each event must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}`,
    empty: 'events must name at least one event',
  });
const description = () =>
  optional(boundedString(WEBHOOK_DESCRIPTION_MAX_LENGTH, { trim: true, lengthTextFirst: true }));

export const CreateWebhookEndpointRequest = z.strictObject({
  url: httpUrl(WEBHOOK_URL_MAX_LENGTH, 'url is required'),
  events: eventTypes(),
  description: description(),
});
export type CreateWebhookEndpointRequest = z.output<typeof CreateWebhookEndpointRequest>;

/** Lists the acting user's endpoints; takes an empty payload. */
export const ListWebhookEndpointsRequest = z.strictObject({});
export type ListWebhookEndpointsRequest = z.output<typeof ListWebhookEndpointsRequest>;

export const UpdateWebhookEndpointRequest = z.strictObject({
  id: entityId(),
  url: optional(httpUrl(WEBHOOK_URL_MAX_LENGTH, '$property must be a string')),
  events: optional(eventTypes()),
  description: description(),
  /** True re-enables a disabled endpoint (its failure count starts again); false pauses it. */
  enabled: optional(booleanField()),
});
export type UpdateWebhookEndpointRequest = z.output<typeof UpdateWebhookEndpointRequest>;

export const WebhookEndpointIdRequest = z.strictObject({ id: entityId() });
export type WebhookEndpointIdRequest = z.output<typeof WebhookEndpointIdRequest>;

export const ListWebhookDeliveriesRequest = z.strictObject({
  endpointId: entityId(),
  limit: optional(integerField(1, WEBHOOK_DELIVERIES_MAX_LIMIT)),
});
export type ListWebhookDeliveriesRequest = z.output<typeof ListWebhookDeliveriesRequest>;

export const RedeliverWebhookRequest = z.strictObject({
  endpointId: entityId(),
  deliveryId: entityId(),
});
export type RedeliverWebhookRequest = z.output<typeof RedeliverWebhookRequest>;
