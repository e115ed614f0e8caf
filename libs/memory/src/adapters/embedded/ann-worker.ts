import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** The usearch index settings of one scope's HNSW graph (usearch's `Index` constructor object). */
export interface AnnIndexConfig {
  readonly dimensions: number;
  readonly metric: string;
  readonly quantization: string;
  readonly connectivity: number;
  readonly expansion_add: number;
  readonly expansion_search: number;
  readonly multi: boolean;
}

/** Nearest keys of one search, best first, and how many keys the index held. */
export interface AnnMatches {
  readonly keys: Float64Array;
  readonly distances: Float32Array;
  readonly size: number;
}

/**
 * The worker's source. It holds every HNSW index of the store, one per scope token, and answers the
 * messages in the order they were posted: a search posted after an upsert sees it. Kept as plain CommonJS
 * (the worker is started from this string) so that it runs the same from the sources under jest and from
 * the built files.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { Index } = require(workerData.usearch);
const indexes = new Map();
const named = (tok) => {
  const index = indexes.get(tok);
  if (!index) throw new Error('no ANN index is open for this scope');
  return index;
};
const handlers = {
  open(m) {
    const index = new Index(m.config);
    if (m.path) index.load(m.path);
    indexes.set(m.tok, index);
    return { size: Number(index.size()) };
  },
  upsert(m) {
    const index = indexes.get(m.tok);
    if (!index) return {};
    const dims = index.dimensions();
    for (let i = 0; i < m.keys.length; i++) {
      const key = BigInt(m.keys[i]);
      if (index.contains(key)) index.remove(key);
      // One thread: multi-threaded small-batch adds left entries unreachable (docs/stack.md).
      index.add(key, m.vectors.subarray(i * dims, (i + 1) * dims), 1);
    }
    return {};
  },
  remove(m) {
    const index = indexes.get(m.tok);
    if (!index) return {};
    for (const seq of m.keys) {
      const key = BigInt(seq);
      if (index.contains(key)) index.remove(key);
    }
    return {};
  },
  search(m) {
    const index = named(m.tok);
    const size = Number(index.size());
    const k = Math.min(m.k, size);
    if (k <= 0) return { keys: new Float64Array(0), distances: new Float32Array(0), size };
    const found = index.search(m.vector, k, 1);
    return { keys: Float64Array.from(found.keys, Number), distances: Float32Array.from(found.distances), size };
  },
  save(m) {
    named(m.tok).save(m.path);
    return {};
  },
  drop(m) {
    indexes.delete(m.tok);
    return {};
  },
  idle() {
    return {};
  },
};
parentPort.on('message', (m) => {
  try {
    parentPort.postMessage({ id: m.id, ...handlers[m.op](m) });
  } catch (error) {
    parentPort.postMessage({ id: m.id, error: error instanceof Error ? error.message : String(error) });
  }
});
`;

interface Pending {
  readonly resolve: (reply: Record<string, unknown>) => void;
  readonly reject: (error: Error) => void;
}

/**
 * The HNSW indexes of the embedded store's large scopes, held in a worker thread (decision 077): a search
 * runs on the second core while the keyword and concept channels run on the main thread, and building or
 * repairing an index never blocks requests. Every call answers a promise; calls are handled in the order
 * they were made. The worker keeps the process alive only while a call is pending.
 */
export class AnnWorker {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private failure: Error | null = null;

  constructor(
    private readonly config: AnnIndexConfig,
    /** Told once if the worker dies: its indexes are gone and every pending call was rejected. */
    onFailure: (error: Error) => void,
  ) {
    const usearch = createRequire(import.meta.url).resolve('usearch');
    this.worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { usearch } });
    this.worker.unref();
    this.worker.on('message', (reply: { id: number; error?: string } & Record<string, unknown>) => {
      const call = this.pending.get(reply.id);
      if (!call) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) this.worker.unref();
      if (reply.error !== undefined) call.reject(new Error(reply.error));
      else call.resolve(reply);
    });
    const fail = (error: Error) => {
      if (this.failure) return;
      this.failure = error;
      for (const call of this.pending.values()) call.reject(error);
      this.pending.clear();
      onFailure(error);
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`ANN worker exited with code ${code}`)));
  }

  /** Opens the scope's index, empty or loaded from a snapshot file; answers how many keys it holds. */
  async open(tok: string, snapshot?: string): Promise<number> {
    const reply = await this.call({ op: 'open', tok, path: snapshot, config: this.config });
    return reply['size'] as number;
  }

  /** Adds (or replaces) vectors under their keys; `vectors` holds them one after another. */
  async upsert(tok: string, keys: readonly number[], vectors: Float32Array): Promise<void> {
    await this.call({ op: 'upsert', tok, keys, vectors }, [vectors.buffer as ArrayBuffer]);
  }

  async remove(tok: string, keys: readonly number[]): Promise<void> {
    await this.call({ op: 'remove', tok, keys });
  }

  async search(tok: string, vector: Float32Array, k: number): Promise<AnnMatches> {
    const reply = await this.call({ op: 'search', tok, vector, k });
    return reply as unknown as AnnMatches;
  }

  /** Writes the index as it is after every call made before this one. */
  async save(tok: string, path: string): Promise<void> {
    await this.call({ op: 'save', tok, path });
  }

  async drop(tok: string): Promise<void> {
    await this.call({ op: 'drop', tok });
  }

  /** Resolves once every call made before it was handled. */
  async idle(): Promise<void> {
    await this.call({ op: 'idle' });
  }

  async terminate(): Promise<void> {
    this.failure ??= new Error('ANN worker terminated');
    for (const call of this.pending.values()) call.reject(this.failure);
    this.pending.clear();
    this.worker.removeAllListeners('exit');
    await this.worker.terminate();
  }

  private call(
    message: Record<string, unknown>,
    transfer: ArrayBuffer[] = [],
  ): Promise<Record<string, unknown>> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...message, id }, transfer);
    });
  }
}
