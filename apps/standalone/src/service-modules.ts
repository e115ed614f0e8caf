import type { DynamicModule } from '@nestjs/common';
import { BillingModule } from '@membolt/billing';
import { ChatModule } from '@membolt/chat';
import { IdentityModule, identityModuleOptionsFrom } from '@membolt/identity';
import { IngestionModule, toIngestionModuleOptions } from '@membolt/ingestion';
import { KeysModule, toKeysModuleOptions } from '@membolt/keys';
import { MemoryModule, toMemoryModuleOptions } from '@membolt/memory';
import { loadOrCreateLocalSecret, toStoreConfig } from '@membolt/platform';
import type { StandaloneConfig } from './standalone.config.js';

/** The access-token secret: from the environment, or generated once under DATA_DIR. */
export function accessTokenSecretOf(config: StandaloneConfig): string {
  return config.AUTH_TOKEN_SECRET ?? loadOrCreateLocalSecret(config.DATA_DIR, 'auth-token');
}

/** The six services on their embedded stores (or MongoDB when MONGO_URL is set), for one process. */
export function localServiceModules(config: StandaloneConfig): DynamicModule[] {
  const store = toStoreConfig(config);
  return [
    IdentityModule.forRoot(identityModuleOptionsFrom(config, accessTokenSecretOf(config))),
    KeysModule.forRoot(toKeysModuleOptions(store, config)),
    BillingModule.forRoot({ store }),
    MemoryModule.forRoot(toMemoryModuleOptions(config)),
    IngestionModule.forRoot(toIngestionModuleOptions(config)),
    ChatModule.forRoot(),
  ];
}
