import type { ApiKey } from '../domain/api-key.js';

/** Thrown by `insert` when the id or the key hash is already stored. */
export class DuplicateApiKeyError extends Error {
  constructor() {
    super('An API key with this id or hash already exists');
    this.name = 'DuplicateApiKeyError';
  }
}

/** One recorded use of a key, written later in a batch (see ApiKeyUsageRecorder). */
export interface ApiKeyUse {
  readonly userId: string;
  readonly keyId: string;
  readonly usedAt: Date;
}

export interface ApiKeyChanges {
  readonly name?: string;
  /** null clears the description. */
  readonly description?: string | null;
}

/**
 * Where API keys are stored. Every per-user method takes the owner's id, so a query that is not scoped to a
 * user does not type-check; `findByHash` is the one exception: there the key itself is the credential.
 */
export interface ApiKeyRepository {
  /** Throws DuplicateApiKeyError when the id or the hash is taken. */
  insert(key: ApiKey): Promise<void>;
  /**
   * Inserts an active key unless the user already has `maxActive` active keys (then false, nothing stored).
   * Concurrent calls never leave more than `maxActive` active keys. Throws DuplicateApiKeyError like `insert`.
   */
  insertWithinLimit(key: ApiKey, maxActive: number): Promise<boolean>;
  /** The user's keys, newest first. */
  listByUser(userId: string, options: { readonly activeOnly: boolean }): Promise<ApiKey[]>;
  findByUser(userId: string, keyId: string): Promise<ApiKey | null>;
  findByHash(keyHash: string): Promise<ApiKey | null>;
  /**
   * Deactivates the key. Revoking again changes nothing (the first `revokedAt` stays). Null when the user has
   * no key with this id.
   */
  revoke(userId: string, keyId: string, at: Date): Promise<ApiKey | null>;
  /** Changes an active key and sets `updatedAt`. Null when the user has no active key with this id. */
  update(userId: string, keyId: string, changes: ApiKeyChanges, at: Date): Promise<ApiKey | null>;
  /**
   * Moves each key's `lastUsedAt` forward to the given time (never backwards) in one batch. Keys that no
   * longer exist are skipped, never recreated.
   */
  recordUses(uses: readonly ApiKeyUse[]): Promise<void>;
  /** Removes every key of the user; returns how many there were. */
  deleteAllOfUser(userId: string): Promise<number>;
}
