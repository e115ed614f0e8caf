import type { Model } from 'mongoose';
import type { CustomMemoryCategory } from '../../domain/memory-category.js';
import type { MemoryCategoryRepository } from '../../ports/memory-category.repository.js';
import { pointSource } from './memory-documents.js';
import type { MemorySync } from './memory-sync.js';
import type { MemoryCategoryDocument, MemoryDocument } from './memory.schemas.js';
import type { QdrantMemoryVectors } from './memory-vectors.qdrant.js';

const DUPLICATE_KEY = 11000;
/** Points rewritten per Qdrant call when a category's memories are uncategorised. */
const RESYNC_SLICE = 500;

const toCategory = (doc: MemoryCategoryDocument): CustomMemoryCategory => ({
  userId: doc.userId,
  name: doc.name,
  description: doc.description,
  createdAt: doc.createdAt,
  updatedAt: doc.updatedAt,
});

/**
 * Custom categories in MongoDB. Uncategorising memories changes their Qdrant payload (a category filter reads
 * it): the documents are marked dirty in the same update, their points rewritten right after, and what a
 * crash leaves behind is rewritten by the repair pass like any lagging point.
 */
export class MemoryCategoryMongoRepository implements MemoryCategoryRepository {
  constructor(
    private readonly categories: Model<MemoryCategoryDocument>,
    private readonly memories: Model<MemoryDocument>,
    private readonly vectors: QdrantMemoryVectors,
    private readonly sync: MemorySync,
    private readonly log: (message: string, error: unknown) => void,
  ) {}

  async list(userId: string): Promise<CustomMemoryCategory[]> {
    const docs = await this.categories.find({ userId }).sort({ name: 1 }).lean<MemoryCategoryDocument[]>();
    return docs.map(toCategory);
  }

  async find(userId: string, name: string): Promise<CustomMemoryCategory | null> {
    const doc = await this.categories.findOne({ userId, name }).lean<MemoryCategoryDocument>();
    return doc ? toCategory(doc) : null;
  }

  /** The count is read before the insert: two concurrent creates at the limit may both land (one over it). */
  async insert(category: CustomMemoryCategory, max: number): Promise<'inserted' | 'exists' | 'full'> {
    if (await this.categories.exists({ userId: category.userId, name: category.name })) return 'exists';
    if ((await this.categories.countDocuments({ userId: category.userId })) >= max) return 'full';
    try {
      await this.categories.create({ ...category });
      return 'inserted';
    } catch (error) {
      if ((error as { code?: number }).code === DUPLICATE_KEY) return 'exists';
      throw error;
    }
  }

  async updateDescription(
    userId: string,
    name: string,
    description: string,
    at: Date,
  ): Promise<CustomMemoryCategory | null> {
    const doc = await this.categories
      .findOneAndUpdate(
        { userId, name },
        { $set: { description, updatedAt: at } },
        { returnDocument: 'after' },
      )
      .lean<MemoryCategoryDocument>();
    return doc ? toCategory(doc) : null;
  }

  async delete(userId: string, name: string): Promise<number | null> {
    if ((await this.categories.deleteOne({ userId, name })).deletedCount === 0) return null;
    const carrying = { userId, category: name };
    const ids = (
      await this.memories.find(carrying, { _id: 1 }).lean<Array<Pick<MemoryDocument, '_id'>>>()
    ).map((doc) => doc._id);
    if (ids.length === 0) return 0;
    await this.memories.updateMany(
      { ...carrying, _id: { $in: ids } },
      { $set: { category: null, dirty: true, touchedAt: new Date() }, $inc: { syncRev: 1 } },
    );
    try {
      for (let start = 0; start < ids.length; start += RESYNC_SLICE) {
        const docs = await this.memories
          .find({ _id: { $in: ids.slice(start, start + RESYNC_SLICE) }, state: 'live' }, { history: 0 })
          .lean<MemoryDocument[]>();
        await this.vectors.upsert(docs.map(pointSource));
        await this.sync.markSynced(docs);
      }
    } catch (error) {
      // The change is committed in MongoDB; the documents stay dirty and the repair pass rewrites the points.
      this.log(`category ${name}: Qdrant points not updated, left to the repair pass`, error);
    }
    return ids.length;
  }

  async deleteUser(userId: string): Promise<number> {
    return (await this.categories.deleteMany({ userId })).deletedCount;
  }
}
