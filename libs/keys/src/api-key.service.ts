import { Inject, Injectable } from '@nestjs/common';
import { CommonError, CommonErrorCode, KeysError, KeysErrorCode } from '@membolt/contracts';
import { ApiKeyUsageRecorder } from './api-key-usage.recorder.js';
import { API_KEY_PERMISSIONS, type ApiKey, type ApiKeyValidation } from './domain/api-key.js';
import { displayPrefixOf, hashApiKey, isWellFormedApiKey } from './domain/api-key-secret.js';
import { API_KEY_GENERATOR, type ApiKeyGenerator } from './ports/api-key-generator.js';
import {
  API_KEY_REPOSITORY,
  type ApiKeyChanges,
  type ApiKeyRepository,
  DuplicateApiKeyError,
} from './ports/api-key.repository.js';
import { KEYS_SETTINGS, type KeysSettings } from './keys.options.js';
import { CLOCK, type Clock } from './ports/clock.js';

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

const notFound = () => new KeysError(KeysErrorCode.ApiKeyNotFound, 'API key not found.');

/** An empty or blank description is no description. */
const normaliseDescription = (description: string | undefined): string | null | undefined =>
  description === undefined ? undefined : description.trim() || null;

/** The rules of API keys: creation, the owner's management of them, and validation for the gateway. */
@Injectable()
export class ApiKeyService {
  constructor(
    @Inject(API_KEY_REPOSITORY) private readonly repository: ApiKeyRepository,
    @Inject(API_KEY_GENERATOR) private readonly generator: ApiKeyGenerator,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly usage: ApiKeyUsageRecorder,
    @Inject(KEYS_SETTINGS) private readonly settings: KeysSettings,
  ) {}

  /** Creates an active key; the secret is returned here once and never stored. */
  async create(userId: string, input: NewApiKey): Promise<{ readonly key: ApiKey; readonly secret: string }> {
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
        if (!(await this.repository.insertWithinLimit(key, maxActiveKeysPerUser))) {
          throw new KeysError(
            KeysErrorCode.ApiKeyLimitReached,
            `You have reached the limit of ${maxActiveKeysPerUser} active API keys. Revoke a key you no longer use to create a new one.`,
          );
        }
        return { key, secret };
      } catch (error) {
        if (!(error instanceof DuplicateApiKeyError) || attempt >= MAX_GENERATION_ATTEMPTS) throw error;
      }
    }
  }

  /** The user's keys, newest first; `activeOnly` leaves out revoked ones. */
  async list(userId: string, activeOnly: boolean): Promise<ApiKey[]> {
    const keys = await this.repository.listByUser(userId, { activeOnly });
    return keys.map((key) => this.withPendingUse(key));
  }

  /** Irreversible. Revoking a revoked key returns it unchanged; a key the user does not own is "not found". */
  async revoke(userId: string, keyId: string): Promise<ApiKey> {
    const revoked = await this.repository.revoke(userId, keyId, this.clock.now());
    if (!revoked) throw notFound();
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
      throw new CommonError(
        CommonErrorCode.ValidationError,
        'Nothing to update: give a name or a description.',
      );
    }
    const existing = await this.repository.findByUser(userId, keyId);
    if (!existing) throw notFound();
    const updated = existing.active
      ? await this.repository.update(userId, keyId, changes, this.clock.now())
      : null;
    // null after the key was found: it is revoked (or was revoked in between).
    if (!updated) {
      throw new CommonError(
        CommonErrorCode.Conflict,
        'This API key has been revoked and can no longer be changed.',
      );
    }
    return this.withPendingUse(updated);
  }

  /** Who owns this key? A malformed key is "unknown" without a lookup. Records the use of a valid key. */
  async validate(candidate: string): Promise<ApiKeyValidation> {
    if (!isWellFormedApiKey(candidate)) return { valid: false, reason: 'unknown' };
    const key = await this.repository.findByHash(hashApiKey(candidate));
    if (!key) return { valid: false, reason: 'unknown' };
    if (!key.active) return { valid: false, reason: 'revoked' };
    this.usage.record({ userId: key.userId, keyId: key.id, usedAt: this.clock.now() });
    return { valid: true, key };
  }

  /** Account deletion: every key of the user goes. Idempotent. */
  async deleteAllOfUser(userId: string): Promise<number> {
    this.usage.forgetUser(userId);
    return this.repository.deleteAllOfUser(userId);
  }

  private withPendingUse(key: ApiKey): ApiKey {
    const pending = this.usage.pendingUse(key.id);
    return pending && (!key.lastUsedAt || key.lastUsedAt < pending) ? { ...key, lastUsedAt: pending } : key;
  }
}
