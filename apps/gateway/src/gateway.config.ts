import { gatewayConfigFields, gatewayRedisConfigFields } from '@membolt/gateway';
import {
  accessTokenSecret,
  baseConfigFields,
  httpConfigFields,
  loadConfig,
  natsUrl,
} from '@membolt/platform';
import { z } from 'zod';

export const gatewayConfigSchema = z.object({
  ...baseConfigFields,
  ...httpConfigFields(3001),
  ...gatewayConfigFields,
  /** Set it when running more than one gateway: replicas then share the per-key rate-limit counters. */
  ...gatewayRedisConfigFields,
  NATS_URL: natsUrl,
  /** Every replica must sign and check the end users' portal links with the same secret. */
  PORTAL_LINK_SECRET: accessTokenSecret,
});
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

export const loadGatewayConfig = (env: NodeJS.ProcessEnv = process.env): GatewayConfig =>
  loadConfig(gatewayConfigSchema, env);
