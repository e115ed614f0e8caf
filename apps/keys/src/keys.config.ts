import { keysConfigFields, providerKeysSecretRequiredInProduction } from '@membolt/keys';
import { baseConfigFields, loadConfig, natsUrl, storeConfigFields } from '@membolt/platform';
import { z } from 'zod';

export const keysConfigSchema = z
  .object({
    ...baseConfigFields,
    ...storeConfigFields,
    ...keysConfigFields,
    NATS_URL: natsUrl,
  })
  // Replicas must share the secret that seals users' language-model keys: no generated one in production.
  .superRefine(providerKeysSecretRequiredInProduction);
export type KeysConfig = z.infer<typeof keysConfigSchema>;

export const loadKeysConfig = (env: NodeJS.ProcessEnv = process.env): KeysConfig =>
  loadConfig(keysConfigSchema, env);
