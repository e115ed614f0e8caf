import type { Model } from 'mongoose';
import type { ApiKey, ApiKeyPermission } from '../../domain/api-key.js';
import {
  type ApiKeyChanges,
  type ApiKeyRepository,
  type ApiKeyUse,
  DuplicateApiKeyError,
} from '../../ports/api-key.repository.js';
import type { ApiKeyDocument } from './keys.schemas.js';

const DUPLICATE_KEY = 11000;

export class ApiKeyMongoRepository implements ApiKeyRepository {
  constructor(private readonly keys: Model<ApiKeyDocument>) {}

  async insert(key: ApiKey): Promise<void> {
    try {
      await this.keys.create(toDocument(key));
    } catch (error) {
      if ((error as { code?: unknown } | null)?.code === DUPLICATE_KEY) throw new DuplicateApiKeyError();
      throw error;
    }
  }

  /**
   * Without transactions (a standalone MongoDB has none) the key is inserted first, then the user's active keys
   * are counted; a key that finds itself beyond the cap removes itself. Racing inserts can thus all back out
   * (the caller sees "limit reached" and may retry) but can never leave more than `maxActive` active keys.
   */
  async insertWithinLimit(key: ApiKey, maxActive: number): Promise<boolean> {
    if ((await this.keys.countDocuments({ userId: key.userId, active: true }).exec()) >= maxActive)
      return false;
    await this.insert(key);
    if ((await this.keys.countDocuments({ userId: key.userId, active: true }).exec()) <= maxActive)
      return true;
    await this.keys.deleteOne({ _id: key.id }).exec();
    return false;
  }

  async listByUser(userId: string, options: { readonly activeOnly: boolean }): Promise<ApiKey[]> {
    const filter = options.activeOnly ? { userId, active: true } : { userId };
    const docs = await this.keys
      .find(filter)
      .sort({ createdAt: -1, _id: -1 })
      .lean<ApiKeyDocument[]>()
      .exec();
    return docs.map(toApiKey);
  }

  async findByUser(userId: string, keyId: string): Promise<ApiKey | null> {
    const doc = await this.keys.findOne({ _id: keyId, userId }).lean<ApiKeyDocument>().exec();
    return doc ? toApiKey(doc) : null;
  }

  async findByHash(keyHash: string): Promise<ApiKey | null> {
    const doc = await this.keys.findOne({ keyHash }).lean<ApiKeyDocument>().exec();
    return doc ? toApiKey(doc) : null;
  }

  async revoke(userId: string, keyId: string, at: Date): Promise<ApiKey | null> {
    await this.keys
      .updateOne({ _id: keyId, userId, active: true }, { $set: { active: false, revokedAt: at } })
      .exec();
    return this.findByUser(userId, keyId);
  }

  async update(userId: string, keyId: string, changes: ApiKeyChanges, at: Date): Promise<ApiKey | null> {
    const set: Partial<ApiKeyDocument> = { updatedAt: at };
    if (changes.name !== undefined) set.name = changes.name;
    if (changes.description !== undefined) set.description = changes.description;
    const doc = await this.keys
      .findOneAndUpdate({ _id: keyId, userId, active: true }, { $set: set }, { returnDocument: 'after' })
      .lean<ApiKeyDocument>()
      .exec();
    return doc ? toApiKey(doc) : null;
  }

  async recordUses(uses: readonly ApiKeyUse[]): Promise<void> {
    if (uses.length === 0) return;
    await this.keys.bulkWrite(
      uses.map((use) => ({
        updateOne: {
          filter: {
            _id: use.keyId,
            userId: use.userId,
            $or: [{ lastUsedAt: null }, { lastUsedAt: { $lt: use.usedAt } }],
          },
          update: { $set: { lastUsedAt: use.usedAt } },
          upsert: false,
        },
      })),
      { ordered: false },
    );
  }

  async deleteAllOfUser(userId: string): Promise<number> {
    return (await this.keys.deleteMany({ userId }).exec()).deletedCount;
  }
}

function toApiKey(doc: ApiKeyDocument): ApiKey {
  return {
    id: doc._id,
    userId: doc.userId,
    name: doc.name,
    description: doc.description,
    graphId: doc.graphId,
    keyHash: doc.keyHash,
    displayPrefix: doc.displayPrefix,
    active: doc.active,
    permissions: [...doc.permissions] as ApiKeyPermission[],
    createdAt: doc.createdAt,
    lastUsedAt: doc.lastUsedAt,
    revokedAt: doc.revokedAt,
    updatedAt: doc.updatedAt,
  };
}

function toDocument(key: ApiKey): ApiKeyDocument {
  const { id, permissions, ...rest } = key;
  return { _id: id, permissions: [...permissions], ...rest };
}
