import type { Model } from 'mongoose';
import type { Subscription, SubscriptionPlan, SubscriptionStatus } from '../../domain/subscription.js';
import type { SubscriptionRepository } from '../../ports/subscription.repository.js';
import type { SubscriptionDocument } from './billing.schemas.js';

const DUPLICATE_KEY = 11000;

export class SubscriptionMongoRepository implements SubscriptionRepository {
  constructor(private readonly subscriptions: Model<SubscriptionDocument>) {}

  async createIfAbsent(subscription: Subscription): Promise<Subscription> {
    const { _id, ...fields } = toDocument(subscription);
    try {
      const doc = await this.subscriptions
        .findOneAndUpdate({ _id }, { $setOnInsert: fields }, { upsert: true, returnDocument: 'after' })
        .lean<SubscriptionDocument>()
        .exec();
      // An upsert returning the document after the write always returns one.
      if (!doc) throw new Error(`Upsert of the subscription of ${subscription.userId} returned nothing`);
      return toSubscription(doc);
    } catch (error) {
      // Two upserts racing on one _id: the loser reads what the winner stored.
      if ((error as { code?: unknown } | null)?.code !== DUPLICATE_KEY) throw error;
      const winner = await this.findByUser(subscription.userId);
      if (!winner) throw error;
      return winner;
    }
  }

  async findByUser(userId: string): Promise<Subscription | null> {
    const doc = await this.subscriptions.findById(userId).lean<SubscriptionDocument>().exec();
    return doc ? toSubscription(doc) : null;
  }

  async deleteByUser(userId: string): Promise<number> {
    return (await this.subscriptions.deleteOne({ _id: userId }).exec()).deletedCount;
  }
}

function toSubscription(doc: SubscriptionDocument): Subscription {
  return {
    userId: doc._id,
    status: doc.status as SubscriptionStatus,
    plan: doc.plan as SubscriptionPlan,
    balanceCents: doc.balanceCents,
    rateCents: doc.rateCents,
    conversationsUsed: doc.conversationsUsed,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

function toDocument(subscription: Subscription): SubscriptionDocument {
  const { userId, ...rest } = subscription;
  return { _id: userId, ...rest };
}
