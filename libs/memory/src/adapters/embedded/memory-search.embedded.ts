import { type EmbeddedDatabase, preparedOnce } from '@membolt/embedded-store';
import type { MemoryFilter, MemoryScopeFilter, ScoredId } from '../../domain/memory.js';
import type { DenseCandidates, MemorySearchIndex } from '../../ports/memory-search.index.js';
import { KEYWORD_CONTEXT_WEIGHT } from '../../retrieval/keyword-index.js';
import { type ConversationNeighbours, withinSession } from '../../retrieval/rank.js';
import { conceptLinkWrites } from './concept-links.js';
import { filterSql, readDataVersion, type RowsStatement, scopeSql, scopeToken } from './memory-rows.js';
import type { EmbeddedKeywordIndex } from './memory-keywords.embedded.js';
import type { EmbeddedVectorIndex } from './memory-vectors.embedded.js';
import { NeighbourTimelines } from './neighbour-timeline.js';

/** FTS5 phrase quoting: the term becomes one string token sequence, never an operator. */
const quote = (term: string): string => `"${term.replace(/"/g, '""')}"`;

/** How long a count over the whole keyword table is reused (see tableCount), and how many are kept. */
const TABLE_COUNT_TTL_MS = 60_000;
const TABLE_COUNTS_MAX = 10_000;

/**
 * The concept channel's links kept (`conceptLinks`): how many (scope, name) pairs, and the most links one may
 * hold (a small scope's; a large scope's common concept has thousands and is read each time).
 */
const CONCEPT_LINKS_MAX = 10_000;
const CONCEPT_LINKS_MAX_PER_NAME = 2_000;

/** Keyword candidates re-scored with the scope's IDF: this many times the asked number, best kept. */
const KEYWORD_RESCORE_DEPTH = 2;

/**
 * Candidate generation over `memory.sqlite`: vectors (exact or ANN), keywords (FTS5 BM25, or the in-memory
 * postings of a large scope), concept links.
 */
export class MemorySearchEmbedded implements MemorySearchIndex {
  private readonly tableCounts = new Map<string, { n: number; at: number }>();
  private readonly timelines: NeighbourTimelines;
  /** By scope and concept name: the seqs of the memories linked to it, newest first, at `conceptLinksAt`. */
  private readonly conceptLinks = new Map<string, readonly number[]>();
  private conceptLinksAt = { linkWrites: -1, dataVersion: -1 };

  constructor(
    private readonly db: EmbeddedDatabase,
    private readonly vectors: EmbeddedVectorIndex,
    private readonly keywords: EmbeddedKeywordIndex,
  ) {
    this.timelines = new NeighbourTimelines(db);
  }

  /**
   * Resolves when the background builds of ANN and keyword indexes and of neighbour timelines started so far
   * are done (tests, benches).
   */
  async whenIndexed(): Promise<void> {
    await Promise.all([this.vectors.whenIndexed(), this.keywords.whenIndexed(), this.timelines.whenBuilt()]);
  }

  async dense(
    scope: MemoryScopeFilter,
    filter: MemoryFilter,
    vector: Float32Array,
    k: number,
  ): Promise<DenseCandidates> {
    return this.vectors.dense(scope, filter, vector, k);
  }

  async keyword(
    scope: MemoryScopeFilter,
    filter: MemoryFilter,
    terms: readonly string[],
    k: number,
  ): Promise<ScoredId[]> {
    const words = [...new Set(terms.map((t) => t.trim()).filter((t) => t.length > 0))];
    if (words.length === 0) return [];
    // A large scope is scored in memory (the same bm25 with the scope's own IDF) once its index is built.
    const inMemory = this.keywords.keyword(scope, filter, words, k);
    if (inMemory) return inMemory;
    // The scope's token inside MATCH narrows the index itself (docs/stack.md: ~7x faster than a column filter).
    const token = scopeToken(scope);
    const phrase = (word: string): string => `{text keyword_context}:${quote(word)}`;
    const match = `scope_tok:${token} AND (${words.map(phrase).join(' OR ')})`;
    const where = scopeSql(scope);
    const filters = filterSql(filter);
    const rows = this.cached(
      `SELECT m.id AS id, -bm25(memory_fts, 1.0, 0.0, ${KEYWORD_CONTEXT_WEIGHT}) AS score
         FROM memory_fts JOIN memories m ON m.seq = memory_fts.rowid
         WHERE memory_fts MATCH ? AND ${where.sql}${filters.sql}
         ORDER BY bm25(memory_fts, 1.0, 0.0, ${KEYWORD_CONTEXT_WEIGHT}) LIMIT ?`,
    ).all(match, ...where.params, ...filters.params, k * KEYWORD_RESCORE_DEPTH) as ScoredId[];
    if (rows.length === 0 || words.length === 1) return rows.slice(0, k);
    return this.withScopeIdf(rows, token, words.map(phrase)).slice(0, k);
  }

  /**
   * The FTS5 table is shared by every scope, so bm25()'s IDF counts every user's memories. Re-weights each
   * query word's share of the score by idf(in this scope) / idf(in the table), FTS5's own formula
   * (ln((N - n + 0.5) / (n + 0.5)), at least 1e-6): a word common in this user's memories (their own name)
   * weighs what it would in a store of theirs alone. Document lengths stay the table's average.
   */
  private withScopeIdf(rows: readonly ScoredId[], token: string, phrases: readonly string[]): ScoredId[] {
    const count = (match: string): number =>
      (
        this.cached('SELECT count(*) AS n FROM memory_fts WHERE memory_fts MATCH ?').get(match) as {
          n: number;
        }
      ).n;
    const idf = (n: number, total: number): number => Math.max(1e-6, Math.log((total - n + 0.5) / (n + 0.5)));
    // SQLite counts a table's rows from its b-tree pages: cheap, and exact (a second user must show at once).
    const tableRows = (this.cached('SELECT count(*) AS n FROM memories').get() as { n: number }).n;
    const scopeRows = count(`scope_tok:${token}`);
    // The scope is the whole table (a personal install): every ratio is 1, bm25's own order stands.
    if (scopeRows === tableRows) return [...rows];
    const ids = JSON.stringify(rows.map((row) => row.id));
    const perWord = this.cached(
      `SELECT m.id AS id, -bm25(memory_fts, 1.0, 0.0, ${KEYWORD_CONTEXT_WEIGHT}) AS score
       FROM memory_fts JOIN memories m ON m.seq = memory_fts.rowid
       WHERE memory_fts MATCH ? AND m.id IN (SELECT value FROM json_each(?))`,
    );
    const scores = new Map<string, number>();
    for (const phrase of phrases) {
      const inTable = this.tableCount(phrase, () => count(phrase));
      if (inTable === 0) continue;
      const ratio = idf(count(`scope_tok:${token} AND ${phrase}`), scopeRows) / idf(inTable, tableRows);
      for (const hit of perWord.all(`scope_tok:${token} AND ${phrase}`, ids) as ScoredId[]) {
        scores.set(hit.id, (scores.get(hit.id) ?? 0) + hit.score * ratio);
      }
    }
    return rows
      .map((row) => ({ id: row.id, score: scores.get(row.id) ?? 0 }))
      .sort((a, b) => b.score - a.score);
  }

  /**
   * How many rows of the whole table hold a word, kept for TABLE_COUNT_TTL_MS: counting reads every user's
   * postings of the word (tens of thousands of rows for a common one in a large store), while the figure
   * moves by a fraction of a percent in a minute. The scope's own counts are always exact.
   */
  private tableCount(phrase: string, read: () => number): number {
    const now = Date.now();
    const known = this.tableCounts.get(phrase);
    if (known && now - known.at < TABLE_COUNT_TTL_MS) return known.n;
    if (this.tableCounts.size >= TABLE_COUNTS_MAX) this.tableCounts.clear();
    const n = read();
    this.tableCounts.set(phrase, { n, at: now });
    return n;
  }

  async concept(
    scope: MemoryScopeFilter,
    filter: MemoryFilter,
    names: readonly string[],
    k: number,
  ): Promise<ScoredId[]> {
    const wanted = [...new Set(names.map((n) => n.trim().toLowerCase()).filter((n) => n.length > 0))];
    if (wanted.length === 0 || k <= 0) return [];
    const ranked = this.conceptRanking(scope, wanted);
    const out: ScoredId[] = [];
    // Filters and the scope's agent/run are checked on a window of the best, grown until k pass.
    for (let from = 0, size = k + 10; from < ranked.length && out.length < k; from += size, size *= 4) {
      const window = ranked.slice(from, from + size);
      const seqs = window.map(([seq]) => seq);
      const kept = this.keywords.keep(scope, filter, seqs);
      for (const [seq, score] of window) {
        const memory = kept.get(seq);
        if (memory && out.length < k) out.push({ id: memory.id, score, memory });
      }
    }
    return out;
  }

  /**
   * The scope's memories linked to the concepts named, ranked (`rankByLinkCount`), before any filter. The
   * links change only when this process links or unlinks concepts (`conceptLinkWrites`) or another connection
   * commits (data_version): a small scope's links of each name are kept until then, and a search naming a
   * concept asked before (the same person, place or thing in another question) reads none of its links.
   * Filters, the scope's agent and run, and expiry are applied after, on every search.
   */
  private conceptRanking(scope: MemoryScopeFilter, wanted: readonly string[]): Array<[number, number]> {
    const at = { linkWrites: conceptLinkWrites(this.db), dataVersion: readDataVersion(this.db) };
    if (
      at.linkWrites !== this.conceptLinksAt.linkWrites ||
      at.dataVersion !== this.conceptLinksAt.dataVersion
    ) {
      this.conceptLinks.clear();
      this.conceptLinksAt = at;
    }
    const prefix = `${scope.userId}\u0000${scope.endUserId}\u0000`;
    const lists: Array<readonly number[]> = [];
    const unread: string[] = [];
    for (const name of wanted) {
      const kept = this.conceptLinks.get(prefix + name);
      if (kept) {
        if (kept.length > 0) lists.push(kept);
      } else unread.push(name);
    }
    if (unread.length > 0) {
      const concepts = preparedOnce(
        this.db,
        `SELECT id, name FROM concepts
         WHERE user_id = ? AND end_user_id = ? AND name IN (SELECT value FROM json_each(?))`,
        'raw',
      ).all(scope.userId, scope.endUserId, JSON.stringify(unread)) as Array<[string, string]>;
      // The links alone (a covering index, newest first) are counted here; memories are read only for the
      // best of them. A join of every link to its memory cost ~1 ms for two names of a user of 100k (a
      // thousand links).
      const linksOf = preparedOnce(
        this.db,
        'SELECT memory_seq FROM memory_concepts WHERE concept_id = ? ORDER BY memory_seq DESC',
        'pluck',
      );
      const read = new Map<string, readonly number[]>();
      for (const [id, name] of concepts) read.set(name, linksOf.all(id) as number[]);
      for (const name of unread) {
        const links = read.get(name) ?? [];
        if (links.length > 0) lists.push(links);
        if (links.length <= CONCEPT_LINKS_MAX_PER_NAME) {
          if (this.conceptLinks.size >= CONCEPT_LINKS_MAX) this.conceptLinks.clear();
          this.conceptLinks.set(prefix + name, links);
        }
      }
    }
    return rankByLinkCount(lists);
  }

  async neighbours(
    scope: MemoryScopeFilter,
    filter: MemoryFilter,
    ids: readonly string[],
    before: number,
    after: number,
    sessionGapMs = 0,
    held?: { has(id: string): boolean },
  ): Promise<Map<string, ConversationNeighbours>> {
    if (ids.length === 0 || (before <= 0 && after <= 0)) return new Map();
    // A held timeline answers from memory; a scope not (yet) held, or a filter it holds no column for, in SQL.
    // With it, the neighbours' rows from the scope's keyword index when that holds them: the caller then
    // reads none of them from SQLite (a few hundred rows a search of a large scope).
    return (
      this.timelines.neighbours(
        scope,
        filter,
        ids,
        before,
        after,
        sessionGapMs,
        (seqs) => this.keywords.keptInMemory(scope, filter, seqs),
        held,
      ) ?? neighboursInSql(this.db, scope, filter, ids, before, after, sessionGapMs)
    );
  }

  private cached(sql: string): RowsStatement {
    return preparedOnce(this.db, sql);
  }
}

/**
 * The neighbours of `ids` read by SQL walks (`walkNeighbours`): every scope and filter. The conversation's
 * turns first, then the inferred sessions of the candidates without a conversation when `sessionGapMs` > 0.
 */
export function neighboursInSql(
  db: EmbeddedDatabase,
  scope: MemoryScopeFilter,
  filter: MemoryFilter,
  ids: readonly string[],
  before: number,
  after: number,
  sessionGapMs: number,
): Map<string, ConversationNeighbours> {
  const out = new Map<string, ConversationNeighbours>();
  if (ids.length === 0 || (before <= 0 && after <= 0)) return out;
  const rows = walkNeighbours(
    db,
    scope,
    filter,
    JSON.stringify([...new Set(ids)]),
    before,
    after,
    sessionGapMs,
  );
  // Each walk answers up to twice its count: the nearest `count` are kept, then cut at a session's pause.
  const idsOf = (row: WalkRow, walk: string, count: number, side: 1 | -1): string[] => {
    const found = nearestFirst(walk, side).slice(0, Math.max(0, count));
    return row.inConversation
      ? found.map(([id]) => id)
      : withinSession(
          row.at,
          found.map(([id, at]) => [id, at] as const),
          sessionGapMs,
        );
  };
  // The conversations' turns first, then the inferred sessions, each in the statement's order of ids.
  for (const inConversation of [1, 0]) {
    for (const row of rows) {
      if (row.inConversation !== inConversation) continue;
      const around = { previous: idsOf(row, row.previous, before, -1), next: idsOf(row, row.next, after, 1) };
      if (around.previous.length > 0 || around.next.length > 0) out.set(row.id, around);
    }
  }
  return out;
}

interface WalkRow {
  readonly id: string;
  readonly at: number;
  /** 1 when the candidate is in a conversation (its turns were walked), 0 for an inferred session. */
  readonly inConversation: 0 | 1;
  readonly previous: string;
  readonly next: string;
}

/**
 * A walk's rows, [id, created_at, seq], nearest the candidate first: by (created_at, seq) descending before
 * it (`side` -1), ascending after it. Sorted here, not by an ORDER BY in the aggregate: that builds a
 * temporary b-tree per candidate and side, about a fifth of the statement's time for a search's 100 sources.
 */
function nearestFirst(walk: string, side: 1 | -1): Array<[string, number, number]> {
  const found = JSON.parse(walk) as Array<[string, number, number]>;
  return found.sort((a, b) => side * (a[1] - b[1] || a[2] - b[2]));
}

/**
 * The memories just before and after each candidate, nearest first once sorted (`nearestFirst`; creation
 * time, then insertion order), inside the search's scope and filters. A candidate in a conversation gets the
 * turns around it in it (memories_scope_conversation_order). With `gapMs` > 0, a candidate added without a
 * conversation gets its inferred session: the memories stored just before and after by the same writer
 * (user, end user, agent and run all equal, none in a conversation), up to the first pause longer than
 * `gapMs` between two of them (memories_scope_session_order, partial: no conversation; each side bounded
 * by `count x gapMs`, the farthest a session can reach; the pauses are cut by the caller).
 *
 * One statement for every candidate: per candidate and side, indexed walks (`walkSide`), nearest first. A
 * statement per candidate and side cost ten times as much. A CASE picks the candidate's kind of walk, so each
 * candidate row is read once (SQLite evaluates only the branch taken). The candidate row is read inside the
 * scope too, so an id of another scope yields nothing.
 */
function walkNeighbours(
  db: EmbeddedDatabase,
  scope: MemoryScopeFilter,
  filter: MemoryFilter,
  wanted: string,
  before: number,
  after: number,
  gapMs: number,
): WalkRow[] {
  const where = scopeSql(scope, 'n');
  const filters = filterSql(filter, 'n');
  const conditions = `${where.sql}${filters.sql}`;
  const inConversation =
    'n.user_id = c.user_id AND n.end_user_id = c.end_user_id AND n.conversation_id = c.conversation_id';
  const inSession =
    'n.user_id = c.user_id AND n.end_user_id = c.end_user_id AND ' +
    'n.conversation_id IS NULL AND n.agent_id IS c.agent_id AND n.run_id IS c.run_id';
  const sessions = gapMs > 0;
  // The statement's text, and so its parameters, in the order they are written: per side, the conversation's
  // walk, then (with sessions) the session's.
  const side = (comparison: '<' | '>', bound: string): string => {
    const turns = walkSide(comparison, inConversation, null, conditions);
    return sessions
      ? `CASE WHEN c.conversation_id IS NOT NULL THEN ${turns} ELSE ${walkSide(comparison, inSession, bound, conditions)} END`
      : turns;
  };
  const params = (count: number): unknown[] => {
    const conditionParams = [...where.params, ...filters.params];
    const turns = walkParams(conditionParams, count, []);
    return sessions ? [...turns, ...walkParams(conditionParams, count, [count * gapMs])] : turns;
  };
  return (
    preparedOnce(
      db,
      `SELECT c.id AS id, c.created_at AS at, c.conversation_id IS NOT NULL AS inConversation,
         ${side('<', 'n.created_at >= c.created_at - ?')} AS previous,
         ${side('>', 'n.created_at <= c.created_at + ?')} AS next
       FROM memories c
       WHERE c.id IN (SELECT value FROM json_each(?))${sessions ? '' : ' AND c.conversation_id IS NOT NULL'}
         AND +c.user_id = ? AND +c.end_user_id = ?`,
    ) as RowsStatement
  ).all(
    ...params(Math.max(0, before)),
    ...params(Math.max(0, after)),
    wanted,
    scope.userId,
    scope.endUserId,
  ) as WalkRow[];
}

/**
 * One direction of a candidate `c`'s walk among the memories `n` it may neighbour (`among`, on `c`), as a
 * JSON array of [id, created_at, seq] in no particular order (`nearestFirst` orders it): up to twice the
 * limit, of which the caller keeps the nearest `limit`. The order is (created_at, seq); the walk is cut in its
 * two disjoint parts, each an index seek: the memories of `c`'s own creation time on the other side of its
 * seq, then those of earlier (later) times down to `bound` (on `n.created_at`, one `?`). One comparison of the
 * pair would not seek: SQLite seeks a row value only over real index columns, and seq is the rowid, so it
 * walked every memory of `c`'s creation time from the far end, and a batch shares one (a thousand memories of
 * an import made each lookup a scan of them). Parameters, in order: `walkParams`.
 */
function walkSide(comparison: '<' | '>', among: string, bound: string | null, conditions: string): string {
  const order = comparison === '<' ? 'DESC' : 'ASC';
  const part = (time: string, orderBy: string) =>
    `SELECT * FROM (SELECT n.id AS id, n.created_at AS created_at, n.seq AS seq FROM memories n
       WHERE ${among} AND ${time} AND ${conditions} ORDER BY ${orderBy} LIMIT ?)`;
  const sameTime = part(`n.created_at = c.created_at AND n.seq ${comparison} c.seq`, `n.seq ${order}`);
  const otherTimes = part(
    `n.created_at ${comparison} c.created_at${bound === null ? '' : ` AND ${bound}`}`,
    `n.created_at ${order}, n.seq ${order}`,
  );
  return `(SELECT json_group_array(json_array(id, created_at, seq)) FROM (${sameTime} UNION ALL ${otherTimes}))`;
}

/** `walkSide`'s parameters: the conditions', the limit, the bound's (`bound`, empty without one). */
function walkParams(conditions: readonly unknown[], limit: number, bound: readonly unknown[]): unknown[] {
  return [...conditions, limit, ...bound, ...conditions, limit];
}

/**
 * Memories linked to the query's concepts, most concepts first, then the newest: [seq, count] in that order.
 * Each list is one concept's links, newest first; they are merged (equal seqs meet at the heads), so no
 * map and no sort over the thousands of links of a common concept ("meeting" in a scope of 100k).
 */
export function rankByLinkCount(lists: ReadonlyArray<readonly number[]>): Array<[number, number]> {
  const byCount: Array<Array<[number, number]>> = lists.map(() => []);
  const at = lists.map(() => 0);
  for (;;) {
    let top = -1;
    for (let i = 0; i < lists.length; i++) {
      const seq = lists[i]![at[i]!];
      if (seq !== undefined && seq > top) top = seq;
    }
    if (top < 0) break;
    let count = 0;
    for (let i = 0; i < lists.length; i++) {
      if (lists[i]![at[i]!] === top) {
        count++;
        at[i]!++;
      }
    }
    byCount[count - 1]!.push([top, count]);
  }
  return byCount.reverse().flat();
}
