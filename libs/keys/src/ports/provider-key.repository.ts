import type { LlmProviderId } from '@membolt/contracts';
import type { ProviderKey } from '../domain/provider-key.js';

/** Where users' language-model keys are stored. Every method takes the owner's id. */
export interface ProviderKeyRepository {
  /**
   * Stores the key, replacing the user's key for the same provider if there is one (one key per provider).
   * Returns the replaced key, or null.
   */
  replaceForProvider(key: ProviderKey): Promise<ProviderKey | null>;
  /** The user's keys, in the order of LLM_PROVIDER_IDS. */
  listByUser(userId: string): Promise<ProviderKey[]>;
  findByUser(userId: string, providerKeyId: string): Promise<ProviderKey | null>;
  findByProvider(userId: string, provider: LlmProviderId): Promise<ProviderKey | null>;
  /** Replaces the sealed secret of a key (encryption key rotation); false when the key is gone. */
  updateSealedSecret(userId: string, providerKeyId: string, sealedSecret: string): Promise<boolean>;
  /** Removes the key; returns it, or null when the user has no key with this id. */
  delete(userId: string, providerKeyId: string): Promise<ProviderKey | null>;
  /** Removes every key of the user; returns how many there were. */
  deleteAllOfUser(userId: string): Promise<number>;
}
