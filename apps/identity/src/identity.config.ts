import { baseConfigFields, loadConfig, natsUrl, storeConfigFields } from '@membolt/platform';
import { z } from 'zod';

export const identityConfigSchema = z.object({ ...baseConfigFields, ...storeConfigFields, NATS_URL: natsUrl });
export type IdentityConfig = z.infer<typeof identityConfigSchema>;

export const loadIdentityConfig = (env: NodeJS.ProcessEnv = process.env): IdentityConfig => loadConfig(identityConfigSchema, env);
