import { baseConfigFields, booleanFlag, httpConfigFields, loadConfig, storeConfigFields } from '@membolt/platform';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const standaloneConfigSchema = z.object({
  ...baseConfigFields,
  ...httpConfigFields(3000),
  ...storeConfigFields,
  GRAPHQL_INTROSPECTION: booleanFlag(false),
  WEB_DIST_DIR: z.string().min(1).default(fileURLToPath(new URL('../../web/dist', import.meta.url))),
});
export type StandaloneConfig = z.infer<typeof standaloneConfigSchema>;

export const loadStandaloneConfig = (env: NodeJS.ProcessEnv = process.env): StandaloneConfig =>
  loadConfig(standaloneConfigSchema, env);
