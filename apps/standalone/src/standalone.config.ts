import { bffConfigFields } from '@membolt/bff';
import { chatConfigFields } from '@membolt/chat';
import { billingConfigFields } from '@membolt/billing';
import { gatewayConfigFields } from '@membolt/gateway';
import { identityConfigFields } from '@membolt/identity';
import { jobsConfigFields } from '@membolt/jobs';
import { ingestionConfigFields } from '@membolt/ingestion';
import { keysConfigFields } from '@membolt/keys';
import { memoryConfigFields } from '@membolt/memory';
import { webhooksConfigFields } from '@membolt/webhooks';
import {
  baseConfigFields,
  booleanFlag,
  httpConfigFields,
  loadConfig,
  publicUrl,
  storeConfigFields,
} from '@membolt/platform';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const standaloneConfigSchema = z.object({
  ...baseConfigFields,
  // Every service shares this event loop: a few requests at once keep each one, and /api/status, quick.
  ...httpConfigFields(3000, 4),
  ...storeConfigFields,
  /** AUTH_TOKEN_SECRET is generated once under DATA_DIR/secrets when not set. */
  ...identityConfigFields,
  ...keysConfigFields,
  ...billingConfigFields,
  ...memoryConfigFields,
  ...jobsConfigFields,
  ...chatConfigFields,
  /** Uploads, and the durable job queue (embedded under DATA_DIR, or BullMQ when REDIS_URL is set). */
  ...ingestionConfigFields,
  ...webhooksConfigFields,
  ...gatewayConfigFields,
  ...bffConfigFields,
  GRAPHQL_INTROSPECTION: booleanFlag(false),
  /** Defaults to http://localhost:<PORT>. */
  PUBLIC_URL: publicUrl.optional(),
  WEB_DIST_DIR: z
    .string()
    .min(1)
    .default(fileURLToPath(new URL('../../web/dist', import.meta.url))),
});
export type StandaloneConfig = z.infer<typeof standaloneConfigSchema>;

export const loadStandaloneConfig = (env: NodeJS.ProcessEnv = process.env): StandaloneConfig =>
  loadConfig(standaloneConfigSchema, env);
