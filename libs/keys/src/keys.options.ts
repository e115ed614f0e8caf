import { type StoreConfig, toStoreConfig } from '@membolt/platform';
import { z } from 'zod';

export interface KeysModuleOptions {
  readonly store: StoreConfig;
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
};

/** The keys service's config values: `storeConfigFields` and `keysConfigFields`, validated. */
export interface KeysConfigValues {
  readonly DATA_DIR: string;
  readonly MONGO_URL?: string | undefined;
  readonly API_KEY_LAST_USED_FLUSH_MS: number;
  readonly MAX_ACTIVE_API_KEYS_PER_USER: number;
}

/** Module options from an app's validated config. */
export function toKeysModuleOptions(config: KeysConfigValues): KeysModuleOptions {
  return {
    store: toStoreConfig(config),
    lastUsedFlushIntervalMs: config.API_KEY_LAST_USED_FLUSH_MS,
    maxActiveKeysPerUser: config.MAX_ACTIVE_API_KEYS_PER_USER,
  };
}
