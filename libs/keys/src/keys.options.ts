import { type StoreConfig, toStoreConfig } from '@membolt/platform';
import { z } from 'zod';

export interface KeysModuleOptions {
  readonly store: StoreConfig;
  /**
   * How often recorded key uses are written as `last_used` (default 30 s). Uses are coalesced in memory: at
   * most one write per key per interval, and a last flush at shutdown.
   */
  readonly lastUsedFlushIntervalMs?: number;
}

export const DEFAULT_LAST_USED_FLUSH_INTERVAL_MS = 30_000;

/** The keys service's own settings, resolved. */
export interface KeysSettings {
  readonly lastUsedFlushIntervalMs: number;
}

export const KEYS_SETTINGS = Symbol('KEYS_SETTINGS');

export function resolveKeysSettings(options: KeysModuleOptions): KeysSettings {
  return { lastUsedFlushIntervalMs: options.lastUsedFlushIntervalMs ?? DEFAULT_LAST_USED_FLUSH_INTERVAL_MS };
}

/** Environment fields of a process that runs the keys service (spread into its config schema). */
export const keysConfigFields = {
  API_KEY_LAST_USED_FLUSH_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(600_000)
    .default(DEFAULT_LAST_USED_FLUSH_INTERVAL_MS),
};

/** The keys service's config values: `storeConfigFields` and `keysConfigFields`, validated. */
export interface KeysConfigValues {
  readonly DATA_DIR: string;
  readonly MONGO_URL?: string | undefined;
  readonly API_KEY_LAST_USED_FLUSH_MS: number;
}

/** Module options from an app's validated config. */
export function toKeysModuleOptions(config: KeysConfigValues): KeysModuleOptions {
  return { store: toStoreConfig(config), lastUsedFlushIntervalMs: config.API_KEY_LAST_USED_FLUSH_MS };
}
