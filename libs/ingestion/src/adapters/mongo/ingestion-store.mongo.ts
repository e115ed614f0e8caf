import { openMongoConnection } from '@membolt/mongo-store';
import type { mongo } from 'mongoose';
import type {
  IngestionStore,
  UploadChanges,
  UploadMemory,
  UploadRecord,
  UploadScopeFilter,
  UploadsRepository,
} from '../../ports/ingestion-store.js';

type UploadDocument = Omit<UploadRecord, 'id'> & { _id: string; memories?: UploadMemory[] };

function toRecord(doc: UploadDocument): UploadRecord {
  const { _id, memories: _memories, ...rest } = doc;
  // Uploads stored before scopes have none: the account's own.
  return {
    id: _id,
    ...rest,
    endUserId: rest.endUserId ?? null,
    agentId: rest.agentId ?? null,
    runId: rest.runId ?? null,
  };
}

/** Uploads as one document each, the memories made from it inside (one atomic write per change). */
class MongoUploads implements UploadsRepository {
  constructor(private readonly uploads: mongo.Collection<UploadDocument>) {}

  async insert(record: UploadRecord): Promise<void> {
    const { id, ...rest } = record;
    await this.uploads.insertOne({ _id: id, ...rest, memories: [] });
  }

  async find(userId: string, id: string): Promise<UploadRecord | null> {
    const doc = await this.uploads.findOne({ _id: id, userId }, { projection: { memories: 0 } });
    return doc ? toRecord(doc) : null;
  }

  async list(
    userId: string,
    scope: UploadScopeFilter,
    limit: number,
    offset: number,
  ): Promise<{ uploads: UploadRecord[]; total: number }> {
    // `endUserId: null` also matches the uploads stored before scopes (no field).
    const filter: mongo.Filter<UploadDocument> = {
      userId,
      endUserId: scope.endUserId,
      ...(scope.agentId !== undefined ? { agentId: scope.agentId } : {}),
      ...(scope.runId !== undefined ? { runId: scope.runId } : {}),
    };
    const [docs, total] = await Promise.all([
      this.uploads
        .find(filter, { projection: { memories: 0 } })
        .sort({ createdAt: -1, _id: 1 })
        .skip(offset)
        .limit(limit)
        .toArray(),
      this.uploads.countDocuments(filter),
    ]);
    return { uploads: docs.map(toRecord), total };
  }

  async update(id: string, changes: UploadChanges, updatedAt: string): Promise<void> {
    const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    await this.uploads.updateOne({ _id: id }, { $set: { ...set, updatedAt } });
  }

  async delete(userId: string, id: string): Promise<boolean> {
    return (await this.uploads.deleteOne({ _id: id, userId })).deletedCount === 1;
  }

  async abandoned(before: string, limit: number): Promise<Array<{ id: string; userId: string }>> {
    const docs = await this.uploads
      .find({ state: 'receiving', createdAt: { $lt: before } }, { projection: { _id: 1, userId: 1 } })
      .limit(limit)
      .toArray();
    return docs.map((d) => ({ id: d._id, userId: d.userId }));
  }

  async idsOf(userId: string): Promise<string[]> {
    const docs = await this.uploads.find({ userId }, { projection: { _id: 1 } }).toArray();
    return docs.map((d) => d._id);
  }

  async ofEndUser(userId: string, endUserId: string): Promise<UploadRecord[]> {
    const docs = await this.uploads.find({ userId, endUserId }, { projection: { memories: 0 } }).toArray();
    return docs.map(toRecord);
  }

  async addMemories(uploadId: string, memories: readonly UploadMemory[]): Promise<void> {
    if (!memories.length) return;
    const known = new Set((await this.memoriesOf(uploadId)).map((m) => m.memoryId));
    const fresh = memories.filter((m) => !known.has(m.memoryId));
    if (fresh.length)
      await this.uploads.updateOne({ _id: uploadId }, { $push: { memories: { $each: fresh } } });
  }

  async memoriesOf(uploadId: string): Promise<UploadMemory[]> {
    const doc = await this.uploads.findOne({ _id: uploadId }, { projection: { memories: 1 } });
    return [...(doc?.memories ?? [])].sort((a, b) => (a.chunkIndex ?? -1) - (b.chunkIndex ?? -1));
  }
}

/** The ingestion service's repositories over one MongoDB database (`membolt_ingestion` unless `dbName` is given). */
export async function openIngestionMongoStore(url: string, dbName?: string): Promise<IngestionStore> {
  const connection = await openMongoConnection(url, 'ingestion', dbName);
  if (!connection.db) throw new Error('MongoDB connection has no database');
  const uploads = connection.db.collection<UploadDocument>('uploads');
  await uploads.createIndex({ userId: 1, createdAt: -1 });
  await uploads.createIndex({ userId: 1, endUserId: 1, createdAt: -1 });
  return {
    uploads: new MongoUploads(uploads),
    close: () => connection.close(),
  };
}
