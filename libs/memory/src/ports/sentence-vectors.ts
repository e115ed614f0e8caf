import type { MemoryFilter, MemoryScope, MemoryScopeFilter, ScoredId } from '../domain/memory.js';

/** A memory whose sentence vector is still to compute (new, its text changed, or stored before the encoder). */
export interface SentencePending {
  readonly id: string;
  readonly scope: MemoryScope;
  readonly text: string;
}

/**
 * The sentence encoder's vectors (decision 162), stored beside the embedder's. Optional in a store: one
 * without it searches without the sentence channel.
 */
export interface SentenceVectorRepository {
  /** The oldest memories of every scope still to encode (deferred ones aside). */
  pending(limit: number): Promise<SentencePending[]>;
  /**
   * Up to `limit` of the scope's memories without a sentence vector, deferred ones included, newest first.
   * Walks the scope: for a scope within the bound only.
   */
  unencoded(scope: MemoryScope, limit: number): Promise<SentencePending[]>;
  /**
   * Marks up to `limit` of the scope's pending memories deferred (decision 203: the scope is past the bound,
   * its memories are not encoded): `pending` no longer answers them. Answers how many it marked.
   */
  defer(scope: MemoryScope, limit: number): Promise<number>;
  /** Marks the scope's deferred memories (every scope's without one) pending again; answers how many. */
  resume(scope?: MemoryScope): Promise<number>;
  /** Whether the scope holds at most `count` memories, read now (`fits` may answer from a cache). */
  holdsAtMost(scope: MemoryScope, count: number): Promise<boolean>;
  /**
   * Stores each vector and marks its memory encoded, unless its text changed since it was read (it stays
   * pending). A memory deleted meanwhile is skipped.
   */
  save(
    model: string,
    vectors: ReadonlyArray<SentencePending & { readonly vector: Float32Array }>,
  ): Promise<void>;
  /**
   * Whether the scope holds at most `maxScope` memories: checked before the query is encoded, so a large
   * scope pays neither the encoding nor the scan. May answer from a cache of a minute.
   */
  fits(scope: MemoryScope, maxScope: number): Promise<boolean>;
  /**
   * The `k` memories of the scope and filter whose sentence vector is nearest `vector` (cosine, best first);
   * null when the scope holds more than `maxScope` sentence vectors (an exact scan past that costs too much).
   */
  nearest(
    scope: MemoryScopeFilter,
    filter: MemoryFilter,
    vector: Float32Array,
    k: number,
    maxScope: number,
  ): Promise<ScoredId[] | null>;
}
