import { chatConfigFields } from '@membolt/chat';
import { jobsConfigFields } from '@membolt/jobs';
import { baseConfigFields, loadConfig, natsUrl, storeConfigFields } from '@membolt/platform';
import { z } from 'zod';

export const chatConfigSchema = z.object({
  ...baseConfigFields,
  ...storeConfigFields,
  ...jobsConfigFields,
  ...chatConfigFields,
  NATS_URL: natsUrl,
});
export type ChatConfig = z.infer<typeof chatConfigSchema>;

export const loadChatConfig = (env: NodeJS.ProcessEnv = process.env): ChatConfig =>
  loadConfig(chatConfigSchema, env);
