import {
  MemoryView,
  type ConceptGraphView,
  type EmbeddingView,
  type EndUserListView,
  type MemoryCategoryView,
  type MemoryDeletionReceipt,
  type MemoryHistoryView,
  type MemorySearchView,
  type MemoryStatsView,
  type StoredMemoryView,
  type UserDataDeletionView,
} from '@membolt/contracts';
import type { ConceptGraph, EndUserSummary, Memory, MemoryStats, MemoryVersion } from './domain/memory.js';
import type { CustomMemoryCategory } from './domain/memory-category.js';
import type { DeletionOutcome, RemovedUserData, SearchOutcome, StoredMemory } from './memory.service.js';

/** The metadata as the web app reads it (docs/requirements/web-app.md: source, importance, conversation_id, title folded in). */
function foldedMetadata(memory: Memory): Record<string, unknown> {
  return {
    ...memory.metadata,
    importance: memory.importance,
    source: memory.source,
    ...(memory.category ? { category: memory.category } : {}),
    ...(memory.conversationId ? { conversation_id: memory.conversationId } : {}),
    ...(memory.conversationTitle ? { title: memory.conversationTitle } : {}),
  };
}

/** The view's field names, read once (a list or search maps many memories). */
const VIEW_FIELDS = Object.keys(MemoryView.unwrap().shape);

/**
 * A memory as the bus answers it: every field the view and the domain hold under one name and in one form
 * (strings, numbers, ids) is copied as it is, so a new one needs no line here; the rest is written out.
 */
export function toMemoryView(memory: Memory): MemoryView {
  const domain = memory as unknown as Readonly<Record<string, unknown>>;
  const same: Record<string, unknown> = {};
  for (const field of VIEW_FIELDS) if (domain[field] !== undefined) same[field] = domain[field];
  return {
    ...(same as MemoryView),
    metadata: foldedMetadata(memory),
    createdAt: memory.createdAt.toISOString(),
    updatedAt: memory.updatedAt.toISOString(),
    validFrom: memory.validFrom.toISOString(),
    validTo: memory.validTo?.toISOString() ?? null,
    expirationDate: memory.expiresAt?.toISOString() ?? null,
    redactions: [...(memory.redactions ?? [])],
    ...(memory.embedding ? { embedding: Array.from(memory.embedding) } : {}),
  };
}

/** The memory's view with `deduplicated` set on it (a batch answers 1,000: no second copy of each). */
export function toStoredMemoryView(stored: StoredMemory): StoredMemoryView {
  const view: MemoryView & { deduplicated?: boolean } = toMemoryView(stored.memory);
  view.deduplicated = stored.deduplicated;
  return view as StoredMemoryView;
}

export function toSearchView(query: string, outcome: SearchOutcome): MemorySearchView {
  return {
    results: outcome.results.map((hit) => ({
      memory: toMemoryView(hit.memory),
      score: hit.score,
      relevance: hit.relevance,
      scores: hit.scores,
    })),
    count: outcome.results.length,
    query,
    strategy: outcome.strategy,
  };
}

export function toHistoryView(memoryId: string, versions: readonly MemoryVersion[]): MemoryHistoryView {
  return {
    memoryId,
    versions: versions.map((v) => ({
      version: v.version,
      text: v.text,
      // Folded as on the memory itself: a version's metadata carries the importance (and category) it had.
      metadata: { ...v.metadata, importance: v.importance, ...(v.category ? { category: v.category } : {}) },
      importance: v.importance,
      category: v.category,
      validFrom: v.validFrom.toISOString(),
      validTo: v.validTo?.toISOString() ?? null,
      recordedAt: v.recordedAt.toISOString(),
      event: v.event,
    })),
  };
}

export function toDeletionReceipt(outcome: DeletionOutcome): MemoryDeletionReceipt {
  return {
    memoryIds: [...outcome.memoryIds],
    removed: { ...outcome.removed },
    deletedAt: outcome.deletedAt.toISOString(),
  };
}

export function toStatsView(stats: MemoryStats & { oldestCreatedAt: Date }): MemoryStatsView {
  return {
    memoryCount: stats.memoryCount,
    closedCount: stats.closedCount,
    avgImportance: stats.avgImportance,
    oldestTimestamp: stats.oldestCreatedAt.toISOString(),
    conceptCount: stats.conceptCount,
    relationCount: stats.relationCount,
  };
}

export function toEmbeddingView(result: {
  embedding: Float32Array;
  dimension: number;
  model: string;
}): EmbeddingView {
  return { embedding: Array.from(result.embedding), dimension: result.dimension, model: result.model };
}

export function toEndUserListView(result: {
  endUsers: readonly EndUserSummary[];
  total: number;
}): EndUserListView {
  return {
    endUsers: result.endUsers.map((e) => ({
      endUserId: e.endUserId,
      memoryCount: e.memoryCount,
      lastActivityAt: e.lastActivityAt.toISOString(),
    })),
    total: result.total,
  };
}

export function toConceptGraphView(graph: ConceptGraph): ConceptGraphView {
  return {
    concepts: graph.concepts.map((c) => ({ ...c })),
    relations: graph.relations.map((r) => ({ ...r })),
    truncated: graph.truncated,
  };
}

export function toUserDataDeletionView(removed: RemovedUserData): UserDataDeletionView {
  return { service: 'memory', removed: { ...removed } };
}

export function toMemoryCategoryView(category: CustomMemoryCategory): MemoryCategoryView {
  return {
    name: category.name,
    description: category.description,
    createdAt: category.createdAt.toISOString(),
    updatedAt: category.updatedAt.toISOString(),
  };
}
