import { type DynamicModule, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { createHealthController } from '@membolt/bus';
import type { StoreConfig } from '@membolt/platform';
import { CryptoApiKeyGenerator } from './adapters/crypto/crypto-api-key.generator.js';
import { BusKeyOwners, BusKeyRevocationNotifier } from './adapters/bus/bus-key-owners.js';
import { ApiKeyEmbeddedRepository } from './adapters/embedded/api-key.embedded.repository.js';
import { ApiKeyMongoRepository } from './adapters/mongo/api-key.mongo.repository.js';
import { ApiKeyUsageRecorder } from './api-key-usage.recorder.js';
import { ApiKeyService } from './api-key.service.js';
import { KEYS_SETTINGS, type KeysModuleOptions, resolveKeysSettings } from './keys.options.js';
import { KeysHandlers } from './keys.handlers.js';
import { API_KEY_GENERATOR } from './ports/api-key-generator.js';
import { API_KEY_REPOSITORY, type ApiKeyRepository } from './ports/api-key.repository.js';
import { CLOCK, systemClock } from './ports/clock.js';
import { KEY_OWNERS, KEY_REVOCATION_NOTIFIER } from './ports/key-owners.js';

async function openApiKeyRepository(store: StoreConfig): Promise<ApiKeyRepository> {
  switch (store.kind) {
    case 'embedded':
      return ApiKeyEmbeddedRepository.open(store.dataDir);
    case 'mongo':
      return ApiKeyMongoRepository.open(store.url);
  }
}

/** The keys service: users' API keys (stored hashed) and their validation for the gateway. */
@Module({})
export class KeysModule implements OnApplicationShutdown {
  constructor(@Inject(API_KEY_REPOSITORY) private readonly repository: ApiKeyRepository) {}

  static forRoot(options: KeysModuleOptions): DynamicModule {
    return {
      module: KeysModule,
      controllers: [KeysHandlers, createHealthController('keys')],
      providers: [
        { provide: KEYS_SETTINGS, useValue: resolveKeysSettings(options) },
        { provide: API_KEY_REPOSITORY, useFactory: () => openApiKeyRepository(options.store) },
        { provide: API_KEY_GENERATOR, useClass: CryptoApiKeyGenerator },
        { provide: CLOCK, useValue: systemClock },
        { provide: KEY_OWNERS, useClass: BusKeyOwners },
        { provide: KEY_REVOCATION_NOTIFIER, useClass: BusKeyRevocationNotifier },
        ApiKeyUsageRecorder,
        ApiKeyService,
      ],
    };
  }

  // Runs after every beforeApplicationShutdown hook, so the usage recorder has flushed by now.
  async onApplicationShutdown(): Promise<void> {
    await this.repository.close();
  }
}
