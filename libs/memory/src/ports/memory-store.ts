/**
 * The memory service's repositories over one store (one SQLite file or one MongoDB database). It has none
 * yet: each repository the service gains becomes a field here, built by both adapters over the shared
 * connection.
 */
export interface MemoryStore {
  close(): Promise<void>;
}

export const MEMORY_STORE = Symbol('MEMORY_STORE');
