import {
  type BatchMemoryItem,
  type CreateMemoryBatchRequest,
  type CreateMemoryRequest,
  DEFAULT_MEMORY_SORT,
  type LearnFactsFromMessagesRequest,
  type ListMemoriesRequest,
  type MemoryFilterFields,
  type MemoryScopeFields,
  MEMORY_LIST_DEFAULT_LIMIT,
  MEMORY_SEARCH_DEFAULT_LIMIT,
  type SearchMemoriesRequest,
  memoryContentFields,
  type UpdateMemoryRequest,
} from '@membolt/contracts';
import { contractFields } from '../common/rest-request.js';
import { limitAndTopK, nothingToUpdate, scopeConflict } from '../gateway.errors.js';
import type {
  CreateMemoryBody,
  ListMemoriesQuery,
  MemoryFilterQuery,
  MemoryScopeQuery,
  NewMemoryBody,
  SearchMemoriesBody,
  SearchMemoriesQuery,
  UpdateMemoryBody,
} from './memory.dto.js';
import { UPDATE_BODY_FIELDS } from './memory.dto.js';
import type { AddMessagesBody } from './memory-messages.dto.js';

/** The only place REST bodies and queries become the memory service's bus requests. */

const SCOPE_FIELDS = [
  ['end_user_id', 'endUserId'],
  ['agent_id', 'agentId'],
  ['run_id', 'runId'],
] as const;

/** Copies the keys whose values are defined (the bus payloads refuse explicit undefined only by type). */
function defined<T extends object>(fields: T): T {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as T;
}

/**
 * The scope of a call: `end_user_id`, `agent_id` and `run_id` from the query or the body; given in both, they
 * must agree.
 */
export function toScope(query: MemoryScopeQuery, body: MemoryScopeQuery = {}): MemoryScopeFields {
  const scope: Record<string, string> = {};
  for (const [wire, field] of SCOPE_FIELDS) {
    const fromQuery = query[wire];
    const fromBody = body[wire];
    if (fromQuery !== undefined && fromBody !== undefined && fromQuery !== fromBody)
      throw scopeConflict(wire);
    const value = fromQuery ?? fromBody;
    if (value !== undefined) scope[field] = value;
  }
  return scope;
}

/** A new memory's fields under the contract's names (a REST body holds the contract's fields, renamed). */
export function toNewMemoryFields(body: NewMemoryBody): BatchMemoryItem {
  return contractFields(memoryContentFields, body) as BatchMemoryItem;
}

/** REST adds deduplicate unless told not to (decision 093). */
export function toCreateMemoryRequest(query: MemoryScopeQuery, body: CreateMemoryBody): CreateMemoryRequest {
  return { ...toNewMemoryFields(body), ...toScope(query, body), dedupe: body.dedupe ?? true };
}

export function toCreateMemoryBatchRequest(
  query: MemoryScopeQuery,
  body: { memories: NewMemoryBody[]; dedupe?: boolean | undefined } & MemoryScopeQuery,
): CreateMemoryBatchRequest {
  return {
    ...toScope(query, body),
    memories: body.memories.map(toNewMemoryFields),
    dedupe: body.dedupe ?? true,
  };
}

export function toUpdateMemoryRequest(
  memoryId: string,
  query: MemoryScopeQuery,
  body: UpdateMemoryBody,
): UpdateMemoryRequest {
  const changes = contractFields(UPDATE_BODY_FIELDS, body);
  if (Object.keys(changes).length === 0) throw nothingToUpdate();
  return { ...toScope(query, body), memoryId, ...changes };
}

function toFilterFields(query: MemoryFilterQuery): MemoryFilterFields {
  return {
    ...toScope(query),
    ...defined({
      category: query.category,
      source: query.source,
      createdAfter: query.created_after,
      createdBefore: query.created_before,
      conversationId: query.conversation_id,
      metadata: query.metadata,
      filters: query.filters,
      includeClosed: query.include_closed,
      asOf: query.as_of,
      includeEmbedding: query.include_embedding,
    }),
  };
}

export function toListMemoriesRequest(query: ListMemoriesQuery): ListMemoriesRequest {
  return {
    ...toFilterFields(query),
    limit: query.limit ?? MEMORY_LIST_DEFAULT_LIMIT,
    offset: query.offset ?? 0,
    sort: query.sort ?? DEFAULT_MEMORY_SORT,
  };
}

export function toSearchMemoriesRequest(query: SearchMemoriesQuery): SearchMemoriesRequest {
  return {
    ...toFilterFields(query),
    query: query.query,
    limit: query.limit ?? MEMORY_SEARCH_DEFAULT_LIMIT,
    ...(query.threshold !== undefined ? { threshold: query.threshold } : {}),
  };
}

/** `messages` with infer: the chat service's learning request, in the call's scope only. */
export function toLearnFactsRequest(
  query: MemoryScopeQuery,
  body: AddMessagesBody,
): LearnFactsFromMessagesRequest {
  return {
    ...toScope(query, body),
    messages: body.messages.map(({ role, content }) => ({ role, content })),
    ...(body.metadata !== undefined ? { metadata: body.metadata } : {}),
    ...(body.expiration_date !== undefined ? { expirationDate: body.expiration_date } : {}),
  };
}

/**
 * `messages` with infer=false: each user and assistant message stored as it is, with its role in the metadata.
 * System messages are instructions to a model, not something said to remember. Null when none is left.
 */
export function toVerbatimMessagesRequest(
  query: MemoryScopeQuery,
  body: AddMessagesBody,
): CreateMemoryBatchRequest | null {
  const memories: BatchMemoryItem[] = body.messages
    .filter((message) => message.role !== 'system')
    .map((message) => ({
      text: message.content.trim(),
      source: 'api',
      metadata: { ...body.metadata, role: message.role },
      ...(body.expiration_date !== undefined ? { expirationDate: body.expiration_date } : {}),
    }));
  return memories.length > 0 ? { ...toScope(query, body), memories, dedupe: body.dedupe ?? true } : null;
}

/** The body form of search: `top_k` is `limit`; the scope may come from the query or the body (agreeing). */
export function toSearchMemoriesBodyRequest(
  query: MemoryScopeQuery,
  body: SearchMemoriesBody,
): SearchMemoriesRequest {
  if (body.limit !== undefined && body.top_k !== undefined && body.limit !== body.top_k) {
    throw limitAndTopK();
  }
  return {
    ...toSearchMemoriesRequest({ ...body, limit: body.limit ?? body.top_k }),
    ...toScope(query, body),
  };
}
