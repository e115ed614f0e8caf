import type { Model } from 'mongoose';
import type { PaymentLink, PaymentLinkChanges } from '../../domain/payment-link.js';
import type { PaymentLinkRepository } from '../../ports/payment-link.repository.js';
import type { PaymentLinkDocument } from './billing.schemas.js';

export class PaymentLinkMongoRepository implements PaymentLinkRepository {
  constructor(private readonly links: Model<PaymentLinkDocument>) {}

  async find(userId: string): Promise<PaymentLink | null> {
    const doc = await this.links.findById(userId).lean<PaymentLinkDocument>().exec();
    return doc ? toPaymentLink(doc) : null;
  }

  async save(userId: string, changes: PaymentLinkChanges, at: Date): Promise<PaymentLink> {
    // One upsert: fields left undefined keep their stored value ($set names only the given ones).
    const set: Partial<PaymentLinkDocument> = { provider: changes.provider, updatedAt: at };
    if (changes.customerId !== undefined) set.customerId = changes.customerId;
    if (changes.subscriptionId !== undefined) set.subscriptionId = changes.subscriptionId;
    const doc = await this.links
      .findByIdAndUpdate(
        userId,
        { $set: set, $setOnInsert: { _id: userId } },
        { upsert: true, new: true, setDefaultsOnInsert: true },
      )
      .lean<PaymentLinkDocument>()
      .exec();
    if (!doc) throw new Error(`The payment link of ${userId} was not stored`);
    return toPaymentLink(doc);
  }

  async clearSubscription(userId: string, subscriptionId: string, at: Date): Promise<boolean> {
    const result = await this.links
      .updateOne({ _id: userId, subscriptionId }, { $set: { subscriptionId: null, updatedAt: at } })
      .exec();
    return result.modifiedCount === 1;
  }

  async deleteByUser(userId: string): Promise<number> {
    return (await this.links.deleteOne({ _id: userId }).exec()).deletedCount;
  }
}

function toPaymentLink(doc: PaymentLinkDocument): PaymentLink {
  return {
    userId: doc._id,
    provider: doc.provider,
    customerId: doc.customerId ?? null,
    subscriptionId: doc.subscriptionId ?? null,
    updatedAt: new Date(doc.updatedAt),
  };
}
