/** The events a webhook endpoint can subscribe to, in the order the screens list them. */
export const WEBHOOK_EVENT_TYPES = [
  'memory.created',
  'memory.updated',
  'memory.deleted',
  'memory.closed',
  'upload.completed',
  'upload.failed',
  'subscription.changed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_URL_MAX_LENGTH = 2000;
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 200;
export const WEBHOOK_DELIVERIES_MAX_LIMIT = 100;
