import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES } from '../rules/webhook.rules.js';

/** One webhook endpoint as its owner sees it (the signing secret never appears here). */
export const WebhookEndpointView = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z
      .array(z.enum(WEBHOOK_EVENT_TYPES))
      .readonly()
      .meta({ description: 'memory.created, memory.updated, upload.completed…' }),
    description: z.string().nullable(),
    enabled: z
      .boolean()
      .meta({ description: 'False once paused by its owner or disabled after repeated failures.' }),
    disabledReason: z.string().nullable(),
    consecutiveFailures: z.int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .readonly();
export type WebhookEndpointView = z.output<typeof WebhookEndpointView>;

/** The answer to creating an endpoint: the only time the signing secret is shown. */
export const CreatedWebhookEndpointView = z
  .object({
    ...WebhookEndpointView.unwrap().shape,
    secret: z.string().meta({ description: 'The signing secret. Shown only once, at creation.' }),
  })
  .readonly();
export type CreatedWebhookEndpointView = z.output<typeof CreatedWebhookEndpointView>;

export const WebhookEndpointListView = z
  .object({
    /** Newest first. */
    endpoints: z.array(WebhookEndpointView).readonly(),
  })
  .readonly();
export type WebhookEndpointListView = z.output<typeof WebhookEndpointListView>;

export const WEBHOOK_DELIVERY_STATES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

/** One event sent (or being sent) to one endpoint, with its last attempt. */
export const WebhookDeliveryView = z
  .object({
    id: z.string(),
    endpointId: z.string(),
    eventId: z.string(),
    event: z.enum(WEBHOOK_EVENT_TYPES),
    state: z.enum(WEBHOOK_DELIVERY_STATES).meta({ description: 'pending, succeeded or failed.' }),
    attempts: z.int(),
    statusCode: z.int().nullable().meta({ description: "The last attempt's HTTP status (null: no answer)." }),
    durationMs: z.int().nullable(),
    error: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .readonly();
export type WebhookDeliveryView = z.output<typeof WebhookDeliveryView>;

export const WebhookDeliveryListView = z
  .object({
    /** Newest first. */
    deliveries: z.array(WebhookDeliveryView).readonly(),
  })
  .readonly();
export type WebhookDeliveryListView = z.output<typeof WebhookDeliveryListView>;
