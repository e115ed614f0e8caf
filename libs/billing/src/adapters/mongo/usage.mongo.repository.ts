import type { MeteredEndpoint } from '@membolt/contracts';
import type { Model } from 'mongoose';
import type { KeySpend, KeySpendCap, UsageEntry, UsageRefusal, UsageRow } from '../../domain/usage.js';
import type { UsageDecision, UsageOutcome, UsageRepository } from '../../ports/usage.repository.js';
import type { KeyCapDocument, UsageDocument } from './billing.schemas.js';

const idOf = (userId: string, key: string) => `${userId}:${key}`;
const COST = { $add: [{ $multiply: ['$chargedCents', 1_000_000] }, '$tokenCostMicrocents'] };

export class UsageMongoRepository implements UsageRepository {
  constructor(
    private readonly usage: Model<UsageDocument>,
    private readonly capDocs: Model<KeyCapDocument>,
  ) {}

  async begin(entry: UsageEntry): Promise<{ created: boolean; entry: UsageEntry }> {
    const _id = idOf(entry.userId, entry.idempotencyKey);
    let created = false;
    try {
      created =
        (await this.usage.updateOne({ _id }, { $setOnInsert: { ...entry } }, { upsert: true }).exec())
          .upsertedCount === 1;
    } catch (error) {
      if ((error as { code?: unknown } | null)?.code !== 11000) throw error;
    }
    const stored = await this.find(entry.userId, entry.idempotencyKey);
    if (!stored) throw new Error(`Usage entry ${entry.idempotencyKey} vanished after its insert`);
    return { created, entry: stored };
  }

  async createMany(entries: readonly UsageEntry[]): Promise<number> {
    if (entries.length === 0) return 0;
    const result = await this.usage.bulkWrite(
      entries.map((entry) => ({
        updateOne: {
          filter: { _id: idOf(entry.userId, entry.idempotencyKey) },
          update: { $setOnInsert: { ...entry } },
          upsert: true,
        },
      })),
      { ordered: false },
    );
    return result.upsertedCount;
  }

  async decide(userId: string, idempotencyKey: string, decision: UsageDecision): Promise<void> {
    await this.usage.updateOne({ _id: idOf(userId, idempotencyKey) }, { $set: { ...decision } }).exec();
  }

  async record(
    userId: string,
    idempotencyKey: string,
    outcome: UsageOutcome,
  ): Promise<{ first: boolean; entry: UsageEntry } | null> {
    const first =
      (
        await this.usage
          .updateOne(
            { _id: idOf(userId, idempotencyKey), recorded: false },
            { $set: { ...outcome, recorded: true } },
          )
          .exec()
      ).modifiedCount === 1;
    const entry = await this.find(userId, idempotencyKey);
    return entry ? { first, entry } : null;
  }

  async summary(userId: string, from: Date, to: Date): Promise<UsageRow[]> {
    const rows = await this.usage
      .aggregate<{ _id: { day: string; endpoint: string } } & Omit<UsageRow, 'day' | 'endpoint'>>([
        { $match: { userId, at: { $gte: from, $lt: to }, allowed: true, succeeded: true } },
        {
          $group: {
            _id: { day: { $dateToString: { format: '%Y-%m-%d', date: '$at' } }, endpoint: '$endpoint' },
            calls: { $sum: 1 },
            conversations: { $sum: { $cond: ['$conversation', 1, 0] } },
            tokens: { $sum: '$tokens' },
            costMicrocents: { $sum: COST },
            chargedCents: { $sum: '$chargedCents' },
          },
        },
        { $sort: { '_id.day': 1, '_id.endpoint': 1 } },
      ])
      .exec();
    return rows.map(({ _id, calls, conversations, tokens, costMicrocents, chargedCents }) => ({
      day: _id.day,
      endpoint: _id.endpoint,
      calls,
      conversations,
      tokens,
      costMicrocents,
      chargedCents,
    }));
  }

  async spendByKey(userId: string, from: Date): Promise<KeySpend> {
    const rows = await this.usage
      .aggregate<{ _id: string; spent: number }>([
        { $match: { userId, keyId: { $ne: null }, at: { $gte: from }, allowed: true } },
        { $group: { _id: '$keyId', spent: { $sum: COST } } },
      ])
      .exec();
    return new Map(rows.map((row) => [row._id, row.spent]));
  }

  async setCap(userId: string, keyId: string, capCents: number | null): Promise<void> {
    const _id = idOf(userId, keyId);
    if (capCents === null) {
      await this.capDocs.deleteOne({ _id }).exec();
      return;
    }
    await this.capDocs.updateOne({ _id }, { $set: { userId, keyId, capCents } }, { upsert: true }).exec();
  }

  async caps(userId: string): Promise<KeySpendCap[]> {
    const docs = await this.capDocs.find({ userId }).sort({ keyId: 1 }).lean<KeyCapDocument[]>().exec();
    return docs.map((doc) => ({ keyId: doc.keyId, capCents: doc.capCents }));
  }

  async deleteByUser(userId: string): Promise<{ usage: number; caps: number }> {
    const [usage, caps] = await Promise.all([
      this.usage.deleteMany({ userId }).exec(),
      this.capDocs.deleteMany({ userId }).exec(),
    ]);
    return { usage: usage.deletedCount, caps: caps.deletedCount };
  }

  async find(userId: string, idempotencyKey: string): Promise<UsageEntry | null> {
    const doc = await this.usage.findById(idOf(userId, idempotencyKey)).lean<UsageDocument>().exec();
    if (!doc) return null;
    const { _id: _ignored, ...fields } = doc;
    return {
      ...fields,
      endpoint: fields.endpoint as MeteredEndpoint,
      reason: fields.reason as UsageRefusal | null,
    };
  }
}
