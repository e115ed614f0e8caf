import type { Schemas } from '@qdrant/js-client-rest';
import type { Model, PipelineStage, QueryFilter } from 'mongoose';
import type { MemoryFilter, MemoryScopeFilter, ScoredId } from '../../domain/memory.js';
import type { DenseCandidates, MemorySearchIndex } from '../../ports/memory-search.index.js';
import { type ConversationNeighbours, withinSession } from '../../retrieval/rank.js';
import { filterQuery, scopeQuery } from './memory-documents.js';
import type { MemoryDocument } from './memory.schemas.js';
import { type QdrantFilter, searchFilter, wholeScopeFilter } from './qdrant-filter.js';
import { pointId, type QdrantMemoryVectors } from './memory-vectors.qdrant.js';

type Condition = Schemas['Condition'];

/** Most ids a filter expression hands Qdrant as `has_id`; above it, over-fetch and check (FILTERED_OVERFETCH x k). */
const FILTERED_IDS_MAX = 10_000;
const FILTERED_OVERFETCH = 8;

/** How long a scope's vector count decides exact scan vs HNSW before it is counted again. */
const SIZE_TTL_MS = 10_000;
const SIZE_CACHE_MAX = 50_000;

/**
 * Candidate generation: dense and BM25 channels in Qdrant (each a Query API request inside the scope and the
 * filters), the concept channel in MongoDB. A candidate whose document is not live (a batch not yet
 * acknowledged, a tombstone) is dropped by the service's findByIds, which reads live memories only.
 */
export class MemorySearchMongo implements MemorySearchIndex {
  private readonly sizes = new Map<string, { count: number; at: number }>();

  constructor(
    private readonly memories: Model<MemoryDocument>,
    private readonly vectors: QdrantMemoryVectors,
    private readonly annMinVectors: number,
  ) {}

  async dense(
    scope: MemoryScopeFilter,
    filter: MemoryFilter,
    vector: Float32Array,
    k: number,
  ): Promise<DenseCandidates> {
    const strategy = (await this.scopeSize(scope)) >= this.annMinVectors ? 'ann' : 'exact';
    const candidates = await this.filtered(scope, filter, k, (qdrantFilter, fetch) =>
      this.vectors.dense(qdrantFilter, vector, fetch, strategy === 'exact'),
    );
    return { candidates, strategy };
  }

  async keyword(
    scope: MemoryScopeFilter,
    filter: MemoryFilter,
    terms: readonly string[],
    k: number,
  ): Promise<ScoredId[]> {
    return this.filtered(scope, filter, k, (qdrantFilter, fetch) =>
      this.vectors.keyword(qdrantFilter, terms, fetch),
    );
  }

  /** Dense + BM25 fused by Qdrant (RRF) in one request; see QdrantMemoryVectors.hybrid. */
  async hybrid(
    scope: MemoryScopeFilter,
    filter: MemoryFilter,
    vector: Float32Array,
    terms: readonly string[],
    k: number,
  ): Promise<ScoredId[]> {
    return this.filtered(scope, filter, k, (qdrantFilter, fetch) =>
      this.vectors.hybrid(qdrantFilter, vector, terms, fetch),
    );
  }

  /**
   * A Qdrant query inside the scope and the filter. Qdrant's payload holds the plain filter fields only, so a
   * filter expression (Mem0's syntax) is answered by MongoDB: the ids it keeps in the scope become a `has_id`
   * condition when there are at most FILTERED_IDS_MAX of them; beyond that the query over-fetches and each
   * candidate is checked against MongoDB.
   */
  private async filtered(
    scope: MemoryScopeFilter,
    filter: MemoryFilter,
    k: number,
    query: (qdrantFilter: QdrantFilter, fetch: number) => Promise<ScoredId[]>,
  ): Promise<ScoredId[]> {
    const base = searchFilter(scope, filter);
    if (!filter.expression) return query(base, k);
    const match = { ...scopeQuery(scope), ...filterQuery(filter) } as QueryFilter<MemoryDocument>;
    const allowed = await this.memories
      .find(match, { _id: 1 })
      .limit(FILTERED_IDS_MAX + 1)
      .lean<Array<{ _id: string }>>()
      .exec();
    if (allowed.length === 0) return [];
    if (allowed.length <= FILTERED_IDS_MAX) {
      const must = [...(base.must as Condition[]), { has_id: allowed.map((doc) => pointId(doc._id)) }];
      return query({ ...base, must }, k);
    }
    const candidates = await query(base, k * FILTERED_OVERFETCH);
    const kept = await this.memories
      .find({ ...match, _id: { $in: candidates.map((c) => c.id) } } as QueryFilter<MemoryDocument>, {
        _id: 1,
      })
      .lean<Array<{ _id: string }>>()
      .exec();
    const keep = new Set(kept.map((doc) => doc._id));
    return candidates.filter((c) => keep.has(c.id)).slice(0, k);
  }

  async concept(
    scope: MemoryScopeFilter,
    filter: MemoryFilter,
    names: readonly string[],
    k: number,
  ): Promise<ScoredId[]> {
    const wanted = [...new Set(names.map((n) => n.trim().toLowerCase()).filter((n) => n.length > 0))];
    if (wanted.length === 0) return [];
    const pipeline: PipelineStage[] = [
      { $match: { ...scopeQuery(scope), 'concepts.name': { $in: wanted }, ...filterQuery(filter) } },
      { $project: { createdAt: 1, score: { $size: { $setIntersection: ['$concepts.name', wanted] } } } },
      { $sort: { score: -1, createdAt: -1, _id: -1 } },
      { $limit: k },
    ];
    const rows = await this.memories.aggregate<{ _id: string; score: number }>(pipeline).exec();
    return rows.map((row) => ({ id: row._id, score: row.score }));
  }

  async neighbours(
    scope: MemoryScopeFilter,
    filter: MemoryFilter,
    ids: readonly string[],
    before: number,
    after: number,
    sessionGapMs = 0,
  ): Promise<Map<string, ConversationNeighbours>> {
    const out = new Map<string, ConversationNeighbours>();
    if (ids.length === 0 || (before <= 0 && after <= 0)) return out;
    const inferred = sessionGapMs > 0;
    // The candidates are read inside the scope: an id of another scope yields nothing.
    const centres = await this.memories
      .find(
        {
          ...scopeQuery(scope),
          _id: { $in: [...new Set(ids)] },
          ...(inferred ? {} : { conversationId: { $ne: null } }),
        },
        { conversationId: 1, createdAt: 1, insertSeq: 1, agentId: 1, runId: 1 },
      )
      .lean<
        Array<
          Pick<MemoryDocument, '_id' | 'conversationId' | 'createdAt' | 'insertSeq' | 'agentId' | 'runId'>
        >
      >()
      .exec();
    const around = { ...scopeQuery(scope), ...filterQuery(filter) };
    // One indexed walk per direction and memory on (scope, conversation, creation time, insertion order):
    // a memory without a conversation walks the same index at conversationId null (null matches a missing
    // field too, and the schema stores null), bounded by the farthest its inferred session can reach
    // (`k x sessionGapMs`), and by the same writer (agent and run, null matching null).
    const walk = async (centre: (typeof centres)[number], side: 'previous' | 'next', k: number) => {
      if (k <= 0) return [];
      const [cmp, upTo, order] =
        side === 'previous' ? (['$lt', '$lte', -1] as const) : (['$gt', '$gte', 1] as const);
      const session = centre.conversationId === null || centre.conversationId === undefined;
      const reach = new Date(centre.createdAt.getTime() + (side === 'previous' ? -1 : 1) * k * sessionGapMs);
      const docs = await this.memories
        .find(
          {
            $and: [
              around,
              {
                conversationId: session ? null : centre.conversationId,
                createdAt: {
                  [upTo]: centre.createdAt,
                  ...(session ? { [side === 'previous' ? '$gte' : '$lte']: reach } : {}),
                },
                ...(session ? { agentId: centre.agentId ?? null, runId: centre.runId ?? null } : {}),
              },
              {
                $or: [
                  { createdAt: { [cmp]: centre.createdAt } },
                  { createdAt: centre.createdAt, insertSeq: { [cmp]: centre.insertSeq } },
                ],
              },
            ],
          },
          { _id: 1, createdAt: 1 },
        )
        .sort({ createdAt: order, insertSeq: order })
        .limit(k)
        .lean<Array<{ _id: string; createdAt: Date }>>()
        .exec();
      return session
        ? withinSession(
            centre.createdAt.getTime(),
            docs.map((d) => [d._id, d.createdAt.getTime()] as const),
            sessionGapMs,
          )
        : docs.map((d) => d._id);
    };
    await Promise.all(
      centres.map(async (centre) => {
        const [previous, next] = await Promise.all([
          walk(centre, 'previous', before),
          walk(centre, 'next', after),
        ]);
        if (previous.length > 0 || next.length > 0) out.set(centre._id, { previous, next });
      }),
    );
    return out;
  }

  private async scopeSize(scope: MemoryScopeFilter): Promise<number> {
    const key = `${scope.userId}\u0000${scope.endUserId}`;
    const cached = this.sizes.get(key);
    if (cached && Date.now() - cached.at < SIZE_TTL_MS) return cached.count;
    const count = await this.vectors.count(wholeScopeFilter(scope));
    if (this.sizes.size >= SIZE_CACHE_MAX) this.sizes.clear();
    this.sizes.set(key, { count, at: Date.now() });
    return count;
  }
}
