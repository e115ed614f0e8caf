import type { EmbeddedDatabase } from '@membolt/embedded-store';
import type { MemoryFilter, MemoryScope, MemoryScopeFilter, RankableWithId } from '../../domain/memory.js';
import { heldInValidity, RANKABLE_COLUMNS, type RankableRow, rankableOfRow } from './memory-rows.js';

/**
 * What the keyword index reads of a scope's memories (their texts to tokenize) and keeps of them besides
 * their postings: the ranker's view of each live document, so that a search checks its candidates of every
 * channel in memory instead of reading their rows.
 */

export interface TextRow {
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

/** The scope's memories as the keyword index reads them from SQLite. */
export class KeywordRowReader {
  private readonly countInScope;
  private readonly rowsAbove;
  private readonly rowsBySeq;

  constructor(db: EmbeddedDatabase) {
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
  }

  count(scope: MemoryScope): number {
    return this.countInScope.get(scope.userId, scope.endUserId)?.n ?? 0;
  }

  /** The scope's rows above `seq`, in seq order, at most `limit`. */
  above(scope: MemoryScope, seq: number, limit: number): TextRow[] {
    return this.rowsAbove.all(scope.userId, scope.endUserId, seq, limit).map(textRowOf);
  }

  /** The scope's rows of the given seqs (those still there). */
  bySeq(scope: MemoryScope, seqs: readonly number[]): TextRow[] {
    return this.rowsBySeq.all(JSON.stringify(seqs), scope.userId, scope.endUserId).map(textRowOf);
  }
}

/**
 * A scope's cached rows, by document number (the postings' numbering): what the ranker reads of each live
 * document, kept current by every write, so that a search checks its candidates of every channel here
 * instead of reading their rows. Held as columns, not an object per row: at 100k memories the objects (and
 * the boxed numbers of their dates) were ~80 of the ~270 bytes a row held; a search builds objects only for
 * its few hundred candidates.
 */
export interface RowCache {
  /** doc -> the memory's id, null once the document is dead. */
  rowId: Array<string | null>;
  rowText: string[];
  rowConversation: Array<string | null>;
  /** doc -> importance, created at, valid from, valid to (NaN: open), at 4 * doc. */
  rowNumbers: Float64Array;
  /** doc -> `metadata.slot`, for the documents that have one (few do). */
  rowSlot: Map<number, string>;
  /** seq -> expiration (epoch ms) of the scope's memories that expire (few do): cachedRows hides them. */
  expiring: Map<number, number>;
}

const NUMBERS = 4;

export function emptyRowCache(): RowCache {
  return {
    rowId: [],
    rowText: [],
    rowConversation: [],
    rowNumbers: new Float64Array(16 * NUMBERS),
    rowSlot: new Map(),
    expiring: new Map(),
  };
}

/** The row is document `doc`'s (newly added, or read again after a write). */
export function cacheRow(cache: RowCache, doc: number, row: TextRow): void {
  const memory = row.rankable;
  cache.rowId[doc] = memory.id;
  cache.rowText[doc] = memory.text;
  // Rows are read in seq order, and a conversation's memories follow each other: one string for the run.
  const previous = doc > 0 ? cache.rowConversation[doc - 1] : null;
  cache.rowConversation[doc] = previous === memory.conversationId ? previous : memory.conversationId;
  if (cache.rowNumbers.length < (doc + 1) * NUMBERS) {
    const grown = new Float64Array(Math.max((doc + 1) * NUMBERS, cache.rowNumbers.length * 2));
    grown.set(cache.rowNumbers);
    cache.rowNumbers = grown;
  }
  const at = doc * NUMBERS;
  cache.rowNumbers[at] = memory.importance;
  cache.rowNumbers[at + 1] = memory.createdAt;
  cache.rowNumbers[at + 2] = memory.validFrom;
  cache.rowNumbers[at + 3] = memory.validTo ?? Number.NaN;
  if (memory.slot === null) cache.rowSlot.delete(doc);
  else cache.rowSlot.set(doc, memory.slot);
  if (row.expiresAt === null) cache.expiring.delete(row.seq);
  else cache.expiring.set(row.seq, row.expiresAt);
}

/** Document `doc` (memory `seq`) died. */
export function forgetRow(cache: RowCache, doc: number, seq: number): void {
  cache.expiring.delete(seq);
  cache.rowId[doc] = null;
  cache.rowText[doc] = '';
  cache.rowConversation[doc] = null;
  cache.rowSlot.delete(doc);
}

/** What the ranker reads of live document `doc`, or null when it is dead. */
export function cachedRow(cache: RowCache, doc: number): RankableWithId | null {
  const id = cache.rowId[doc];
  if (id === null || id === undefined) return null;
  const at = doc * NUMBERS;
  const validTo = cache.rowNumbers[at + 3]!;
  return {
    id,
    importance: cache.rowNumbers[at]!,
    createdAt: cache.rowNumbers[at + 1]!,
    validFrom: cache.rowNumbers[at + 2]!,
    validTo: Number.isNaN(validTo) ? null : validTo,
    conversationId: cache.rowConversation[doc] ?? null,
    text: cache.rowText[doc]!,
    slot: cache.rowSlot.get(doc) ?? null,
  };
}

/**
 * Of the given seqs, those of the cache's scope that are visible at the scope's time and held in the
 * filter's validity. Only a filter on validity can be answered here (isOpenOnly): the caller checks.
 */
export function cachedRows(
  cache: RowCache,
  seqDoc: ReadonlyMap<number, number>,
  scope: MemoryScopeFilter,
  filter: MemoryFilter,
  seqs: readonly number[],
): Map<number, RankableWithId> {
  const kept = new Map<number, RankableWithId>();
  const visibleAt = scope.visibleAt?.getTime();
  for (const seq of seqs) {
    const doc = seqDoc.get(seq);
    if (doc === undefined) continue;
    const expiresAt = visibleAt === undefined ? undefined : cache.expiring.get(seq);
    if (expiresAt !== undefined && visibleAt !== undefined && expiresAt <= visibleAt) continue;
    const row = cachedRow(cache, doc);
    if (row && heldInValidity(row, filter.validity)) kept.set(seq, row);
  }
  return kept;
}
