/**
 * Turns texts into vectors. One port for every embedder: the offline default (hashed TF-IDF, no weights),
 * OpenAI, Google Gemini and any OpenAI-compatible server. Vectors are L2-normalised and have exactly
 * `dimension` numbers (the configured wire dimension, 1536 by default): an adapter whose model answers
 * another size projects or pads in the one documented way (see retrieval/fit-dimension.ts).
 */
export interface Embedder {
  /** Stable name stored with every vector, e.g. `hashed-tfidf-v1`, `openai:text-embedding-3-small`. */
  readonly model: string;
  readonly dimension: number;
  /**
   * `document` for stored memories, `query` for search queries (some embedders weigh them differently).
   * Throws a MemboltError with a clear message when a provider fails (bad key, quota, unreachable).
   */
  embed(texts: readonly string[], purpose: 'document' | 'query'): Promise<Float32Array[]>;
}

export const EMBEDDER = Symbol('EMBEDDER');
