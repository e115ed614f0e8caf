import { authTokenSecret, identityConfigFields } from '@membolt/identity';
import { baseConfigFields, loadConfig, natsUrl, storeConfigFields } from '@membolt/platform';
import { z } from 'zod';

export const identityConfigSchema = z.object({
  ...baseConfigFields,
  ...storeConfigFields,
  ...identityConfigFields,
  // Distributed mode: the BFF verifies access tokens with the same secret, so it must be set explicitly.
  AUTH_TOKEN_SECRET: authTokenSecret,
  NATS_URL: natsUrl,
});
export type IdentityConfig = z.infer<typeof identityConfigSchema>;

export const loadIdentityConfig = (env: NodeJS.ProcessEnv = process.env): IdentityConfig =>
  loadConfig(identityConfigSchema, env);
