import { Injectable } from '@nestjs/common';
import { CommonErrorCode, MemboltError, type MemoryScopeFields, MemorySubjects } from '@membolt/contracts';
import { BusClient } from '@membolt/bus';
import type { BatchItemResponse, BatchResponse, MemoryUpdateItem } from './memory-batch.dto.js';
import { toUpdateMemoryRequest } from './memory.requests.js';
import { toMemoryDeletionResponse, toMemoryResponse } from './memory.views.js';

/** Where a batch item's memory is: the call's scope, or (APIs that name memories by id alone) looked up. */
export type ScopeOfMemory = (memoryId: string) => Promise<MemoryScopeFields>;

/**
 * Batch update and delete (up to MEMORY_BATCH_MAX items): each item on its own, in order, so one missing or
 * refused item is reported and the others still happen. Errors the memory service answers for an item become
 * that item's result; anything else (the service unreachable) stops the batch as a whole.
 */
@Injectable()
export class MemoryBatchService {
  constructor(private readonly bus: BusClient) {}

  updateMany(items: readonly MemoryUpdateItem[], scopeOf: ScopeOfMemory): Promise<BatchResponse> {
    return this.each(items, async ({ memory_id: memoryId, ...changes }) => {
      const scope = await scopeOf(memoryId);
      const view = await this.bus.request(
        MemorySubjects.update,
        toUpdateMemoryRequest(memoryId, {}, { ...changes, ...toWireScope(scope) }),
      );
      return { memory_id: memoryId, status: 'updated', memory: toMemoryResponse(view) };
    });
  }

  deleteMany(memoryIds: readonly string[], scopeOf: ScopeOfMemory): Promise<BatchResponse> {
    return this.each(
      memoryIds.map((memoryId) => ({ memory_id: memoryId })),
      async ({ memory_id: memoryId }) => {
        const receipt = await this.bus.request(MemorySubjects.delete, {
          ...(await scopeOf(memoryId)),
          memoryId,
        });
        return { memory_id: memoryId, status: 'deleted', receipt: toMemoryDeletionResponse(receipt) };
      },
    );
  }

  private async each<T extends { readonly memory_id: string }>(
    items: readonly T[],
    run: (item: T) => Promise<BatchItemResponse>,
  ): Promise<BatchResponse> {
    const results: BatchItemResponse[] = [];
    for (const item of items) {
      try {
        results.push(await run(item));
      } catch (error) {
        results.push(itemFailure(item.memory_id, error));
      }
    }
    const succeeded = results.filter((result) => result.status === 'updated' || result.status === 'deleted');
    return { results, succeeded: succeeded.length, failed: results.length - succeeded.length };
  }
}

const toWireScope = (scope: MemoryScopeFields) => ({
  ...(scope.endUserId !== undefined ? { end_user_id: scope.endUserId } : {}),
  ...(scope.agentId !== undefined ? { agent_id: scope.agentId } : {}),
  ...(scope.runId !== undefined ? { run_id: scope.runId } : {}),
});

function itemFailure(memoryId: string, error: unknown): BatchItemResponse {
  if (!(error instanceof MemboltError)) throw error;
  switch (error.code) {
    case CommonErrorCode.NotFound:
      return { memory_id: memoryId, status: 'not_found', error: error.code, message: error.message };
    case CommonErrorCode.ValidationError:
      return { memory_id: memoryId, status: 'invalid', error: error.code, message: error.message };
    default:
      throw error;
  }
}
