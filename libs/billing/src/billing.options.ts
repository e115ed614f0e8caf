import { type StoreConfig, toStoreConfig } from '@membolt/platform';
import { z } from 'zod';

/** The payment provider: the built-in simulation (no card, for self-hosting and tests) or Stripe. */
export type PaymentSettings =
  | { readonly provider: 'simulation' }
  | {
      readonly provider: 'stripe';
      readonly secretKey: string;
      readonly webhookSecret: string;
      /** Where Checkout sends the user back (the product's public origin). */
      readonly publicUrl: string;
      /** Another Stripe API origin (a proxy, or a loopback server in tests); Stripe's own by default. */
      readonly apiUrl?: string | undefined;
    };

export interface BillingModuleOptions {
  readonly store: StoreConfig;
  /** Default: the simulation. */
  readonly payments?: PaymentSettings;
  /** The address the screens' Contact Support writes to (default support@membolt.local). */
  readonly supportEmail?: string;
}

export const DEFAULT_SUPPORT_EMAIL = 'support@membolt.local';
export const BILLING_SUPPORT_EMAIL = Symbol('BILLING_SUPPORT_EMAIL');

/** Environment fields of a process that runs the billing service (spread into its config schema). */
export const billingConfigFields = {
  PAYMENT_PROVIDER: z.enum(['simulation', 'stripe']).default('simulation'),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_\S+$/, 'must be a Stripe secret key (sk_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\S+$/, 'must be a Stripe webhook secret (whsec_…)')
    .optional(),
  STRIPE_API_URL: z.url().optional(),
  BILLING_PUBLIC_URL: z.url().default('http://localhost:3000'),
  SUPPORT_EMAIL: z.email().default(DEFAULT_SUPPORT_EMAIL),
};

export interface BillingConfigValues {
  readonly DATA_DIR: string;
  readonly MONGO_URL?: string | undefined;
  readonly PAYMENT_PROVIDER: 'simulation' | 'stripe';
  readonly STRIPE_SECRET_KEY?: string | undefined;
  readonly STRIPE_WEBHOOK_SECRET?: string | undefined;
  readonly STRIPE_API_URL?: string | undefined;
  readonly BILLING_PUBLIC_URL: string;
  readonly SUPPORT_EMAIL: string;
}

/** Module options from an app's validated config (`storeConfigFields` and `billingConfigFields`). */
export function toBillingModuleOptions(config: BillingConfigValues): BillingModuleOptions {
  return {
    store: toStoreConfig(config),
    payments: toPaymentSettings(config),
    supportEmail: config.SUPPORT_EMAIL,
  };
}

function toPaymentSettings(config: BillingConfigValues): PaymentSettings {
  if (config.PAYMENT_PROVIDER === 'simulation') return { provider: 'simulation' };
  if (!config.STRIPE_SECRET_KEY || !config.STRIPE_WEBHOOK_SECRET)
    throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  return {
    provider: 'stripe',
    secretKey: config.STRIPE_SECRET_KEY,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    publicUrl: config.BILLING_PUBLIC_URL.replace(/\/$/, ''),
    apiUrl: config.STRIPE_API_URL,
  };
}
