import { type StoreConfig, toStoreConfig } from '@membolt/platform';

export interface IngestionModuleOptions {
  /** The embedded SQLite file `DATA_DIR/ingestion.sqlite`, or the `membolt_ingestion` MongoDB database. */
  readonly store: StoreConfig;
}

/** The module's options from a validated process config (the service's own app, or standalone). */
export function toIngestionModuleOptions(config: {
  readonly DATA_DIR: string;
  readonly MONGO_URL?: string | undefined;
}): IngestionModuleOptions {
  return { store: toStoreConfig(config) };
}
