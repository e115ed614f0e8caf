import { baseConfigFields, booleanFlag, httpConfigFields, loadConfig, natsUrl } from '@membolt/platform';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const bffConfigSchema = z.object({
  ...baseConfigFields,
  ...httpConfigFields(3000),
  NATS_URL: natsUrl,
  GRAPHQL_INTROSPECTION: booleanFlag(false),
  /** The built web app; the BFF serves it beside /graphql. */
  WEB_DIST_DIR: z.string().min(1).default(fileURLToPath(new URL('../../web/dist', import.meta.url))),
});
export type BffConfig = z.infer<typeof bffConfigSchema>;

export const loadBffConfig = (env: NodeJS.ProcessEnv = process.env): BffConfig => loadConfig(bffConfigSchema, env);
