import { Logger } from '@nestjs/common';
import type { EmbeddedDatabase } from '@membolt/embedded-store';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MetricKind, ScalarKind } from 'usearch';
import type { MemoryFilter, MemoryScope, MemoryScopeFilter, ScoredId } from '../../domain/memory.js';
import type { DenseCandidates } from '../../ports/memory-search.index.js';
import { DEFAULT_EXACT_CACHE_MB, type MemoryStoreSettings } from '../../ports/memory-store.js';
import { type AnnIndexConfig, AnnWorker } from './ann-worker.js';
import {
  fromBlob,
  isOpenOnly,
  isSparseBlob,
  type KeepSeqs,
  SPARSE_BLOB_HEADER,
  sparseBlobCount,
  keepSeqsInSql,
  readDataVersion,
  scopeToken,
} from './memory-rows.js';

/** A vector write or removal the repository committed, told to the caches afterwards. */
export interface VectorChange {
  readonly scope: MemoryScope;
  readonly upserts: ReadonlyArray<{
    readonly seq: number;
    readonly vecSeq: number;
    readonly vector: Float32Array;
    /** The memory's id, given for a new memory: a cached exact set then takes the vector as it is. */
    readonly id?: string;
  }>;
  readonly removedSeqs: readonly number[];
}

/**
 * One scope's vectors side by side, for the exact scan (small scopes). The arrays have room beyond `count`,
 * so new memories are appended in place instead of the scope being read again from SQLite after each add
 * (which cost a read of every vector of the scope per add, and as much garbage).
 */
interface ExactSet {
  count: number;
  /** What the set's arrays hold, counted against the exact cache's bound. */
  bytes: number;
  seqs: Float64Array;
  norms: Float32Array;
  matrix: Float32Array;
}

interface AnnEntry {
  readonly scope: MemoryScope;
  /** The worker that holds the index (the index is named by the scope's token there). */
  readonly worker: AnnWorker;
  /** The highest vec_seq posted to the index: rows above it are added on repair. */
  covered: number;
  dirty: boolean;
  /** False while the index is being built or repaired in the background: searches scan exactly meanwhile. */
  ready: boolean;
}

interface AnnMeta {
  readonly dimension: number;
  /** The index's scalar kind: a snapshot of another kind (older F32 ones) is rebuilt. */
  readonly quantization?: string;
  readonly covered: number;
  /** The snapshot file this meta describes (names are per process and version, so replicas never mix). */
  readonly file: string;
}

const SAVE_DELAY_MS = 2_000;
/**
 * Vectors are held in the HNSW graph as int8 (decision 072): a quarter of F32's memory, and the search
 * reads a quarter of the bytes. On 100k of the offline embedder's 1536-d vectors, recall@10 against the
 * exact scan was 0.989 (F32 0.99x) at 0.44 ms a search instead of ~1.1 ms.
 */
const ANN_QUANTIZATION_NAME = 'i8';
const ANN_CONFIG = (dimensions: number): AnnIndexConfig => ({
  dimensions,
  metric: MetricKind.Cos,
  quantization: ScalarKind.I8,
  connectivity: 16,
  expansion_add: 128,
  expansion_search: 64,
  multi: false,
});
/** Vectors read from SQLite and posted to the worker at a time while an index is built in the background. */
const BUILD_CHUNK = 256;

/**
 * Dense candidates of the embedded store. SQLite (`memory_vectors`) is the truth; two caches sit in front:
 * - small scopes (< annMinVectors), and a large one while its ANN index is built: a contiguous Float32Array
 *   of the scope's vectors, scanned exactly, appended to by adds and dropped on other writes. The sets held
 *   together stay within `exactCacheMb` (least recently searched dropped first); a scope whose set alone
 *   would not fit is scanned straight from SQLite, a row at a time, and nothing of it is kept;
 * - large scopes: a usearch HNSW index per scope, held in a worker thread (decision 077) and saved under
 *   `DATA_DIR/memory-ann/` off the request path. It is a cache: on open (and lazily) it is repaired from
 *   SQLite (rows whose vec_seq is above the saved snapshot are re-added; a snapshot that holds far more than
 *   the table is rebuilt), and every answer is filtered through SQL, so a stale or deleted key can never
 *   surface.
 */
export class EmbeddedVectorIndex {
  private readonly logger = new Logger('MemoryVectors');
  /** Exact sets by scope token, least recently searched first. */
  private readonly exact = new Map<string, ExactSet>();
  private exactBytes = 0;
  private readonly exactBudget: number;
  private readonly ann = new Map<string, AnnEntry>();
  private saveTimer: NodeJS.Timeout | null = null;
  /** SQLite's data_version: it changes when another connection (another replica's process) commits. */
  private dataVersion: number;
  private readonly savedFiles = new Map<string, string>();
  private closed = false;
  private readonly builds = new Set<Promise<void>>();
  private worker: AnnWorker | null = null;
  private saving: Promise<void> = Promise.resolve();
  private readonly countInScope;
  private readonly scopeVectors;
  private readonly scopeVectorsUnordered;
  private readonly vectorsAbove;

  constructor(
    private readonly db: EmbeddedDatabase,
    private readonly settings: MemoryStoreSettings,
    private readonly annDir: string,
    /** How the ANN's keys are checked against the scope and filter (SQL unless told a faster equal way). */
    private readonly keepSeqs: KeepSeqs = (scope, filter, seqs) => keepSeqsInSql(db, scope, filter, seqs),
  ) {
    this.countInScope = db.prepare<[string, string], { n: number }>(
      'SELECT count(*) AS n FROM memory_vectors WHERE user_id = ? AND end_user_id = ?',
    );
    this.scopeVectors = db
      .prepare<[string, string], [seq: number, embedding: Buffer]>(
        'SELECT seq, embedding FROM memory_vectors WHERE user_id = ? AND end_user_id = ? ORDER BY seq',
      )
      .raw(true);
    this.scopeVectorsUnordered = db
      .prepare<[string, string], [seq: number, embedding: Buffer]>(SCOPE_VECTORS_SCAN_SQL)
      .raw(true);
    this.vectorsAbove = db.prepare<
      [string, string, number, number],
      { seq: number; vec_seq: number; embedding: Buffer }
    >(
      `SELECT seq, vec_seq, embedding FROM memory_vectors
       WHERE user_id = ? AND end_user_id = ? AND vec_seq > ? ORDER BY vec_seq LIMIT ?`,
    );
    this.dataVersion = readDataVersion(this.db);
    this.exactBudget = (settings.exactCacheMb ?? DEFAULT_EXACT_CACHE_MB) * 1024 * 1024;
  }

  /** What the exact sets held now take together (their arrays), in bytes: never above the bound. */
  get exactCacheBytes(): number {
    return this.exactBytes;
  }

  /** Repairs (or builds) the ANN index of every scope at or above the threshold. */
  repairAll(): void {
    const large = this.db
      .prepare<[number], { user_id: string; end_user_id: string }>(
        `SELECT user_id, end_user_id FROM memory_vectors GROUP BY user_id, end_user_id HAVING count(*) >= ?`,
      )
      .all(this.settings.annMinVectors);
    for (const row of large) this.annFor({ userId: row.user_id, endUserId: row.end_user_id });
  }

  /** After a committed write: the exact cache of the scope is dropped; a loaded ANN index follows. */
  applied(change: VectorChange): void {
    const tok = scopeToken(change.scope);
    const cached = this.exact.get(tok);
    if (cached && !this.appendNew(tok, cached, change)) this.dropExact(tok);
    const entry = this.ann.get(tok);
    if (!entry) return;
    if (change.removedSeqs.length > 0) this.posted(entry.worker.remove(tok, change.removedSeqs));
    // An index still building adds every row above its `covered` itself, in vec_seq order.
    if (!entry.ready || change.upserts.length === 0) return;
    this.posted(this.upsert(entry, change.upserts));
    entry.dirty = true;
    this.scheduleSave();
  }

  /**
   * Posts vectors to the entry's index, packed one after another in one buffer (handed to the worker, not
   * copied); `covered` follows them.
   */
  private upsert(entry: AnnEntry, rows: VectorChange['upserts']): Promise<void> {
    const dim = this.settings.dimension;
    const vectors = new Float32Array(rows.length * dim);
    rows.forEach(({ vecSeq, vector }, i) => {
      vectors.set(vector.subarray(0, dim), i * dim);
      entry.covered = Math.max(entry.covered, vecSeq);
    });
    return entry.worker.upsert(
      scopeToken(entry.scope),
      rows.map((row) => row.seq),
      vectors,
    );
  }

  /** A call to the worker nobody waits for: the worker answers in order, so later searches see it anyway. */
  private posted(call: Promise<unknown>): void {
    call.catch((error: unknown) => this.logger.error(`ANN index not updated: ${messageOf(error)}`));
  }

  /** The whole scope went away (end user or account deletion): caches and snapshot files too. */
  dropScope(scope: MemoryScope): void {
    const tok = scopeToken(scope);
    this.dropExact(tok);
    const entry = this.ann.get(tok);
    this.ann.delete(tok);
    if (entry) this.posted(entry.worker.drop(tok));
    const meta = this.metaPath(tok);
    if (existsSync(meta)) {
      try {
        rmSync(join(this.annDir, (JSON.parse(readFileSync(meta, 'utf8')) as AnnMeta).file), { force: true });
      } catch {
        // an unreadable meta only names a file; the meta itself goes below
      }
    }
    const own = this.savedFiles.get(tok);
    if (own) rmSync(join(this.annDir, own), { force: true });
    this.savedFiles.delete(tok);
    rmSync(meta, { force: true });
  }

  async dense(
    scope: MemoryScopeFilter,
    filter: MemoryFilter,
    vector: Float32Array,
    k: number,
  ): Promise<DenseCandidates> {
    this.catchUpWithOtherWriters();
    const ann = this.annFor(scope);
    if (ann) {
      try {
        return { candidates: await this.searchAnn(ann, scope, filter, vector, k), strategy: 'ann' };
      } catch (error) {
        // The worker died (its indexes are being rebuilt) or the index was dropped meanwhile.
        this.logger.warn(`ANN search failed, scanning exactly: ${messageOf(error)}`);
      }
    }
    return { candidates: this.searchExact(scope, filter, vector, k), strategy: 'exact' };
  }

  /** Saves the dirty ANN snapshots now and stops the worker (shutdown). */
  async flush(): Promise<void> {
    this.closed = true;
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = null;
    await Promise.allSettled([...this.builds]);
    await this.saveAll();
    await this.worker?.terminate();
    this.worker = null;
  }

  /**
   * Two replicas may share one file: when another connection committed since we last looked, the exact
   * caches are dropped and the ANN indexes take the vectors written since their snapshot (deleted rows are
   * filtered out in SQL anyway).
   */
  private catchUpWithOtherWriters(): void {
    const version = readDataVersion(this.db);
    if (version === this.dataVersion) return;
    this.dataVersion = version;
    this.exact.clear();
    this.exactBytes = 0;
    for (const entry of this.ann.values()) {
      // An index still building picks the new rows up itself.
      if (!entry.ready) continue;
      const { added, done } = this.addAbove(entry);
      this.posted(done);
      if (added > 0) {
        entry.dirty = true;
        this.scheduleSave();
      }
    }
  }

  private searchExact(
    scope: MemoryScopeFilter,
    filter: MemoryFilter,
    query: Float32Array,
    k: number,
  ): ScoredId[] {
    const set = this.exactSet(scope);
    if (set?.count === 0) return [];
    const dim = this.settings.dimension;
    const qNorm = Math.sqrt(dot(query, query, 0, dim)) || 1;
    const nonZero = sparseDims(query, dim);
    if (set) return this.bestOfSet(set, scope, filter, query, qNorm, nonZero, k);
    return this.bestOfScan(scope, filter, query, qNorm, nonZero, k);
  }

  /**
   * The best `k` of a scope too large to hold, each row's vector read from SQLite, scored and let go (its
   * blob viewed without a copy). Only its seq and score are kept (16 bytes a row), and the best are checked
   * with `keepSeqs` in windows as a held set's are, which also gives their ids. Reading every row's id and
   * the scope's allowed seqs up front, and an object per scored row, made each scan of a 100k scope (while
   * its ANN index is built) leave ~300k objects and strings to collect, which grew the V8 heap to ~450 MB.
   */
  private bestOfScan(
    scope: MemoryScopeFilter,
    filter: MemoryFilter,
    query: Float32Array,
    qNorm: number,
    nonZero: Int32Array | null,
    k: number,
  ): ScoredId[] {
    const dim = this.settings.dimension;
    let seqs = new Float64Array(1024);
    let scores = new Float64Array(1024);
    let count = 0;
    for (const [seq, blob] of this.scopeVectorsUnordered.iterate(scope.userId, scope.endUserId)) {
      if (count === seqs.length) {
        seqs = grownTo(seqs, count * 2);
        scores = grownTo(scores, count * 2);
      }
      let score: number;
      if (isSparseBlob(blob)) {
        const { product, squares } = sparseBlobProduct(query, blob);
        score = product / (qNorm * (Math.sqrt(squares) || 1));
      } else {
        const vector = blobView(blob);
        const product = nonZero === null ? dot(query, vector, 0, dim) : sparseDot(query, nonZero, vector, 0);
        score = product / (qNorm * (Math.sqrt(dot(vector, vector, 0, dim)) || 1));
      }
      seqs[count] = seq;
      scores[count++] = score;
    }
    // Ties in seq order, as the stable sort of the rows read in seq order left them.
    const order = new Uint32Array(count);
    for (let i = 0; i < count; i++) order[i] = i;
    order.sort((a, b) => scores[b]! - scores[a]! || seqs[a]! - seqs[b]!);
    return this.bestPassing(scope, filter, order, seqs, scores, k);
  }

  /**
   * Of the candidates in `order` (indexes into `seqs` and `scores`, best first), the first `k` that are in
   * the scope and pass the filter, checked with `keepSeqs` in windows grown until `k` pass (as the ANN's
   * keys are); each comes with the columns the ranker reads, which the service then need not load.
   */
  private bestPassing(
    scope: MemoryScopeFilter,
    filter: MemoryFilter,
    order: ArrayLike<number> & { slice(start: number, end: number): ArrayLike<number> },
    seqs: Float64Array,
    scores: Float64Array,
    k: number,
  ): ScoredId[] {
    const out: ScoredId[] = [];
    for (let from = 0, size = k + 10; from < order.length && out.length < k; from += size, size *= 4) {
      const window = Array.from(order.slice(from, from + size));
      const kept = this.keepSeqs(
        scope,
        filter,
        window.map((i) => seqs[i]!),
      );
      for (const i of window) {
        const memory = kept.get(seqs[i]!);
        if (memory && out.length < k) out.push({ id: memory.id, score: scores[i]!, memory });
      }
    }
    return out;
  }

  /**
   * The best `k` of a held set that are in the scope and pass the filter. Every vector of the set is scored
   * (a few hundred products over the query's non-zero dimensions cost less than reading the scope's allowed
   * rows from SQLite), then the best are checked with `keepSeqs` (the scope's keyword index when built, else
   * SQL) in windows grown until `k` pass, as the ANN's keys are. The scores are sorted stably, as the scan of
   * the allowed rows sorted them, so the answer is the same list; each candidate comes with the columns the
   * ranker reads, which the service then need not load.
   */
  private bestOfSet(
    set: ExactSet,
    scope: MemoryScopeFilter,
    filter: MemoryFilter,
    query: Float32Array,
    qNorm: number,
    nonZero: Int32Array | null,
    k: number,
  ): ScoredId[] {
    const dim = this.settings.dimension;
    const scores = new Float64Array(set.count);
    const order = new Array<number>(set.count);
    for (let i = 0; i < set.count; i++) {
      const product =
        nonZero === null
          ? dot(query, set.matrix, i * dim, dim)
          : sparseDot(query, nonZero, set.matrix, i * dim);
      scores[i] = product / (qNorm * (set.norms[i]! || 1));
      order[i] = i;
    }
    order.sort((a, b) => scores[b]! - scores[a]!);
    return this.bestPassing(scope, filter, order, set.seqs, scores, k);
  }

  private async searchAnn(
    entry: AnnEntry,
    scope: MemoryScopeFilter,
    filter: MemoryFilter,
    query: Float32Array,
    k: number,
  ): Promise<ScoredId[]> {
    const tok = scopeToken(scope);
    // HNSW cost grows with k (k=200 is ~6x k=50): ask for little more than k when nearly every key passes
    // (no filter but open facts, no agent/run), more when a filter will drop some, and grow until k survive.
    const selective = !isOpenOnly(filter) || scope.agentId !== undefined || scope.runId !== undefined;
    let fetch = selective ? Math.max(k * 4, k + 50) : k + 10;
    for (;;) {
      const matches = await entry.worker.search(tok, query, fetch);
      const size = matches.size;
      const seqs = Array.from(matches.keys);
      const kept = this.keepSeqs(scope, filter, seqs);
      const out: ScoredId[] = [];
      for (let i = 0; i < seqs.length && out.length < k; i++) {
        const memory = kept.get(seqs[i]!);
        if (memory) out.push({ id: memory.id, score: 1 - matches.distances[i]!, memory });
      }
      if (out.length >= k || fetch >= size) return out;
      fetch = Math.min(size, fetch * 4);
    }
  }

  /** The scope's exact set, read and cached if it fits the bound; null when it does not (scan SQLite). */
  private exactSet(scope: MemoryScope): ExactSet | null {
    const tok = scopeToken(scope);
    const cached = this.exact.get(tok);
    if (cached) {
      // Most recently searched last: the first entries are the ones dropped for room.
      this.exact.delete(tok);
      this.exact.set(tok, cached);
      return cached;
    }
    const dim = this.settings.dimension;
    const count = this.countInScope.get(scope.userId, scope.endUserId)?.n ?? 0;
    if (exactSetBytes(dim, count + EXACT_SET_SPARE_ROWS) > this.exactBudget) return null;
    const rows = this.scopeVectors.all(scope.userId, scope.endUserId);
    // Rows written between the count and the read: too many now to hold.
    if (exactSetBytes(dim, rows.length + EXACT_SET_SPARE_ROWS) > this.exactBudget) return null;
    const set = emptyExactSet(dim, rows.length + EXACT_SET_SPARE_ROWS);
    set.count = rows.length;
    rows.forEach(([seq, embedding], i) => {
      const vector = fromBlob(embedding);
      set.seqs[i] = seq;
      set.matrix.set(vector.subarray(0, dim), i * dim);
      set.norms[i] = Math.sqrt(dot(vector, vector, 0, dim));
    });
    this.holdExact(tok, set);
    return set;
  }

  /** Holds `set` for `tok`, dropping the least recently searched sets until it fits the bound. */
  private holdExact(tok: string, set: ExactSet): void {
    this.dropExact(tok);
    for (const [other, held] of this.exact) {
      if (this.exactBytes + set.bytes <= this.exactBudget) break;
      this.exact.delete(other);
      this.exactBytes -= held.bytes;
    }
    this.exact.set(tok, set);
    this.exactBytes += set.bytes;
  }

  private dropExact(tok: string): void {
    const held = this.exact.get(tok);
    if (!held) return;
    this.exact.delete(tok);
    this.exactBytes -= held.bytes;
  }

  /**
   * Appends new memories' vectors to a cached exact set; false (the caller drops the set) for anything else:
   * a removal, a changed vector, or a row the set may already hold (seqs only grow, so a new row is above).
   */
  private appendNew(tok: string, set: ExactSet, change: VectorChange): boolean {
    if (change.removedSeqs.length > 0) return false;
    let last = set.count > 0 ? set.seqs[set.count - 1]! : 0;
    for (const upsert of change.upserts) {
      if (upsert.id === undefined || upsert.seq <= last) return false;
      last = upsert.seq;
    }
    const dim = this.settings.dimension;
    if (set.count + change.upserts.length > set.norms.length) {
      // A quarter more (at least the spare rows): the set is bounded by the ANN threshold, and at 1,536
      // dimensions a doubled set of 5,000 vectors would hold 30 MB nobody uses.
      const needed = set.count + change.upserts.length;
      const grown = emptyExactSet(dim, needed + Math.max(EXACT_SET_SPARE_ROWS, Math.ceil(needed / 4)));
      if (grown.bytes > this.exactBudget) return false;
      grown.seqs.set(set.seqs.subarray(0, set.count));
      grown.norms.set(set.norms.subarray(0, set.count));
      grown.matrix.set(set.matrix.subarray(0, set.count * dim));
      Object.assign(set, { seqs: grown.seqs, norms: grown.norms, matrix: grown.matrix });
      // Counted again at its new size, other sets dropped for the room.
      this.exactBytes -= set.bytes;
      this.exact.delete(tok);
      set.bytes = grown.bytes;
      this.holdExact(tok, set);
    }
    for (const upsert of change.upserts) {
      const i = set.count++;
      set.seqs[i] = upsert.seq;
      set.matrix.set(upsert.vector.subarray(0, dim), i * dim);
      set.norms[i] = Math.sqrt(dot(upsert.vector, upsert.vector, 0, dim));
    }
    return true;
  }

  /**
   * The scope's ANN index when it is large enough and ready. The first call opens the index in the worker
   * (from its snapshot, or empty) and adds the missing vectors in the background, a chunk at a time; until
   * then the caller scans exactly.
   */
  private annFor(scope: MemoryScope): AnnEntry | null {
    const tok = scopeToken(scope);
    const loaded = this.ann.get(tok);
    if (loaded) return loaded.ready ? loaded : null;
    if (this.closed) return null;
    // A held exact set is every vector of the scope (kept by each write, dropped when another process
    // writes): its size is the count, without a statement per search of a small scope.
    const count = this.exact.get(tok)?.count ?? this.countInScope.get(scope.userId, scope.endUserId)?.n ?? 0;
    if (count < this.settings.annMinVectors) return null;
    this.worker ??= new AnnWorker(ANN_CONFIG(this.settings.dimension), (error) => this.workerFailed(error));
    const entry: AnnEntry = { scope, worker: this.worker, covered: 0, dirty: true, ready: false };
    this.ann.set(tok, entry);
    const build = this.completeInBackground(tok, entry, count).finally(() => this.builds.delete(build));
    this.builds.add(build);
    return null;
  }

  /** The worker died with every index in it: they are opened again (from their snapshots) on next use. */
  private workerFailed(error: Error): void {
    this.logger.error(`ANN worker failed, its indexes are rebuilt on next use: ${error.message}`);
    for (const [tok, entry] of this.ann) if (entry.worker === this.worker) this.ann.delete(tok);
    this.worker = null;
  }

  private async completeInBackground(tok: string, entry: AnnEntry, count: number): Promise<void> {
    const current = () => !this.closed && this.ann.get(tok) === entry;
    try {
      await this.openIndex(tok, entry, count);
      while (current()) {
        const { added, done } = this.addAbove(entry, BUILD_CHUNK);
        if (added > 0) entry.dirty = true;
        // One chunk in flight at a time: the worker adds while the next rows wait in SQLite, not in a queue.
        await done;
        if (added < BUILD_CHUNK) break;
      }
      if (!current()) return;
      entry.ready = true;
      this.dropExact(tok);
      if (entry.dirty) this.scheduleSave();
    } catch (error) {
      // Dropped: searches scan exactly; the next search of the scope starts again (a new worker if it died).
      if (this.ann.get(tok) === entry) this.ann.delete(tok);
      if (!this.closed) this.logger.error(`ANN index ${tok} not built: ${messageOf(error)}`);
    }
  }

  /** Resolves when every background build started so far has finished (tests, benchmarks). */
  async whenIndexed(): Promise<void> {
    while (this.builds.size > 0) await Promise.all([...this.builds]);
    await this.worker?.idle();
  }

  /**
   * Opens the scope's index in the worker: from its snapshot when there is a usable one (then only the rows
   * written since are added), else empty.
   */
  private async openIndex(tok: string, entry: AnnEntry, count: number): Promise<void> {
    const snapshot = this.usableSnapshot(tok);
    if (snapshot) {
      try {
        const size = await entry.worker.open(tok, snapshot.path);
        // Deleted keys stay in a snapshot saved before a crash; many of them means rebuilding is cheaper.
        if (size <= count * 1.2 + 100) {
          entry.covered = snapshot.covered;
          entry.dirty = false;
          return;
        }
      } catch (error) {
        this.logger.warn(`ANN snapshot ${tok} unreadable, rebuilding: ${messageOf(error)}`);
      }
      // Dropped meanwhile (the scope was erased, the store closed): nothing is opened again in the worker.
      if (this.closed || this.ann.get(tok) !== entry) return;
    }
    await entry.worker.open(tok);
  }

  private usableSnapshot(tok: string): { path: string; covered: number } | null {
    const metaPath = this.metaPath(tok);
    if (!existsSync(metaPath)) return null;
    try {
      const meta = JSON.parse(readFileSync(metaPath, 'utf8')) as AnnMeta;
      const path = join(this.annDir, meta.file);
      if (!existsSync(path)) return null;
      if (meta.dimension !== this.settings.dimension || meta.quantization !== ANN_QUANTIZATION_NAME) {
        // Of another shape: rebuilt from SQLite; the old file would otherwise stay on disk for good.
        rmSync(path, { force: true });
        return null;
      }
      return { path, covered: meta.covered };
    } catch (error) {
      this.logger.warn(`ANN snapshot ${tok} unreadable, rebuilding: ${messageOf(error)}`);
      return null;
    }
  }

  /**
   * Posts every vector of the scope written after what the index holds (at most `limit`): answers how many,
   * and the worker's acknowledgement.
   */
  private addAbove(entry: AnnEntry, limit = Number.MAX_SAFE_INTEGER): { added: number; done: Promise<void> } {
    const { scope } = entry;
    const rows = this.vectorsAbove.all(scope.userId, scope.endUserId, entry.covered, limit);
    if (rows.length === 0) return { added: 0, done: Promise.resolve() };
    const done = this.upsert(
      entry,
      rows.map((row) => ({ seq: row.seq, vecSeq: row.vec_seq, vector: fromBlob(row.embedding) })),
    );
    return { added: rows.length, done };
  }

  private scheduleSave(): void {
    if (this.saveTimer) return;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = null;
      void this.saveAll();
    }, SAVE_DELAY_MS);
    this.saveTimer.unref();
  }

  /** Saves every dirty index, after any save already under way (one at a time, so shutdown waits for all). */
  private saveAll(): Promise<void> {
    this.saving = this.saving.then(async () => {
      for (const [tok, entry] of [...this.ann]) await this.save(tok, entry);
    });
    return this.saving;
  }

  private async save(tok: string, entry: AnnEntry): Promise<void> {
    if (!entry.dirty) return;
    // Writes after this point mark it dirty again; the file holds every call posted before the save.
    entry.dirty = false;
    const covered = entry.covered;
    try {
      mkdirSync(this.annDir, { recursive: true });
      const file = `${tok}-${process.pid}-${covered}.usearch`;
      await entry.worker.save(tok, join(this.annDir, `${file}.tmp`));
      renameSync(join(this.annDir, `${file}.tmp`), join(this.annDir, file));
      // The meta names its file and is replaced atomically after it: a crash in between leaves the older
      // pair, whose `covered` makes the repair re-add the rows written since.
      const meta: AnnMeta = {
        dimension: this.settings.dimension,
        quantization: ANN_QUANTIZATION_NAME,
        covered,
        file,
      };
      const metaTmp = `${this.metaPath(tok)}.${process.pid}.tmp`;
      writeFileSync(metaTmp, JSON.stringify(meta));
      renameSync(metaTmp, this.metaPath(tok));
      const previous = this.savedFiles.get(tok);
      if (previous && previous !== file) rmSync(join(this.annDir, previous), { force: true });
      this.savedFiles.set(tok, file);
    } catch (error) {
      entry.dirty = true;
      this.logger.error(`ANN snapshot ${tok} not saved: ${messageOf(error)}`);
    }
  }

  private metaPath(tok: string): string {
    return join(this.annDir, `${tok}.json`);
  }
}

/** A copy of `array` with room for `length` values. */
function grownTo(array: Float64Array, length: number): Float64Array<ArrayBuffer> {
  const grown = new Float64Array(length);
  grown.set(array);
  return grown;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

function dot(query: Float32Array, matrix: Float32Array, offset: number, dim: number): number {
  let sum = 0;
  for (let d = 0; d < dim; d++) sum += query[d]! * matrix[offset + d]!;
  return sum;
}

/**
 * The dimensions where the query is not zero, ascending; null when they are more than half (a dense model's
 * vector). The offline embedder's query of a few words sets ~100 of 1,536.
 */
function sparseDims(query: Float32Array, dim: number): Int32Array | null {
  const dims = new Int32Array(dim);
  let count = 0;
  for (let d = 0; d < dim; d++) {
    if (query[d] !== 0) dims[count++] = d;
    if (count > dim / 2) return null;
  }
  return dims.subarray(0, count);
}

/**
 * `dot` over the query's non-zero dimensions only, in the same order: each skipped term is a zero, which
 * leaves the running sum unchanged, so the result is the same double bit for bit (stored vectors are finite).
 */
function sparseDot(query: Float32Array, dims: Int32Array, matrix: Float32Array, offset: number): number {
  let sum = 0;
  for (let j = 0; j < dims.length; j++) {
    const d = dims[j]!;
    sum += query[d]! * matrix[offset + d]!;
  }
  return sum;
}

/**
 * The query's dot product with a sparse blob's vector, and the vector's sum of squares, over the blob's
 * stored components in ascending position: each component left out is a zero, whose product leaves a running
 * double unchanged, so both are the doubles `dot` gives over the dense vector, bit for bit (no decode).
 */
function sparseBlobProduct(query: Float32Array, blob: Buffer): { product: number; squares: number } {
  const view = new DataView(blob.buffer, blob.byteOffset, blob.byteLength);
  const count = sparseBlobCount(blob);
  const positionsAt = SPARSE_BLOB_HEADER + count * 4;
  let product = 0;
  let squares = 0;
  for (let i = 0; i < count; i++) {
    const value = view.getFloat32(SPARSE_BLOB_HEADER + i * 4, true);
    product += query[view.getUint16(positionsAt + i * 2, true)]! * value;
    squares += value * value;
  }
  return { product, squares };
}

/**
 * A dense blob's floats without a copy when they are aligned (a blob of this size has its own buffer); a
 * sparse one (or an unaligned one) decoded.
 */
const blobView = (blob: Buffer): Float32Array =>
  blob.byteOffset % 4 === 0 && !isSparseBlob(blob)
    ? new Float32Array(blob.buffer, blob.byteOffset, blob.byteLength / 4)
    : fromBlob(blob);

/**
 * A scope's vectors for the exact scan of a scope too large to hold, in the scope index's order: ordering a
 * large scope by seq made SQLite sort every blob (614 MB at 100k) in a temp b-tree on every search.
 */
export const SCOPE_VECTORS_SCAN_SQL =
  'SELECT seq, embedding FROM memory_vectors WHERE user_id = ? AND end_user_id = ?';

/** Rows of room an exact set is read with beyond the scope's vectors, for the adds that follow. */
const EXACT_SET_SPARE_ROWS = 64;

/** The bytes of an exact set's arrays with room for `capacity` vectors. */
const exactSetBytes = (dim: number, capacity: number): number => capacity * (dim * 4 + 4 + 8);

function emptyExactSet(dim: number, capacity: number): ExactSet {
  return {
    count: 0,
    bytes: exactSetBytes(dim, capacity),
    seqs: new Float64Array(capacity),
    norms: new Float32Array(capacity),
    matrix: new Float32Array(capacity * dim),
  };
}
