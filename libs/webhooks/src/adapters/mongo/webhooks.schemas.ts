import { Schema } from 'mongoose';
import type { WebhookDeliveryState, WebhookEventType } from '@membolt/contracts';

/** The `webhooks_endpoints` collection. */
export interface WebhookEndpointDocument {
  _id: string;
  userId: string;
  url: string;
  events: WebhookEventType[];
  description: string | null;
  secretSealed: string;
  enabled: boolean;
  disabledReason: string | null;
  consecutiveFailures: number;
  createdAt: Date;
  updatedAt: Date;
}

export const webhookEndpointSchema = new Schema<WebhookEndpointDocument>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    url: { type: String, required: true },
    events: { type: [String], required: true },
    description: { type: String, default: null },
    secretSealed: { type: String, required: true },
    enabled: { type: Boolean, required: true },
    disabledReason: { type: String, default: null },
    consecutiveFailures: { type: Number, required: true },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'webhooks_endpoints', versionKey: false },
);
webhookEndpointSchema.index({ userId: 1, createdAt: -1 });

/** The `webhooks_deliveries` collection. */
export interface WebhookDeliveryDocument {
  _id: string;
  userId: string;
  endpointId: string;
  eventId: string;
  event: WebhookEventType;
  body: string;
  state: WebhookDeliveryState;
  attempts: number;
  statusCode: number | null;
  durationMs: number | null;
  error: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export const webhookDeliverySchema = new Schema<WebhookDeliveryDocument>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    endpointId: { type: String, required: true },
    eventId: { type: String, required: true },
    event: { type: String, required: true },
    body: { type: String, required: true },
    state: { type: String, required: true },
    attempts: { type: Number, required: true },
    statusCode: { type: Number, default: null },
    durationMs: { type: Number, default: null },
    error: { type: String, default: null },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'webhooks_deliveries', versionKey: false },
);
webhookDeliverySchema.index({ endpointId: 1, eventId: 1 }, { unique: true });
webhookDeliverySchema.index({ userId: 1, endpointId: 1, createdAt: -1 });
