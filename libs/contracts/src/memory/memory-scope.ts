import type { MemoryScopeFields } from './memory.requests.js';

/**
 * The memory scope stored beside something made in it (an upload, a conversation): null end user for the
 * account's own, and the agent and run it was made for, if any (decision 101).
 */
export interface RecordScope {
  readonly endUserId: string | null;
  readonly agentId: string | null;
  readonly runId: string | null;
}

/** The scope a request names, as it is stored beside what the request makes. */
export function recordScopeOf(request: MemoryScopeFields): RecordScope {
  return {
    endUserId: request.endUserId || null,
    agentId: request.agentId ?? null,
    runId: request.runId ?? null,
  };
}

/**
 * Whether a request may see a record, by the rule memories follow (decision 019): the end user must be the
 * same (none for none); an agent or run named by the request must be the record's too.
 */
export function inRecordScope(record: RecordScope, request: MemoryScopeFields): boolean {
  return (
    (record.endUserId ?? '') === (request.endUserId ?? '') &&
    (request.agentId === undefined || record.agentId === request.agentId) &&
    (request.runId === undefined || record.runId === request.runId)
  );
}

/** The memory scope fields of a stored scope (for requests to the memory service), without empty ones. */
export function memoryScopeOf(record: RecordScope): MemoryScopeFields {
  return {
    ...(record.endUserId ? { endUserId: record.endUserId } : {}),
    ...(record.agentId !== null ? { agentId: record.agentId } : {}),
    ...(record.runId !== null ? { runId: record.runId } : {}),
  };
}

/** Only the scope fields of a request that carries others (the scope to pass on to another service). */
export function scopeFieldsOf(request: MemoryScopeFields): MemoryScopeFields {
  return {
    ...(request.endUserId !== undefined ? { endUserId: request.endUserId } : {}),
    ...(request.agentId !== undefined ? { agentId: request.agentId } : {}),
    ...(request.runId !== undefined ? { runId: request.runId } : {}),
  };
}
