import type { WebhookDeliveryState, WebhookEventType } from '@membolt/contracts';

/** An account's webhook endpoint. The signing secret is stored sealed (see SecretCipher). */
export interface WebhookEndpoint {
  readonly id: string;
  readonly userId: string;
  readonly url: string;
  readonly events: readonly WebhookEventType[];
  readonly description: string | null;
  readonly secretSealed: string;
  readonly enabled: boolean;
  readonly disabledReason: string | null;
  /** Failed attempts since the last successful one; at the configured bound the endpoint is disabled. */
  readonly consecutiveFailures: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** One event for one endpoint. `body` is the exact JSON sent on every attempt (the signature covers it). */
export interface WebhookDelivery {
  readonly id: string;
  readonly userId: string;
  readonly endpointId: string;
  readonly eventId: string;
  readonly event: WebhookEventType;
  readonly body: string;
  readonly state: WebhookDeliveryState;
  readonly attempts: number;
  readonly statusCode: number | null;
  readonly durationMs: number | null;
  readonly error: string | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** The outcome of one HTTP attempt. */
export interface AttemptOutcome {
  readonly ok: boolean;
  readonly statusCode: number | null;
  readonly durationMs: number;
  readonly error: string | null;
}

/** What an event carries to its endpoints (the `data` of the body). Ids, never memory text. */
export type WebhookEventData = Readonly<Record<string, unknown>>;

/** The body of every delivery: `{ id, type, created_at, data }`. */
export function webhookBody(
  eventId: string,
  event: WebhookEventType,
  at: Date,
  data: WebhookEventData,
): string {
  return JSON.stringify({ id: eventId, type: event, created_at: at.toISOString(), data });
}
