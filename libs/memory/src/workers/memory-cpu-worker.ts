import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ExtractedConcept } from '../retrieval/concepts.js';
import type { CpuTask, CpuTaskAnswer } from './cpu-task.js';

export interface CpuWorkerLimits {
  /** The worker's V8 heap (old generation), in MB. */
  readonly memoryMb: number;
  /** Longest one task may run before the worker is ended. */
  readonly timeoutMs: number;
  /**
   * How long the thread is kept without a task before it is ended (its heap and loaded modules given back;
   * the next task starts a new one). Absent: kept for good.
   */
  readonly idleMs?: number;
}

export const DEFAULT_CPU_WORKER_LIMITS: CpuWorkerLimits = {
  memoryMb: 256,
  timeoutMs: 60_000,
  idleMs: 60_000,
};

/** The thread that extracts concepts (background work). */
export const MEMORY_CONCEPT_WORKER = Symbol('MEMORY_CONCEPT_WORKER');
/** The thread that embeds batches (a request or job waits for it, so it never queues behind concepts). */
export const MEMORY_EMBED_WORKER = Symbol('MEMORY_EMBED_WORKER');
/**
 * The thread that runs the sentence encoder (decision 203): its model's load and the backfill's chunks never
 * delay an add's embedding, and its ~150 MB are given back with the thread when it idles.
 */
export const MEMORY_SENTENCE_WORKER = Symbol('MEMORY_SENTENCE_WORKER');

/** A task that broke the worker's memory cap or its deadline: running it again cannot help. */
export class CpuWorkerLimitError extends Error {
  override readonly name = 'CpuWorkerLimitError';
}

/**
 * The compiled worker script. Next to this module when it runs from dist/; under the test runner (from the
 * TypeScript sources) the lib's dist/ copy, which `npm run build:server` writes.
 */
function cpuWorkerScript(): string {
  const here = fileURLToPath(new URL('./memory-cpu.worker.js', import.meta.url));
  if (existsSync(here)) return here;
  const built = here.replace(/\/libs\/memory\/src\//, '/libs/memory/dist/');
  if (existsSync(built)) return built;
  throw new Error(`The memory worker ${built} is missing: run \`npm run build:server\``);
}

type Done = Extract<CpuTaskAnswer, { ok: true }>;

interface Pending {
  readonly task: CpuTask;
  readonly label: string;
  readonly resolve: (answer: Done) => void;
  readonly reject: (error: Error) => void;
}

/**
 * A long-lived worker thread for the memory service's CPU-heavy work (concept extraction, the offline
 * embedder over many texts), so the event loop that answers requests only posts texts and reads answers.
 * The service runs two: one for concepts, one for embedding.
 * Tasks run one at a time, in order. The thread has a heap cap and each task a deadline: a task that breaks
 * either ends the thread (its heap freed; the next task starts a new one) and fails with
 * CpuWorkerLimitError naming the limit and its setting. The thread holds the process open only while a
 * task is pending, and is ended after `idleMs` without one: an idle process does not keep a thread's heap
 * and modules (tens of MB with compromise loaded) for work that comes in bursts.
 */
export class MemoryCpuWorker {
  private worker: Worker | null = null;
  private readonly waiting: Pending[] = [];
  private current: (Pending & { readonly id: number; readonly timer: NodeJS.Timeout }) | null = null;
  private nextId = 0;
  private closed = false;
  private idleTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly limits: CpuWorkerLimits = DEFAULT_CPU_WORKER_LIMITS,
    private readonly script: string = cpuWorkerScript(),
  ) {}

  /** The concepts of each text, in order. */
  async concepts(texts: readonly string[]): Promise<ExtractedConcept[][]> {
    if (texts.length === 0) return [];
    const answer = await this.run({ kind: 'concepts', texts }, `Concept extraction of ${texts.length} texts`);
    if (answer.kind !== 'concepts') throw new Error('The memory worker answered another task');
    return answer.concepts;
  }

  /** The offline embedder's vectors of each text, in order. */
  async embed(dimension: number, texts: readonly string[]): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    const answer = await this.run({ kind: 'embed', dimension, texts }, `Embedding of ${texts.length} texts`);
    if (answer.kind !== 'embed') throw new Error('The memory worker answered another task');
    return texts.map((_, index) => answer.vectors.slice(index * dimension, (index + 1) * dimension));
  }

  /** The sentence encoder's (USE-lite, decision 162) unit vectors of each text, in order. */
  async sentences(texts: readonly string[]): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    const answer = await this.run({ kind: 'sentences', texts }, `Sentence encoding of ${texts.length} texts`);
    if (answer.kind !== 'sentences') throw new Error('The memory worker answered another task');
    const { dimension, vectors } = answer;
    return texts.map((_, index) => vectors.slice(index * dimension, (index + 1) * dimension));
  }

  /** Ends the thread; pending and later tasks are refused. */
  async close(): Promise<void> {
    this.closed = true;
    this.clearIdle();
    const stopped = new Error('The memory worker is closed');
    for (const pending of this.waiting.splice(0)) pending.reject(stopped);
    this.settle((pending) => pending.reject(stopped));
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }

  private run(task: CpuTask, label: string): Promise<Done> {
    if (this.closed) return Promise.reject(new Error('The memory worker is closed'));
    return new Promise<Done>((resolve, reject) => {
      this.waiting.push({ task, label, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    if (this.current || this.closed) return;
    const next = this.waiting.shift();
    if (!next) {
      this.worker?.unref();
      this.endWhenIdle();
      return;
    }
    this.clearIdle();
    const worker = this.worker ?? this.start();
    worker.ref();
    const id = ++this.nextId;
    const timer = setTimeout(() => {
      this.settle((pending) =>
        pending.reject(
          new CpuWorkerLimitError(
            `${pending.label} ran past its ${Math.round(this.limits.timeoutMs / 1000)} s deadline ` +
              '(MEMORY_WORKER_TIMEOUT_SECONDS)',
          ),
        ),
      );
      this.restart();
    }, this.limits.timeoutMs);
    this.current = { ...next, id, timer };
    worker.postMessage({ id, task: next.task });
  }

  /** Ends the current task (if any) with `outcome` and moves to the next one. */
  private settle(outcome: (pending: Pending) => void): void {
    const current = this.current;
    if (!current) return;
    this.current = null;
    clearTimeout(current.timer);
    outcome(current);
    queueMicrotask(() => this.pump());
  }

  /** Ends the thread once it has had no task for `idleMs`. */
  private endWhenIdle(): void {
    if (!this.worker || this.idleTimer || this.limits.idleMs === undefined) return;
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (!this.current && this.waiting.length === 0) this.restart();
    }, this.limits.idleMs);
    this.idleTimer.unref();
  }

  private clearIdle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  /** Whether a thread is running now (started by a task, not yet ended). */
  get running(): boolean {
    return this.worker !== null;
  }

  private restart(): void {
    const worker = this.worker;
    this.worker = null;
    void worker?.terminate();
  }

  private start(): Worker {
    const worker = new Worker(this.script, {
      resourceLimits: {
        maxOldGenerationSizeMb: this.limits.memoryMb,
        maxYoungGenerationSizeMb: Math.max(8, Math.min(64, Math.floor(this.limits.memoryMb / 8))),
      },
    });
    this.worker = worker;
    // Events of a thread already replaced (ended past its deadline) are not the current task's.
    const mine = () => this.worker === worker;
    worker.on('message', ({ id, answer }: { id: number; answer: CpuTaskAnswer }) => {
      if (!mine() || this.current?.id !== id) return;
      this.settle((pending) =>
        answer.ok ? pending.resolve(answer) : pending.reject(new Error(answer.message)),
      );
    });
    worker.on('error', (error: Error & { code?: string }) => {
      if (!mine()) return;
      this.worker = null;
      this.settle((pending) =>
        pending.reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new CpuWorkerLimitError(
                `${pending.label} needed more than the worker's ${this.limits.memoryMb} MB ` +
                  '(MEMORY_WORKER_MEMORY_MB)',
              )
            : error,
        ),
      );
    });
    worker.on('exit', (code) => {
      if (!mine()) return;
      this.worker = null;
      this.settle((pending) =>
        pending.reject(new Error(`The memory worker stopped (exit code ${code}) before it answered`)),
      );
    });
    return worker;
  }
}
