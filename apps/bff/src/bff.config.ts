import { bffConfigFields } from '@membolt/bff';
import {
  accessTokenSecret,
  baseConfigFields,
  booleanFlag,
  httpConfigFields,
  loadConfig,
  natsUrl,
  publicUrl,
} from '@membolt/platform';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const bffConfigSchema = z.object({
  ...baseConfigFields,
  ...httpConfigFields(3000),
  NATS_URL: natsUrl,
  ...bffConfigFields,
  GRAPHQL_INTROSPECTION: booleanFlag(false),
  AUTH_TOKEN_SECRET: accessTokenSecret,
  PUBLIC_URL: publicUrl.default('http://localhost:3000'),
  /** The built web app; the BFF serves it beside /graphql. */
  WEB_DIST_DIR: z
    .string()
    .min(1)
    .default(fileURLToPath(new URL('../../web/dist', import.meta.url))),
});
export type BffConfig = z.infer<typeof bffConfigSchema>;

export const loadBffConfig = (env: NodeJS.ProcessEnv = process.env): BffConfig =>
  loadConfig(bffConfigSchema, env);
