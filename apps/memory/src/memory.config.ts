import { jobsConfigFields } from '@membolt/jobs';
import { memoryConfigFields } from '@membolt/memory';
import { baseConfigFields, loadConfig, natsUrl, storeConfigFields } from '@membolt/platform';
import { z } from 'zod';

export const memoryConfigSchema = z.object({
  ...baseConfigFields,
  ...storeConfigFields,
  // The retention purges' queue (REDIS_URL…): validated at boot with the rest.
  ...jobsConfigFields,
  ...memoryConfigFields,
  NATS_URL: natsUrl,
});
export type MemoryConfig = z.infer<typeof memoryConfigSchema>;

export const loadMemoryConfig = (env: NodeJS.ProcessEnv = process.env): MemoryConfig =>
  loadConfig(memoryConfigSchema, env);
