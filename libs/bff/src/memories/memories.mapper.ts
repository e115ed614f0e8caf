import {
  fieldsOf,
  type MemoryCategoryValue,
  type MemoryDeletionReceipt,
  type MemoryFilterFields,
  type MemoryHistoryView,
  type MemoryListView,
  type MemoryScopeFields,
  type MemorySearchView,
  type MemoryStatsView,
  type MemoryView,
} from '@membolt/contracts';
import {
  MemoryGraphqlShape,
  type MemoryCategoryModel,
  type MemoryDeletionReceiptModel,
  type MemoryHistoryModel,
  type MemoryModel,
  type MemoryPageModel,
  type MemoryScopeArgs,
  type MemorySearchFiltersInput,
  type MemorySearchResultsModel,
  type MemoryStatsModel,
} from './memories.models.js';

/*
 * The memory service's bus views → the GraphQL models, in one place. The GraphQL enums are registered
 * from the contract's constants, so an enum field crosses as it is. The owner id stays server-side:
 * the BFF acts for the signed-in account only (a scope argument names one of that account's scopes).
 */

/** GraphQL's scope arguments as the bus's scope fields; null and absent both mean "not this scope". */
export function toScopeFields(args: MemoryScopeArgs): MemoryScopeFields {
  return {
    ...(args.endUserId != null ? { endUserId: args.endUserId } : {}),
    ...(args.agentId != null ? { agentId: args.agentId } : {}),
    ...(args.runId != null ? { runId: args.runId } : {}),
  };
}

/** The view's fields GraphQL shows (fieldsOf: nothing else leaves the server), the metadata as a JSON string. */
export function toMemoryModel(memory: MemoryView): MemoryModel {
  return {
    ...fieldsOf(MemoryGraphqlShape, memory),
    metadata: JSON.stringify(memory.metadata),
    expirationDate: memory.expirationDate ?? null,
    redactions: memory.redactions ?? [],
  };
}

export function toMemoryPage(page: MemoryListView): MemoryPageModel {
  return { ...page, memories: page.memories.map(toMemoryModel) };
}

export function toSearchResults(view: MemorySearchView): MemorySearchResultsModel {
  return {
    ...view,
    results: view.results.map((result) => ({ ...result, memory: toMemoryModel(result.memory) })),
  };
}

export function toHistoryModel(view: MemoryHistoryView): MemoryHistoryModel {
  return {
    memoryId: view.memoryId,
    versions: view.versions.map((version) => ({
      version: version.version,
      text: version.text,
      importance: version.importance,
      category: version.category,
      validFrom: version.validFrom,
      validTo: version.validTo,
      recordedAt: version.recordedAt,
      event: version.event,
    })),
  };
}

export function toDeletionReceiptModel(receipt: MemoryDeletionReceipt): MemoryDeletionReceiptModel {
  return {
    memoryIds: [...receipt.memoryIds],
    removed: Object.entries(receipt.removed).map(([kind, count]) => ({ kind, count })),
    deletedAt: receipt.deletedAt,
  };
}

export const toStatsModel = (stats: MemoryStatsView): MemoryStatsModel => ({
  memoryCount: stats.memoryCount,
  closedCount: stats.closedCount,
  avgImportance: stats.avgImportance,
  oldestTimestamp: stats.oldestTimestamp,
  conceptCount: stats.conceptCount,
  relationCount: stats.relationCount,
});

/** GraphQL filters → the bus request's filter fields: only what the client gave (the bus refuses extras). */
export function toFilterFields(
  filters: MemorySearchFiltersInput | null | undefined,
): Pick<MemoryFilterFields, 'category' | 'source' | 'createdAfter' | 'createdBefore'> {
  return {
    ...(filters?.category ? { category: filters.category } : {}),
    ...(filters?.source ? { source: filters.source } : {}),
    ...(filters?.createdAfter ? { createdAfter: filters.createdAfter } : {}),
    ...(filters?.createdBefore ? { createdBefore: filters.createdBefore } : {}),
  };
}

/** An explicit null clears the category ("none" on the bus); an absent field leaves it unchanged. */
export function toCategoryChange(value: MemoryCategoryModel | null | undefined): {
  category?: MemoryCategoryValue;
} {
  if (value === undefined) return {};
  return { category: value ?? 'none' };
}
