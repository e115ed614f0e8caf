import type { Model } from 'mongoose';
import type { EndUserSummary, MemoryRemoval } from '../../domain/memory.js';
import type { EndUserRepository } from '../../ports/end-user.repository.js';
import type { MemoryMongoRepository } from './memory.mongo.repository.js';
import type { MemoryDocument } from './memory.schemas.js';

/** An account's end users, grouped from its memories (no separate list to drift from them). */
export class EndUserMongoRepository implements EndUserRepository {
  constructor(
    private readonly memories: Model<MemoryDocument>,
    private readonly repository: MemoryMongoRepository,
  ) {}

  async list(
    userId: string,
    page: { readonly limit: number; readonly offset: number },
  ): Promise<{ readonly endUsers: readonly EndUserSummary[]; readonly total: number }> {
    const [result] = await this.memories
      .aggregate<{
        page: Array<{ _id: string; memoryCount: number; lastActivityAt: Date }>;
        total: Array<{ n: number }>;
      }>([
        { $match: { userId, state: 'live', endUserId: { $ne: '' } } },
        { $group: { _id: '$endUserId', memoryCount: { $sum: 1 }, lastActivityAt: { $max: '$updatedAt' } } },
        {
          $facet: {
            page: [{ $sort: { lastActivityAt: -1, _id: 1 } }, { $skip: page.offset }, { $limit: page.limit }],
            total: [{ $count: 'n' }],
          },
        },
      ])
      .exec();
    return {
      endUsers: (result?.page ?? []).map((row) => ({
        endUserId: row._id,
        memoryCount: row.memoryCount,
        lastActivityAt: row.lastActivityAt,
      })),
      total: result?.total[0]?.n ?? 0,
    };
  }

  async delete(userId: string, endUserId: string): Promise<MemoryRemoval> {
    return this.repository.deleteEndUser(userId, endUserId);
  }
}
