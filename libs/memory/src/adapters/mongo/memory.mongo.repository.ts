import { randomUUID } from 'node:crypto';
import type { Model, QueryFilter } from 'mongoose';
import { decodeExportCursor, encodeExportCursor } from '../../domain/export-cursor.js';
import type {
  ConceptMention,
  Memory,
  MemoryChanges,
  MemoryFilter,
  MemoryRemoval,
  MemoryScope,
  MemoryScopeFilter,
  MemorySort,
  MemoryStats,
  MemoryVersion,
  NewMemoryRecord,
  PendingConcepts,
  RankableWithId,
} from '../../domain/memory.js';
import { PINNED_IMPORTANCE } from '@membolt/contracts';
import { OPEN_ONLY } from '../../domain/memory.js';
import {
  DuplicateOriginError,
  type MemoryExportPage,
  type MemoryPage,
  type MemoryRepository,
} from '../../ports/memory.repository.js';
import { scopeConcepts } from './concept-graph.mongo.js';
import {
  conceptMentions,
  currentVersion,
  filterQuery,
  newDocument,
  pointSource,
  scopeQuery,
  toBytes,
  toMemory,
  toVersion,
} from './memory-documents.js';
import type { MemorySync } from './memory-sync.js';
import type { MemoryDocument, MemoryVersionDocument } from './memory.schemas.js';
import type { QdrantMemoryVectors } from './memory-vectors.qdrant.js';

const DUPLICATE_KEY = 11000;
const UPDATE_ATTEMPTS = 8;

/** Memories of one creation time (a batch) keep their insertion order (`insertSeq`). */
const SORTS: Record<MemorySort, Record<string, 1 | -1>> = {
  importance: { importance: -1, createdAt: -1, insertSeq: -1 },
  recent: { createdAt: -1, insertSeq: -1 },
  oldest: { createdAt: 1, insertSeq: 1 },
};

/** Reads never load the vector unless asked: it is most of a document's bytes. */
const withoutEmbedding = { embedding: 0, history: 0 } as const;
const withEmbeddingOnly = { history: 0 } as const;
/** The fields the ranker reads of each search candidate (memory.repository.ts rankablesByIds). */
const RANKABLE_FIELDS = [
  'importance',
  'createdAt',
  'validFrom',
  'validTo',
  'conversationId',
  'text',
  'metadata.slot',
] as const;
type RankableField = (typeof RANKABLE_FIELDS)[number];
const rankableFields = Object.fromEntries(RANKABLE_FIELDS.map((field) => [field, 1])) as Record<
  RankableField,
  1
>;

type Removed = { -readonly [K in keyof MemoryRemoval['removed']]: number };

/**
 * Memories in MongoDB, vectors in Qdrant (decision 024). A memory's document holds everything derived from
 * it (versions, concept mentions, its vector bytes), so each change is one atomic document write; the point in
 * Qdrant follows: written before a new batch is acknowledged, after an update, removed before a tombstone is
 * dropped. What a crash leaves half-done is finished (or rolled back) by MemorySync's idempotent repair pass.
 */
export class MemoryMongoRepository implements MemoryRepository {
  constructor(
    private readonly memories: Model<MemoryDocument>,
    private readonly vectors: QdrantMemoryVectors,
    private readonly sync: MemorySync,
    private readonly log: (message: string, error: unknown) => void,
  ) {}

  async insertMany(scope: MemoryScope, records: readonly NewMemoryRecord[]): Promise<void> {
    if (records.length === 0) return;
    const seen = new Set<string>();
    for (const record of records) {
      if (record.memory.userId !== scope.userId || (record.memory.endUserId ?? '') !== scope.endUserId) {
        throw new Error('A memory record does not belong to the scope it is inserted into');
      }
      if (record.originId === undefined) continue;
      if (seen.has(record.originId)) throw new DuplicateOriginError(record.originId);
      seen.add(record.originId);
    }
    const opId = `insert:${randomUUID()}`;
    const docs = records.map((record) => newDocument(scope, record, opId, new Date()));
    try {
      await this.memories.insertMany(docs, { ordered: true, lean: true });
    } catch (error) {
      await this.memories.deleteMany({ opId, state: 'pending' }).exec();
      if ((error as { code?: unknown } | null)?.code === DUPLICATE_KEY) {
        // Which origin id clashed: the bulk error's shape varies by driver path, the scope's data does not.
        const clash = await this.importedOriginIds(
          scope,
          records.flatMap((r) => (r.originId === undefined ? [] : [r.originId])),
        );
        const [originId] = clash;
        if (originId !== undefined) throw new DuplicateOriginError(originId);
      }
      throw error;
    }
    try {
      await this.vectors.upsert(docs.map(pointSource));
    } catch (error) {
      await this.rollBack(opId);
      throw error;
    }
    // The acknowledgement: the batch becomes visible at once, all of it, or the repair pass claimed it.
    const { modifiedCount } = await this.memories
      .updateMany({ opId, state: 'pending' }, { $set: { state: 'live', syncedRev: 1, dirty: false } })
      .exec();
    if (modifiedCount !== docs.length) {
      await this.rollBack(opId);
      throw new Error('The memory batch was rolled back before it could be acknowledged');
    }
  }

  async findById(
    scope: MemoryScopeFilter,
    id: string,
    options?: { withEmbedding?: boolean },
  ): Promise<Memory | null> {
    const doc = await this.memories
      .findOne(
        { ...scopeQuery(scope), _id: id },
        options?.withEmbedding ? withEmbeddingOnly : withoutEmbedding,
      )
      .lean<MemoryDocument>()
      .exec();
    return doc ? toMemory(doc, options?.withEmbedding === true) : null;
  }

  async endUserOf(userId: string, id: string): Promise<string | null> {
    const doc = await this.memories
      .findOne({ userId, _id: id, state: 'live' }, { endUserId: 1 })
      .lean<Pick<MemoryDocument, 'endUserId'>>()
      .exec();
    return doc ? doc.endUserId : null;
  }

  async findByIds(
    scope: MemoryScopeFilter,
    ids: readonly string[],
    options?: { withEmbedding?: boolean },
  ): Promise<Memory[]> {
    if (ids.length === 0) return [];
    const docs = await this.memories
      .find(
        { ...scopeQuery(scope), _id: { $in: [...ids] } },
        options?.withEmbedding ? withEmbeddingOnly : withoutEmbedding,
      )
      .lean<MemoryDocument[]>()
      .exec();
    return docs.map((doc) => toMemory(doc, options?.withEmbedding === true));
  }

  async rankablesByIds(scope: MemoryScopeFilter, ids: readonly string[]): Promise<RankableWithId[]> {
    if (ids.length === 0) return [];
    const docs = await this.memories
      .find({ ...scopeQuery(scope), _id: { $in: [...ids] } }, rankableFields)
      .lean<
        Array<
          Pick<MemoryDocument, '_id' | Exclude<RankableField, 'metadata.slot'>> & {
            metadata?: { slot?: unknown };
          }
        >
      >()
      .exec();
    return docs.map((doc) => ({
      id: doc._id,
      importance: doc.importance,
      createdAt: doc.createdAt.getTime(),
      validFrom: doc.validFrom.getTime(),
      validTo: doc.validTo?.getTime() ?? null,
      conversationId: doc.conversationId,
      text: doc.text,
      slot: typeof doc.metadata?.slot === 'string' ? doc.metadata.slot : null,
    }));
  }

  async list(
    scope: MemoryScopeFilter,
    filter: MemoryFilter,
    page: {
      readonly limit: number;
      readonly offset: number;
      readonly sort: MemorySort;
      readonly withEmbedding?: boolean;
    },
  ): Promise<MemoryPage> {
    const query = { ...scopeQuery(scope), ...filterQuery(filter) } as QueryFilter<MemoryDocument>;
    const [docs, totalCount] = await Promise.all([
      this.memories
        .find(query, page.withEmbedding ? withEmbeddingOnly : withoutEmbedding)
        .sort(SORTS[page.sort])
        .skip(page.offset)
        .limit(page.limit)
        .lean<MemoryDocument[]>()
        .exec(),
      this.memories.countDocuments(query).exec(),
    ]);
    return { memories: docs.map((doc) => toMemory(doc, page.withEmbedding === true)), totalCount };
  }

  async update(scope: MemoryScopeFilter, id: string, changes: MemoryChanges): Promise<Memory | null> {
    for (let attempt = 0; attempt < UPDATE_ATTEMPTS; attempt++) {
      const current = await this.memories
        .findOne({ ...scopeQuery(scope), _id: id }, { history: 0 })
        .lean<MemoryDocument>()
        .exec();
      if (!current) return null;
      const previous: MemoryVersionDocument = {
        version: current.version,
        text: current.text,
        metadata: current.metadata ?? {},
        importance: current.importance,
        category: current.category ?? null,
        validFrom: current.validFrom,
        validTo: current.validTo ?? null,
        recordedAt: changes.updatedAt,
      };
      const set: Partial<MemoryDocument> = {
        updatedAt: changes.updatedAt,
        version: current.version + 1,
        touchedAt: new Date(),
        dirty: true,
      };
      if (changes.text !== undefined) set.text = changes.text;
      if (changes.metadata !== undefined) set.metadata = { ...changes.metadata };
      if (changes.importance !== undefined) set.importance = changes.importance;
      if (changes.category !== undefined) set.category = changes.category;
      if (changes.validFrom !== undefined) set.validFrom = changes.validFrom;
      if (changes.validTo !== undefined) set.validTo = changes.validTo;
      if (changes.expiresAt !== undefined) set.expiresAt = changes.expiresAt;
      if (changes.embedding !== undefined) set.embedding = toBytes(changes.embedding);
      if (changes.embeddingModel !== undefined) set.embeddingModel = changes.embeddingModel;
      if (changes.redactions !== undefined) set.redactions = [...changes.redactions];
      if (changes.concepts !== undefined) {
        set.concepts = conceptMentions(current, changes.concepts);
        set.conceptsPending = false;
      }
      // Compare-and-set on the version: a concurrent update makes this one re-read and apply on top.
      const updated = await this.memories
        .findOneAndUpdate(
          {
            _id: id,
            userId: current.userId,
            endUserId: current.endUserId,
            state: 'live',
            version: current.version,
          },
          { $set: set, $push: { history: previous }, $inc: { syncRev: 1 } },
          { returnDocument: 'after', projection: { history: 0 } },
        )
        .lean<MemoryDocument>()
        .exec();
      if (!updated) continue;
      try {
        await this.vectors.upsert([pointSource(updated)]);
        await this.sync.markSynced([updated]);
      } catch (error) {
        // The change is committed in MongoDB; the document stays dirty and the repair pass rewrites the point.
        this.log(`memory ${id}: Qdrant point not updated, left to the repair pass`, error);
      }
      return toMemory(updated);
    }
    throw new Error(`Memory ${id} is being changed concurrently; try again`);
  }

  async history(scope: MemoryScopeFilter, id: string): Promise<readonly MemoryVersion[] | null> {
    const doc = await this.memories
      .findOne({ ...scopeQuery(scope), _id: id }, { embedding: 0 })
      .lean<MemoryDocument>()
      .exec();
    if (!doc) return null;
    return [...(doc.history ?? []).map(toVersion), currentVersion(doc)];
  }

  async delete(scope: MemoryScopeFilter, ids: readonly string[]): Promise<MemoryRemoval> {
    if (ids.length === 0) return removal([], noneRemoved());
    return this.remove({ ...scopeQuery(scope), _id: { $in: [...ids] } } as QueryFilter<MemoryDocument>);
  }

  async exportPage(
    scope: MemoryScopeFilter,
    cursor: string | undefined,
    limit: number,
    options?: { withEmbedding?: boolean },
  ): Promise<MemoryExportPage> {
    const after = cursor ? decodeExportCursor(cursor) : null;
    const query: QueryFilter<MemoryDocument> = { ...scopeQuery(scope) };
    if (after) {
      const at = new Date(after.createdAt);
      query.$or = [{ createdAt: { $gt: at } }, { createdAt: at, _id: { $gt: after.id } }];
    }
    const docs = await this.memories
      .find(query, options?.withEmbedding ? withEmbeddingOnly : withoutEmbedding)
      .sort({ createdAt: 1, _id: 1 })
      .limit(limit + 1)
      .lean<MemoryDocument[]>()
      .exec();
    const page = docs.slice(0, limit);
    const last = page[page.length - 1];
    return {
      memories: page.map((doc) => toMemory(doc, options?.withEmbedding === true)),
      nextCursor:
        docs.length > limit && last ? encodeExportCursor(last.createdAt.getTime(), last._id) : undefined,
    };
  }

  async importedOriginIds(scope: MemoryScope, originIds: readonly string[]): Promise<Set<string>> {
    if (originIds.length === 0) return new Set();
    const docs = await this.memories
      .find(
        { userId: scope.userId, endUserId: scope.endUserId, originId: { $in: [...originIds] } },
        { originId: 1 },
      )
      .lean<Array<Pick<MemoryDocument, 'originId'>>>()
      .exec();
    return new Set(docs.map((d) => d.originId).filter((id): id is string => typeof id === 'string'));
  }

  async stats(scope: MemoryScopeFilter, now: Date): Promise<MemoryStats> {
    const all = await this.memories.countDocuments(scopeQuery(scope)).exec();
    const [row] = await this.memories
      .aggregate<{ n: number; avg: number | null; oldest: Date | null }>([
        { $match: { ...scopeQuery(scope), ...filterQuery(OPEN_ONLY(now)) } },
        {
          $group: { _id: null, n: { $sum: 1 }, avg: { $avg: '$importance' }, oldest: { $min: '$createdAt' } },
        },
      ])
      .exec();
    const concepts = await scopeConcepts(this.memories, scope);
    return {
      memoryCount: row?.n ?? 0,
      closedCount: all - (row?.n ?? 0),
      avgImportance: row?.avg ?? 0,
      oldestCreatedAt: row?.oldest ?? null,
      conceptCount: concepts.concepts.size,
      relationCount: concepts.relations.size,
    };
  }

  async pendingConcepts(scope: MemoryScope | null, limit: number): Promise<PendingConcepts[]> {
    const docs = await this.memories
      .find(
        {
          ...(scope ? { userId: scope.userId, endUserId: scope.endUserId } : {}),
          conceptsPending: true,
          state: 'live',
        },
        { _id: 1, userId: 1, endUserId: 1, text: 1 },
      )
      .sort({ insertSeq: 1, _id: 1 })
      .limit(limit)
      .lean<Array<Pick<MemoryDocument, '_id' | 'userId' | 'endUserId' | 'text'>>>()
      .exec();
    return docs.map((doc) => ({
      scope: { userId: doc.userId, endUserId: doc.endUserId },
      id: doc._id,
      text: doc.text,
    }));
  }

  async linkConcepts(
    scope: MemoryScope,
    items: ReadonlyArray<{ readonly id: string; readonly concepts: readonly ConceptMention[] }>,
  ): Promise<void> {
    if (items.length === 0) return;
    // Concepts live on the memory's own document: each link is one atomic write, done at most once.
    await this.memories.bulkWrite(
      items.map((item) => ({
        updateOne: {
          filter: {
            _id: item.id,
            userId: scope.userId,
            endUserId: scope.endUserId,
            state: 'live',
            conceptsPending: true,
          },
          update: { $set: { concepts: conceptMentions(scope, item.concepts), conceptsPending: false } },
        },
      })),
      { ordered: false },
    );
  }

  async deleteAllOfUser(userId: string): Promise<MemoryRemoval> {
    return this.remove({ userId, state: 'live' });
  }

  async deleteCreatedBefore(userId: string, cutoff: Date, limit: number): Promise<MemoryRemoval> {
    // The least important (then oldest) `limit` ids first, never a pinned one, then the same
    // tombstone-and-remove as every delete.
    const ids = await this.memories
      .find(
        { userId, state: 'live', createdAt: { $lt: cutoff }, importance: { $lt: PINNED_IMPORTANCE } },
        { _id: 1 },
      )
      .sort({ importance: 1, createdAt: 1, _id: 1 })
      .limit(limit)
      .lean<Array<{ _id: string }>>()
      .exec();
    if (ids.length === 0) return removal([], noneRemoved());
    return this.remove({
      _id: { $in: ids.map((doc) => doc._id) },
      userId,
      state: 'live',
    } as QueryFilter<MemoryDocument>);
  }

  async deleteExpired(userId: string, now: Date, limit: number): Promise<MemoryRemoval> {
    const ids = await this.memories
      .find({ userId, state: 'live', expiresAt: { $lte: now } }, { _id: 1 })
      .sort({ expiresAt: 1, _id: 1 })
      .limit(limit)
      .lean<Array<{ _id: string }>>()
      .exec();
    if (ids.length === 0) return removal([], noneRemoved());
    return this.remove({
      _id: { $in: ids.map((doc) => doc._id) },
      userId,
      state: 'live',
    } as QueryFilter<MemoryDocument>);
  }

  async ownersWithExpired(now: Date, afterUserId: string, limit: number): Promise<string[]> {
    const rows = await this.memories
      .aggregate<{ _id: string }>([
        { $match: { expiresAt: { $lte: now }, state: 'live', userId: { $gt: afterUserId } } },
        { $group: { _id: '$userId' } },
        { $sort: { _id: 1 } },
        { $limit: limit },
      ])
      .exec();
    return rows.map((row) => row._id);
  }

  async countCreatedBefore(userId: string, cutoff: Date): Promise<number> {
    return this.memories
      .countDocuments({
        userId,
        state: 'live',
        createdAt: { $lt: cutoff },
        importance: { $lt: PINNED_IMPORTANCE },
      })
      .exec();
  }

  async ownersWithMemoriesBefore(cutoff: Date, afterUserId: string, limit: number): Promise<string[]> {
    const rows = await this.memories
      .aggregate<{ _id: string }>([
        {
          $match: {
            state: 'live',
            createdAt: { $lt: cutoff },
            importance: { $lt: PINNED_IMPORTANCE },
            userId: { $gt: afterUserId },
          },
        },
        { $group: { _id: '$userId' } },
        { $sort: { _id: 1 } },
        { $limit: limit },
      ])
      .exec();
    return rows.map((row) => row._id);
  }

  /** Erases one end user of an account (EndUserRepository.delete). */
  async deleteEndUser(userId: string, endUserId: string): Promise<MemoryRemoval> {
    return this.remove({ userId, endUserId, state: 'live' });
  }

  /**
   * Tombstones the live memories of the query (one update: they vanish from every read at once), counts
   * what goes with them, removes their points, then the documents. A failure after the tombstone leaves the
   * rest to the repair pass: the memories are already gone for every reader.
   */
  private async remove(query: QueryFilter<MemoryDocument>): Promise<MemoryRemoval> {
    const opId = `delete:${randomUUID()}`;
    await this.memories
      .updateMany(query, { $set: { state: 'deleting', opId, touchedAt: new Date() } })
      .exec();
    const gone = await this.memories
      .find({ opId, state: 'deleting' }, { _id: 1, userId: 1, endUserId: 1, concepts: 1, history: 1 })
      .lean<Array<Pick<MemoryDocument, '_id' | 'userId' | 'endUserId' | 'concepts' | 'history'>>>()
      .exec();
    const removed = noneRemoved();
    removed.memories = gone.length;
    removed.vectors = gone.length;
    removed.keywordEntries = gone.length;
    const byScope = new Map<string, { scope: MemoryScope; conceptLists: string[][] }>();
    for (const doc of gone) {
      removed.versions += doc.history?.length ?? 0;
      removed.conceptLinks += doc.concepts?.length ?? 0;
      const key = `${doc.userId}\u0000${doc.endUserId}`;
      const entry = byScope.get(key) ?? {
        scope: { userId: doc.userId, endUserId: doc.endUserId },
        conceptLists: [],
      };
      entry.conceptLists.push((doc.concepts ?? []).map((c) => c.name));
      byScope.set(key, entry);
    }
    for (const { scope, conceptLists } of byScope.values()) {
      const names = new Set(conceptLists.flat());
      if (names.size === 0) continue;
      const remaining = await scopeConcepts(this.memories, scope, [...names]);
      for (const name of names) if (!remaining.concepts.has(name)) removed.concepts += 1;
      const pairs = new Set<string>();
      for (const list of conceptLists) for (const pair of pairsOf(list)) pairs.add(pair);
      for (const pair of pairs) if (!remaining.relations.has(pair)) removed.relations += 1;
    }
    try {
      await this.sync.finishDeletesNow(opId);
    } catch (error) {
      this.log('memory delete: Qdrant points not removed yet, left to the repair pass', error);
    }
    return removal(
      gone.map((d) => d._id),
      removed,
    );
  }

  private async rollBack(opId: string): Promise<void> {
    const ids = (await this.memories.find({ opId }, { _id: 1 }).lean<Array<{ _id: string }>>().exec()).map(
      (d) => d._id,
    );
    try {
      await this.vectors.delete(ids);
      await this.memories.deleteMany({ opId, state: 'pending' }).exec();
    } catch (error) {
      // Still pending: invisible, and the repair pass rolls it back once its lease has run out.
      this.log('memory batch rollback incomplete, left to the repair pass', error);
    }
  }
}

/** Each unordered pair of distinct names once, as `a\u0000b` with a < b. */
function pairsOf(names: readonly string[]): string[] {
  const sorted = [...new Set(names)].sort();
  const pairs: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    for (let j = i + 1; j < sorted.length; j++) pairs.push(`${sorted[i]}\u0000${sorted[j]}`);
  }
  return pairs;
}

const noneRemoved = (): Removed => ({
  memories: 0,
  vectors: 0,
  keywordEntries: 0,
  versions: 0,
  conceptLinks: 0,
  concepts: 0,
  relations: 0,
});

const removal = (memoryIds: string[], removed: Removed): MemoryRemoval => ({ memoryIds, removed });
