import { createHash } from 'node:crypto';
import type { QdrantClient, Schemas } from '@qdrant/js-client-rest';
import type { ScoredId } from '../../domain/memory.js';
import { documentSparseVector, querySparseVector } from './bm25-sparse.js';
import { endUserToken, metadataTokens, PAYLOAD, type QdrantFilter } from './qdrant-filter.js';

/** Named vectors of a point: the memory's embedding (cosine) and its BM25 term weights (sparse, idf). */
const DENSE = 'dense';
const SPARSE = 'bm25';

/** What a point is made of: the memory's current state as Mongo holds it (memory.schemas.ts). */
export interface MemoryPointSource {
  readonly id: string;
  readonly userId: string;
  readonly endUserId: string;
  readonly agentId: string | null;
  readonly runId: string | null;
  readonly text: string;
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly category: string | null;
  readonly source: string;
  readonly conversationId: string | null;
  readonly createdAt: Date;
  readonly validFrom: Date;
  readonly validTo: Date | null;
  readonly embedding: Float32Array;
  readonly syncRev: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Qdrant ids are UUIDs or integers: a memory id that is not a UUID is mapped to one, deterministically. */
export function pointId(memoryId: string): string {
  if (UUID.test(memoryId)) return memoryId.toLowerCase();
  const hex = createHash('sha256').update(memoryId).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

const UPSERT_CHUNK = 256;
const DELETE_CHUNK = 1000;
const KEYWORD_FIELDS = [
  PAYLOAD.endUserId,
  PAYLOAD.agentId,
  PAYLOAD.runId,
  PAYLOAD.category,
  PAYLOAD.source,
  PAYLOAD.conversationId,
  PAYLOAD.metadata,
] as const;
const INTEGER_FIELDS = [PAYLOAD.createdAt, PAYLOAD.validFrom, PAYLOAD.validTo, PAYLOAD.rev] as const;

const isConflict = (error: unknown): boolean =>
  (error as { status?: unknown } | null)?.status === 409 ||
  /already exists/i.test(String((error as { message?: unknown } | null)?.message ?? ''));

/**
 * The memories' vectors in one Qdrant collection shared by every account (qdrant.tech multitenancy: payload
 * partitioning). The account id is a keyword payload index with `is_tenant`, so each account's points are
 * stored together; the global HNSW graph is off (`m: 0`) and `payload_m` builds one graph per tenant. Every
 * query carries the scope filter (qdrant-filter.ts): no call can read another account's points.
 */
export class QdrantMemoryVectors {
  constructor(
    private readonly client: QdrantClient,
    readonly collection: string,
    private readonly dimension: number,
  ) {}

  /** Creates the collection and its payload indexes when missing; refuses a collection of another size. */
  async ensureCollection(): Promise<void> {
    const { exists } = await this.client.collectionExists(this.collection);
    if (!exists) {
      try {
        await this.client.createCollection(this.collection, {
          vectors: { [DENSE]: { size: this.dimension, distance: 'Cosine' } },
          sparse_vectors: { [SPARSE]: { modifier: 'idf' } },
          hnsw_config: { payload_m: 16, m: 0 },
        });
      } catch (error) {
        // Another replica created it first.
        if (!isConflict(error)) throw error;
      }
    }
    const info = await this.client.getCollection(this.collection);
    const vectors = info.config.params.vectors as Record<string, Schemas['VectorParams']> | undefined;
    const size = vectors?.[DENSE]?.size;
    if (size !== this.dimension) {
      throw new Error(
        `Qdrant collection ${this.collection} holds ${DENSE} vectors of size ${String(size)}, ` +
          `the memory service embeds ${this.dimension}: set QDRANT_COLLECTION to another collection or re-embed.`,
      );
    }
    const schema = info.payload_schema ?? {};
    const indexes: Array<[string, Schemas['PayloadFieldSchema']]> = [
      [PAYLOAD.userId, { type: 'keyword', is_tenant: true }],
      ...KEYWORD_FIELDS.map((f): [string, Schemas['PayloadFieldSchema']] => [f, 'keyword']),
      ...INTEGER_FIELDS.map((f): [string, Schemas['PayloadFieldSchema']] => [f, 'integer']),
    ];
    for (const [field_name, field_schema] of indexes) {
      if (schema[field_name]) continue;
      await this.client.createPayloadIndex(this.collection, { field_name, field_schema, wait: true });
    }
  }

  /**
   * Writes each memory's point. An existing point is replaced only when its revision is lower
   * (`update_filter`), so a slow writer or a repair pass can never put back an older state.
   */
  async upsert(sources: readonly MemoryPointSource[]): Promise<void> {
    const byRev = new Map<number, MemoryPointSource[]>();
    for (const source of sources) {
      const group = byRev.get(source.syncRev) ?? [];
      group.push(source);
      byRev.set(source.syncRev, group);
    }
    for (const [rev, group] of byRev) {
      for (let i = 0; i < group.length; i += UPSERT_CHUNK) {
        await this.client.upsert(this.collection, {
          wait: true,
          points: group.slice(i, i + UPSERT_CHUNK).map(toPoint),
          update_filter: { must: [{ key: PAYLOAD.rev, range: { lt: rev } }] },
        });
      }
    }
  }

  async delete(memoryIds: readonly string[]): Promise<void> {
    for (let i = 0; i < memoryIds.length; i += DELETE_CHUNK) {
      await this.client.delete(this.collection, {
        wait: true,
        points: memoryIds.slice(i, i + DELETE_CHUNK).map(pointId),
      });
    }
  }

  async deleteWhere(filter: QdrantFilter): Promise<void> {
    await this.client.delete(this.collection, { wait: true, filter });
  }

  async count(filter: QdrantFilter): Promise<number> {
    return (await this.client.count(this.collection, { filter, exact: true })).count;
  }

  /** Cosine top-k in the filter; `exact` scans the scope's vectors instead of its HNSW graph. */
  async dense(filter: QdrantFilter, vector: Float32Array, k: number, exact: boolean): Promise<ScoredId[]> {
    const { points } = await this.client.query(this.collection, {
      query: Array.from(vector),
      using: DENSE,
      filter,
      limit: k,
      params: exact ? { exact: true } : { hnsw_ef: Math.max(64, k * 2) },
      with_payload: [PAYLOAD.memoryId],
    });
    return points.map(toScored);
  }

  /** BM25 top-k in the filter: the query's terms against the sparse vectors, IDF applied by Qdrant. */
  async keyword(filter: QdrantFilter, terms: readonly string[], k: number): Promise<ScoredId[]> {
    const sparse = querySparseVector(terms);
    if (sparse.indices.length === 0) return [];
    const { points } = await this.client.query(this.collection, {
      query: sparse,
      using: SPARSE,
      filter,
      limit: k,
      with_payload: [PAYLOAD.memoryId],
    });
    return points.map(toScored);
  }

  /**
   * Dense and BM25 candidates fused by Qdrant (Query API: two prefetches, reciprocal rank fusion) in one
   * round trip. The service's ranker fuses the channels itself with tuned weights (equal-weight RRF measured
   * lower on the dev set, decision 021), so this serves callers that want Qdrant's own fusion.
   */
  async hybrid(
    filter: QdrantFilter,
    vector: Float32Array,
    terms: readonly string[],
    k: number,
  ): Promise<ScoredId[]> {
    const sparse = querySparseVector(terms);
    const prefetch: Schemas['Prefetch'][] = [
      { query: Array.from(vector), using: DENSE, filter, limit: k * 2 },
    ];
    if (sparse.indices.length > 0) prefetch.push({ query: sparse, using: SPARSE, filter, limit: k * 2 });
    const { points } = await this.client.query(this.collection, {
      prefetch,
      query: { fusion: 'rrf' },
      filter,
      limit: k,
      with_payload: [PAYLOAD.memoryId],
    });
    return points.map(toScored);
  }
}

function toPoint(source: MemoryPointSource): Schemas['PointStruct'] {
  return {
    id: pointId(source.id),
    vector: { [DENSE]: Array.from(source.embedding), [SPARSE]: documentSparseVector(source.text) },
    payload: {
      [PAYLOAD.memoryId]: source.id,
      [PAYLOAD.userId]: source.userId,
      [PAYLOAD.endUserId]: endUserToken(source.endUserId),
      [PAYLOAD.agentId]: source.agentId,
      [PAYLOAD.runId]: source.runId,
      [PAYLOAD.category]: source.category,
      [PAYLOAD.source]: source.source,
      [PAYLOAD.conversationId]: source.conversationId,
      [PAYLOAD.createdAt]: source.createdAt.getTime(),
      [PAYLOAD.validFrom]: source.validFrom.getTime(),
      [PAYLOAD.validTo]: source.validTo?.getTime() ?? null,
      [PAYLOAD.metadata]: metadataTokens(source.metadata),
      [PAYLOAD.rev]: source.syncRev,
    },
  };
}

function toScored(point: Schemas['ScoredPoint']): ScoredId {
  const id = point.payload?.[PAYLOAD.memoryId];
  return { id: typeof id === 'string' ? id : String(point.id), score: point.score };
}
