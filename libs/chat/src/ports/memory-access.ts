import type {
  CreateMemoryRequest,
  MemorySearchResultView,
  MemoryView,
  SearchMemoriesRequest,
  UpdateMemoryRequest,
} from '@membolt/contracts';

/** The memory service, as the chat service uses it (over the bus): search for a turn, write extracted facts. */
export interface MemoryAccess {
  search(userId: string, request: SearchMemoriesRequest): Promise<readonly MemorySearchResultView[]>;
  create(userId: string, request: CreateMemoryRequest): Promise<MemoryView>;
  update(userId: string, request: UpdateMemoryRequest): Promise<MemoryView>;
}

export const MEMORY_ACCESS = Symbol('MEMORY_ACCESS');
