import { baseConfigFields, loadConfig, natsUrl, storeConfigFields } from '@membolt/platform';
import { ingestionConfigFields } from '@membolt/ingestion';
import { z } from 'zod';

export const ingestionConfigSchema = z.object({
  ...baseConfigFields,
  ...storeConfigFields,
  ...ingestionConfigFields,
  NATS_URL: natsUrl,
});
export type IngestionConfig = z.infer<typeof ingestionConfigSchema>;

export const loadIngestionConfig = (env: NodeJS.ProcessEnv = process.env): IngestionConfig =>
  loadConfig(ingestionConfigSchema, env);
