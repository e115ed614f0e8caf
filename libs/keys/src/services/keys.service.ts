import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '@membolt/platform';
import { ApiKeyUsageRecorder } from '../api-key-usage.recorder.js';
import { API_KEY_PERMISSIONS, type ApiKey, type ApiKeyValidation } from '../domain/api-key.js';
import { displayPrefixOf, hashApiKey, isWellFormedApiKey } from '../domain/api-key-secret.js';
import { API_KEY_GENERATOR, type ApiKeyGenerator } from '../ports/api-key-generator.js';
import {
  apiKeyLimitReached,
  apiKeyNotFound,
  apiKeyRevoked,
  noActiveAccount,
  nothingToUpdate,
} from '../keys.errors.js';
import { type ApiKeyChanges, DuplicateApiKeyError } from '../ports/api-key.repository.js';
import {
  KEY_OWNERS,
  KEY_REVOCATION_NOTIFIER,
  type KeyOwners,
  type KeyRevocationNotifier,
} from '../ports/key-owners.js';
import { KEYS_STORE, type KeysStore } from '../ports/keys-store.js';
import { KEYS_SETTINGS, type KeysSettings } from '../keys.options.js';

export interface NewApiKey {
  readonly name: string;
  readonly description?: string | undefined;
  readonly graphId?: string | undefined;
}

export interface ApiKeyEdit {
  readonly name?: string | undefined;
  readonly description?: string | undefined;
}

/** With 190 random bits a repeat is never expected; the retry exists so a repeat can never surface as an error. */
const MAX_GENERATION_ATTEMPTS = 3;

/** An empty or blank description is no description. */
const normaliseDescription = (description: string | undefined): string | null | undefined =>
  description === undefined ? undefined : description.trim() || null;

/** The rules of API keys: creation, the owner's management of them, and validation for the gateway. */
@Injectable()
export class KeysService {
  constructor(
    @Inject(KEYS_STORE) private readonly store: KeysStore,
    @Inject(API_KEY_GENERATOR) private readonly generator: ApiKeyGenerator,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly usage: ApiKeyUsageRecorder,
    @Inject(KEY_OWNERS) private readonly owners: KeyOwners,
    @Inject(KEY_REVOCATION_NOTIFIER) private readonly notifier: KeyRevocationNotifier,
    @Inject(KEYS_SETTINGS) private readonly settings: KeysSettings,
  ) {}

  /**
   * Creates an active key; the secret is returned here once and never stored. Only for an active account:
   * a key for an unknown or deleted user would authenticate as nobody the product knows.
   */
  async create(userId: string, input: NewApiKey): Promise<{ readonly key: ApiKey; readonly secret: string }> {
    if (!(await this.owners.isActive(userId))) {
      throw noActiveAccount(userId);
    }
    for (let attempt = 1; ; attempt++) {
      const secret = this.generator.newSecret();
      const key: ApiKey = {
        id: this.generator.newId(),
        userId,
        name: input.name,
        description: normaliseDescription(input.description) ?? null,
        graphId: input.graphId ?? null,
        keyHash: hashApiKey(secret),
        displayPrefix: displayPrefixOf(secret),
        active: true,
        permissions: [...API_KEY_PERMISSIONS],
        createdAt: this.clock.now(),
        lastUsedAt: null,
        revokedAt: null,
        updatedAt: null,
      };
      try {
        const { maxActiveKeysPerUser } = this.settings;
        if (!(await this.store.apiKeys.insertWithinLimit(key, maxActiveKeysPerUser))) {
          throw apiKeyLimitReached(maxActiveKeysPerUser);
        }
        return { key, secret };
      } catch (error) {
        if (!(error instanceof DuplicateApiKeyError) || attempt >= MAX_GENERATION_ATTEMPTS) throw error;
      }
    }
  }

  /** The user's keys, newest first; `activeOnly` leaves out revoked ones. */
  async list(userId: string, activeOnly: boolean): Promise<ApiKey[]> {
    const keys = await this.store.apiKeys.listByUser(userId, { activeOnly });
    return keys.map((key) => this.withPendingUse(key));
  }

  /** Irreversible. Revoking a revoked key returns it unchanged; a key the user does not own is "not found". */
  async revoke(userId: string, keyId: string): Promise<ApiKey> {
    const revoked = await this.store.apiKeys.revoke(userId, keyId, this.clock.now());
    if (!revoked) throw apiKeyNotFound();
    await this.notifier.revoked(userId, [revoked.id]);
    return this.withPendingUse(revoked);
  }

  /** Renames or re-describes an active key. A revoked key is frozen: 409. */
  async update(userId: string, keyId: string, edit: ApiKeyEdit): Promise<ApiKey> {
    const changes: ApiKeyChanges = {
      ...(edit.name !== undefined ? { name: edit.name } : {}),
      ...(edit.description !== undefined
        ? { description: normaliseDescription(edit.description) ?? null }
        : {}),
    };
    if (changes.name === undefined && changes.description === undefined) {
      throw nothingToUpdate();
    }
    const existing = await this.store.apiKeys.findByUser(userId, keyId);
    if (!existing) throw apiKeyNotFound();
    const updated = existing.active
      ? await this.store.apiKeys.update(userId, keyId, changes, this.clock.now())
      : null;
    // null after the key was found: it is revoked (or was revoked in between).
    if (!updated) throw apiKeyRevoked();
    return this.withPendingUse(updated);
  }

  /** Who owns this key? A malformed key is "unknown" without a lookup. Records the use of a valid key. */
  async validate(candidate: string): Promise<ApiKeyValidation> {
    if (!isWellFormedApiKey(candidate)) return { valid: false, reason: 'unknown' };
    const key = await this.store.apiKeys.findByHash(hashApiKey(candidate));
    if (!key) return { valid: false, reason: 'unknown' };
    if (!key.active) return { valid: false, reason: 'revoked' };
    this.usage.record({ userId: key.userId, keyId: key.id, usedAt: this.clock.now() });
    return { valid: true, key };
  }

  /** Account deletion: every key of the user goes. Idempotent. */
  async deleteAllOfUser(userId: string): Promise<number> {
    this.usage.forgetUser(userId);
    const removed = await this.store.apiKeys.deleteAllOfUser(userId);
    // Broadcast even when nothing was removed here: a retried deletion must still clear every cache.
    await this.notifier.revoked(userId, []);
    return removed;
  }

  private withPendingUse(key: ApiKey): ApiKey {
    const pending = this.usage.pendingUse(key.id);
    return pending && (!key.lastUsedAt || key.lastUsedAt < pending) ? { ...key, lastUsedAt: pending } : key;
  }
}
