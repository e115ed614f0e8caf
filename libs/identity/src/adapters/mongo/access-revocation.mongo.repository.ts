import type { Model } from 'mongoose';
import type {
  AccessRevocationRecord,
  AccessRevocationRepository,
} from '../../ports/access-revocation.repository.js';
import type { AccessRevocationDocument } from './access-revocation.schema.js';

export class AccessRevocationMongoRepository implements AccessRevocationRepository {
  constructor(private readonly revocations: Model<AccessRevocationDocument>) {}

  async add(revocations: readonly AccessRevocationRecord[]): Promise<void> {
    if (revocations.length === 0) return;
    await this.revocations.bulkWrite(
      revocations.map((revocation) => ({
        updateOne: {
          filter: { _id: `${revocation.kind}:${revocation.id}` },
          update: {
            $set: { kind: revocation.kind, targetId: revocation.id },
            $max: { expiresAt: revocation.expiresAt },
          },
          upsert: true,
        },
      })),
      { ordered: false },
    );
  }

  async listActive(now: Date): Promise<AccessRevocationRecord[]> {
    const docs = await this.revocations
      .find({ expiresAt: { $gt: now } })
      .sort({ expiresAt: 1, kind: 1, targetId: 1 })
      .lean<AccessRevocationDocument[]>()
      .exec();
    return docs.map((doc) => ({ kind: doc.kind, id: doc.targetId, expiresAt: doc.expiresAt }));
  }

  async purgeExpired(now: Date): Promise<number> {
    return (await this.revocations.deleteMany({ expiresAt: { $lte: now } }).exec()).deletedCount;
  }
}
