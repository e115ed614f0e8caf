import type { Model } from 'mongoose';
import type { AttemptRepository, AttemptSummary } from '../../ports/attempt.repository.js';
import type { AttemptDocument } from './identity.schemas.js';

export class AttemptMongoRepository implements AttemptRepository {
  constructor(private readonly attempts: Model<AttemptDocument>) {}

  async record(key: string, at: Date, expiresAt: Date): Promise<void> {
    await this.attempts.create({ key, at, expiresAt });
  }

  async recordAndRank(key: string, at: Date, expiresAt: Date, since: Date): Promise<number> {
    // ObjectIds grow with insertion (time first, then a per-process counter): the rank follows arrival order.
    const created = await this.attempts.create({ key, at, expiresAt });
    return this.attempts.countDocuments({ key, at: { $gt: since }, _id: { $lte: created._id } }).exec();
  }

  async countSince(key: string, since: Date): Promise<number> {
    return this.attempts.countDocuments({ key, at: { $gt: since } }).exec();
  }

  async summarySince(key: string, since: Date): Promise<AttemptSummary> {
    const [summary] = await this.attempts
      .aggregate<{ count: number; latest: Date }>([
        { $match: { key, at: { $gt: since } } },
        { $group: { _id: null, count: { $sum: 1 }, latest: { $max: '$at' } } },
      ])
      .exec();
    return summary ? { count: summary.count, latest: summary.latest } : { count: 0, latest: null };
  }

  async clear(key: string): Promise<number> {
    return (await this.attempts.deleteMany({ key }).exec()).deletedCount;
  }

  async purgeExpired(now: Date): Promise<number> {
    return (await this.attempts.deleteMany({ expiresAt: { $lte: now } }).exec()).deletedCount;
  }
}
