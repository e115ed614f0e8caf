import type {
  CreateMemoryRequest,
  MemoryScopeFields,
  MemorySearchResultView,
  MemoryView,
  SearchMemoriesRequest,
  UpdateMemoryRequest,
} from '@membolt/contracts';

/** The memory service, as the chat service uses it (over the bus): search for a turn, write extracted facts. */
export interface MemoryAccess {
  search(userId: string, request: SearchMemoriesRequest): Promise<readonly MemorySearchResultView[]>;
  /** The scope's open facts (not closed) whose metadata `subject` is this one, newest first. */
  openFactsOn(userId: string, scope: MemoryScopeFields, subject: string): Promise<readonly MemoryView[]>;
  create(userId: string, request: CreateMemoryRequest): Promise<MemoryView>;
  update(userId: string, request: UpdateMemoryRequest): Promise<MemoryView>;
}

export const MEMORY_ACCESS = Symbol('MEMORY_ACCESS');
