import type { Model } from 'mongoose';
import type {
  Subscription,
  SubscriptionPlan,
  SubscriptionRecord,
  SubscriptionStatus,
} from '../../domain/subscription.js';
import type { SubscriptionChanges, SubscriptionRepository } from '../../ports/subscription.repository.js';
import type { BalanceDocument, SubscriptionDocument } from './billing.schemas.js';

const DUPLICATE_KEY = 11000;

export class SubscriptionMongoRepository implements SubscriptionRepository {
  constructor(
    private readonly subscriptions: Model<SubscriptionDocument>,
    private readonly balances: Model<BalanceDocument>,
  ) {}

  async createIfAbsent(subscription: SubscriptionRecord): Promise<Subscription> {
    const { _id, ...fields } = toDocument(subscription);
    try {
      await this.subscriptions.updateOne({ _id }, { $setOnInsert: fields }, { upsert: true }).exec();
    } catch (error) {
      // Two upserts racing on one _id: the loser reads what the winner stored.
      if ((error as { code?: unknown } | null)?.code !== DUPLICATE_KEY) throw error;
    }
    const stored = await this.findByUser(subscription.userId);
    if (!stored) throw new Error(`Upsert of the subscription of ${subscription.userId} left nothing`);
    return stored;
  }

  async findByUser(userId: string): Promise<Subscription | null> {
    const [doc, balance] = await Promise.all([
      this.subscriptions.findById(userId).lean<SubscriptionDocument>().exec(),
      this.balances.findById(userId).lean<BalanceDocument>().exec(),
    ]);
    return doc ? toSubscription(doc, balance?.cents ?? 0) : null;
  }

  async update(userId: string, changes: SubscriptionChanges, at: Date): Promise<Subscription | null> {
    const set: Partial<SubscriptionDocument> = { updatedAt: at };
    if (changes.plan !== undefined) set.plan = changes.plan;
    if (changes.rateCents !== undefined) set.rateCents = changes.rateCents;
    if (changes.status !== undefined) set.status = changes.status;
    const result = await this.subscriptions.updateOne({ _id: userId }, { $set: set }).exec();
    return result.matchedCount === 1 ? this.findByUser(userId) : null;
  }

  async countConversation(userId: string, limit: number | null, month: Date, at: Date): Promise<boolean> {
    const stale = { $lt: ['$usageResetAt', month] };
    // One pipeline update: the reset and the limit are decided on the document as it is when written.
    const result = await this.subscriptions.collection.updateOne(
      {
        _id: userId,
        $or: [{ usageResetAt: { $lt: month } }, limit === null ? {} : { conversationsUsed: { $lt: limit } }],
      } as never,
      [
        {
          $set: {
            conversationsUsed: { $cond: [stale, 1, { $add: ['$conversationsUsed', 1] }] },
            usageResetAt: { $cond: [stale, month, '$usageResetAt'] },
            updatedAt: at,
          },
        },
      ],
    );
    return result.modifiedCount === 1;
  }

  async uncountConversation(userId: string, month: Date, at: Date): Promise<void> {
    await this.subscriptions
      .updateOne(
        { _id: userId, usageResetAt: month, conversationsUsed: { $gt: 0 } },
        { $inc: { conversationsUsed: -1 }, $set: { updatedAt: at } },
      )
      .exec();
  }

  async deleteByUser(userId: string): Promise<number> {
    return (await this.subscriptions.deleteOne({ _id: userId }).exec()).deletedCount;
  }
}

function toSubscription(doc: SubscriptionDocument, balanceCents: number): Subscription {
  return {
    userId: doc._id,
    status: doc.status as SubscriptionStatus,
    plan: doc.plan as SubscriptionPlan,
    balanceCents,
    rateCents: doc.rateCents,
    conversationsUsed: doc.conversationsUsed,
    usageResetAt: doc.usageResetAt,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

function toDocument(subscription: SubscriptionRecord): SubscriptionDocument {
  const { userId, ...rest } = subscription;
  return { _id: userId, ...rest };
}
