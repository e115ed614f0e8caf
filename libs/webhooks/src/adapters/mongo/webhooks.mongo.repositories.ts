import type { Model } from 'mongoose';
import type { WebhookEventType } from '@membolt/contracts';
import type { WebhookDelivery, WebhookEndpoint } from '../../domain/webhook.js';
import type { DeliveryAttempt, WebhookDeliveryRepository } from '../../ports/webhook-delivery.repository.js';
import type {
  WebhookEndpointChanges,
  WebhookEndpointRepository,
} from '../../ports/webhook-endpoint.repository.js';
import type { WebhookDeliveryDocument, WebhookEndpointDocument } from './webhooks.schemas.js';

const DISABLED_BY_FAILURES = 'repeated delivery failures';
const DUPLICATE_KEY = 11000;

export class WebhookEndpointMongoRepository implements WebhookEndpointRepository {
  constructor(private readonly endpoints: Model<WebhookEndpointDocument>) {}

  async insert(endpoint: WebhookEndpoint): Promise<void> {
    const { id, ...rest } = endpoint;
    await this.endpoints.create({ _id: id, ...rest, events: [...endpoint.events] });
  }

  async listByUser(userId: string): Promise<WebhookEndpoint[]> {
    const docs = await this.endpoints
      .find({ userId })
      .sort({ createdAt: -1, _id: -1 })
      .lean<WebhookEndpointDocument[]>()
      .exec();
    return docs.map(toEndpoint);
  }

  async get(userId: string, endpointId: string): Promise<WebhookEndpoint | null> {
    const doc = await this.endpoints
      .findOne({ _id: endpointId, userId })
      .lean<WebhookEndpointDocument>()
      .exec();
    return doc ? toEndpoint(doc) : null;
  }

  async update(
    userId: string,
    endpointId: string,
    changes: WebhookEndpointChanges,
    at: Date,
  ): Promise<WebhookEndpoint | null> {
    const set: Partial<WebhookEndpointDocument> = { updatedAt: at };
    if (changes.url !== undefined) set.url = changes.url;
    if (changes.events !== undefined) set.events = [...changes.events];
    if (changes.description !== undefined) set.description = changes.description;
    if (changes.enabled === true)
      Object.assign(set, { enabled: true, disabledReason: null, consecutiveFailures: 0 });
    if (changes.enabled === false)
      Object.assign(set, { enabled: false, disabledReason: 'disabled by its owner' });
    const doc = await this.endpoints
      .findOneAndUpdate({ _id: endpointId, userId }, { $set: set }, { new: true })
      .lean<WebhookEndpointDocument>()
      .exec();
    return doc ? toEndpoint(doc) : null;
  }

  async remove(userId: string, endpointId: string): Promise<WebhookEndpoint | null> {
    const doc = await this.endpoints
      .findOneAndDelete({ _id: endpointId, userId })
      .lean<WebhookEndpointDocument>()
      .exec();
    return doc ? toEndpoint(doc) : null;
  }

  async listSubscribed(userId: string, event: WebhookEventType): Promise<WebhookEndpoint[]> {
    const docs = await this.endpoints
      .find({ userId, enabled: true, events: event })
      .lean<WebhookEndpointDocument[]>()
      .exec();
    return docs.map(toEndpoint);
  }

  async recordOutcome(
    userId: string,
    endpointId: string,
    ok: boolean,
    disableAfter: number,
    at: Date,
  ): Promise<{ endpoint: WebhookEndpoint; disabledNow: boolean } | null> {
    if (ok) {
      const doc = await this.endpoints
        .findOneAndUpdate({ _id: endpointId, userId }, { $set: { consecutiveFailures: 0 } }, { new: true })
        .lean<WebhookEndpointDocument>()
        .exec();
      return doc ? { endpoint: toEndpoint(doc), disabledNow: false } : null;
    }
    // One atomic pipeline update: the attempt that reaches the bound is the one that sees enabled turn false.
    const reaches = { $gte: [{ $add: ['$consecutiveFailures', 1] }, disableAfter] };
    const disables = { $and: ['$enabled', reaches] };
    const before = await this.endpoints
      .findOneAndUpdate(
        { _id: endpointId, userId },
        [
          {
            $set: {
              enabled: { $cond: [disables, false, '$enabled'] },
              disabledReason: { $cond: [disables, DISABLED_BY_FAILURES, '$disabledReason'] },
              updatedAt: { $cond: [disables, at, '$updatedAt'] },
              consecutiveFailures: { $add: ['$consecutiveFailures', 1] },
            },
          },
        ],
        { new: false },
      )
      .lean<WebhookEndpointDocument>()
      .exec();
    if (!before) return null;
    const after = await this.get(userId, endpointId);
    if (!after) return null;
    return { endpoint: after, disabledNow: before.enabled && !after.enabled };
  }

  async deleteAllOfUser(userId: string): Promise<number> {
    return (await this.endpoints.deleteMany({ userId }).exec()).deletedCount;
  }
}

export class WebhookDeliveryMongoRepository implements WebhookDeliveryRepository {
  constructor(private readonly deliveries: Model<WebhookDeliveryDocument>) {}

  async insertOnce(delivery: WebhookDelivery): Promise<WebhookDelivery> {
    const { id, ...rest } = delivery;
    try {
      await this.deliveries.create({ _id: id, ...rest });
    } catch (error) {
      if ((error as { code?: number }).code !== DUPLICATE_KEY) throw error;
    }
    const doc = await this.deliveries
      .findOne({ endpointId: delivery.endpointId, eventId: delivery.eventId })
      .lean<WebhookDeliveryDocument>()
      .exec();
    return toDelivery(doc!);
  }

  async get(userId: string, deliveryId: string): Promise<WebhookDelivery | null> {
    const doc = await this.deliveries
      .findOne({ _id: deliveryId, userId })
      .lean<WebhookDeliveryDocument>()
      .exec();
    return doc ? toDelivery(doc) : null;
  }

  async listByEndpoint(userId: string, endpointId: string, limit: number): Promise<WebhookDelivery[]> {
    const docs = await this.deliveries
      .find({ userId, endpointId })
      .sort({ createdAt: -1, _id: -1 })
      .limit(limit)
      .lean<WebhookDeliveryDocument[]>()
      .exec();
    return docs.map(toDelivery);
  }

  async record(
    userId: string,
    deliveryId: string,
    attempt: DeliveryAttempt,
    at: Date,
  ): Promise<WebhookDelivery | null> {
    const doc = await this.deliveries
      .findOneAndUpdate(
        { _id: deliveryId, userId },
        {
          $set: {
            state: attempt.state,
            statusCode: attempt.statusCode,
            durationMs: attempt.durationMs,
            error: attempt.error,
            updatedAt: at,
          },
          $inc: { attempts: attempt.countAttempt ? 1 : 0 },
        },
        { new: true },
      )
      .lean<WebhookDeliveryDocument>()
      .exec();
    return doc ? toDelivery(doc) : null;
  }

  async deleteAllOfUser(userId: string): Promise<number> {
    return (await this.deliveries.deleteMany({ userId }).exec()).deletedCount;
  }
}

function toEndpoint(doc: WebhookEndpointDocument): WebhookEndpoint {
  const { _id, ...rest } = doc;
  return { id: _id, ...rest, events: [...doc.events] };
}

function toDelivery(doc: WebhookDeliveryDocument): WebhookDelivery {
  const { _id, ...rest } = doc;
  return { id: _id, ...rest };
}
