import type { MemoryFilter, MemoryScopeFilter, ScoredId } from '../domain/memory.js';
import type { ConversationNeighbours } from '../domain/conversation-neighbours.js';

export interface DenseCandidates {
  /** Cosine similarity, best first. */
  readonly candidates: readonly ScoredId[];
  /** `exact`: a scan of the scope's vectors; `ann`: the HNSW index (large scopes). */
  readonly strategy: 'exact' | 'ann';
}

/**
 * Candidate generation for search, inside the scope and the filters. Ranking is not the store's job: the
 * service fuses these channels (retrieval/rank.ts).
 */
export interface MemorySearchIndex {
  /** Top `k` memories by cosine similarity to `vector` (the configured dimension). */
  dense(
    scope: MemoryScopeFilter,
    filter: MemoryFilter,
    vector: Float32Array,
    k: number,
  ): Promise<DenseCandidates>;

  /**
   * Top `k` by BM25 over the memory texts for any of these terms (plain lowercase words; the store quotes
   * them). Score: higher is better. No terms: no candidates.
   */
  keyword(
    scope: MemoryScopeFilter,
    filter: MemoryFilter,
    terms: readonly string[],
    k: number,
  ): Promise<ScoredId[]>;

  /**
   * Memories linked to concepts of these normalised names, most links first (score = linked names matched).
   */
  concept(
    scope: MemoryScopeFilter,
    filter: MemoryFilter,
    names: readonly string[],
    k: number,
  ): Promise<ScoredId[]>;

  /**
   * For each of these memories that belongs to a conversation: up to `before` memories just before it and
   * `after` just after it in that conversation (by creation time, then insertion order), nearest first,
   * inside the scope and the filters. With `sessionGapMs` > 0, a memory without a conversation gets the same
   * from its inferred session: the memories without a conversation stored just before/after it by the same
   * writer (user, end user, agent and run all equal), up to the first pause longer than `sessionGapMs`
   * between two of them. Otherwise memories without a conversation are absent from the answer. Optional: an
   * adapter without it ranks without neighbours. `held`: the memories whose rows the caller already holds;
   * an adapter that hands neighbours' rows (`ConversationNeighbours.rows`) leaves theirs out.
   */
  neighbours?(
    scope: MemoryScopeFilter,
    filter: MemoryFilter,
    ids: readonly string[],
    before: number,
    after: number,
    sessionGapMs?: number,
    held?: { has(id: string): boolean },
  ): Promise<Map<string, ConversationNeighbours>>;
}
