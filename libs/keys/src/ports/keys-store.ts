import type { ApiKeyRepository } from './api-key.repository.js';
import type { ProviderKeyRepository } from './provider-key.repository.js';

/** The keys service's repositories over one store (one SQLite file or one MongoDB database), closed as one. */
export interface KeysStore {
  readonly apiKeys: ApiKeyRepository;
  readonly providerKeys: ProviderKeyRepository;
  close(): Promise<void>;
}

export const KEYS_STORE = Symbol('KEYS_STORE');
