import { join } from 'node:path';
import { accessTokenSecret, toStoreConfig } from '@membolt/platform';
import { z } from 'zod';
import {
  DEFAULT_IDENTITY_LIMITS,
  DEFAULT_OIDC_PROVIDER_NAME,
  type IdentityModuleOptions,
} from './identity.options.js';

/** The access-token secret, shared by identity (signs) and the BFF (verifies). */
export const authTokenSecret = accessTokenSecret;

/**
 * Identity's environment variables, to spread into an app's `z.object` next to `storeConfigFields`.
 * `AUTH_TOKEN_SECRET` is optional here: apps/identity requires it; standalone may generate one.
 */
export const identityConfigFields = {
  AUTH_TOKEN_SECRET: authTokenSecret.optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, 'must be an SMTP URL such as smtp://user:pass@host:587 or smtps://…')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Membolt <no-reply@membolt.local>'),
  OIDC_ISSUER: z.url({ protocol: /^https?$/ }).default('https://accounts.google.com'),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_PROVIDER_NAME: z.string().min(1).max(50).default(DEFAULT_OIDC_PROVIDER_NAME),
  SIGN_UPS_PER_ADDRESS_PER_HOUR: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(DEFAULT_IDENTITY_LIMITS.signUpsPerAddress),
  SIGN_IN_FAILURES_PER_ACCOUNT_PER_HOUR: z.coerce
    .number()
    .int()
    .min(10)
    .max(1_000_000)
    .default(DEFAULT_IDENTITY_LIMITS.signInFailuresPerAccount),
};

export interface IdentityConfigValues {
  readonly DATA_DIR: string;
  readonly MONGO_URL?: string | undefined;
  readonly AUTH_TOKEN_SECRET?: string | undefined;
  readonly SMTP_URL?: string | undefined;
  readonly MAIL_FROM: string;
  readonly OIDC_ISSUER: string;
  readonly OIDC_CLIENT_ID?: string | undefined;
  readonly OIDC_CLIENT_SECRET?: string | undefined;
  readonly OIDC_PROVIDER_NAME: string;
  readonly SIGN_UPS_PER_ADDRESS_PER_HOUR?: number | undefined;
  readonly SIGN_IN_FAILURES_PER_ACCOUNT_PER_HOUR?: number | undefined;
}

/**
 * Module options from a parsed config. Mail goes over SMTP when `SMTP_URL` is set, else to
 * `DATA_DIR/mail-outbox/`; Google sign-in is enabled when both OIDC client variables are set.
 */
export function identityModuleOptionsFrom(
  config: IdentityConfigValues,
  accessTokenSecret: string | undefined = config.AUTH_TOKEN_SECRET,
): IdentityModuleOptions {
  if (!accessTokenSecret) throw new Error('identityModuleOptionsFrom: AUTH_TOKEN_SECRET is required');
  return {
    store: toStoreConfig(config),
    accessTokenSecret,
    mail: config.SMTP_URL
      ? { transport: 'smtp', url: config.SMTP_URL, from: config.MAIL_FROM }
      : { transport: 'outbox', directory: join(config.DATA_DIR, 'mail-outbox'), from: config.MAIL_FROM },
    limits: {
      signUpsPerAddress: config.SIGN_UPS_PER_ADDRESS_PER_HOUR ?? DEFAULT_IDENTITY_LIMITS.signUpsPerAddress,
      signInFailuresPerAccount:
        config.SIGN_IN_FAILURES_PER_ACCOUNT_PER_HOUR ?? DEFAULT_IDENTITY_LIMITS.signInFailuresPerAccount,
    },
    oidc: {
      providerName: config.OIDC_PROVIDER_NAME,
      client:
        config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET
          ? {
              issuer: config.OIDC_ISSUER,
              clientId: config.OIDC_CLIENT_ID,
              clientSecret: config.OIDC_CLIENT_SECRET,
            }
          : null,
    },
  };
}
