import { join } from 'node:path';
import { accessTokenSecret, type Clock, type StoreConfig, toStoreConfig } from '@membolt/platform';
import { z } from 'zod';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Rate limits and lifetimes. The defaults are the product's; tests may shorten them. */
export interface IdentityLimits {
  readonly accessTokenTtlSeconds: number;
  /** "Remember me" ticked: the refresh token lives this long after its last use. */
  readonly persistentSessionMs: number;
  /** "Remember me" unticked (and the edge sets browser-session cookies). */
  readonly browserSessionMs: number;
  /** Failures of one (account, address) pair, or of one known device, are remembered this long. */
  readonly signInPairWindowMs: number;
  /** Failures a pair (or known device) may make before each further try must wait. */
  readonly signInFreeFailures: number;
  /** The first wait; it doubles with each further failure, up to `signInBackoffMaxMs`. */
  readonly signInBackoffBaseMs: number;
  readonly signInBackoffMaxMs: number;
  /** The account-wide ceiling across every address (a distributed guess); known devices are exempt. */
  readonly signInAccountWindowMs: number;
  readonly signInFailuresPerAccount: number;
  /** One address guessing many accounts; known devices are exempt. */
  readonly signInWindowMs: number;
  readonly signInFailuresPerAddress: number;
  /** Sign-ups (attempts) from one client address; requests without an address (operator CLI) are not counted. */
  readonly signUpWindowMs: number;
  readonly signUpsPerAddress: number;
  /**
   * Wrong current passwords (change password, or confirming a sensitive change) per account: a stolen access
   * cookie must not become a way to guess the password.
   */
  readonly passwordCheckWindowMs: number;
  readonly passwordCheckFailuresPerAccount: number;
  readonly resetTokenMs: number;
  readonly resetMailWindowMs: number;
  readonly resetMailsPerAccount: number;
  readonly oidcRequestMs: number;
}

export const DEFAULT_IDENTITY_LIMITS: IdentityLimits = {
  accessTokenTtlSeconds: 15 * 60,
  persistentSessionMs: 30 * DAY,
  browserSessionMs: DAY,
  signInPairWindowMs: HOUR,
  signInFreeFailures: 5,
  signInBackoffBaseMs: MINUTE,
  signInBackoffMaxMs: 15 * MINUTE,
  signInAccountWindowMs: HOUR,
  signInFailuresPerAccount: 100,
  signInWindowMs: 15 * MINUTE,
  signInFailuresPerAddress: 20,
  signUpWindowMs: HOUR,
  signUpsPerAddress: 10,
  passwordCheckWindowMs: 15 * MINUTE,
  passwordCheckFailuresPerAccount: 5,
  resetTokenMs: HOUR,
  resetMailWindowMs: HOUR,
  resetMailsPerAccount: 3,
  oidcRequestMs: 10 * MINUTE,
};

/** argon2id cost parameters. */
export interface PasswordHashingOptions {
  /** KiB */
  readonly memoryCost: number;
  readonly timeCost: number;
  readonly parallelism: number;
}

/** OWASP's argon2id baseline is 19 MiB / t=2; we spend more memory, as argon2's own defaults do. */
export const DEFAULT_PASSWORD_HASHING: PasswordHashingOptions = {
  memoryCost: 65_536,
  timeCost: 3,
  parallelism: 4,
};

export interface OutboxWorkerOptions {
  /** How often the worker looks for due steps. */
  readonly pollIntervalMs: number;
  /** First retry delay; doubles per failed attempt up to `retryMaxMs`. */
  readonly retryBaseMs: number;
  readonly retryMaxMs: number;
  /** How long a claimed step is hidden from other workers while it runs. */
  readonly leaseMs: number;
  /** A setup step whose account does not exist (yet) is kept this long, then dropped. */
  readonly orphanGraceMs: number;
}

export const DEFAULT_OUTBOX_WORKER: OutboxWorkerOptions = {
  pollIntervalMs: 5_000,
  retryBaseMs: 5_000,
  retryMaxMs: 15 * MINUTE,
  leaseMs: MINUTE,
  orphanGraceMs: 10 * MINUTE,
};

export type MailTransportOptions =
  /** `smtp://user:pass@host:587` or `smtps://…` */
  | { readonly transport: 'smtp'; readonly url: string }
  /** One `.eml` file per mail in this directory. */
  | { readonly transport: 'outbox'; readonly directory: string };

export type MailOptions = MailTransportOptions & { readonly from: string };

export interface OidcClientOptions {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
}

export interface OidcOptions {
  /** Shown on the sign-in button. */
  readonly providerName: string;
  /** Null: sign-in with the provider is disabled (`oidc-not-configured`). */
  readonly client: OidcClientOptions | null;
}

export interface IdentityModuleOptions {
  readonly store: StoreConfig;
  /** HS256 secret of the access tokens (>= 32 characters); the BFF verifies with the same one. */
  readonly accessTokenSecret: string;
  readonly mail: MailOptions;
  /** Default: provider "Google", disabled. */
  readonly oidc?: OidcOptions;
  readonly clock?: Clock;
  readonly passwordHashing?: Partial<PasswordHashingOptions>;
  readonly limits?: Partial<IdentityLimits>;
  readonly outboxWorker?: Partial<OutboxWorkerOptions>;
}

export const DEFAULT_OIDC_PROVIDER_NAME = 'Google';

/** The identity service's own settings, resolved (the store is opened from `IdentityModuleOptions.store`). */
export interface IdentitySettings {
  readonly accessTokenSecret: string;
  readonly mail: MailOptions;
  readonly oidc: OidcOptions;
  readonly passwordHashing: PasswordHashingOptions;
  readonly limits: IdentityLimits;
  readonly outboxWorker: OutboxWorkerOptions;
}

export const IDENTITY_SETTINGS = Symbol('IDENTITY_SETTINGS');

export function resolveIdentitySettings(options: IdentityModuleOptions): IdentitySettings {
  return {
    accessTokenSecret: options.accessTokenSecret,
    mail: options.mail,
    oidc: options.oidc ?? { providerName: DEFAULT_OIDC_PROVIDER_NAME, client: null },
    passwordHashing: { ...DEFAULT_PASSWORD_HASHING, ...options.passwordHashing },
    limits: { ...DEFAULT_IDENTITY_LIMITS, ...options.limits },
    outboxWorker: { ...DEFAULT_OUTBOX_WORKER, ...options.outboxWorker },
  };
}

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
export function toIdentityModuleOptions(
  config: IdentityConfigValues,
  accessTokenSecret: string | undefined = config.AUTH_TOKEN_SECRET,
): IdentityModuleOptions {
  if (!accessTokenSecret) throw new Error('toIdentityModuleOptions: AUTH_TOKEN_SECRET is required');
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
