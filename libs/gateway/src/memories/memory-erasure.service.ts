import { Injectable } from '@nestjs/common';
import { BusClient } from '@membolt/bus';
import {
  ChatSubjects,
  CommonErrorCode,
  IngestionSubjects,
  MemboltError,
  type MemoryDeletionReceipt,
  type MemoryScopeFields,
  MemorySubjects,
  type MemoryView,
} from '@membolt/contracts';
import { MEMORY_BULK_TIMEOUT_MS } from './memory-transfer.service.js';

/** What a memory was learnt from: a chat message, a chunk of an uploaded file, or the file as a whole. */
export type MemorySource =
  | { readonly kind: 'message'; readonly conversationId: string; readonly messageId: string }
  | {
      readonly kind: 'chunk';
      readonly uploadId: string;
      readonly fileName: string | null;
      readonly chunkIndex: number;
    }
  | { readonly kind: 'file'; readonly uploadId: string; readonly fileName: string | null };

export interface MemoryErasure {
  readonly receipt: MemoryDeletionReceipt;
  /** Null when the memory was written directly (REST, import, the Memories screen). */
  readonly source: MemorySource | null;
  /**
   * With `cascade=source`: whether the source was deleted now (false when it was already gone, or when the
   * memory was the chunk itself), and the chunk memory removed with it; undefined without cascade.
   */
  readonly sourceDeleted?: { readonly deleted: boolean; readonly memoryId: string | null };
}

/** What erasing an end user removed, by kind, across the memory, chat and ingestion services. */
export interface EndUserErasure {
  readonly memoryIds: readonly string[];
  readonly removed: Readonly<Record<string, number>>;
  readonly deletedAt: string;
}

/**
 * Erasure that reaches beyond the memory service, over the bus: a memory with its source (decision 102), and
 * an end user with everything of theirs in every service.
 */
@Injectable()
export class MemoryErasureService {
  constructor(private readonly bus: BusClient) {}

  /**
   * Deletes a memory of the scope and says what it was learnt from; with `cascade`, also deletes that source:
   * the chat message (the user's message the fact was read in) or the file chunk (its chunk memory).
   */
  async deleteMemory(scope: MemoryScopeFields, memoryId: string, cascade: boolean): Promise<MemoryErasure> {
    const memory = await this.bus.request(MemorySubjects.get, { ...scope, memoryId });
    const source = sourceOf(memory);
    const receipt = await this.bus.request(MemorySubjects.delete, { ...scope, memoryId });
    if (!cascade || !source) return { receipt, source };
    return { receipt, source, sourceDeleted: await this.deleteSource(memory, source) };
  }

  private async deleteSource(
    memory: MemoryView,
    source: MemorySource,
  ): Promise<{ deleted: boolean; memoryId: string | null }> {
    // The conversation or upload is in the memory's end user scope (its agent and run may differ).
    const scope = memory.endUserId ? { endUserId: memory.endUserId } : {};
    switch (source.kind) {
      case 'message': {
        const removal = await ignoreNotFound(
          this.bus.request(ChatSubjects.deleteConversationMessage, {
            ...scope,
            conversationId: source.conversationId,
            messageId: source.messageId,
          }),
        );
        return { deleted: removal?.deleted ?? false, memoryId: null };
      }
      case 'chunk': {
        // A chunk memory is its own source: deleting it was the erasure.
        if (memory.metadata['kind'] === 'chunk') return { deleted: false, memoryId: null };
        const chunk = await this.chunkMemory(scope, source.uploadId, source.chunkIndex);
        if (!chunk) return { deleted: false, memoryId: null };
        const removed = await ignoreNotFound(
          this.bus.request(MemorySubjects.delete, { ...scope, memoryId: chunk }),
        );
        return { deleted: removed !== null, memoryId: removed ? chunk : null };
      }
      case 'file':
        // A summary stands for the whole file: its source is the upload, deleted by DELETE /api/uploads/{id}.
        return { deleted: false, memoryId: null };
    }
  }

  private async chunkMemory(
    scope: MemoryScopeFields,
    uploadId: string,
    chunkIndex: number,
  ): Promise<string | null> {
    const page = await this.bus.request(MemorySubjects.list, {
      ...scope,
      limit: 1,
      offset: 0,
      sort: 'oldest',
      source: 'file',
      metadata: { uploadId, kind: 'chunk', chunkIndex },
    });
    return page.memories[0]?.id ?? null;
  }

  /**
   * Erases an end user in every service with one receipt: their memories (with everything derived), then their
   * uploads (files, and memories a running job made meanwhile), their conversations, and the memories a chat
   * turn still being learnt from left behind. Idempotent. Acts as the request's user, or as `userId` when
   * given (the operator CLI).
   */
  async deleteEndUser(endUserId: string, userId?: string): Promise<EndUserErasure> {
    const as = userId !== undefined ? { userId } : {};
    const first = await this.bus.request(MemorySubjects.deleteEndUser, { endUserId }, as);
    const uploads = await this.bus.request(
      IngestionSubjects.deleteEndUser,
      { endUserId },
      { ...as, timeoutMs: MEMORY_BULK_TIMEOUT_MS },
    );
    const chat = await this.bus.request(ChatSubjects.deleteEndUserConversations, { endUserId }, as);
    const last = await this.bus.request(MemorySubjects.deleteEndUser, { endUserId }, as);
    const removed: Record<string, number> = {};
    for (const receipt of [first, last])
      for (const [kind, count] of Object.entries(receipt.removed))
        removed[kind] = (removed[kind] ?? 0) + count;
    removed['memories'] = (removed['memories'] ?? 0) + uploads.memories;
    removed['uploads'] = uploads.uploads;
    removed['files'] = uploads.files;
    removed['conversations'] = chat.conversations;
    removed['messages'] = chat.messages;
    return {
      memoryIds: [...first.memoryIds, ...last.memoryIds],
      removed,
      deletedAt: last.deletedAt,
    };
  }
}

/** What a memory was learnt from, read from the metadata the chat and the ingestion job record. */
export function sourceOf(memory: MemoryView): MemorySource | null {
  const { messageId, uploadId, fileName, chunkIndex, kind } = memory.metadata;
  if (memory.source === 'chat' && typeof messageId === 'string' && memory.conversationId)
    return { kind: 'message', conversationId: memory.conversationId, messageId };
  if (memory.source === 'file' && typeof uploadId === 'string') {
    const name = typeof fileName === 'string' ? fileName : null;
    if (typeof chunkIndex === 'number' && kind !== 'summary')
      return { kind: 'chunk', uploadId, fileName: name, chunkIndex };
    return { kind: 'file', uploadId, fileName: name };
  }
  return null;
}

/** A source already gone is no failure of the erasure: null. */
async function ignoreNotFound<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof MemboltError && error.code === CommonErrorCode.NotFound) return null;
    throw error;
  }
}
