import type { ConceptRepository } from './concept.repository.js';
import type { MemoryCategoryRepository } from './memory-category.repository.js';
import type { EndUserRepository } from './end-user.repository.js';
import type { MemoryRepository } from './memory.repository.js';
import type { MemorySearchIndex } from './memory-search.index.js';
import type { PrivacyPolicyRepository } from './privacy-policy.repository.js';
import type { SentenceVectorRepository } from './sentence-vectors.js';

/**
 * The memory service's repositories over one store (one SQLite file + its ANN cache, or MongoDB + Qdrant).
 * Every repository scopes every query by (user id, end user id) first.
 */
export interface MemoryStore {
  readonly memories: MemoryRepository;
  readonly search: MemorySearchIndex;
  /** The sentence encoder's vectors (decision 162); absent in a store that keeps none (MongoDB). */
  readonly sentences?: SentenceVectorRepository;
  readonly concepts: ConceptRepository;
  readonly endUsers: EndUserRepository;
  readonly privacyPolicies: PrivacyPolicyRepository;
  readonly categories: MemoryCategoryRepository;
  close(): Promise<void>;
}

export const MEMORY_STORE = Symbol('MEMORY_STORE');

/** Default of `MemoryStoreSettings.exactCacheMb` (`MEMORY_EXACT_CACHE_MB`). */
export const DEFAULT_EXACT_CACHE_MB = 64;

/** How a store is opened: the vector dimension it holds and when a scope gets an ANN index. */
export interface MemoryStoreSettings {
  readonly dimension: number;
  /** Scopes with at least this many vectors are searched through the ANN index; below, an exact scan. */
  readonly annMinVectors: number;
  /**
   * Embedded store: how many memories of scopes below `annMinVectors` keep their keyword postings in memory
   * (least recently searched scopes dropped first; default 200,000). 0: those scopes are scored by FTS5.
   */
  readonly smallScopeKeywordDocs?: number;
  /**
   * Embedded store: MB the exact scan's cached vector sets may hold together (least recently searched
   * dropped first; default 64). A scope whose set would not fit is scanned from SQLite. 0: nothing cached.
   */
  readonly exactCacheMb?: number;
}
