import type { Model } from 'mongoose';
import type {
  PortalAuditEntry,
  PortalAuditPage,
  PortalRepository,
  PortalSettings,
} from '../../ports/portal.repository.js';
import type { PortalAuditDocument, PortalSettingsDocument } from './portal.schema.js';

export class PortalMongoRepository implements PortalRepository {
  constructor(
    private readonly settings: Model<PortalSettingsDocument>,
    private readonly audit: Model<PortalAuditDocument>,
  ) {}

  async findSettings(userId: string): Promise<PortalSettings | null> {
    const doc = await this.settings.findById(userId).lean<PortalSettingsDocument>().exec();
    if (!doc) return null;
    return {
      displayName: doc.displayName,
      logoUrl: doc.logoUrl,
      color: doc.color,
      frameOrigins: [...doc.frameOrigins],
      updatedAt: doc.updatedAt,
    };
  }

  async saveSettings(userId: string, settings: PortalSettings): Promise<void> {
    await this.settings
      .updateOne(
        { _id: userId },
        { $set: { ...settings, frameOrigins: [...settings.frameOrigins] } },
        { upsert: true },
      )
      .exec();
  }

  async recordAction(userId: string, entry: PortalAuditEntry): Promise<void> {
    await this.audit
      .updateOne(
        { _id: entry.id },
        {
          $setOnInsert: {
            userId,
            endUserId: entry.endUserId,
            action: entry.action,
            memoryId: entry.memoryId,
            memoryCount: entry.memoryCount,
            at: entry.at,
          },
        },
        { upsert: true },
      )
      .exec();
  }

  async listActions(
    userId: string,
    query: { readonly endUserId?: string; readonly limit: number; readonly offset: number },
  ): Promise<PortalAuditPage> {
    const filter = query.endUserId === undefined ? { userId } : { userId, endUserId: query.endUserId };
    const [docs, totalCount] = await Promise.all([
      this.audit
        .find(filter)
        .sort({ at: -1, _id: -1 })
        .skip(query.offset)
        .limit(query.limit)
        .lean<PortalAuditDocument[]>()
        .exec(),
      this.audit.countDocuments(filter).exec(),
    ]);
    return {
      entries: docs.map((doc) => ({
        id: doc._id,
        endUserId: doc.endUserId,
        action: doc.action,
        memoryId: doc.memoryId,
        memoryCount: doc.memoryCount,
        at: doc.at,
      })),
      totalCount,
    };
  }

  async deleteAllForUser(userId: string): Promise<number> {
    const settings = await this.settings.deleteOne({ _id: userId }).exec();
    const audit = await this.audit.deleteMany({ userId }).exec();
    return settings.deletedCount + audit.deletedCount;
  }
}
