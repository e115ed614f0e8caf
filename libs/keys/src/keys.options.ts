import { loadOrCreateLocalSecret, type StoreConfig, toStoreConfig } from '@membolt/platform';
import { z } from 'zod';

/**
 * The operator's key for users' language-model keys at rest (AES-256-GCM; decision 038). `secret` seals every
 * new value; `previousSecrets` only open values sealed before a rotation (they are sealed again under
 * `secret` when next read).
 */
export interface ProviderKeyEncryptionOptions {
  readonly secret: string;
  readonly previousSecrets?: readonly string[];
}

export interface KeysModuleOptions {
  readonly store: StoreConfig;
  readonly providerKeyEncryption: ProviderKeyEncryptionOptions;
  /**
   * How often recorded key uses are written as `last_used` (default 30 s). Uses are coalesced in memory: at
   * most one write per key per interval, and a last flush at shutdown.
   */
  readonly lastUsedFlushIntervalMs?: number;
  /** Active (unrevoked) keys one user may hold, the default key included (default 50). */
  readonly maxActiveKeysPerUser?: number;
}

export const DEFAULT_LAST_USED_FLUSH_INTERVAL_MS = 30_000;
export const DEFAULT_MAX_ACTIVE_KEYS_PER_USER = 50;

/** The keys service's own settings, resolved. */
export interface KeysSettings {
  readonly lastUsedFlushIntervalMs: number;
  readonly maxActiveKeysPerUser: number;
}

export const KEYS_SETTINGS = Symbol('KEYS_SETTINGS');

export function resolveKeysSettings(options: KeysModuleOptions): KeysSettings {
  return {
    lastUsedFlushIntervalMs: options.lastUsedFlushIntervalMs ?? DEFAULT_LAST_USED_FLUSH_INTERVAL_MS,
    maxActiveKeysPerUser: options.maxActiveKeysPerUser ?? DEFAULT_MAX_ACTIVE_KEYS_PER_USER,
  };
}

const PROVIDER_KEYS_SECRET_HINT = 'must be at least 32 characters (e.g. `openssl rand -base64 48`)';

/** Secrets that seal users' language-model keys: high-entropy strings, the key derived from each by HKDF. */
export const providerKeysSecret = z.string().min(32, PROVIDER_KEYS_SECRET_HINT);

/** Environment fields of a process that runs the keys service (spread into its config schema). */
export const keysConfigFields = {
  API_KEY_LAST_USED_FLUSH_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(600_000)
    .default(DEFAULT_LAST_USED_FLUSH_INTERVAL_MS),
  MAX_ACTIVE_API_KEYS_PER_USER: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .default(DEFAULT_MAX_ACTIVE_KEYS_PER_USER),
  /**
   * Optional here: standalone generates one under DATA_DIR/secrets, and apps/keys requires it in production
   * (see providerKeysSecretRequiredInProduction).
   */
  PROVIDER_KEYS_SECRET: providerKeysSecret.optional(),
  /** Comma-separated secrets of before a rotation: values sealed under them still open. */
  PROVIDER_KEYS_PREVIOUS_SECRETS: z
    .string()
    .optional()
    .transform((list) =>
      (list ?? '')
        .split(',')
        .map((secret) => secret.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().min(32, `each secret ${PROVIDER_KEYS_SECRET_HINT}`))),
};

/**
 * For a distributed keys process: in production the operator's secret must be given (every replica needs the
 * same one, and a generated one would be lost with the container); elsewhere a generated one is accepted.
 */
export function providerKeysSecretRequiredInProduction(
  config: { readonly NODE_ENV: string; readonly PROVIDER_KEYS_SECRET?: string | undefined },
  context: z.core.$RefinementCtx,
): void {
  if (config.NODE_ENV === 'production' && !config.PROVIDER_KEYS_SECRET) {
    context.addIssue({
      code: 'custom',
      path: ['PROVIDER_KEYS_SECRET'],
      message: `is required in production (NODE_ENV=production): it encrypts users' language-model keys; it ${PROVIDER_KEYS_SECRET_HINT}`,
    });
  }
}

/** The keys service's config values: `storeConfigFields` and `keysConfigFields`, validated. */
export interface KeysConfigValues {
  readonly DATA_DIR: string;
  readonly MONGO_URL?: string | undefined;
  readonly API_KEY_LAST_USED_FLUSH_MS: number;
  readonly MAX_ACTIVE_API_KEYS_PER_USER: number;
  readonly PROVIDER_KEYS_SECRET?: string | undefined;
  readonly PROVIDER_KEYS_PREVIOUS_SECRETS: readonly string[];
}

/**
 * The secret that seals provider keys: `PROVIDER_KEYS_SECRET`, else one generated once (48 random bytes) in
 * `DATA_DIR/secrets/provider-keys`, like standalone's access-token secret.
 */
export function providerKeysSecretOf(config: KeysConfigValues): string {
  return config.PROVIDER_KEYS_SECRET ?? loadOrCreateLocalSecret(config.DATA_DIR, 'provider-keys');
}

/** Module options from an app's validated config. */
export function toKeysModuleOptions(config: KeysConfigValues): KeysModuleOptions {
  return {
    store: toStoreConfig(config),
    providerKeyEncryption: {
      secret: providerKeysSecretOf(config),
      previousSecrets: config.PROVIDER_KEYS_PREVIOUS_SECRETS,
    },
    lastUsedFlushIntervalMs: config.API_KEY_LAST_USED_FLUSH_MS,
    maxActiveKeysPerUser: config.MAX_ACTIVE_API_KEYS_PER_USER,
  };
}
