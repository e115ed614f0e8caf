import type {
  EndUserListView,
  LearningJobView,
  MemoryDeletionReceipt,
  MemoryHistoryView,
  MemorySearchResultView,
  MemoryView,
} from '@membolt/contracts';
import { createHash } from 'node:crypto';
import type { LearnedEventResponse, LearnedMemoriesResponse } from '../memories/memory-messages.dto.js';
import type { BatchResponse } from '../memories/memory-batch.dto.js';
import { toMemoryDeletionResponse } from '../memories/memory.views.js';

/**
 * The only place Membolt's views become the shapes Mem0's clients read (decision 099). Mem0's fields come
 * first and keep Mem0's meaning; Membolt's own (validity, importance, source, version, receipts) are added
 * beside them, never in their place.
 */

export interface Mem0Memory {
  readonly id: string;
  readonly memory: string;
  readonly user_id: string | null;
  readonly agent_id: string | null;
  readonly app_id: null;
  readonly run_id: string | null;
  readonly hash: string;
  readonly metadata: Readonly<Record<string, unknown>> | null;
  readonly categories: string[];
  readonly created_at: string;
  readonly updated_at: string;
  readonly expiration_date: string | null;
  readonly immutable: false;
  readonly valid_from: string;
  readonly valid_to: string | null;
  readonly importance: number;
  readonly source: string;
  readonly version: number;
  /** Membolt's extra: the kinds the privacy policy redacted from this memory. */
  readonly redactions: readonly string[];
}

export function toMem0Memory(view: MemoryView): Mem0Memory {
  return {
    id: view.id,
    memory: view.text,
    user_id: view.endUserId,
    agent_id: view.agentId,
    app_id: null,
    run_id: view.runId,
    // Mem0 answers the MD5 of the memory's text; a client may compare it to tell changed memories.
    hash: createHash('md5').update(view.text, 'utf8').digest('hex'),
    metadata: Object.keys(view.metadata).length > 0 ? view.metadata : null,
    categories: view.category ? [view.category] : [],
    created_at: view.createdAt,
    updated_at: view.updatedAt,
    expiration_date: view.expirationDate ?? null,
    immutable: false,
    valid_from: view.validFrom,
    valid_to: view.validTo,
    importance: view.importance,
    source: view.source,
    version: view.version,
    redactions: [...(view.redactions ?? [])],
  };
}

export function toMem0SearchResults(results: readonly MemorySearchResultView[]) {
  return {
    results: results.map((result) => ({
      ...toMem0Memory(result.memory),
      score: result.score,
      scores: { fused: result.scores.fused, final: result.scores.final },
    })),
  };
}

export function toMem0Page(
  memories: readonly MemoryView[],
  totalCount: number,
  page: { readonly page: number; readonly pageSize: number },
  pageUrl: (page: number) => string,
) {
  const more = page.page * page.pageSize < totalCount;
  return {
    count: totalCount,
    next: more ? pageUrl(page.page + 1) : null,
    previous: page.page > 1 ? pageUrl(page.page - 1) : null,
    results: memories.map(toMem0Memory),
  };
}

/**
 * Mem0's events: ADD, UPDATE, DELETE, NONE. Membolt's CLOSE keeps the contradicted fact for the past (its
 * valid_to set), which a Mem0 client reads as DELETE: it is no longer a current memory. The native event is
 * kept beside (`membolt_event`).
 */
const MEM0_EVENT = { ADD: 'ADD', UPDATE: 'UPDATE', NOOP: 'NONE', CLOSE: 'DELETE' } as const;

function toMem0Event(result: LearnedEventResponse) {
  return {
    id: result.id,
    event: MEM0_EVENT[result.event],
    memory: result.text,
    data: { memory: result.text },
    ...(result.previous_text !== null ? { previous_memory: result.previous_text } : {}),
    user_id: result.memory.end_user_id,
    agent_id: result.memory.agent_id,
    run_id: result.memory.run_id,
    membolt_event: result.event,
    valid_from: result.memory.valid_from,
    valid_to: result.memory.valid_to,
    expiration_date: result.memory.expiration_date,
  };
}

export function toMem0AddResponse(answer: LearnedMemoriesResponse) {
  return { results: answer.results.map(toMem0Event), extracted_by: answer.extracted_by };
}

export function toMem0QueuedResponse(job: LearningJobView) {
  return {
    results: [
      {
        message: 'Memory processing has been queued for background execution',
        status: 'PENDING',
        event_id: job.jobId,
      },
    ],
  };
}

const MEM0_EVENT_STATUS = {
  queued: 'PENDING',
  running: 'RUNNING',
  done: 'SUCCEEDED',
  failed: 'FAILED',
} as const;

export function toMem0EventResponse(job: LearningJobView, results: LearnedMemoriesResponse | null) {
  return {
    id: job.jobId,
    event_type: 'ADD',
    status: MEM0_EVENT_STATUS[job.state],
    results: results ? results.results.map(toMem0Event) : [],
    error: job.error,
    created_at: job.createdAt,
    updated_at: job.updatedAt,
  };
}

/** Mem0's history: one entry per change, oldest first (ADD, then UPDATE; a closed fact's last is DELETE). */
export function toMem0History(view: MemoryHistoryView, endUserId: string | null) {
  return view.versions.map((version, index) => {
    const previous = index > 0 ? (view.versions[index - 1] ?? null) : null;
    return {
      id: `${view.memoryId}:${version.version}`,
      memory_id: view.memoryId,
      input: [],
      old_memory: previous ? previous.text : null,
      new_memory: version.text,
      user_id: endUserId,
      categories: version.category ? [version.category] : [],
      event: version.event === 'created' ? 'ADD' : version.event === 'closed' ? 'DELETE' : 'UPDATE',
      metadata: version.metadata,
      created_at: version.recordedAt,
      updated_at: version.recordedAt,
      version: version.version,
      valid_from: version.validFrom,
      valid_to: version.validTo,
    };
  });
}

export function toMem0Users(
  view: EndUserListView,
  page: { readonly page: number; readonly pageSize: number },
) {
  return {
    count: view.total,
    next: null,
    previous: null,
    results: view.endUsers.map((endUser) => ({
      id: endUser.endUserId,
      name: endUser.endUserId,
      type: 'user',
      owner: null,
      total_memories: endUser.memoryCount,
      created_at: endUser.lastActivityAt,
      updated_at: endUser.lastActivityAt,
      last_activity_at: endUser.lastActivityAt,
    })),
    page: page.page,
    page_size: page.pageSize,
  };
}

/** Mem0 answers a deletion with a message; the receipt of what was removed comes beside it. */
export function toMem0Deletion(message: string, receipt: MemoryDeletionReceipt) {
  return { message, receipt: toMemoryDeletionResponse(receipt) };
}

export function toMem0Batch(verb: 'updated' | 'deleted', batch: BatchResponse) {
  return {
    message: `Successfully ${verb} ${batch.succeeded} memories`,
    ...batch,
  };
}
