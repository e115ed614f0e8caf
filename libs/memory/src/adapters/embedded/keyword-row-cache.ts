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

/** A scope's cached rows, by document number (the postings' numbering). */
export interface RowCache {
  /**
   * doc -> what the ranker reads of its memory, kept current by every write: a search checks its candidates
   * of every channel here instead of reading their rows.
   */
  docRow: Array<RankableWithId | null>;
  /** seq -> expiration (epoch ms) of the scope's memories that expire (few do): cachedRows hides them. */
  expiring: Map<number, number>;
}

export function emptyRowCache(): RowCache {
  return { docRow: [], expiring: new Map() };
}

/** The row is document `doc`'s (newly added, or read again after a write). */
export function cacheRow(cache: RowCache, doc: number, row: TextRow): void {
  cache.docRow[doc] = row.rankable;
  if (row.expiresAt === null) cache.expiring.delete(row.seq);
  else cache.expiring.set(row.seq, row.expiresAt);
}

/** Document `doc` (memory `seq`) died. */
export function forgetRow(cache: RowCache, doc: number, seq: number): void {
  cache.expiring.delete(seq);
  cache.docRow[doc] = null;
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
    const row = cache.docRow[doc];
    if (row && heldInValidity(row, filter.validity)) kept.set(seq, row);
  }
  return kept;
}
