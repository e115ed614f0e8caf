import type { WebhookDeliveryState } from '@membolt/contracts';
import type { WebhookDelivery } from '../domain/webhook.js';

export interface DeliveryAttempt {
  readonly state: WebhookDeliveryState;
  readonly statusCode: number | null;
  readonly durationMs: number | null;
  readonly error: string | null;
  /** Counted attempts (a refusal before sending counts too). */
  readonly countAttempt: boolean;
}

export interface WebhookDeliveryRepository {
  /** Stores the delivery unless one of the same endpoint and event exists; answers the stored one. */
  insertOnce(delivery: WebhookDelivery): Promise<WebhookDelivery>;
  get(userId: string, deliveryId: string): Promise<WebhookDelivery | null>;
  /** Newest first. */
  listByEndpoint(userId: string, endpointId: string, limit: number): Promise<WebhookDelivery[]>;
  record(
    userId: string,
    deliveryId: string,
    attempt: DeliveryAttempt,
    at: Date,
  ): Promise<WebhookDelivery | null>;
  deleteAllOfUser(userId: string): Promise<number>;
}
