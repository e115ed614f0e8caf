import { type StoreConfig, toStoreConfig } from '@membolt/platform';

export interface MemoryModuleOptions {
  /** The embedded SQLite file `DATA_DIR/memory.sqlite`, or the `membolt_memory` MongoDB database. */
  readonly store: StoreConfig;
}

/** The module's options from a validated process config (the service's own app, or standalone). */
export function toMemoryModuleOptions(config: {
  readonly DATA_DIR: string;
  readonly MONGO_URL?: string | undefined;
}): MemoryModuleOptions {
  return { store: toStoreConfig(config) };
}
