import {
  compiledWorkerScript,
  type CpuWorkerLimits,
  CpuWorkerThread,
  DEFAULT_CPU_WORKER_LIMITS,
} from '@membolt/platform';
import type { ExtractedConcept } from '../retrieval/concepts.js';
import type { CpuTask, CpuTaskAnswer } from './cpu-task.js';

export { type CpuWorkerLimits, CpuWorkerLimitError, DEFAULT_CPU_WORKER_LIMITS } from '@membolt/platform';

/** The thread that extracts concepts (background work). */
export const MEMORY_CONCEPT_WORKER = Symbol('MEMORY_CONCEPT_WORKER');
/** The thread that embeds batches (a request or job waits for it, so it never queues behind concepts). */
export const MEMORY_EMBED_WORKER = Symbol('MEMORY_EMBED_WORKER');
/**
 * The thread that runs the sentence encoder (decision 203): its model's load and the backfill's chunks never
 * delay an add's embedding, and its ~150 MB are given back with the thread when it idles.
 */
export const MEMORY_SENTENCE_WORKER = Symbol('MEMORY_SENTENCE_WORKER');

/**
 * The memory service's CPU worker thread (concept extraction, the offline embedder over many texts, the
 * sentence encoder): the service runs two, one for concepts, one for embedding. The thread's mechanics (one
 * task at a time, heap cap, deadline, ended when idle) are `CpuWorkerThread`'s.
 */
export class MemoryCpuWorker {
  private readonly thread: CpuWorkerThread<CpuTask, CpuTaskAnswer>;

  constructor(
    limits: CpuWorkerLimits = DEFAULT_CPU_WORKER_LIMITS,
    script: string = compiledWorkerScript(import.meta.url, './memory-cpu.worker.js'),
  ) {
    this.thread = new CpuWorkerThread(
      script,
      {
        name: 'The memory worker',
        memorySetting: 'MEMORY_WORKER_MEMORY_MB',
        timeoutSetting: 'MEMORY_WORKER_TIMEOUT_SECONDS',
      },
      limits,
    );
  }

  /**
   * The concepts of each text, in order. `keepMs`: how long the thread is kept after this task when shorter
   * than the idle setting (CpuWorkerThread.run).
   */
  async concepts(texts: readonly string[], keepMs?: number): Promise<ExtractedConcept[][]> {
    if (texts.length === 0) return [];
    const answer = await this.thread.run(
      { kind: 'concepts', texts },
      `Concept extraction of ${texts.length} texts`,
      keepMs,
    );
    if (answer.kind !== 'concepts') throw new Error('The memory worker answered another task');
    return answer.concepts;
  }

  /**
   * The offline embedder's vectors of each text, in order: views of the one buffer the thread handed over,
   * not copies (a batch of 1,000 made 1,000 buffers of 6 KB on the serving thread, and their garbage). Every
   * reader copies what it keeps (the stores' blobs, the vector caches' matrices, the ANN's packed buffer).
   */
  async embed(dimension: number, texts: readonly string[]): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    const answer = await this.thread.run(
      { kind: 'embed', dimension, texts },
      `Embedding of ${texts.length} texts`,
    );
    if (answer.kind !== 'embed') throw new Error('The memory worker answered another task');
    return texts.map((_, index) => answer.vectors.subarray(index * dimension, (index + 1) * dimension));
  }

  /**
   * The sentence encoder's (USE-lite, decision 162) unit vectors of each text, in order. `keepMs` as for
   * `concepts`.
   */
  async sentences(texts: readonly string[], keepMs?: number): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    const answer = await this.thread.run(
      { kind: 'sentences', texts },
      `Sentence encoding of ${texts.length} texts`,
      keepMs,
    );
    if (answer.kind !== 'sentences') throw new Error('The memory worker answered another task');
    const { dimension, vectors } = answer;
    return texts.map((_, index) => vectors.slice(index * dimension, (index + 1) * dimension));
  }

  /** Ends the thread `ms` after its last task instead of the idle setting (CpuWorkerThread.endSoonAfterWork). */
  endSoonAfterWork(ms: number): void {
    this.thread.endSoonAfterWork(ms);
  }

  /** Ends the thread; pending and later tasks are refused. */
  close(): Promise<void> {
    return this.thread.close();
  }

  /** Whether a thread is running now (started by a task, not yet ended). */
  get running(): boolean {
    return this.thread.running;
  }
}
