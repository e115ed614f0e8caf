import type { MemoryScopeFields } from '@membolt/contracts';

/** A memory to create from a file: a chunk or the file's summary. */
export interface FileMemoryInput {
  readonly text: string;
  readonly importance: number;
  readonly metadata: Readonly<Record<string, string | number | boolean | null>>;
}

/** The memories made from one upload, as the memory service holds them. */
export interface ExistingFileMemories {
  /** Chunk index -> memory id. */
  readonly chunks: ReadonlyMap<number, string>;
  readonly summaryId: string | null;
  /** The summary memory's summary (without its "Summary of the file" lead), when there is one. */
  readonly summaryText: string | null;
  /** The rest: facts about the owner learned from the file (deleted with it). */
  readonly others: readonly string[];
}

/**
 * The memory service, as the ingestion job uses it (over the bus; acting as the upload's owner, in the upload's
 * memory scope: the account's own, or one of its end users).
 */
export interface FileMemories {
  /** Memories already made from this upload (a job run again stores only what is missing). */
  existing(userId: string, scope: MemoryScopeFields, uploadId: string): Promise<ExistingFileMemories>;
  /** Creates the memories in one batch (all or none); answers their ids in order. */
  create(userId: string, scope: MemoryScopeFields, memories: readonly FileMemoryInput[]): Promise<string[]>;
  /** Deletes memories (each with its concepts); answers how many were there. */
  delete(userId: string, scope: MemoryScopeFields, memoryIds: readonly string[]): Promise<number>;
}

export const FILE_MEMORIES = Symbol('FILE_MEMORIES');
