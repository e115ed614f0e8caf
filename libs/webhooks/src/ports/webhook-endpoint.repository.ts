import type { WebhookEventType } from '@membolt/contracts';
import type { WebhookEndpoint } from '../domain/webhook.js';

export interface WebhookEndpointChanges {
  readonly url?: string;
  readonly events?: readonly WebhookEventType[];
  readonly description?: string | null;
  /** true also zeroes the failure count and clears the reason. */
  readonly enabled?: boolean;
}

/** Where endpoints are stored. Every method takes the owner's id, so an unscoped query does not type-check. */
export interface WebhookEndpointRepository {
  insert(endpoint: WebhookEndpoint): Promise<void>;
  /** Newest first. */
  listByUser(userId: string): Promise<WebhookEndpoint[]>;
  get(userId: string, endpointId: string): Promise<WebhookEndpoint | null>;
  update(
    userId: string,
    endpointId: string,
    changes: WebhookEndpointChanges,
    at: Date,
  ): Promise<WebhookEndpoint | null>;
  remove(userId: string, endpointId: string): Promise<WebhookEndpoint | null>;
  /** The user's enabled endpoints subscribed to `event`. */
  listSubscribed(userId: string, event: WebhookEventType): Promise<WebhookEndpoint[]>;
  /**
   * One attempt's outcome, atomically: success zeroes the failure count; failure adds one and, at
   * `disableAfter`, disables the endpoint. `disabledNow` is true only for the attempt that disabled it.
   */
  recordOutcome(
    userId: string,
    endpointId: string,
    ok: boolean,
    disableAfter: number,
    at: Date,
  ): Promise<{ endpoint: WebhookEndpoint; disabledNow: boolean } | null>;
  deleteAllOfUser(userId: string): Promise<number>;
}
