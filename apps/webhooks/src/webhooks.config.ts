import { baseConfigFields, loadConfig, natsUrl, storeConfigFields } from '@membolt/platform';
import { webhooksConfigFields } from '@membolt/webhooks';
import { z } from 'zod';

export const webhooksConfigSchema = z.object({
  ...baseConfigFields,
  ...storeConfigFields,
  ...webhooksConfigFields,
  NATS_URL: natsUrl,
});
export type WebhooksConfig = z.infer<typeof webhooksConfigSchema>;

export const loadWebhooksConfig = (env: NodeJS.ProcessEnv = process.env): WebhooksConfig =>
  loadConfig(webhooksConfigSchema, env);
