import { Injectable } from '@nestjs/common';
import { BusClient } from '@membolt/bus';
import {
  CommonErrorCode,
  MEMORY_LIST_MAX_LIMIT,
  MemboltError,
  type MemoryScopeFields,
  MemorySubjects,
} from '@membolt/contracts';
import { summaryOfMemoryText } from '../../domain/summary-memory.js';
import type { ExistingFileMemories, FileMemories, FileMemoryInput } from '../../ports/file-memories.js';

/** A batch create embeds every text at once: give it more time than a plain request. */
const BATCH_TIMEOUT_MS = 60_000;

/** The memory service's existing subjects: batch create, list by metadata, delete. */
@Injectable()
export class BusFileMemories implements FileMemories {
  constructor(private readonly bus: BusClient) {}

  async existing(userId: string, scope: MemoryScopeFields, uploadId: string): Promise<ExistingFileMemories> {
    const chunks = new Map<number, string>();
    let summaryId: string | null = null;
    let summaryText: string | null = null;
    const others: string[] = [];
    for (let offset = 0; ; offset += MEMORY_LIST_MAX_LIMIT) {
      const page = await this.bus.request(
        MemorySubjects.list,
        {
          ...scope,
          limit: MEMORY_LIST_MAX_LIMIT,
          offset,
          sort: 'oldest',
          source: 'file',
          metadata: { uploadId },
        },
        { userId },
      );
      for (const memory of page.memories) {
        const { kind, chunkIndex } = memory.metadata;
        if (kind === 'summary' && !summaryId) {
          summaryId = memory.id;
          summaryText = summaryOfMemoryText(memory.text);
        } else if (kind === 'chunk' && typeof chunkIndex === 'number' && !chunks.has(chunkIndex))
          chunks.set(chunkIndex, memory.id);
        else others.push(memory.id);
      }
      if (offset + page.count >= page.totalCount || page.count === 0) break;
    }
    return { chunks, summaryId, summaryText, others };
  }

  async create(
    userId: string,
    scope: MemoryScopeFields,
    memories: readonly FileMemoryInput[],
  ): Promise<string[]> {
    const batch = await this.bus.request(
      MemorySubjects.createBatch,
      {
        ...scope,
        memories: memories.map((m) => ({
          text: m.text,
          importance: m.importance,
          source: 'file' as const,
          metadata: { ...m.metadata },
        })),
      },
      { userId, timeoutMs: BATCH_TIMEOUT_MS },
    );
    return batch.memories.map((m) => m.id);
  }

  async delete(userId: string, scope: MemoryScopeFields, memoryIds: readonly string[]): Promise<number> {
    let deleted = 0;
    for (const memoryId of memoryIds) {
      try {
        await this.bus.request(MemorySubjects.delete, { ...scope, memoryId }, { userId });
        deleted++;
      } catch (error) {
        // Already gone (deleted by hand, or by a previous attempt): nothing left to remove.
        if (!(error instanceof MemboltError && error.code === CommonErrorCode.NotFound)) throw error;
      }
    }
    return deleted;
  }
}
