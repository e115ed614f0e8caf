import { type DynamicModule, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { createHealthController } from '@membolt/bus';
import { CLOCK, systemClock } from '@membolt/platform';
import { AesGcmSecretCipher } from './adapters/crypto/aes-gcm.secret-cipher.js';
import { CryptoApiKeyGenerator } from './adapters/crypto/crypto-api-key.generator.js';
import { BusKeyOwners, BusKeyRevocationNotifier } from './adapters/bus/bus-key-owners.js';
import { ApiKeyUsageRecorder } from './api-key-usage.recorder.js';
import { KeysHandlers } from './keys.handlers.js';
import { KEYS_SETTINGS, type KeysModuleOptions, resolveKeysSettings } from './keys.options.js';
import { KeysService } from './services/keys.service.js';
import { ProviderKeysService } from './services/provider-keys.service.js';
import { openKeysStore } from './keys.store.js';
import { API_KEY_GENERATOR } from './ports/api-key-generator.js';
import { KEY_OWNERS, KEY_REVOCATION_NOTIFIER } from './ports/key-owners.js';
import { KEYS_STORE, type KeysStore } from './ports/keys-store.js';
import { SECRET_CIPHER } from './ports/secret-cipher.js';

/**
 * The keys service: users' API keys (stored hashed) and their validation for the gateway, and users' own
 * language-model keys (sealed with AES-256-GCM), opened only for the chat service.
 */
@Module({})
export class KeysModule implements OnApplicationShutdown {
  constructor(@Inject(KEYS_STORE) private readonly store: KeysStore) {}

  static forRoot(options: KeysModuleOptions): DynamicModule {
    return {
      module: KeysModule,
      controllers: [KeysHandlers, createHealthController('keys')],
      providers: [
        { provide: KEYS_SETTINGS, useValue: resolveKeysSettings(options) },
        { provide: KEYS_STORE, useFactory: () => openKeysStore(options.store) },
        { provide: CLOCK, useValue: systemClock },
        { provide: API_KEY_GENERATOR, useClass: CryptoApiKeyGenerator },
        { provide: KEY_OWNERS, useClass: BusKeyOwners },
        { provide: KEY_REVOCATION_NOTIFIER, useClass: BusKeyRevocationNotifier },
        {
          provide: SECRET_CIPHER,
          useFactory: () =>
            new AesGcmSecretCipher(
              options.providerKeyEncryption.secret,
              options.providerKeyEncryption.previousSecrets,
            ),
        },
        ApiKeyUsageRecorder,
        KeysService,
        ProviderKeysService,
      ],
    };
  }

  // Runs after every beforeApplicationShutdown hook, so the usage recorder has flushed by now.
  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}
