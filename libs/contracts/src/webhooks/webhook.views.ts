import type { WebhookEventType } from './webhooks.requests.js';

/** One webhook endpoint as its owner sees it (the signing secret never appears here). */
export interface WebhookEndpointView {
  readonly id: string;
  readonly url: string;
  readonly events: readonly WebhookEventType[];
  readonly description: string | null;
  /** False once the endpoint was disabled after repeated failures (or by its owner). */
  readonly enabled: boolean;
  readonly disabledReason: string | null;
  readonly consecutiveFailures: number;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** The answer to creating an endpoint: the only time the signing secret is shown. */
export interface CreatedWebhookEndpointView extends WebhookEndpointView {
  readonly secret: string;
}

export interface WebhookEndpointListView {
  /** Newest first. */
  readonly endpoints: readonly WebhookEndpointView[];
}

export type WebhookDeliveryState = 'pending' | 'succeeded' | 'failed';

/** One event sent (or being sent) to one endpoint, with its last attempt. */
export interface WebhookDeliveryView {
  readonly id: string;
  readonly endpointId: string;
  readonly eventId: string;
  readonly event: WebhookEventType;
  readonly state: WebhookDeliveryState;
  readonly attempts: number;
  /** The last attempt's HTTP status (null: no answer). */
  readonly statusCode: number | null;
  readonly durationMs: number | null;
  readonly error: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface WebhookDeliveryListView {
  /** Newest first. */
  readonly deliveries: readonly WebhookDeliveryView[];
}
