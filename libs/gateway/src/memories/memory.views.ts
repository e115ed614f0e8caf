import {
  type EmbeddingView,
  type LearnedFromMessagesView,
  type LearningJobView,
  type EndUserListView,
  type MemoryBatchView,
  type MemoryDeletionReceipt,
  type MemoryHistoryView,
  type ImportJobView,
  type MemoryImportView,
  type MemoryListView,
  MemoryScoreBreakdown,
  type MemorySearchResultView,
  type MemorySearchView,
  type MemoryStatsView,
  MemoryView,
  type StoredMemoryView,
} from '@membolt/contracts';
import type {
  EmbeddingResponse,
  EndUserListResponse,
  MemoryBatchResponse,
  MemoryDeletionResponse,
  MemoryHistoryResponse,
  ImportJobResponse,
  MemoryImportResponse,
  MemoryListResponse,
  MemoryResponse,
  MemoryStatsResponse,
  SearchResponse,
  SearchResultResponse,
  StoredMemoryResponse,
} from './memory.dto.js';
import { restNamesOf, snakeCase, snakeCasedFields } from '../common/rest-object-type.js';
import type { LearnedMemoriesResponse, LearningJobResponse } from './memory-messages.dto.js';

/** The only place the memory service's bus views become the REST API's snake_case bodies (decision 022). */

/**
 * The view's fields under their REST names (the owner id stays server-side), the metadata as a JSON string,
 * `timestamp` as created_at; `embedding` only when the caller asked for it (and the service sent it).
 */
export function toMemoryResponse(view: MemoryView, includeEmbedding = false): MemoryResponse {
  const { user_id: _userId, embedding, ...fields } = snakeCasedFields(MemoryView, view);
  return {
    ...fields,
    metadata: JSON.stringify(view.metadata),
    timestamp: view.createdAt,
    expiration_date: view.expirationDate ?? null,
    redactions: [...(view.redactions ?? [])],
    ...(includeEmbedding && embedding ? { embedding: [...embedding] } : {}),
  };
}

export function toMemoryListResponse(view: MemoryListView, includeEmbedding: boolean): MemoryListResponse {
  return {
    memories: view.memories.map((memory) => toMemoryResponse(memory, includeEmbedding)),
    limit: view.limit,
    offset: view.offset,
    count: view.count,
    total_count: view.totalCount,
  };
}

/**
 * `deduplicated` only when the memory was already stored: a new memory reads as any other. The fields of
 * `toMemoryResponse` (without the embedding), built in one object rather than spread twice: each is set where
 * the view's order puts it and a field set again keeps its place, as in a spread, so the JSON is the same byte
 * for byte (`memory.views.spec.ts`); a batch answers 1,000 of them on the serving thread.
 */
export function toStoredMemoryResponse(view: StoredMemoryView): StoredMemoryResponse {
  const response: Record<string, unknown> = {};
  const values = view as unknown as Readonly<Record<string, unknown>>;
  for (const [field, rest] of restNamesOf(MemoryView)) {
    if (field === 'userId' || field === 'embedding') continue;
    if (values[field] !== undefined) response[rest] = values[field];
  }
  response['metadata'] = JSON.stringify(view.metadata);
  response['timestamp'] = view.createdAt;
  response['expiration_date'] = view.expirationDate ?? null;
  response['redactions'] = [...(view.redactions ?? [])];
  if (view.deduplicated) response['deduplicated'] = true;
  return response as unknown as StoredMemoryResponse;
}

export function toMemoryBatchResponse(view: MemoryBatchView): MemoryBatchResponse {
  return { memories: view.memories.map(toStoredMemoryResponse), count: view.count };
}

export function toMemoryDeletionResponse(receipt: MemoryDeletionReceipt): MemoryDeletionResponse {
  return {
    deleted: true,
    memory_ids: [...receipt.memoryIds],
    removed: Object.fromEntries(
      Object.entries(receipt.removed).map(([kind, count]) => [snakeCase(kind), count]),
    ),
    deleted_at: receipt.deletedAt,
  };
}

export function toMemoryHistoryResponse(view: MemoryHistoryView): MemoryHistoryResponse {
  return {
    memory_id: view.memoryId,
    versions: view.versions.map((version) => ({
      version: version.version,
      text: version.text,
      metadata: JSON.stringify(version.metadata),
      importance: version.importance,
      category: version.category,
      valid_from: version.validFrom,
      valid_to: version.validTo,
      recorded_at: version.recordedAt,
      event: version.event,
    })),
  };
}

function toSearchResultResponse(
  result: MemorySearchResultView,
  includeEmbedding: boolean,
): SearchResultResponse {
  return {
    ...toMemoryResponse(result.memory, includeEmbedding),
    score: result.score,
    relevance: result.relevance,
    scores: snakeCasedFields(MemoryScoreBreakdown, result.scores),
  };
}

/** One numbered line per result: its text on one line, then the day it was stored. */
export function formatSearchResults(results: readonly MemorySearchResultView[]): string {
  return results
    .map(
      ({ memory }, index) =>
        `${index + 1}. ${memory.text.replace(/\s+/g, ' ').trim()} (${memory.createdAt.slice(0, 10)})`,
    )
    .join('\n');
}

export function toSearchResponse(view: MemorySearchView, includeEmbedding: boolean): SearchResponse {
  return {
    results: view.results.map((result) => toSearchResultResponse(result, includeEmbedding)),
    formatted_results: formatSearchResults(view.results),
    count: view.results.length,
  };
}

export function toMemoryStatsResponse(view: MemoryStatsView): MemoryStatsResponse {
  return {
    memory_count: view.memoryCount,
    closed_count: view.closedCount,
    avg_importance: view.avgImportance,
    oldest_timestamp: view.oldestTimestamp,
    concept_count: view.conceptCount,
    relation_count: view.relationCount,
  };
}

export function toEmbeddingResponse(view: EmbeddingView): EmbeddingResponse {
  return { embedding: [...view.embedding], dimension: view.dimension, model: view.model };
}

export function toQueuedImportResponse(
  importId: string,
  lines: number,
  statusUrl: string,
): ImportJobResponse {
  return { import_id: importId, status: 'queued', percent: 0, lines, status_url: statusUrl };
}

export function toImportJobResponse(view: ImportJobView): ImportJobResponse {
  return {
    import_id: view.importId,
    status: view.state,
    percent: view.percent,
    imported: view.imported,
    skipped: view.skipped,
    error: view.error,
  };
}

export function toMemoryImportResponse(
  views: readonly MemoryImportView[],
  lines: number,
): MemoryImportResponse {
  return {
    imported: views.reduce((sum, view) => sum + view.imported, 0),
    skipped: views.reduce((sum, view) => sum + view.skipped, 0),
    lines,
  };
}

export function toEndUserListResponse(
  view: EndUserListView,
  page: { limit: number; offset: number },
): EndUserListResponse {
  return {
    end_users: view.endUsers.map((endUser) => ({
      end_user_id: endUser.endUserId,
      memory_count: endUser.memoryCount,
      last_activity_at: endUser.lastActivityAt,
    })),
    limit: page.limit,
    offset: page.offset,
    count: view.endUsers.length,
    total_count: view.total,
  };
}

export function toLearnedMemoriesResponse(view: LearnedFromMessagesView): LearnedMemoriesResponse {
  return {
    results: view.events.map((event) => ({
      id: event.memory.id,
      event: event.event,
      text: event.memory.text,
      previous_text: event.previousText,
      memory: toMemoryResponse(event.memory),
    })),
    extracted_by: view.extractedBy,
    count: view.events.length,
  };
}

/** infer=false: every message stored is an ADD; one already held in the same words a NOOP. */
export function toVerbatimMemoriesResponse(view: MemoryBatchView | null): LearnedMemoriesResponse {
  const memories = view?.memories ?? [];
  return {
    results: memories.map((memory) => ({
      id: memory.id,
      event: memory.deduplicated ? 'NOOP' : 'ADD',
      text: memory.text,
      previous_text: null,
      memory: toMemoryResponse(memory),
    })),
    extracted_by: null,
    count: memories.length,
  };
}

/** `statusUrl`: where the job's owner reads it (the gateway's route for the job). */
export function toLearningJobResponse(view: LearningJobView, statusUrl: string): LearningJobResponse {
  return {
    job_id: view.jobId,
    status: view.state,
    status_url: statusUrl,
    result: view.result ? toLearnedMemoriesResponse(view.result) : null,
    error: view.error,
    created_at: view.createdAt,
    updated_at: view.updatedAt,
  };
}
