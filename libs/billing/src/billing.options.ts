import { type StoreConfig, toStoreConfig } from '@membolt/platform';

export interface BillingModuleOptions {
  readonly store: StoreConfig;
}

/** Module options from an app's validated config (`storeConfigFields`). */
export function toBillingModuleOptions(config: {
  readonly DATA_DIR: string;
  readonly MONGO_URL?: string | undefined;
}): BillingModuleOptions {
  return { store: toStoreConfig(config) };
}
