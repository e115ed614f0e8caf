import { Inject, Injectable, Logger } from '@nestjs/common';
import type { LlmProviderId } from '@membolt/contracts';
import { CLOCK, type Clock } from '@membolt/platform';
import {
  BASE_URL_ACCEPTED,
  BASE_URL_REQUIRED,
  lastCharactersOf,
  type OpenedProviderKey,
  type ProviderKey,
  sealingContextOf,
} from '../domain/provider-key.js';
import {
  baseUrlNotAccepted,
  baseUrlRequired,
  blankProviderKey,
  malformedProviderKey,
  noActiveAccount,
  providerKeyNotFound,
} from '../keys.errors.js';
import { API_KEY_GENERATOR, type ApiKeyGenerator } from '../ports/api-key-generator.js';
import { KEY_OWNERS, type KeyOwners } from '../ports/key-owners.js';
import { KEYS_STORE, type KeysStore } from '../ports/keys-store.js';
import { SECRET_CIPHER, type SecretCipher, UnopenableSecretError } from '../ports/secret-cipher.js';

export interface NewProviderKey {
  readonly provider: LlmProviderId;
  readonly apiKey: string;
  readonly baseUrl?: string | undefined;
}

/** Whitespace or control characters anywhere: a paste that caught more than the key. */
const NOT_IN_A_KEY = /[\s\p{Cc}]/u;

/** The rules of users' own language-model keys: sealed at rest, shown again only by their last characters. */
@Injectable()
export class ProviderKeysService {
  private readonly logger = new Logger('ProviderKeys');

  constructor(
    @Inject(KEYS_STORE) private readonly store: KeysStore,
    @Inject(SECRET_CIPHER) private readonly cipher: SecretCipher,
    @Inject(API_KEY_GENERATOR) private readonly generator: ApiKeyGenerator,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(KEY_OWNERS) private readonly owners: KeyOwners,
  ) {}

  /** Adds the user's key for a provider, replacing the one they had for it. */
  async add(userId: string, input: NewProviderKey): Promise<ProviderKey> {
    const secret = input.apiKey.trim();
    if (!secret) throw blankProviderKey();
    if (NOT_IN_A_KEY.test(secret)) throw malformedProviderKey();
    const baseUrl = input.baseUrl?.trim().replace(/\/+$/, '') || null;
    if (baseUrl && !BASE_URL_ACCEPTED.has(input.provider)) throw baseUrlNotAccepted();
    if (!baseUrl && BASE_URL_REQUIRED.has(input.provider)) throw baseUrlRequired();
    if (!(await this.owners.isActive(userId))) throw noActiveAccount(userId);

    const id = this.generator.newId();
    const key: ProviderKey = {
      id,
      userId,
      provider: input.provider,
      sealedSecret: this.cipher.seal(secret, sealingContextOf({ userId, id })),
      last4: lastCharactersOf(secret),
      baseUrl,
      createdAt: this.clock.now(),
    };
    await this.store.providerKeys.replaceForProvider(key);
    return key;
  }

  /** The user's keys, in the order of the providers. */
  list(userId: string): Promise<ProviderKey[]> {
    return this.store.providerKeys.listByUser(userId);
  }

  /** A key the user does not own is "not found". */
  async remove(userId: string, providerKeyId: string): Promise<ProviderKey> {
    const removed = await this.store.providerKeys.delete(userId, providerKeyId);
    if (!removed) throw providerKeyNotFound();
    return removed;
  }

  /**
   * The user's keys with their secrets, for the chat service. A value sealed under a rotated-out encryption
   * key is sealed again under the current one; a value that no configured key opens is left out (and logged):
   * the user sees the key in the list and can add it again.
   */
  async open(userId: string): Promise<OpenedProviderKey[]> {
    const keys = await this.store.providerKeys.listByUser(userId);
    const opened: OpenedProviderKey[] = [];
    for (const key of keys) {
      const context = sealingContextOf(key);
      let apiKey: string;
      try {
        apiKey = this.cipher.open(key.sealedSecret, context);
      } catch (error) {
        if (!(error instanceof UnopenableSecretError)) throw error;
        this.logger.error(`Provider key ${key.id} (${key.provider}) of ${userId} left out: ${error.message}`);
        continue;
      }
      if (!this.cipher.isSealedWithCurrentKey(key.sealedSecret)) {
        await this.store.providerKeys.updateSealedSecret(userId, key.id, this.cipher.seal(apiKey, context));
      }
      opened.push({ id: key.id, provider: key.provider, apiKey, baseUrl: key.baseUrl });
    }
    return opened;
  }

  /** Account deletion: every provider key of the user goes. Idempotent. */
  deleteAllOfUser(userId: string): Promise<number> {
    return this.store.providerKeys.deleteAllOfUser(userId);
  }
}
