export * from './webhooks.module.js';
export * from './webhooks.options.js';
export { signWebhook, verifyWebhook, REPLAY_WINDOW_SECONDS } from './domain/webhook-signature.js';
