import type { Schemas } from '@qdrant/js-client-rest';
import type { MemoryFilter, MemoryScope, MemoryScopeFilter } from '../../domain/memory.js';

type Condition = Schemas['Condition'];
export type QdrantFilter = Schemas['Filter'];

/** Payload keys of a memory's point. Times are epoch milliseconds (integer-indexed). */
export const PAYLOAD = {
  userId: 'user_id',
  endUserId: 'end_user_id',
  memoryId: 'memory_id',
  agentId: 'agent_id',
  runId: 'run_id',
  category: 'category',
  source: 'source',
  conversationId: 'conversation_id',
  createdAt: 'created_at',
  validFrom: 'valid_from',
  validTo: 'valid_to',
  /** The metadata's top-level scalar members as exact tokens (metadataToken): any key, no nested paths. */
  metadata: 'meta',
  /** The memory's sync revision: an upsert only replaces a point of a lower revision. */
  rev: 'rev',
} as const;

const match = (key: string, value: string | number | boolean): Condition => ({ key, match: { value } });

/**
 * The end user as a payload keyword: prefixed, so the account's own memories ('') are a non-empty value
 * like any other and no end user id can collide with it.
 */
export const endUserToken = (endUserId: string): string => `e:${endUserId}`;

/** The tenant conditions: account (the `is_tenant` index), then end user, then agent and run when given. */
function scopeConditions(scope: MemoryScopeFilter): Condition[] {
  const must: Condition[] = [
    match(PAYLOAD.userId, scope.userId),
    match(PAYLOAD.endUserId, endUserToken(scope.endUserId)),
  ];
  if (scope.agentId !== undefined) must.push(match(PAYLOAD.agentId, scope.agentId));
  if (scope.runId !== undefined) must.push(match(PAYLOAD.runId, scope.runId));
  return must;
}

/** Every point of one scope (end user '' = the account's own), for erasing it. */
export function wholeScopeFilter(scope: MemoryScope): QdrantFilter {
  return { must: scopeConditions(scope) };
}

/** Scope first, then the memory filters, with the same meaning as the Mongo query (memory-documents.ts). */
export function searchFilter(scope: MemoryScopeFilter, filter: MemoryFilter): QdrantFilter {
  const must = scopeConditions(scope);
  const open = (at: number): Condition => ({
    should: [{ is_empty: { key: PAYLOAD.validTo } }, { key: PAYLOAD.validTo, range: { gt: at } }],
  });
  if (filter.category === null) must.push({ is_empty: { key: PAYLOAD.category } });
  else if (filter.category !== undefined) must.push(match(PAYLOAD.category, filter.category));
  if (filter.source !== undefined) must.push(match(PAYLOAD.source, filter.source));
  if (filter.createdAfter || filter.createdBefore) {
    must.push({
      key: PAYLOAD.createdAt,
      range: { gte: filter.createdAfter?.getTime() ?? null, lte: filter.createdBefore?.getTime() ?? null },
    });
  }
  if (filter.conversationId !== undefined) must.push(match(PAYLOAD.conversationId, filter.conversationId));
  for (const [name, value] of Object.entries(filter.metadata ?? {})) {
    must.push(match(PAYLOAD.metadata, metadataToken(name, value)));
  }
  switch (filter.validity.kind) {
    case 'open':
      must.push(open(filter.validity.now.getTime()));
      break;
    case 'asOf':
      must.push({ key: PAYLOAD.validFrom, range: { lte: filter.validity.at.getTime() } });
      must.push(open(filter.validity.at.getTime()));
      break;
    case 'all':
      break;
  }
  return { must };
}

/** One metadata member as a keyword: name, type and value, so `"1"`, `1` and `true` stay distinct. */
export function metadataToken(name: string, value: string | number | boolean): string {
  return `${name}\u001f${typeof value}:${String(value)}`;
}

/** The tokens of a memory's metadata: its top-level string, number and boolean members. */
export function metadataTokens(metadata: Readonly<Record<string, unknown>>): string[] {
  const tokens: string[] = [];
  for (const [name, value] of Object.entries(metadata)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      tokens.push(metadataToken(name, value));
    }
  }
  return tokens;
}
