import { wordTokens } from '../../retrieval/text-tokens.js';

/**
 * The document half of BM25 as a Qdrant sparse vector. Qdrant's `idf` modifier supplies the other half (the
 * inverse document frequency, over the collection) at query time, so a query is the set of its term indices
 * with weight 1 and the dot product is the BM25 score. Terms are the retrieval tokenizer's words, so a word
 * the query analysis produces is a word this index holds.
 */
export interface SparseVector {
  readonly indices: number[];
  readonly values: number[];
}

/** BM25 saturation and length normalisation (the usual defaults). */
const K1 = 1.2;
const B = 0.75;
/**
 * The average document length BM25 normalises by. Qdrant does not keep it, so it is a constant: memories are
 * short facts (a sentence or two); a fixed value keeps old vectors valid as the corpus grows.
 */
export const BM25_AVG_WORDS = 16;

/** FNV-1a 32-bit: a stable term -> index map (collisions among one user's words are negligible). */
export function termIndex(term: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < term.length; i++) {
    hash ^= term.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The memory text's BM25 term weights (term frequency saturated and normalised by length). */
export function documentSparseVector(text: string): SparseVector {
  const words = wordTokens(text);
  const counts = new Map<number, number>();
  for (const word of words) {
    const index = termIndex(word);
    counts.set(index, (counts.get(index) ?? 0) + 1);
  }
  const norm = K1 * (1 - B + (B * words.length) / BM25_AVG_WORDS);
  const entries = [...counts].sort(([a], [b]) => a - b);
  return {
    indices: entries.map(([index]) => index),
    values: entries.map(([, tf]) => (tf * (K1 + 1)) / (tf + norm)),
  };
}

/** The query terms (plain lowercase words) as a sparse query: each distinct term once, weight 1. */
export function querySparseVector(terms: readonly string[]): SparseVector {
  const indices = [
    ...new Set(
      terms
        .map((t) => t.trim().toLowerCase())
        .filter((t) => t.length > 0)
        .map(termIndex),
    ),
  ].sort((a, b) => a - b);
  return { indices, values: indices.map(() => 1) };
}
