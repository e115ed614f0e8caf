import { Logger } from '@nestjs/common';
import { type EmbeddedDatabase, openScratchDatabase } from '@membolt/embedded-store';
import type {
  MemoryFilter,
  MemoryScope,
  MemoryScopeFilter,
  RankableWithId,
  ScoredId,
} from '../../domain/memory.js';
import type { MemoryStoreSettings } from '../../ports/memory-store.js';
import { FTS5_TOKENIZE, KEYWORD_CONTEXT_WEIGHT } from '../../retrieval/keyword-index.js';
import {
  heldInValidity,
  isOpenOnly,
  keepSeqsInSql,
  RANKABLE_COLUMNS,
  type RankableRow,
  rankableOfRow,
  readDataVersion,
  scopeToken,
} from './memory-rows.js';

/** FTS5's bm25() constants (fts5_aux.c). */
const K1 = 1.2;
const B = 0.75;
/** Rows tokenized at a time while a scope's index is built in the background (~4 ms). */
const BUILD_CHUNK = 500;
/**
 * How long a background build works per event-loop turn. One chunk a turn left a scope of 100k memories,
 * searched back to back (~60 ms a search on FTS5 meanwhile), without its index for ~13 s; a request that
 * arrives during a slice waits for it, during the build only.
 */
const BUILD_SLICE_MS = 25;
/**
 * MaxScore switches to looking the remaining words up in the touched documents (a bisection of each word's
 * posting list per document, ~4x the cost of walking one entry) when their posting lists hold more than
 * this many entries per touched document.
 */
const LOOKUP_INSTEAD_OF_WALK = 4;
/**
 * A scope with at most this many memories gets its index built inside its first search instead of in the
 * background, so that search is answered with the scope's exact BM25 like every later one: FTS5, which
 * answers meanwhile, only approximates it (the table's document lengths, decision 021). Building costs
 * ~16 µs a memory of a few words and ~100 µs a chat turn with its context (LoCoMo: 30-70 ms for 370-680
 * turns, once), against 1.5-4.4 ms for that search on FTS5. Above, the first searches of a scope (until the
 * background build is done) may rank a little differently from the next ones.
 */
export const BUILD_IN_SEARCH_MAX = 1000;
/** Query words whose tokens are remembered (a user asks about the same names again and again). */
const QUERY_TOKEN_CACHE = 10_000;
/** Memories of scopes below the ANN threshold whose postings are kept, unless the settings say otherwise. */
const SMALL_SCOPE_DOCS_DEFAULT = 200_000;

/** A growable posting list: documents (internal numbers) and their weighted term frequencies. */
interface Posting {
  docs: Int32Array;
  freqs: Float32Array;
  length: number;
  /** Live documents holding the term (dead entries stay in `docs` until compaction). */
  df: number;
  /** The highest weighted frequency ever added (an upper bound: removals leave it). */
  maxFreq: number;
}

interface ScopeKeywords {
  readonly scope: MemoryScope;
  /** Below the ANN threshold: dropped when small scopes hold too many memories (least recently searched). */
  readonly small: boolean;
  ready: boolean;
  /** Highest memory seq read by the build; rows above it are the build's to add. */
  covered: number;
  postings: Map<number, Posting>;
  /** doc -> memory seq, -1 once the document is dead (deleted or replaced by a newer text). */
  docSeq: number[];
  docLength: number[];
  /** doc -> the term ids it holds (to keep df right when it dies). */
  docTerms: Int32Array[];
  /**
   * doc -> what the ranker reads of its memory, kept current by every write (`applied`, `rowsChanged`): a
   * search checks its candidates of every channel here instead of reading their rows (`keptInMemory`).
   */
  docRow: Array<RankableWithId | null>;
  /** seq -> expiration (epoch ms) of the scope's memories that expire (few do): keptInMemory hides them. */
  expiring: Map<number, number>;
  /** The shortest document ever added (an upper bound's input: removals leave it). */
  minLength: number;
  seqDoc: Map<number, number>;
  live: number;
  dead: number;
  totalLength: number;
}

/** A query word's share of a document's bm25 (FTS5's formula). */
function bm25Term(idf: number, freq: number, length: number, avgLength: number): number {
  return (idf * (freq * (K1 + 1))) / (freq + K1 * (1 - B + (B * length) / avgLength));
}

/**
 * The query's terms with their weight (IDF in the scope, times how many of the query's words share the term)
 * and the most each can add to a document, largest first.
 */
function queryTerms(entry: ScopeKeywords, termCounts: ReadonlyMap<number, number>, avgLength: number) {
  return [...termCounts]
    .map(([id, count]) => {
      const posting = entry.postings.get(id)!;
      // FTS5's bm25() sums over the query's phrases: "dogs" and "dog" (one Porter term) count twice.
      const idf = count * Math.max(1e-6, Math.log((entry.live - posting.df + 0.5) / (posting.df + 0.5)));
      // bm25 grows with the frequency and falls with the length.
      const bound = bm25Term(idf, posting.maxFreq, entry.minLength, avgLength);
      return { posting, idf, bound };
    })
    .sort((a, b) => b.bound - a.bound);
}

/** One token instance of the scratch table: term, row number, column name. */
type ScratchToken = [term: string, doc: number, col: string];

interface TextRow {
  seq: number;
  text: string;
  keyword_context: string | null;
  expiresAt: number | null;
  rankable: RankableWithId;
}
/** A row as read: seq, keyword context, expiration, then RANKABLE_COLUMNS (the text among them). */
type RawTextRow = [seq: number, keywordContext: string | null, expiresAt: number | null, ...RankableRow];
const TEXT_ROW_COLUMNS = `m.seq, m.keyword_context, m.expires_at, ${RANKABLE_COLUMNS}`;
const textRowOf = ([seq, keywordContext, expiresAt, ...rankable]: RawTextRow): TextRow => {
  const row = rankableOfRow(rankable);
  return { seq, text: row.text, keyword_context: keywordContext, expiresAt, rankable: row };
};
function noteExpiry(entry: ScopeKeywords, row: TextRow): void {
  if (row.expiresAt === null) entry.expiring.delete(row.seq);
  else entry.expiring.set(row.seq, row.expiresAt);
}

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
 * Tokens are FTS5's: text goes through a scratch in-memory FTS5 table with the store's tokenizer and is read
 * back from its fts5vocab table, so both paths match exactly the same words. Like the ANN index it is a
 * cache: SQLite is the truth, it is built in the background from a scope's first search (FTS5 answers
 * meanwhile), kept current from the repository's writes, dropped when another process writes the file, and
 * every answer is filtered through SQL (scope, filters, existence).
 */
export class EmbeddedKeywordIndex {
  private readonly logger = new Logger('MemoryKeywords');
  private readonly scopes = new Map<string, ScopeKeywords>();
  private readonly terms = new Map<string, number>();
  private readonly tokenizer: EmbeddedDatabase;
  private readonly scratchInsert;
  private readonly scratchTokens;
  private readonly scratchBegin;
  private readonly scratchRollback;
  private readonly queryTokens = new Map<string, string[]>();
  private readonly countInScope;
  private readonly rowsAbove;
  private readonly rowsBySeq;
  private readonly builds = new Set<Promise<void>>();
  private dataVersion: number;
  private closed = false;
  /** Scratch score per document, reset after each query. */
  private scores = new Float64Array(1024);
  private readonly smallScopeDocs: number;

  constructor(
    private readonly db: EmbeddedDatabase,
    private readonly settings: MemoryStoreSettings,
  ) {
    this.tokenizer = openScratchDatabase();
    this.tokenizer.exec(
      `CREATE VIRTUAL TABLE scratch USING fts5(text, keyword_context, tokenize='${FTS5_TOKENIZE}');
       CREATE VIRTUAL TABLE scratch_tokens USING fts5vocab(scratch, 'instance');`,
    );
    this.scratchInsert = this.tokenizer.prepare<[number, string, string | null]>(
      'INSERT INTO scratch (rowid, text, keyword_context) VALUES (?, ?, ?)',
    );
    this.scratchTokens = this.tokenizer
      .prepare<[], ScratchToken>('SELECT term, doc, col FROM scratch_tokens')
      .raw(true);
    this.scratchBegin = this.tokenizer.prepare('BEGIN');
    this.scratchRollback = this.tokenizer.prepare('ROLLBACK');
    this.countInScope = db.prepare<[string, string], { n: number }>(
      'SELECT count(*) AS n FROM memories WHERE user_id = ? AND end_user_id = ?',
    );
    this.rowsAbove = db
      .prepare<[string, string, number, number], RawTextRow>(
        `SELECT ${TEXT_ROW_COLUMNS} FROM memories m
         WHERE m.user_id = ? AND m.end_user_id = ? AND m.seq > ? ORDER BY m.seq LIMIT ?`,
      )
      .raw(true);
    this.rowsBySeq = db
      .prepare<[string, string, string], RawTextRow>(
        `SELECT ${TEXT_ROW_COLUMNS} FROM memories m
         WHERE m.seq IN (SELECT value FROM json_each(?)) AND +m.user_id = ? AND +m.end_user_id = ?`,
      )
      .raw(true);
    this.dataVersion = readDataVersion(this.db);
    this.smallScopeDocs = settings.smallScopeKeywordDocs ?? SMALL_SCOPE_DOCS_DEFAULT;
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
    const entry = this.entryFor(scope);
    if (!entry) return null;
    // Term id -> how many of the query's words are that term.
    const termCounts = new Map<number, number>();
    for (const word of words) {
      const tokens = this.tokensOfWord(word);
      if (tokens.length > 1) return null;
      if (tokens.length === 1) {
        const id = this.terms.get(tokens[0]!);
        if (id !== undefined && entry.postings.has(id)) termCounts.set(id, (termCounts.get(id) ?? 0) + 1);
      }
    }
    if (termCounts.size === 0 || entry.live === 0 || k <= 0) return [];

    let fetch = k + 10;
    let scored = this.score(entry, termCounts, fetch);
    try {
      for (;;) {
        const best = this.best(scored.touched, Math.min(fetch, scored.touched.length));
        const seqs = best.map((doc) => entry.docSeq[doc]!);
        const kept = this.keep(scope, filter, seqs);
        const out: ScoredId[] = [];
        for (let i = 0; i < best.length && out.length < k; i++) {
          const memory = kept.get(seqs[i]!);
          if (memory) out.push({ id: memory.id, score: this.scores[best[i]!]!, memory });
        }
        if (out.length >= k || (scored.complete && fetch >= scored.touched.length)) return out;
        fetch *= 4;
        if (!scored.complete) {
          // The pruned pass vouched for its best `fetch` only: score again for the deeper window.
          for (const doc of scored.touched) this.scores[doc] = 0;
          scored = this.score(entry, termCounts, fetch);
        }
      }
    } finally {
      for (const doc of scored.touched) this.scores[doc] = 0;
    }
  }

  /** After a committed write to a scope: texts of `upsertedSeqs` are (re)read, `removedSeqs` leave. */
  applied(scope: MemoryScope, upsertedSeqs: readonly number[], removedSeqs: readonly number[]): void {
    const entry = this.scopes.get(scopeToken(scope));
    if (!entry) return;
    for (const seq of removedSeqs) this.removeDoc(entry, seq);
    // Rows above `covered` of an index still building are read by the build itself, in seq order.
    const wanted = upsertedSeqs.filter((seq) => entry.ready || seq <= entry.covered);
    if (wanted.length === 0) return;
    const rows = this.rowsBySeq.all(JSON.stringify(wanted), scope.userId, scope.endUserId).map(textRowOf);
    for (const seq of wanted) this.removeDoc(entry, seq);
    this.addRows(entry, rows);
    if (entry.ready) for (const seq of wanted) entry.covered = Math.max(entry.covered, seq);
  }

  /**
   * After a committed write that changed memories of a scope but not their texts (importance, category,
   * validity, metadata): what the ranker reads of them is read again.
   */
  rowsChanged(scope: MemoryScope, seqs: readonly number[]): void {
    const entry = this.scopes.get(scopeToken(scope));
    if (!entry) return;
    const held = seqs.filter((seq) => entry.seqDoc.has(seq));
    if (held.length === 0) return;
    for (const raw of this.rowsBySeq.all(JSON.stringify(held), scope.userId, scope.endUserId)) {
      const row = textRowOf(raw);
      entry.docRow[entry.seqDoc.get(row.seq)!] = row.rankable;
      noteExpiry(entry, row);
    }
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
    const entry = this.scopes.get(scopeToken(scope));
    if (!entry?.ready) return null;
    const kept = new Map<number, RankableWithId>();
    const visibleAt = scope.visibleAt?.getTime();
    for (const seq of seqs) {
      const doc = entry.seqDoc.get(seq);
      if (doc === undefined) continue;
      const expiresAt = visibleAt === undefined ? undefined : entry.expiring.get(seq);
      if (expiresAt !== undefined && visibleAt !== undefined && expiresAt <= visibleAt) continue;
      const row = entry.docRow[doc];
      if (row && heldInValidity(row, filter.validity)) kept.set(seq, row);
    }
    return kept;
  }

  /** Of the given seqs, those in the scope that pass the filter (KeepSeqs): from memory when it can, else SQL. */
  keep(scope: MemoryScopeFilter, filter: MemoryFilter, seqs: readonly number[]): Map<number, RankableWithId> {
    return this.keptInMemory(scope, filter, seqs) ?? keepSeqsInSql(this.db, scope, filter, seqs);
  }

  /** The whole scope went away (end user or account deletion). */
  dropScope(scope: MemoryScope): void {
    this.scopes.delete(scopeToken(scope));
  }

  /** Resolves when every background build started so far has finished (tests, benchmarks). */
  async whenIndexed(): Promise<void> {
    while (this.builds.size > 0) await Promise.all([...this.builds]);
  }

  close(): void {
    this.closed = true;
    this.scopes.clear();
    this.tokenizer.close();
  }

  /** The scope's index when it is built; starts the build on first use. */
  private entryFor(scope: MemoryScopeFilter): ScopeKeywords | null {
    const tok = scopeToken(scope);
    const loaded = this.scopes.get(tok);
    if (loaded) {
      if (loaded.small) {
        // Map order is the order of last use: the least recently searched small scope is dropped first.
        this.scopes.delete(tok);
        this.scopes.set(tok, loaded);
      }
      return loaded.ready ? loaded : null;
    }
    const count = this.countInScope.get(scope.userId, scope.endUserId)?.n ?? 0;
    const small = count < this.settings.annMinVectors;
    if (small && this.smallScopeDocs === 0) return null;
    const entry: ScopeKeywords = {
      scope: { userId: scope.userId, endUserId: scope.endUserId },
      small,
      ready: false,
      covered: 0,
      postings: new Map(),
      docSeq: [],
      docLength: [],
      docTerms: [],
      docRow: [],
      expiring: new Map(),
      minLength: Number.POSITIVE_INFINITY,
      seqDoc: new Map(),
      live: 0,
      dead: 0,
      totalLength: 0,
    };
    this.scopes.set(tok, entry);
    if (count <= BUILD_IN_SEARCH_MAX) return this.buildNow(tok, entry, count);
    const build = this.build(tok, entry).finally(() => this.builds.delete(build));
    this.builds.add(build);
    return null;
  }

  /** Builds a scope of at most BUILD_IN_SEARCH_MAX memories in one go; null (FTS5 answers) if it failed. */
  private buildNow(tok: string, entry: ScopeKeywords, count: number): ScopeKeywords | null {
    try {
      // The count was read in this same turn: no write can have come in between.
      this.addRowsAbove(entry, count + 1);
      this.built(entry);
      return entry;
    } catch (error) {
      this.buildFailed(tok, entry, error);
      return null;
    }
  }

  /** Drops the least recently searched small scopes until they hold at most `smallScopeDocs` memories. */
  private dropLeastRecentSmallScopes(built: ScopeKeywords): void {
    // An empty scope counts as one, so that searches of many empty scopes cannot grow the map for ever.
    const held = (entry: ScopeKeywords): number => Math.max(1, entry.docSeq.length);
    let total = 0;
    for (const entry of this.scopes.values()) if (entry.small) total += held(entry);
    for (const [tok, entry] of this.scopes) {
      if (total <= this.smallScopeDocs) return;
      // The one just built stays even when it alone is over the limit: it was built to be searched.
      if (!entry.small || !entry.ready || entry === built) continue;
      this.scopes.delete(tok);
      total -= held(entry);
    }
  }

  private async build(tok: string, entry: ScopeKeywords): Promise<void> {
    try {
      // Not one chunk on the path of the search that started it (FTS5 answers that one).
      await new Promise((resolve) => setImmediate(resolve));
      // Chunks for up to BUILD_SLICE_MS per event-loop turn: requests are served between slices, and a scope
      // searched without a pause (each search on FTS5 meanwhile) still gets its index in seconds.
      for (let complete = false; !complete;) {
        const sliceEnd = performance.now() + BUILD_SLICE_MS;
        do {
          if (this.closed || this.scopes.get(tok) !== entry) return;
          complete = this.addRowsAbove(entry, BUILD_CHUNK) < BUILD_CHUNK;
        } while (!complete && performance.now() < sliceEnd);
        if (!complete) await new Promise((resolve) => setImmediate(resolve));
      }
      this.built(entry);
    } catch (error) {
      this.buildFailed(tok, entry, error);
    }
  }

  /** Adds the scope's rows above what the entry covers, at most `limit`; answers how many. */
  private addRowsAbove(entry: ScopeKeywords, limit: number): number {
    const rows = this.rowsAbove
      .all(entry.scope.userId, entry.scope.endUserId, entry.covered, limit)
      .map(textRowOf);
    this.addRows(entry, rows);
    if (rows.length > 0) entry.covered = rows[rows.length - 1]!.seq;
    return rows.length;
  }

  private built(entry: ScopeKeywords): void {
    entry.ready = true;
    if (entry.small) this.dropLeastRecentSmallScopes(entry);
  }

  /** Dropped: FTS5 keeps answering; the next search of the scope tries again. */
  private buildFailed(tok: string, entry: ScopeKeywords, error: unknown): void {
    if (this.scopes.get(tok) === entry) this.scopes.delete(tok);
    if (!this.closed) {
      this.logger.error(
        `keyword index ${tok} not built: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /** Tokenizes the rows with FTS5's tokenizer and adds one document per row. */
  private addRows(entry: ScopeKeywords, rows: readonly TextRow[]): void {
    if (rows.length === 0) return;
    const perRow = new Map<number, { freqs: Map<number, number>; length: number }>();
    for (const [term, doc, col] of this.tokensOf(rows)) {
      let row = perRow.get(doc);
      if (!row) perRow.set(doc, (row = { freqs: new Map(), length: 1 })); // + the scope token column
      row.length++;
      const id = this.termId(term);
      row.freqs.set(id, (row.freqs.get(id) ?? 0) + (col === 'text' ? 1 : KEYWORD_CONTEXT_WEIGHT));
    }
    rows.forEach((row, i) => {
      const tokens = perRow.get(i + 1) ?? { freqs: new Map<number, number>(), length: 1 };
      const doc = entry.docSeq.length;
      entry.docSeq.push(row.seq);
      entry.docLength.push(tokens.length);
      entry.docTerms.push(Int32Array.from(tokens.freqs.keys()));
      entry.docRow.push(row.rankable);
      noteExpiry(entry, row);
      entry.minLength = Math.min(entry.minLength, tokens.length);
      entry.seqDoc.set(row.seq, doc);
      entry.live++;
      entry.totalLength += tokens.length;
      for (const [term, freq] of tokens.freqs) {
        let posting = entry.postings.get(term);
        if (!posting) {
          posting = { docs: new Int32Array(4), freqs: new Float32Array(4), length: 0, df: 0, maxFreq: 0 };
          entry.postings.set(term, posting);
        }
        if (posting.length === posting.docs.length) {
          const docs = new Int32Array(posting.length * 2);
          docs.set(posting.docs);
          const freqs = new Float32Array(posting.length * 2);
          freqs.set(posting.freqs);
          posting.docs = docs;
          posting.freqs = freqs;
        }
        posting.docs[posting.length] = doc;
        posting.freqs[posting.length] = freq;
        posting.length++;
        posting.df++;
        posting.maxFreq = Math.max(posting.maxFreq, freq);
      }
    });
  }

  private removeDoc(entry: ScopeKeywords, seq: number): void {
    const doc = entry.seqDoc.get(seq);
    if (doc === undefined) return;
    entry.seqDoc.delete(seq);
    entry.expiring.delete(seq);
    entry.docSeq[doc] = -1;
    entry.live--;
    entry.dead++;
    entry.totalLength -= entry.docLength[doc]!;
    for (const term of entry.docTerms[doc]!) {
      const posting = entry.postings.get(term);
      if (posting && --posting.df === 0) entry.postings.delete(term);
    }
    entry.docTerms[doc] = new Int32Array(0);
    entry.docRow[doc] = null;
    if (entry.dead > 1000 && entry.dead > entry.live) this.compact(entry);
  }

  /** Drops dead documents' entries from every posting list (documents keep their numbers). */
  private compact(entry: ScopeKeywords): void {
    for (const posting of entry.postings.values()) {
      let kept = 0;
      for (let i = 0; i < posting.length; i++) {
        if (entry.docSeq[posting.docs[i]!]! >= 0) {
          posting.docs[kept] = posting.docs[i]!;
          posting.freqs[kept] = posting.freqs[i]!;
          kept++;
        }
      }
      posting.length = kept;
    }
    entry.dead = 0;
  }

  /**
   * Accumulates bm25 per document into `scores`; answers the documents touched, and whether every document
   * holding a query word is among them. Words are taken rarest first (by the most each can add), and once
   * the `wanted`-th best score so far is above what the remaining words could add together (MaxScore), no
   * untouched document can reach the best `wanted`: the remaining words are looked up in the touched
   * documents instead of walking their long posting lists ("where did Dana move": ~250 documents of "dana"
   * instead of ~17k of "move" in a scope of 100k). The best `wanted` and their scores are exactly the full
   * pass's.
   */
  private score(
    entry: ScopeKeywords,
    termCounts: ReadonlyMap<number, number>,
    wanted: number,
  ): { touched: number[]; complete: boolean } {
    if (this.scores.length < entry.docSeq.length) this.scores = new Float64Array(entry.docSeq.length * 2);
    const scores = this.scores;
    const touched: number[] = [];
    // No closure over these locals: V8 would keep them in a heap context and read them there in the loops.
    const avgLength = entry.totalLength / entry.live;
    const terms = queryTerms(entry, termCounts, avgLength);
    let restBound = terms.reduce((sum, term) => sum + term.bound, 0);
    let restPostings = terms.reduce((sum, term) => sum + term.posting.length, 0);
    let next = 0;
    let complete = true;
    while (next < terms.length) {
      const { posting, idf, bound } = terms[next++]!;
      restBound -= bound;
      restPostings -= posting.length;
      // The hot loop, written out: a call per entry (even to bm25Term) measured ~25 % slower.
      for (let i = 0; i < posting.length; i++) {
        const doc = posting.docs[i]!;
        if (entry.docSeq[doc]! < 0) continue;
        const f = posting.freqs[i]!;
        const s = (idf * (f * (K1 + 1))) / (f + K1 * (1 - B + (B * entry.docLength[doc]!) / avgLength));
        if (scores[doc] === 0) touched.push(doc);
        scores[doc] += s;
      }
      if (
        next < terms.length &&
        touched.length >= wanted &&
        restPostings > LOOKUP_INSTEAD_OF_WALK * touched.length &&
        this.scoreAtRank(touched, wanted) > restBound
      ) {
        complete = false;
        break;
      }
    }
    if (next < terms.length) {
      // Posting lists are in document order (documents are numbered as they are added): each remaining word's
      // list is searched for the touched documents in that order, by bisection from the last one found.
      const docs = Int32Array.from(touched).sort();
      for (; next < terms.length; next++) {
        const { posting, idf } = terms[next]!;
        let from = 0;
        for (const doc of docs) {
          let to = posting.length;
          while (from < to) {
            const mid = (from + to) >>> 1;
            if (posting.docs[mid]! < doc) from = mid + 1;
            else to = mid;
          }
          if (from === posting.length) break;
          if (posting.docs[from] !== doc) continue;
          const f = posting.freqs[from]!;
          scores[doc] += bm25Term(idf, f, entry.docLength[doc]!, avgLength);
        }
      }
    }
    return { touched, complete };
  }

  /** The score of the `rank`-th best touched document (1-based). */
  private scoreAtRank(touched: readonly number[], rank: number): number {
    const best = this.best(touched, rank);
    return this.scores[best[best.length - 1]!]!;
  }

  /** The `count` best touched documents, best first (a bounded min-heap: one pass, no full sort). */
  private best(touched: readonly number[], count: number): number[] {
    const scores = this.scores;
    const heap: number[] = [];
    const less = (a: number, b: number): boolean =>
      scores[a]! < scores[b]! || (scores[a] === scores[b] && a > b);
    const down = (i: number): void => {
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < heap.length && less(heap[l]!, heap[m]!)) m = l;
        if (r < heap.length && less(heap[r]!, heap[m]!)) m = r;
        if (m === i) return;
        [heap[i], heap[m]] = [heap[m]!, heap[i]!];
        i = m;
      }
    };
    for (const doc of touched) {
      if (heap.length < count) {
        heap.push(doc);
        for (let i = heap.length - 1; i > 0;) {
          const parent = (i - 1) >> 1;
          if (!less(heap[i]!, heap[parent]!)) break;
          [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
          i = parent;
        }
      } else if (less(heap[0]!, doc)) {
        heap[0] = doc;
        down(0);
      }
    }
    return heap.sort((a, b) => (less(a, b) ? 1 : less(b, a) ? -1 : 0));
  }

  /**
   * FTS5's tokens of each row ([term, row number from 1, column]), one per instance: the rows go into the
   * scratch table inside a transaction that is rolled back, so FTS5 never writes their segments (a commit
   * and a delete cost ~40 % more).
   */
  private tokensOf(rows: ReadonlyArray<Pick<TextRow, 'text' | 'keyword_context'>>): ScratchToken[] {
    this.scratchBegin.run();
    try {
      rows.forEach((row, i) => this.scratchInsert.run(i + 1, row.text, row.keyword_context));
      return this.scratchTokens.all();
    } finally {
      this.scratchRollback.run();
    }
  }

  private tokensOfWord(word: string): string[] {
    const cached = this.queryTokens.get(word);
    if (cached) return cached;
    const tokens = this.tokensOf([{ text: word, keyword_context: null }]).map(([term]) => term);
    if (this.queryTokens.size >= QUERY_TOKEN_CACHE) this.queryTokens.clear();
    this.queryTokens.set(word, tokens);
    return tokens;
  }

  private termId(term: string): number {
    let id = this.terms.get(term);
    if (id === undefined) {
      id = this.terms.size;
      this.terms.set(term, id);
    }
    return id;
  }

  /** Another connection (another replica's process) committed: every index is rebuilt on its next search. */
  private catchUpWithOtherWriters(): void {
    const version = readDataVersion(this.db);
    if (version === this.dataVersion) return;
    this.dataVersion = version;
    this.scopes.clear();
  }
}
