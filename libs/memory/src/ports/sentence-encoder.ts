/**
 * Turns sentences into unit-length vectors whose cosine says how close their meanings are (decision 162).
 * A second dense channel beside the embedder: its vectors are stored apart and never replace the embedder's.
 */
export interface SentenceEncoder {
  /** Stable name stored with every sentence vector, e.g. `use-lite-v1`. */
  readonly model: string;
  readonly dimension: number;
  /** One vector per text, in order. */
  encode(texts: readonly string[]): Promise<Float32Array[]>;
  /** One search query's vector (an adapter may cache it). */
  encodeQuery(text: string): Promise<Float32Array>;
  /**
   * False while the model is not loaded (its thread ended after idling, or is loading it): the next text
   * waits for the load, seconds on a busy machine. Absent: the adapter cannot tell, and a text is taken to
   * encode at once.
   */
  readonly modelLoaded?: boolean;
}

export const SENTENCE_ENCODER = Symbol('SENTENCE_ENCODER');
