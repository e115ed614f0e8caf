import { DEFAULT_EMBEDDING_DIMENSION } from '@membolt/contracts/rules';

import { type Embedder } from '../ports/embedder.js';
import { STOP_WORDS, wordTokens } from '../retrieval/text-tokens.js';

export const HASHED_TFIDF_MODEL = 'hashed-tfidf-v1';

/**
 * Relative weight of each feature family. Character n-grams carry most of the gain on the dev set (they
 * match "painting" to "paint", "Caroline's" to "Caroline"); whole words and word bigrams sharpen exact
 * matches. Changing any of these changes every stored vector: it is a new model name, not a tweak.
 */
const FEATURE_WEIGHTS = { word: 1.0, bigram: 0.7, char: 0.35 } as const;
const CHAR_NGRAM_MIN = 3;
const CHAR_NGRAM_MAX = 5;

/**
 * The offline default embedder: a hashed TF vector over words, word bigrams and character 3-5-grams.
 * No weights, no download, deterministic, pure TypeScript. Features are counted sparsely, weighted by
 * sublinear term frequency, hashed with a signed hash into `dimension` buckets (the sign keeps collisions
 * unbiased), and the dense vector is L2-normalised so a dot product is the cosine.
 *
 * Vectors carry no IDF: a stored vector never has to change when a user's collection grows. IDF enters on
 * the query side instead (see `weightQueryVector` in retrieval/bucket-idf.ts) and through BM25 in the fusion.
 */
export class HashedTfidfEmbedder implements Embedder {
  readonly model = HASHED_TFIDF_MODEL;

  constructor(readonly dimension: number = DEFAULT_EMBEDDING_DIMENSION) {
    if (!Number.isInteger(dimension) || dimension < 1) {
      throw new RangeError(`dimension must be a positive integer (got ${dimension})`);
    }
  }

  embed(texts: readonly string[], _purpose: 'document' | 'query'): Promise<Float32Array[]> {
    return Promise.resolve(texts.map((text) => this.embedOne(text)));
  }

  /** Synchronous form for callers that embed inside a transaction or a tight loop. */
  embedOne(text: string): Float32Array {
    return densify(hashedFeatures(text), this.dimension);
  }
}

/** Sparse features of a text: 32-bit feature hash -> weight (sublinear tf times the family's weight). */
export function hashedFeatures(text: string): Map<number, number> {
  const counts = new Map<number, number>();
  const add = (hash: number, weight: number) => counts.set(hash, (counts.get(hash) ?? 0) + weight);
  const words = wordTokens(text);
  let previous: string | null = null;
  for (const word of words) {
    const isStop = STOP_WORDS.has(word);
    if (!isStop) {
      add(fnv1a('w\u0001' + word), 1);
      addCharNgrams(word, add);
    }
    // Bigrams over content words only: "went to paris" and "went paris" make the same pair.
    if (!isStop) {
      if (previous !== null) add(fnv1a('b\u0001' + previous + ' ' + word), 1);
      previous = word;
    }
  }
  const features = new Map<number, number>();
  for (const [hash, count] of counts) {
    const family = hash & 3;
    const weight =
      family === 0 ? FEATURE_WEIGHTS.word : family === 1 ? FEATURE_WEIGHTS.bigram : FEATURE_WEIGHTS.char;
    features.set(hash, (1 + Math.log(count)) * weight);
  }
  return features;
}

/** Folds sparse features into a dense, L2-normalised vector; bucket and sign come from the hash. */
export function densify(features: ReadonlyMap<number, number>, dimension: number): Float32Array {
  const vector = new Float32Array(dimension);
  for (const [hash, weight] of features) {
    const bucket = (hash >>> 3) % dimension;
    vector[bucket] += hash & 4 ? weight : -weight;
  }
  let norm = 0;
  for (let i = 0; i < dimension; i++) norm += vector[i] * vector[i];
  if (norm > 0) {
    const scale = 1 / Math.sqrt(norm);
    for (let i = 0; i < dimension; i++) vector[i] *= scale;
  }
  return vector;
}

function addCharNgrams(word: string, add: (hash: number, weight: number) => void): void {
  const padded = '#' + word + '#';
  for (let n = CHAR_NGRAM_MIN; n <= CHAR_NGRAM_MAX; n++) {
    for (let i = 0; i + n <= padded.length; i++) add(fnv1a('c\u0001' + padded.slice(i, i + n)), 1);
  }
}

/**
 * 32-bit FNV-1a with its low 2 bits replaced by the feature family (from the prefix's first character),
 * so the weight of a hashed feature can be read back without keeping the string.
 */
export function fnv1a(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  const family = key.charCodeAt(0) === 119 ? 0 : key.charCodeAt(0) === 98 ? 1 : 2; // w, b, c
  return ((hash & ~3) | family) >>> 0;
}
