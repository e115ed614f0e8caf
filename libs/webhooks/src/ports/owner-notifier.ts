import type { WebhookEndpoint } from '../domain/webhook.js';

/** Tells an endpoint's owner that it was disabled (by e-mail, through the identity service). */
export interface WebhookOwnerNotifier {
  endpointDisabled(endpoint: WebhookEndpoint): Promise<void>;
}

export const WEBHOOK_OWNER_NOTIFIER = Symbol('WEBHOOK_OWNER_NOTIFIER');
