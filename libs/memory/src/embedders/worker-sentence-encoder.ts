import { LRUCache } from 'lru-cache';

import type { SentenceEncoder } from '../ports/sentence-encoder.js';
import type { MemoryCpuWorker } from '../workers/memory-cpu-worker.js';
import { USE_LITE_DIMENSION, USE_LITE_MODEL } from './use-lite.sentence-encoder.js';

/**
 * Query vectors kept (2 KB each): a repeated search, or a chat's follow-up turn, skips the model call (12-30 ms
 * of the thread's CPU). A memory whose text was searched for just before it was written (a chat's learnt fact:
 * the learning searches for the fact's text, then stores it) takes its vector from here too.
 */
const SENTENCE_QUERY_CACHE = 2_000;

/**
 * How long the sentence thread (and the model's ~125 MB in it) is kept after each kind of work, when shorter
 * than the thread's idle setting. Absent: the idle setting.
 */
export interface SentenceThreadKeep {
  /** After encoding memories' texts (a write's backfill, a search settling its scope): work that is over. */
  readonly afterTextsMs?: number;
  /** After a search's query: the same user's next turn is likely to come, and finds the model loaded. */
  readonly afterQueryMs?: number;
}

/**
 * USE-lite run in the memory worker thread that embeds (decision 095): the serving loop only posts texts and
 * reads vectors. Query vectors are cached (LRU, by text), and a query being encoded is shared by the searches
 * and memories' texts that ask for the same text meanwhile. The model's vector of a text does not depend on
 * the batch it is encoded in, so a memory's text found there is not encoded again.
 */
export class WorkerSentenceEncoder implements SentenceEncoder {
  readonly model = USE_LITE_MODEL;
  readonly dimension = USE_LITE_DIMENSION;
  private readonly queries = new LRUCache<string, Float32Array>({ max: SENTENCE_QUERY_CACHE });
  /** Queries posted to the thread and not yet back, by text. */
  private readonly encoding = new Map<string, Promise<Float32Array>>();
  /** Whether a task has come back from the thread running now: its model is loaded. */
  private answered = false;

  constructor(
    private readonly worker: Pick<MemoryCpuWorker, 'sentences' | 'running'>,
    private readonly keep: SentenceThreadKeep = {},
  ) {}

  /** The model is loaded when the thread that answered a task still runs (the thread is the encoder's alone). */
  get modelLoaded(): boolean {
    return this.answered && this.worker.running;
  }

  /** The texts' vectors: those of texts queried a moment ago from the query cache, the others from the thread. */
  async encode(texts: readonly string[]): Promise<Float32Array[]> {
    const known = texts.map((text) => this.queries.get(text) ?? this.encoding.get(text));
    const missing = texts.filter((_, index) => known[index] === undefined);
    const fresh = missing.length > 0 ? await this.run(missing, this.keep.afterTextsMs) : [];
    let next = 0;
    return Promise.all(
      known.map(
        (vector) =>
          vector ??
          fresh[next++] ??
          Promise.reject(new Error('The sentence encoder answered too few vectors')),
      ),
    );
  }

  /** One query's vector, from the cache when the same text was asked before (or is being encoded). */
  encodeQuery(text: string): Promise<Float32Array> {
    const known = this.queries.get(text);
    if (known) return Promise.resolve(known);
    const underway = this.encoding.get(text);
    if (underway) return underway;
    const encoded = (async () => {
      try {
        const [vector] = await this.run([text], this.keep.afterQueryMs);
        if (!vector) throw new Error('The sentence encoder answered no vector');
        this.queries.set(text, vector);
        return vector;
      } finally {
        this.encoding.delete(text);
      }
    })();
    this.encoding.set(text, encoded);
    return encoded;
  }

  private async run(texts: readonly string[], keepMs: number | undefined): Promise<Float32Array[]> {
    // No thread: this task starts one, which loads the model first.
    if (!this.worker.running) this.answered = false;
    const vectors = await this.worker.sentences(texts, keepMs);
    this.answered = true;
    return vectors;
  }
}
