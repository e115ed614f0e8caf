import type { Model } from 'mongoose';
import type { OutboxStep, OutboxStepKind } from '../../domain/outbox-step.js';
import type { OutboxRepository } from '../../ports/outbox.repository.js';
import { isDuplicateKeyError, type OutboxDocument } from './identity.schemas.js';

export class OutboxMongoRepository implements OutboxRepository {
  constructor(private readonly outbox: Model<OutboxDocument>) {}

  async add(userId: string, kinds: readonly OutboxStepKind[], now: Date): Promise<void> {
    if (kinds.length === 0) return;
    try {
      await this.outbox.bulkWrite(
        kinds.map((kind) => ({
          updateOne: {
            filter: { userId, kind },
            update: {
              $setOnInsert: {
                userId,
                kind,
                createdAt: now,
                attempts: 0,
                nextAttemptAt: now,
                lastError: null,
              },
            },
            upsert: true,
          },
        })),
        { ordered: false },
      );
    } catch (error) {
      // Two concurrent upserts of the same step: one wins, and the step exists as wanted.
      if (!isDuplicateKeyError(error)) throw error;
    }
  }

  count(): Promise<number> {
    return this.outbox.countDocuments().exec();
  }

  async due(now: Date, limit: number): Promise<OutboxStep[]> {
    const docs = await this.outbox
      .find({ nextAttemptAt: { $lte: now } })
      .sort({ nextAttemptAt: 1, createdAt: 1 })
      .limit(limit)
      .lean<OutboxDocument[]>()
      .exec();
    return docs.map(toStep);
  }

  async claim(userId: string, kind: OutboxStepKind, now: Date, leaseUntil: Date): Promise<OutboxStep | null> {
    const doc = await this.outbox
      .findOneAndUpdate(
        { userId, kind, nextAttemptAt: { $lte: now } },
        { $set: { nextAttemptAt: leaseUntil } },
        { returnDocument: 'after' },
      )
      .lean<OutboxDocument>()
      .exec();
    return doc ? toStep(doc) : null;
  }

  async complete(userId: string, kind: OutboxStepKind): Promise<void> {
    await this.outbox.deleteOne({ userId, kind }).exec();
  }

  async reschedule(userId: string, kind: OutboxStepKind, nextAttemptAt: Date, error: string): Promise<void> {
    await this.outbox
      .updateOne({ userId, kind }, { $inc: { attempts: 1 }, $set: { nextAttemptAt, lastError: error } })
      .exec();
  }

  async listForUser(userId: string): Promise<OutboxStep[]> {
    const docs = await this.outbox
      .find({ userId })
      .sort({ createdAt: 1, kind: 1 })
      .lean<OutboxDocument[]>()
      .exec();
    return docs.map(toStep);
  }

  async remove(userId: string, kinds: readonly OutboxStepKind[]): Promise<number> {
    return (await this.outbox.deleteMany({ userId, kind: { $in: [...kinds] } }).exec()).deletedCount;
  }
}

function toStep(doc: OutboxDocument): OutboxStep {
  return {
    userId: doc.userId,
    kind: doc.kind as OutboxStepKind,
    createdAt: doc.createdAt,
    attempts: doc.attempts,
    nextAttemptAt: doc.nextAttemptAt,
    lastError: doc.lastError ?? null,
  };
}
