import { LRUCache } from 'lru-cache';

import type { SentenceEncoder } from '../ports/sentence-encoder.js';
import type { MemoryCpuWorker } from '../workers/memory-cpu-worker.js';
import { USE_LITE_DIMENSION, USE_LITE_MODEL } from './use-lite.sentence-encoder.js';

/** Query vectors kept (2 KB each): a repeated search, or a chat's follow-up turn, skips the ~70 ms model call. */
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
 * reads vectors. Query vectors are cached (LRU, by text).
 */
export class WorkerSentenceEncoder implements SentenceEncoder {
  readonly model = USE_LITE_MODEL;
  readonly dimension = USE_LITE_DIMENSION;
  private readonly queries = new LRUCache<string, Float32Array>({ max: SENTENCE_QUERY_CACHE });
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

  encode(texts: readonly string[]): Promise<Float32Array[]> {
    return this.run(texts, this.keep.afterTextsMs);
  }

  /** One query's vector, from the cache when the same text was asked before. */
  async encodeQuery(text: string): Promise<Float32Array> {
    const known = this.queries.get(text);
    if (known) return known;
    const [vector] = await this.run([text], this.keep.afterQueryMs);
    if (!vector) throw new Error('The sentence encoder answered no vector');
    this.queries.set(text, vector);
    return vector;
  }

  private async run(texts: readonly string[], keepMs: number | undefined): Promise<Float32Array[]> {
    // No thread: this task starts one, which loads the model first.
    if (!this.worker.running) this.answered = false;
    const vectors = await this.worker.sentences(texts, keepMs);
    this.answered = true;
    return vectors;
  }
}
