import { v7 as timeOrderedUuid } from 'uuid';
import {
  type BatchMemoryItem,
  type CreateMemoryRequest,
  DEFAULT_IMPORTANCE,
  DEFAULT_MEMORY_SOURCE,
  MEMORY_METADATA_MAX_LENGTH,
  type MemoryCategoryValue,
  type MemoryScopeFields,
  metadataShapeProblem,
  SENSITIVE_KINDS,
  type SensitiveKind,
} from '@membolt/contracts';
import {
  embeddingDimension,
  importanceOutOfRange,
  metadataTooDeep,
  metadataTooLarge,
  metadataTooManyKeys,
  validityOrder,
} from '../memory.errors.js';
import type { MemorySettings } from '../memory.options.js';
import type { Embedder } from '../ports/embedder.js';
import type { Memory, MemoryScopeFilter, NewMemoryRecord } from './memory.js';

/*
 * How a request's items become the records a store writes: the metadata checked and its importance taken out,
 * the validity and expiry read, the vector given or computed (texts without one embedded in one call), the ids
 * and the scope set. The memory service screens the items first and decides what is stored.
 */

/** A category value as a memory holds it: "none" is no category; absent leaves it as it is. */
export const categoryOf = (value: MemoryCategoryValue | undefined): Memory['category'] | undefined =>
  value === undefined ? undefined : value === 'none' ? null : value;

/** The kinds of several lists, once each, in the policy's order. */
export const unionOfKinds = (lists: ReadonlyArray<readonly SensitiveKind[]>): SensitiveKind[] => {
  // Most writes redact nothing: no set is built for them (an import's part holds 200).
  if (lists.every((list) => list.length === 0)) return [];
  const all = new Set(lists.flat());
  return SENSITIVE_KINDS.filter((kind) => all.has(kind));
};

/** A batch create's items take the batch's scope; import-only fields do not apply. */
export function withoutImportFields(item: BatchMemoryItem, scope: MemoryScopeFields): CreateMemoryRequest {
  const { id: _id, createdAt: _createdAt, ...fields } = item;
  return { ...fields, endUserId: scope.endUserId, agentId: scope.agentId, runId: scope.runId };
}

/** One item of a write, screened: what it says, its redactions and (import) its exported id and time. */
export type RecordItem = CreateMemoryRequest & {
  id?: string | undefined;
  createdAt?: string | undefined;
  redactions: readonly SensitiveKind[];
};

export class MemoryRecordBuilder {
  constructor(
    private readonly embedder: Embedder,
    private readonly settings: Pick<MemorySettings, 'dimension' | 'metadataLimits'>,
  ) {}

  /** The records of `items`, in order; with `importing`, the exported id and creation time are kept. */
  async newRecords(
    scope: MemoryScopeFilter,
    items: readonly RecordItem[],
    now: Date,
    importing: boolean,
  ): Promise<NewMemoryRecord[]> {
    const prepared = items.map((item) => {
      const parsed = this.parseMetadata(item.metadata ?? {});
      const createdAt = importing && item.createdAt ? new Date(item.createdAt) : now;
      const validFrom = item.validFrom ? new Date(item.validFrom) : createdAt;
      const validTo = item.validTo ? new Date(item.validTo) : null;
      if (validTo && validTo.getTime() <= validFrom.getTime()) throw validityOrder();
      return {
        item,
        metadata: parsed.metadata,
        importance: item.importance ?? parsed.importance ?? DEFAULT_IMPORTANCE,
        createdAt,
        validFrom,
        validTo,
        embedding: item.embedding !== undefined ? this.givenEmbedding(item.embedding) : undefined,
      };
    });
    const toEmbed = prepared.filter((p) => !p.embedding);
    const computed = toEmbed.length
      ? await this.embedder.embed(
          toEmbed.map((p) => p.item.text),
          'document',
        )
      : [];
    if (computed.length !== toEmbed.length) {
      throw new Error(
        `The embedder ${this.embedder.model} answered ${computed.length} vectors for ${toEmbed.length} texts`,
      );
    }
    toEmbed.forEach((p, i) => (p.embedding = computed[i]));
    return prepared.map((p) => {
      if (!p.embedding) throw new Error('A new memory was left without a vector');
      return this.toRecord(scope, p, p.embedding, importing);
    });
  }

  /** The stored metadata (importance lives in its column) and the importance it carried, checked. */
  parseMetadata(metadata: Record<string, unknown>): {
    metadata: Record<string, unknown>;
    importance: number | undefined;
  } {
    const { maxKeys, maxDepth } = this.settings.metadataLimits;
    const problem = metadataShapeProblem(metadata, { maxKeys, maxDepth });
    if (problem === 'keys') throw metadataTooManyKeys(maxKeys);
    if (problem === 'depth') throw metadataTooDeep(maxDepth);
    if (JSON.stringify(metadata).length > MEMORY_METADATA_MAX_LENGTH) throw metadataTooLarge();
    const { importance, ...rest } = metadata;
    if (importance === undefined || importance === null) return { metadata: rest, importance: undefined };
    if (typeof importance !== 'number' || !Number.isFinite(importance) || importance < 0 || importance > 1) {
      throw importanceOutOfRange();
    }
    return { metadata: rest, importance };
  }

  /** A vector the client gave: it must have the configured dimension. */
  givenEmbedding(values: readonly number[]): Float32Array {
    if (values.length !== this.settings.dimension)
      throw embeddingDimension(this.settings.dimension, values.length);
    return Float32Array.from(values);
  }

  private toRecord(
    scope: MemoryScopeFilter,
    p: {
      item: CreateMemoryRequest & { id?: string | undefined; redactions: readonly SensitiveKind[] };
      metadata: Record<string, unknown>;
      importance: number;
      createdAt: Date;
      validFrom: Date;
      validTo: Date | null;
    },
    embedding: Float32Array,
    importing: boolean,
  ): NewMemoryRecord {
    return {
      memory: {
        // Time-ordered (UUIDv7): each new id sorts after the last, so the stores' unique id index takes it at
        // its right edge, one page for a whole batch, where a random id dirtied a page of its own anywhere in
        // the index; the page cache keeps holding those pages as the store grows past it.
        id: timeOrderedUuid(),
        userId: scope.userId,
        endUserId: scope.endUserId === '' ? null : scope.endUserId,
        agentId: scope.agentId ?? null,
        runId: scope.runId ?? null,
        text: p.item.text,
        metadata: p.metadata,
        importance: p.importance,
        category: categoryOf(p.item.category) ?? null,
        source: p.item.source ?? DEFAULT_MEMORY_SOURCE,
        conversationId: p.item.conversationId ?? null,
        conversationTitle: p.item.conversationTitle ?? null,
        createdAt: p.createdAt,
        updatedAt: p.createdAt,
        validFrom: p.validFrom,
        validTo: p.validTo,
        expiresAt: p.item.expirationDate ? new Date(p.item.expirationDate) : null,
        version: 1,
        embeddingModel: p.item.embedding !== undefined ? 'client' : this.embedder.model,
        redactions: p.item.redactions,
      },
      embedding,
      originId: importing ? p.item.id : undefined,
    };
  }
}

/** One text's vector. */
export async function embedOne(
  embedder: Embedder,
  text: string,
  purpose: 'document' | 'query',
): Promise<Float32Array> {
  const [vector] = await embedder.embed([text], purpose);
  if (!vector) throw new Error(`The embedder ${embedder.model} answered no vector`);
  return vector;
}
