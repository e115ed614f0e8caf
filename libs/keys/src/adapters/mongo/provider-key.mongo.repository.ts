import { LLM_PROVIDER_IDS, type LlmProviderId } from '@membolt/contracts';
import type { Model } from 'mongoose';
import type { ProviderKey } from '../../domain/provider-key.js';
import type { ProviderKeyRepository } from '../../ports/provider-key.repository.js';
import type { ProviderKeyDocument } from './keys.schemas.js';

const DUPLICATE_KEY = 11000;
const MAX_REPLACE_ATTEMPTS = 5;

export class ProviderKeyMongoRepository implements ProviderKeyRepository {
  constructor(private readonly keys: Model<ProviderKeyDocument>) {}

  /**
   * _id is immutable in MongoDB, so the old document is deleted and the new one inserted. Two concurrent
   * replacements for the same provider meet the unique (user, provider) index: the loser deletes the winner's
   * document and tries again, so the last writer wins, as in the embedded store.
   */
  async replaceForProvider(key: ProviderKey): Promise<ProviderKey | null> {
    const { id, ...rest } = key;
    for (let attempt = 1; ; attempt++) {
      const replaced = await this.keys
        .findOneAndDelete({ userId: key.userId, provider: key.provider })
        .lean<ProviderKeyDocument>()
        .exec();
      try {
        await this.keys.create({ _id: id, ...rest });
        return replaced ? toProviderKey(replaced) : null;
      } catch (error) {
        const duplicate = (error as { code?: unknown } | null)?.code === DUPLICATE_KEY;
        if (!duplicate || attempt >= MAX_REPLACE_ATTEMPTS) throw error;
      }
    }
  }

  async listByUser(userId: string): Promise<ProviderKey[]> {
    const docs = await this.keys.find({ userId }).lean<ProviderKeyDocument[]>().exec();
    return docs
      .map(toProviderKey)
      .sort((a, b) => LLM_PROVIDER_IDS.indexOf(a.provider) - LLM_PROVIDER_IDS.indexOf(b.provider));
  }

  async findByUser(userId: string, providerKeyId: string): Promise<ProviderKey | null> {
    const doc = await this.keys.findOne({ _id: providerKeyId, userId }).lean<ProviderKeyDocument>().exec();
    return doc ? toProviderKey(doc) : null;
  }

  async findByProvider(userId: string, provider: LlmProviderId): Promise<ProviderKey | null> {
    const doc = await this.keys.findOne({ userId, provider }).lean<ProviderKeyDocument>().exec();
    return doc ? toProviderKey(doc) : null;
  }

  async updateSealedSecret(userId: string, providerKeyId: string, sealedSecret: string): Promise<boolean> {
    const result = await this.keys
      .updateOne({ _id: providerKeyId, userId }, { $set: { sealedSecret } })
      .exec();
    return result.matchedCount > 0;
  }

  async delete(userId: string, providerKeyId: string): Promise<ProviderKey | null> {
    const doc = await this.keys
      .findOneAndDelete({ _id: providerKeyId, userId })
      .lean<ProviderKeyDocument>()
      .exec();
    return doc ? toProviderKey(doc) : null;
  }

  async deleteAllOfUser(userId: string): Promise<number> {
    return (await this.keys.deleteMany({ userId }).exec()).deletedCount;
  }
}

function toProviderKey(doc: ProviderKeyDocument): ProviderKey {
  return {
    id: doc._id,
    userId: doc.userId,
    provider: doc.provider as LlmProviderId,
    sealedSecret: doc.sealedSecret,
    last4: doc.last4,
    baseUrl: doc.baseUrl,
    createdAt: doc.createdAt,
  };
}
