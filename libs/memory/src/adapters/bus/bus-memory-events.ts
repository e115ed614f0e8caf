import { Injectable, Logger } from '@nestjs/common';
import { BusClient } from '@membolt/bus';
import { MemorySubjects } from '@membolt/contracts';
import type { MemoryScope } from '../../domain/memory.js';
import type { MemoryChange, MemoryEvents } from '../../ports/memory-events.js';

const SUBJECTS = {
  created: MemorySubjects.created,
  updated: MemorySubjects.updated,
  deleted: MemorySubjects.deleted,
  closed: MemorySubjects.closed,
} as const;

/** Broadcasts `memory.created|updated|deleted|closed.v1` (every subscriber replica receives them); ids, never text. */
@Injectable()
export class BusMemoryEvents implements MemoryEvents {
  private readonly logger = new Logger('MemoryEvents');

  constructor(private readonly bus: BusClient) {}

  async changed(
    scope: MemoryScope,
    change: MemoryChange,
    memoryIds: readonly string[],
    at: Date,
  ): Promise<void> {
    if (memoryIds.length === 0) return;
    try {
      await this.bus.emit(
        SUBJECTS[change],
        {
          userId: scope.userId,
          endUserId: scope.endUserId === '' ? null : scope.endUserId,
          memoryIds: [...memoryIds],
          change,
          at: at.toISOString(),
        },
        { userId: scope.userId },
      );
    } catch (error) {
      // The change is committed; subscribers catch up on their next read.
      this.logger.error(
        `memory.${change} for ${memoryIds.length} memories of ${scope.userId} not broadcast: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
