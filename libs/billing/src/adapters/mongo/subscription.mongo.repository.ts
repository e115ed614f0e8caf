import { openMongoConnection } from '@membolt/mongo-store';
import { type Connection, type Model, Schema } from 'mongoose';
import {
  type Subscription,
  SUBSCRIPTION_PLANS,
  SUBSCRIPTION_STATUSES,
  type SubscriptionPlan,
  type SubscriptionStatus,
} from '../../domain/subscription.js';
import type { SubscriptionRepository } from '../../ports/subscription.repository.js';

/** One document per user, keyed by the user id. */
interface SubscriptionDocument {
  _id: string;
  status: string;
  plan: string;
  balanceCents: number;
  rateCents: number;
  conversationsUsed: number;
  createdAt: Date;
  updatedAt: Date;
}

const subscriptionSchema = new Schema<SubscriptionDocument>(
  {
    _id: { type: String, required: true },
    status: { type: String, required: true, enum: [...SUBSCRIPTION_STATUSES] },
    plan: { type: String, required: true, enum: [...SUBSCRIPTION_PLANS] },
    balanceCents: { type: Number, required: true, min: 0 },
    rateCents: { type: Number, required: true, min: 0 },
    conversationsUsed: { type: Number, required: true, min: 0 },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'subscriptions', versionKey: false },
);

const DUPLICATE_KEY = 11000;

export class SubscriptionMongoRepository implements SubscriptionRepository {
  private readonly subscriptions: Model<SubscriptionDocument>;

  private constructor(private readonly connection: Connection) {
    this.subscriptions = connection.model<SubscriptionDocument>('Subscription', subscriptionSchema);
  }

  static async open(url: string, dbName?: string): Promise<SubscriptionMongoRepository> {
    return new SubscriptionMongoRepository(await openMongoConnection(url, 'billing', dbName));
  }

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

  async close(): Promise<void> {
    await this.connection.close();
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
