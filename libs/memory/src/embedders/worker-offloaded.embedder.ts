import type { Embedder } from '../ports/embedder.js';
import type { MemoryCpuWorker } from '../workers/memory-cpu-worker.js';
import type { HashedTfidfEmbedder } from './hashed-tfidf.embedder.js';

/**
 * Up to this many texts are embedded where they are asked for (a query, one memory: well under a
 * millisecond); more (a batch, an import part, a file's chunks) go to the memory worker thread.
 */
const INLINE_EMBED_TEXTS = 8;

/**
 * The offline embedder, with large batches computed off the serving event loop. It is pure CPU (about
 * 20,000 short texts a second, far fewer for a file's long chunks), so a file of 2,000 chunks would
 * otherwise hold the loop for seconds. Same model, same vectors: the worker runs the same code.
 */
export class WorkerOffloadedEmbedder implements Embedder {
  readonly model: string;
  readonly dimension: number;

  constructor(
    private readonly inline: HashedTfidfEmbedder,
    private readonly worker: MemoryCpuWorker,
  ) {
    this.model = inline.model;
    this.dimension = inline.dimension;
  }

  embed(texts: readonly string[], purpose: 'document' | 'query'): Promise<Float32Array[]> {
    if (texts.length <= INLINE_EMBED_TEXTS) return this.inline.embed(texts, purpose);
    return this.worker.embed(this.dimension, texts);
  }
}
