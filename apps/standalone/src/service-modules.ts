import type { DynamicModule } from '@nestjs/common';
import { BillingModule, toBillingModuleOptions } from '@membolt/billing';
import { ChatModule, toChatModuleOptions } from '@membolt/chat';
import { IdentityModule, toIdentityModuleOptions } from '@membolt/identity';
import { IngestionModule, toIngestionModuleOptions } from '@membolt/ingestion';
import { KeysModule, toKeysModuleOptions } from '@membolt/keys';
import { MemoryModule, toMemoryModuleOptions } from '@membolt/memory';
import { loadOrCreateLocalSecret } from '@membolt/platform';
import { WebhooksModule, toWebhooksModuleOptions } from '@membolt/webhooks';
import type { StandaloneConfig } from './standalone.config.js';

/** The access-token secret: from the environment, or generated once under DATA_DIR. */
export function accessTokenSecretOf(config: StandaloneConfig): string {
  return config.AUTH_TOKEN_SECRET ?? loadOrCreateLocalSecret(config.DATA_DIR, 'auth-token');
}

/** The six services on their embedded stores (or MongoDB when MONGO_URL is set), for one process. */
export function localServiceModules(config: StandaloneConfig): DynamicModule[] {
  return [
    IdentityModule.forRoot(toIdentityModuleOptions(config, accessTokenSecretOf(config))),
    KeysModule.forRoot(toKeysModuleOptions(config)),
    BillingModule.forRoot(toBillingModuleOptions(config)),
    MemoryModule.forRoot(toMemoryModuleOptions(config)),
    IngestionModule.forRoot(toIngestionModuleOptions(config)),
    ChatModule.forRoot(toChatModuleOptions(config)),
    WebhooksModule.forRoot(toWebhooksModuleOptions(config)),
  ];
}
