import type { Model } from 'mongoose';
import type { SensitiveKind } from '@membolt/contracts';
import type { PolicyActions, PrivacyPolicyRepository } from '../../ports/privacy-policy.repository.js';
import type { PrivacyPolicyDocument, RedactionCountDocument } from './memory.schemas.js';

/** Policies and counts in MongoDB; the account's own policy has keyId ''. */
export class PrivacyPolicyMongoRepository implements PrivacyPolicyRepository {
  constructor(
    private readonly policies: Model<PrivacyPolicyDocument>,
    private readonly counts: Model<RedactionCountDocument>,
  ) {}

  async find(userId: string, keyId: string | null): Promise<PolicyActions | null> {
    const doc = await this.policies.findOne({ userId, keyId: keyId ?? '' }).lean();
    return doc ? (doc.actions as PolicyActions) : null;
  }

  async save(userId: string, keyId: string | null, actions: PolicyActions, at: Date): Promise<void> {
    await this.policies.updateOne(
      { userId, keyId: keyId ?? '' },
      { $set: { actions: { ...actions }, updatedAt: at } },
      { upsert: true },
    );
  }

  async remove(userId: string, keyId: string): Promise<boolean> {
    return (await this.policies.deleteOne({ userId, keyId })).deletedCount > 0;
  }

  async keyOverrides(userId: string): Promise<ReadonlyArray<{ keyId: string; actions: PolicyActions }>> {
    const docs = await this.policies
      .find({ userId, keyId: { $ne: '' } })
      .sort({ keyId: 1 })
      .lean();
    return docs.map((doc) => ({ keyId: doc.keyId, actions: doc.actions as PolicyActions }));
  }

  async countRedactions(userId: string, kinds: readonly SensitiveKind[]): Promise<void> {
    if (kinds.length === 0) return;
    await this.counts.bulkWrite(
      kinds.map((kind) => ({
        updateOne: { filter: { userId, kind }, update: { $inc: { count: 1 } }, upsert: true },
      })),
    );
  }

  async redactionCounts(userId: string): Promise<Partial<Record<SensitiveKind, number>>> {
    const docs = await this.counts.find({ userId }).lean();
    return Object.fromEntries(docs.map((doc) => [doc.kind, doc.count]));
  }

  async deleteUser(userId: string): Promise<number> {
    const policies = await this.policies.deleteMany({ userId });
    const counts = await this.counts.deleteMany({ userId });
    return policies.deletedCount + counts.deletedCount;
  }
}
