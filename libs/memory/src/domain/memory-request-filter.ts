import {
  CommonError,
  CommonErrorCode,
  isEmptyMemoryFilter,
  MEMORY_METADATA_FILTER_MAX_FIELDS,
  MemoryFilterError,
  type MemoryFilterFields,
  type MemoryFilterNode,
  memoryFilterScope,
  type MemoryScopeFields,
  parseMemoryFilter,
} from '@membolt/contracts';
import { badMetadataFilter, tooManyMetadataFilters } from '../memory.errors.js';
import { categoryOf } from './memory-records.js';
import type { MemoryFilter, MemoryScopeFilter } from './memory.js';

/*
 * What a request reads, as the store's scope and filter: the scope of the acting user and the request's end
 * user, agent and run (a list's or search's `filters` may name them), and the filter of its other fields.
 */

const METADATA_KEY = /^[A-Za-z0-9_.-]{1,100}$/;

/** The request's scope; with `visibleAt`, memories expired by then are hidden from it. */
export const scopeOf = (userId: string, fields: MemoryScopeFields, visibleAt?: Date): MemoryScopeFilter => ({
  userId,
  endUserId: fields.endUserId ?? '',
  agentId: fields.agentId,
  runId: fields.runId,
  ...(visibleAt ? { visibleAt } : {}),
});

/**
 * A list's or search's scope fields: where the request names no end user (agent, run), the one its filter pins
 * at the top level (`{"user_id": "alice"}`, Mem0's way of naming the user). Inside the acting account only, so
 * a filter never widens access; a filter naming another end user than the request's own matches nothing.
 */
export function filteredScopeFields(request: MemoryFilterFields): MemoryScopeFields {
  const tree = expressionOf(request.filters);
  const pinned = tree ? memoryFilterScope(tree) : {};
  return {
    endUserId: request.endUserId ?? pinned.endUserId,
    agentId: request.agentId ?? pinned.agentId,
    runId: request.runId ?? pinned.runId,
  };
}

/** The store's filter of a list or search; `openClosed` reads closed facts too (a time the query names). */
export function filterOf(request: MemoryFilterFields, openClosed: boolean, now: () => Date): MemoryFilter {
  const metadata = request.metadata ?? {};
  const keys = Object.keys(metadata);
  if (keys.length > MEMORY_METADATA_FILTER_MAX_FIELDS) throw tooManyMetadataFilters();
  for (const key of keys) {
    const value: unknown = metadata[key];
    const scalar =
      typeof value === 'string' ||
      typeof value === 'boolean' ||
      (typeof value === 'number' && Number.isFinite(value));
    if (!METADATA_KEY.test(key) || !scalar) throw badMetadataFilter(key);
  }
  return {
    category: categoryOf(request.category),
    source: request.source,
    createdAfter: request.createdAfter !== undefined ? new Date(request.createdAfter) : undefined,
    createdBefore: request.createdBefore !== undefined ? new Date(request.createdBefore) : undefined,
    conversationId: request.conversationId,
    metadata: keys.length ? metadata : undefined,
    expression: expressionOf(request.filters),
    validity:
      request.asOf !== undefined
        ? { kind: 'asOf', at: new Date(request.asOf) }
        : request.includeClosed || openClosed
          ? { kind: 'all' }
          : { kind: 'open', now: now() },
  };
}

/** The request's `filters` as a tree (validated on the bus already); `{}` filters nothing. */
function expressionOf(filters: Record<string, unknown> | undefined): MemoryFilterNode | undefined {
  if (filters === undefined) return undefined;
  let tree: MemoryFilterNode;
  try {
    tree = parseMemoryFilter(filters);
  } catch (error) {
    if (error instanceof MemoryFilterError)
      throw new CommonError(CommonErrorCode.ValidationError, error.message);
    throw error;
  }
  return isEmptyMemoryFilter(tree) ? undefined : tree;
}
