import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX_LENGTH,
  CreatedWebhookEndpointView,
  WebhookDeliveryListView,
  WebhookDeliveryView,
  WebhookEndpointListView,
  WebhookEndpointView,
  type WebhookEventType,
} from '@membolt/contracts';
import { z } from 'zod';
import { restExample, restObjectType, restObjectTypeOf } from '../common/rest-object-type.js';

export class CreateWebhookBody {
  @ApiProperty({
    description:
      'Where events are POSTed (http or https). Loopback, private, link-local and unique-local addresses are ' +
      'refused (also after DNS resolution, at each delivery) unless the operator sets WEBHOOKS_ALLOW_PRIVATE_TARGETS.',
    maxLength: WEBHOOK_URL_MAX_LENGTH,
    example: 'https://example.com/membolt-webhook',
  })
  url!: string;

  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, isArray: true, minItems: 1, example: ['memory.created'] })
  events!: WebhookEventType[];

  @ApiPropertyOptional({ maxLength: WEBHOOK_DESCRIPTION_MAX_LENGTH })
  description?: string;
}

export class UpdateWebhookBody {
  @ApiPropertyOptional({ maxLength: WEBHOOK_URL_MAX_LENGTH })
  url?: string;

  @ApiPropertyOptional({ enum: WEBHOOK_EVENT_TYPES, isArray: true, minItems: 1 })
  events?: WebhookEventType[];

  @ApiPropertyOptional({ maxLength: WEBHOOK_DESCRIPTION_MAX_LENGTH })
  description?: string;

  @ApiPropertyOptional({
    description: 'true enables a disabled endpoint again (its failure count starts from 0); false pauses it.',
  })
  enabled?: boolean;
}

/*
 * The webhook answers on the REST wire: the contract's views (libs/contracts webhook.views.ts) under snake_case
 * names (restObjectType). Written here only what the REST API shows otherwise: a delivery's endpoint as
 * `webhook_id`, the list fields' names, times as date-times, and what a REST client reads of the secret and
 * the event id.
 */
const dateTime = <S extends z.ZodType>(schema: S): S => schema.meta({ rest: { format: 'date-time' } }) as S;

const endpoint = WebhookEndpointView.unwrap().shape;
const endpointFields = {
  ...endpoint,
  enabled: endpoint.enabled.meta({
    rest: { description: 'false once disabled after repeated failures (or by its owner).' },
  }),
  disabledReason: restExample(endpoint.disabledReason, 'repeated delivery failures'),
  consecutiveFailures: endpoint.consecutiveFailures.meta({
    rest: { description: 'Failed attempts since the last successful one.' },
  }),
  createdAt: dateTime(endpoint.createdAt),
  updatedAt: dateTime(endpoint.updatedAt),
};
export const WebhookResponse = restObjectType('WebhookResponse', z.object(endpointFields));
export type WebhookResponse = InstanceType<typeof WebhookResponse>;

export const CreatedWebhookResponse = restObjectType(
  'CreatedWebhookResponse',
  z.object({
    ...endpointFields,
    secret: CreatedWebhookEndpointView.unwrap().shape.secret.meta({
      rest: {
        description:
          'The signing secret, shown this once: Membolt-Signature is HMAC-SHA256 under it (see docs/rest-api.md, Webhooks).',
        example: 'whsec_…',
      },
    }),
  }),
);
export type CreatedWebhookResponse = InstanceType<typeof CreatedWebhookResponse>;

export const WebhookListResponse = restObjectTypeOf<{ webhooks: WebhookResponse[] }>(
  'WebhookListResponse',
  z.object({
    webhooks: WebhookEndpointListView.unwrap().shape.endpoints.meta({ description: 'Newest first.' }),
  }),
  { types: { webhooks: () => [WebhookResponse] } },
);
export type WebhookListResponse = InstanceType<typeof WebhookListResponse>;

const delivery = WebhookDeliveryView.unwrap().shape;
export const WebhookDeliveryResponse = restObjectType(
  'WebhookDeliveryResponse',
  z.object({
    id: delivery.id,
    webhookId: delivery.endpointId,
    eventId: delivery.eventId.meta({
      rest: { description: 'The Membolt-Event-Id header and the body’s `id`: the same on every attempt.' },
    }),
    event: delivery.event,
    state: delivery.state,
    attempts: delivery.attempts,
    statusCode: delivery.statusCode,
    durationMs: delivery.durationMs,
    error: delivery.error,
    createdAt: dateTime(delivery.createdAt),
    updatedAt: dateTime(delivery.updatedAt),
  }),
);
export type WebhookDeliveryResponse = InstanceType<typeof WebhookDeliveryResponse>;

export const WebhookDeliveryListResponse = restObjectTypeOf<{ deliveries: WebhookDeliveryResponse[] }>(
  'WebhookDeliveryListResponse',
  z.object({
    deliveries: WebhookDeliveryListView.unwrap().shape.deliveries.meta({ description: 'Newest first.' }),
  }),
  { types: { deliveries: () => [WebhookDeliveryResponse] } },
);
export type WebhookDeliveryListResponse = InstanceType<typeof WebhookDeliveryListResponse>;
