import { baseConfigFields, loadConfig, natsUrl } from '@membolt/platform';
import { z } from 'zod';

export const chatConfigSchema = z.object({ ...baseConfigFields, NATS_URL: natsUrl });
export type ChatConfig = z.infer<typeof chatConfigSchema>;

export const loadChatConfig = (env: NodeJS.ProcessEnv = process.env): ChatConfig =>
  loadConfig(chatConfigSchema, env);
