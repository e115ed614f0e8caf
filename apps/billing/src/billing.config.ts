import { billingConfigFields } from '@membolt/billing';
import { baseConfigFields, loadConfig, natsUrl, storeConfigFields } from '@membolt/platform';
import { z } from 'zod';

export const billingConfigSchema = z.object({
  ...baseConfigFields,
  ...storeConfigFields,
  ...billingConfigFields,
  NATS_URL: natsUrl,
});
export type BillingConfig = z.infer<typeof billingConfigSchema>;

export const loadBillingConfig = (env: NodeJS.ProcessEnv = process.env): BillingConfig =>
  loadConfig(billingConfigSchema, env);
