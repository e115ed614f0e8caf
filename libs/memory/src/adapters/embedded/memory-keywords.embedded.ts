import type { EmbeddedDatabase } from '@membolt/embedded-store';
import type {
  MemoryFilter,
  MemoryScope,
  MemoryScopeFilter,
  RankableWithId,
  ScoredId,
} from '../../domain/memory.js';
import type { MemoryStoreSettings } from '../../ports/memory-store.js';
import { KEYWORD_CONTEXT_WEIGHT } from '../../retrieval/keyword-index.js';
import { KeywordScopeBuilds, type ScopeKeywords } from './keyword-index-build.js';
import { addDocument, Bm25Scores, removeDocument } from './keyword-postings.js';
import { cachedRows, cacheRow, forgetRow, KeywordRowReader, type TextRow } from './keyword-row-cache.js';
import { Fts5Tokens } from './keyword-tokens.js';
import { isOpenOnly, keepSeqsInSql, readDataVersion } from './memory-rows.js';

export { BUILD_IN_SEARCH_MAX } from './keyword-index-build.js';

/**
 * The keyword channel, in memory. FTS5 scores every row a query word matches: for a user with 100k memories
 * a common word ("morning") is 17k rows and the query costs 30-100 ms on this machine, whatever LIMIT says;
 * and its table is shared by every scope, so a small scope's scores need the scope's IDF put back with a
 * few more statements per word. This index holds a scope's postings in typed arrays and scores them in well
 * under a millisecond with FTS5's own bm25() (k1 1.2, b 0.75, the text column weighted 1 and the previous
 * memory's text `KEYWORD_CONTEXT_WEIGHT`), with the scope's own IDF and average length (decision 021,
 * addendum; decision 072 for small scopes). A scope's index is built in the background from its first
 * search (FTS5 answers meanwhile); small scopes (below the ANN threshold) together keep at most
 * `smallScopeKeywordDocs` memories, the least recently searched dropped first.
 *
 * Tokens are FTS5's (keyword-tokens.ts), so both paths match exactly the same words. Like the ANN index it
 * is a cache: SQLite is the truth, it is built in the background from a scope's first search (FTS5 answers
 * meanwhile), kept current from the repository's writes, dropped when another process writes the file, and
 * every answer is filtered through SQL (scope, filters, existence).
 *
 * Its parts: the postings and bm25 (keyword-postings.ts), each scope's build and eviction
 * (keyword-index-build.ts), the rows read and cached for the ranker (keyword-row-cache.ts).
 */
export class EmbeddedKeywordIndex {
  private readonly tokens = new Fts5Tokens();
  private readonly rows: KeywordRowReader;
  private readonly scopes: KeywordScopeBuilds;
  private readonly scores = new Bm25Scores();
  private dataVersion: number;

  constructor(
    private readonly db: EmbeddedDatabase,
    settings: MemoryStoreSettings,
  ) {
    this.rows = new KeywordRowReader(db);
    this.scopes = new KeywordScopeBuilds(
      settings,
      (scope) => this.rows.count(scope),
      (entry, limit) => this.addRowsAbove(entry, limit),
    );
    this.dataVersion = readDataVersion(this.db);
  }

  /**
   * The best `k` keyword candidates of a scope, or null when the caller must ask FTS5: in-memory postings of
   * small scopes are turned off, the scope's index is still being built, or a query word is not a single
   * token (FTS5 matches a phrase).
   */
  keyword(
    scope: MemoryScopeFilter,
    filter: MemoryFilter,
    words: readonly string[],
    k: number,
  ): ScoredId[] | null {
    this.catchUpWithOtherWriters();
    const entry = this.scopes.entryFor(scope);
    if (!entry) return null;
    // Term id -> how many of the query's words are that term.
    const termCounts = new Map<number, number>();
    for (const word of words) {
      const tokens = this.tokens.ofWord(word);
      if (tokens.length > 1) return null;
      if (tokens.length === 1) {
        const id = this.tokens.knownTermId(tokens[0]!);
        if (id !== undefined && entry.postings.has(id)) termCounts.set(id, (termCounts.get(id) ?? 0) + 1);
      }
    }
    if (termCounts.size === 0 || entry.live === 0 || k <= 0) return [];

    let fetch = k + 10;
    let scored = this.scores.score(entry, termCounts, fetch);
    try {
      for (;;) {
        const best = this.scores.best(scored.touched, Math.min(fetch, scored.touched.length));
        const seqs = best.map((doc) => entry.docSeq[doc]!);
        const kept = this.keep(scope, filter, seqs);
        const out: ScoredId[] = [];
        for (let i = 0; i < best.length && out.length < k; i++) {
          const memory = kept.get(seqs[i]!);
          if (memory) out.push({ id: memory.id, score: this.scores.of(best[i]!), memory });
        }
        if (out.length >= k || (scored.complete && fetch >= scored.touched.length)) return out;
        fetch *= 4;
        if (!scored.complete) {
          // The pruned pass vouched for its best `fetch` only: score again for the deeper window.
          this.scores.clear(scored.touched);
          scored = this.scores.score(entry, termCounts, fetch);
        }
      }
    } finally {
      this.scores.clear(scored.touched);
    }
  }

  /** After a committed write to a scope: texts of `upsertedSeqs` are (re)read, `removedSeqs` leave. */
  applied(scope: MemoryScope, upsertedSeqs: readonly number[], removedSeqs: readonly number[]): void {
    const entry = this.scopes.held(scope);
    if (!entry) return;
    for (const seq of removedSeqs) this.removeDoc(entry, seq);
    // Rows above `covered` of an index still building are read by the build itself, in seq order.
    const wanted = upsertedSeqs.filter((seq) => entry.ready || seq <= entry.covered);
    if (wanted.length === 0) return;
    const rows = this.rows.bySeq(scope, wanted);
    for (const seq of wanted) this.removeDoc(entry, seq);
    this.addRows(entry, rows);
    if (entry.ready) for (const seq of wanted) entry.covered = Math.max(entry.covered, seq);
  }

  /**
   * After a committed write that changed memories of a scope but not their texts (importance, category,
   * validity, metadata): what the ranker reads of them is read again.
   */
  rowsChanged(scope: MemoryScope, seqs: readonly number[]): void {
    const entry = this.scopes.held(scope);
    if (!entry) return;
    const held = seqs.filter((seq) => entry.seqDoc.has(seq));
    if (held.length === 0) return;
    for (const row of this.rows.bySeq(scope, held)) cacheRow(entry, entry.seqDoc.get(row.seq)!, row);
  }

  /**
   * keepSeqsInSql answered from a built scope index, or null when SQL must answer: the scope's index is not
   * built, or the scope names an agent or run, or the filter has a condition besides validity (those columns
   * are not held). Same answer as SQL: the index holds exactly the scope's rows (every committed write of
   * this process is applied before the event loop turns; another process's write drops every index).
   */
  keptInMemory(
    scope: MemoryScopeFilter,
    filter: MemoryFilter,
    seqs: readonly number[],
  ): Map<number, RankableWithId> | null {
    if (scope.agentId !== undefined || scope.runId !== undefined || !isOpenOnly(filter)) return null;
    this.catchUpWithOtherWriters();
    const entry = this.scopes.held(scope);
    if (!entry?.ready) return null;
    return cachedRows(entry, entry.seqDoc, scope, filter, seqs);
  }

  /** Of the given seqs, those in the scope that pass the filter (KeepSeqs): from memory when it can, else SQL. */
  keep(scope: MemoryScopeFilter, filter: MemoryFilter, seqs: readonly number[]): Map<number, RankableWithId> {
    return this.keptInMemory(scope, filter, seqs) ?? keepSeqsInSql(this.db, scope, filter, seqs);
  }

  /** The whole scope went away (end user or account deletion). */
  dropScope(scope: MemoryScope): void {
    this.scopes.drop(scope);
  }

  /** Resolves when every background build started so far has finished (tests, benchmarks). */
  async whenIndexed(): Promise<void> {
    await this.scopes.whenIndexed();
  }

  close(): void {
    this.scopes.close();
    this.tokens.close();
  }

  /** Adds the scope's rows above what the entry covers, at most `limit`; answers how many. */
  private addRowsAbove(entry: ScopeKeywords, limit: number): number {
    const rows = this.rows.above(entry.scope, entry.covered, limit);
    this.addRows(entry, rows);
    if (rows.length > 0) entry.covered = rows[rows.length - 1]!.seq;
    return rows.length;
  }

  /** Tokenizes the rows with FTS5's tokenizer and adds one document per row. */
  private addRows(entry: ScopeKeywords, rows: readonly TextRow[]): void {
    if (rows.length === 0) return;
    const perRow = new Map<number, { freqs: Map<number, number>; length: number }>();
    for (const [term, doc, col] of this.tokens.ofRows(rows)) {
      let row = perRow.get(doc);
      if (!row) perRow.set(doc, (row = { freqs: new Map(), length: 1 })); // + the scope token column
      row.length++;
      const id = this.tokens.termId(term);
      row.freqs.set(id, (row.freqs.get(id) ?? 0) + (col === 'text' ? 1 : KEYWORD_CONTEXT_WEIGHT));
    }
    rows.forEach((row, i) => {
      const tokens = perRow.get(i + 1) ?? { freqs: new Map<number, number>(), length: 1 };
      cacheRow(entry, addDocument(entry, row.seq, tokens.freqs, tokens.length), row);
    });
  }

  private removeDoc(entry: ScopeKeywords, seq: number): void {
    const doc = removeDocument(entry, seq);
    if (doc !== undefined) forgetRow(entry, doc, seq);
  }

  /** Another connection (another replica's process) committed: every index is rebuilt on its next search. */
  private catchUpWithOtherWriters(): void {
    const version = readDataVersion(this.db);
    if (version === this.dataVersion) return;
    this.dataVersion = version;
    this.scopes.clear();
  }
}
