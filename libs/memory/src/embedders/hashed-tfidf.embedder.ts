import { DEFAULT_EMBEDDING_DIMENSION } from '@membolt/contracts/rules';

import { type Embedder } from '../ports/embedder.js';
import { normalize } from '../retrieval/fit-dimension.js';
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
 * The offline default embedder: a hashed term-frequency vector over words, word bigrams and character
 * 3-5-grams. No weights, no download, deterministic, pure TypeScript. Each feature is hashed (FNV-1a) to a
 * bucket and a sign (the sign keeps collisions unbiased) and added with its family's weight straight into
 * the dense vector, which is then L2-normalised so a dot product is the cosine. Raw counts, not sublinear
 * ones: the dev set could not tell them apart, and accumulating directly is what makes it fast.
 *
 * Vectors carry no IDF: a stored vector never has to change when a user's collection grows. IDF enters
 * through BM25 in the fusion (decision 021).
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
    const vector = new Float32Array(this.dimension);
    const add = (hash: number, weight: number) => {
      vector[(hash >>> 1) % this.dimension] += hash & 1 ? weight : -weight;
    };
    let previous: string | null = null;
    for (const word of wordTokens(text)) {
      if (STOP_WORDS.has(word)) continue;
      add(fnv1a(WORD_SEED, word), FEATURE_WEIGHTS.word);
      // Bigrams over content words only: "went to paris" and "went paris" make the same pair.
      if (previous !== null) add(fnv1a(fnv1a(BIGRAM_SEED, previous), ' ' + word), FEATURE_WEIGHTS.bigram);
      previous = word;
      addCharNgrams(word, add);
    }
    return normalize(vector);
  }
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** 32-bit FNV-1a of `key`, continuing from `seed` (so a family prefix costs nothing per feature). */
function fnv1a(seed: number, key: string): number {
  let hash = seed;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, FNV_PRIME);
  }
  return hash >>> 0;
}

// One seed per feature family, so a word, a bigram and a character n-gram spelled alike never collide.
const WORD_SEED = fnv1a(FNV_OFFSET, 'w\u0001');
const BIGRAM_SEED = fnv1a(FNV_OFFSET, 'b\u0001');
const CHAR_SEED = fnv1a(FNV_OFFSET, 'c\u0001');

/** Every character 3-5-gram of `#word#`, hashed incrementally from each start (no substring is built). */
function addCharNgrams(word: string, add: (hash: number, weight: number) => void): void {
  const padded = '#' + word + '#';
  for (let start = 0; start + CHAR_NGRAM_MIN <= padded.length; start++) {
    let hash = CHAR_SEED;
    const end = Math.min(padded.length, start + CHAR_NGRAM_MAX);
    for (let i = start; i < end; i++) {
      hash ^= padded.charCodeAt(i);
      hash = Math.imul(hash, FNV_PRIME);
      if (i - start + 1 >= CHAR_NGRAM_MIN) add(hash >>> 0, FEATURE_WEIGHTS.char);
    }
  }
}
