import { type EmbeddedDatabase, preparedOnce, sqlitePage } from '@membolt/embedded-store';
import type {
  ConceptMention,
  Memory,
  MemoryChanges,
  MemoryFilter,
  MemoryRemoval,
  MemoryScope,
  MemoryScopeFilter,
  MemorySort,
  MemoryStats,
  MemoryVersion,
  NewMemoryRecord,
  PendingConcepts,
  RankableWithId,
} from '../../domain/memory.js';
import { PINNED_IMPORTANCE } from '@membolt/contracts';
import { OPEN_ONLY } from '../../domain/memory.js';
import {
  DuplicateOriginError,
  type MemoryExportPage,
  type MemoryPage,
  type MemoryRepository,
} from '../../ports/memory.repository.js';
import { AnswerRows } from './answer-rows.js';
import { ConceptLinks } from './concept-links.js';
import {
  filterSql,
  fromBlob,
  INSERT_MEMORY_SQL,
  type MemoryRow,
  newMemoryParams,
  newMemoryRow,
  RANKABLE_COLUMNS,
  rankableOfRow,
  type RankableRow,
  redactionsColumn,
  scopeSql,
  scopeToken,
  toMemory,
  toVersion,
  vectorBlob,
  type VersionRow,
} from './memory-rows.js';
import { decodeExportCursor, encodeExportCursor } from '../../domain/export-cursor.js';
import { duplicateFingerprint, duplicateKey, fingerprintOfKey } from '../../domain/duplicate-text.js';
import type { EmbeddedKeywordIndex } from './memory-keywords.embedded.js';
import type { EmbeddedVectorIndex, VectorChange } from './memory-vectors.embedded.js';
import { countScopeWrite } from './neighbour-timeline.js';

type VectorUpserts = Array<VectorChange['upserts'][number]>;

type Removed = { -readonly [K in keyof MemoryRemoval['removed']]: number };
const noneRemoved = (): Removed => ({
  memories: 0,
  vectors: 0,
  keywordEntries: 0,
  versions: 0,
  conceptLinks: 0,
  concepts: 0,
  relations: 0,
});

/** Ties (a batch shares one creation time) follow insertion order, so a batch lists in the order it was sent. */
const ORDER_BY: Record<MemorySort, string> = {
  importance: 'm.importance DESC, m.created_at DESC, m.seq DESC',
  recent: 'm.created_at DESC, m.seq DESC',
  oldest: 'm.created_at ASC, m.seq ASC',
};

/** The linker's sweep: the oldest pending memories of every scope (memories_concepts_pending_seq, migration 3). */
export const PENDING_CONCEPTS_SQL =
  'SELECT id, user_id, end_user_id, text FROM memories WHERE concepts_pending = 1 ORDER BY seq LIMIT ?';

/**
 * Rows of new memories one group commit writes at most before the loop turns: the inserts waiting beyond it
 * are committed in the next turn, so a group never holds the event loop much longer than one file batch does.
 */
const GROUP_COMMIT_MAX_ROWS = 50;

/** An insert waiting for the next group commit, and how its caller learns the outcome. */
interface QueuedInsert {
  readonly scope: MemoryScope;
  readonly records: readonly NewMemoryRecord[];
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Memories and everything derived from them, in `memory.sqlite`; each write is one transaction. New memories
 * are group-committed: the inserts that arrive in one turn of the event loop share one transaction (one WAL
 * commit instead of one each), each in its own savepoint so a failing insert rolls back alone; every caller
 * is answered only after the transaction holding its rows has committed.
 */
export class MemoryEmbeddedRepository implements MemoryRepository {
  private readonly links: ConceptLinks;
  private readonly answerRows: AnswerRows;
  private readonly queuedInserts: QueuedInsert[] = [];
  private groupCommitScheduled = false;
  private readonly insertOne: (scope: MemoryScope, records: readonly NewMemoryRecord[]) => VectorUpserts;
  private readonly insertMemory;
  private readonly insertKeywords;
  private readonly previousInConversation;
  private readonly insertVector;
  private readonly reserveVecSeqs;
  private readonly insertVersion;
  private readonly rowById;
  private readonly vectorOf;

  constructor(
    private readonly db: EmbeddedDatabase,
    private readonly vectors: EmbeddedVectorIndex,
    private readonly keywords: EmbeddedKeywordIndex,
  ) {
    this.links = new ConceptLinks(db);
    this.answerRows = new AnswerRows(db);
    // The FTS row is written here rather than by a trigger (migration 10): the trigger's statements (an
    // update of the row for its conversation's previous text, a read of the row back) ran for every row.
    this.insertMemory = db.prepare(INSERT_MEMORY_SQL);
    this.insertKeywords = db.prepare(
      'INSERT INTO memory_fts (rowid, text, scope_tok, keyword_context) VALUES (?, ?, ?, ?)',
    );
    // The memory just before a new one in its conversation (creation time, then insertion order): every row
    // already stored has a lower seq than the new one, so "before it" is "created no later".
    this.previousInConversation = db
      .prepare<[string, string, string, number], string>(
        `SELECT p.text FROM memories p
         WHERE p.user_id = ? AND p.end_user_id = ? AND p.conversation_id = ? AND p.created_at <= ?
         ORDER BY p.created_at DESC, p.seq DESC LIMIT 1`,
      )
      .pluck();
    this.insertVector = db.prepare(
      `INSERT INTO memory_vectors (seq, user_id, end_user_id, vec_seq, embedding) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (seq) DO UPDATE SET vec_seq = excluded.vec_seq, embedding = excluded.embedding`,
    );
    // Takes `n` numbers at once and answers the last: a batch bumps the counter once, not once a row.
    this.reserveVecSeqs = db
      .prepare<[number], number>(
        `UPDATE memory_counters SET value = value + ? WHERE name = 'vec_seq' RETURNING value`,
      )
      .pluck();
    this.insertVersion = db.prepare(
      `INSERT INTO memory_versions (memory_id, user_id, end_user_id, version, text, metadata, importance,
         category, valid_from, valid_to, recorded_at, event)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.rowById = db.prepare<[string], MemoryRow>('SELECT * FROM memories WHERE id = ?');
    this.vectorOf = db
      .prepare<[number], Buffer>('SELECT embedding FROM memory_vectors WHERE seq = ?')
      .pluck();
    // Called inside the group's transaction, a better-sqlite3 transaction function runs as a savepoint.
    this.insertOne = db.transaction((scope: MemoryScope, records: readonly NewMemoryRecord[]) => {
      const upserts = this.writeRecords(scope, records);
      countScopeWrite(db, scope);
      return upserts;
    });
  }

  /** Stored in the next group commit; resolves once that transaction has committed. */
  insertMany(scope: MemoryScope, records: readonly NewMemoryRecord[]): Promise<void> {
    if (records.length === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.queuedInserts.push({ scope, records, resolve, reject });
      if (this.groupCommitScheduled) return;
      this.groupCommitScheduled = true;
      setImmediate(() => this.commitGroup());
    });
  }

  /**
   * Writes the queued inserts, up to GROUP_COMMIT_MAX_ROWS rows (always at least one insert), in one
   * transaction, then tells each caller its outcome; the rest wait for the next turn.
   */
  private commitGroup(): void {
    let rows = 0;
    let count = 0;
    while (count < this.queuedInserts.length && (count === 0 || rows < GROUP_COMMIT_MAX_ROWS)) {
      rows += this.queuedInserts[count]!.records.length;
      count++;
    }
    const group = this.queuedInserts.splice(0, count);
    if (this.queuedInserts.length > 0) setImmediate(() => this.commitGroup());
    else this.groupCommitScheduled = false;
    const outcomes: Array<{ upserts: VectorUpserts } | { error: unknown }> = [];
    try {
      this.db.transaction(() => {
        for (const insert of group) {
          try {
            outcomes.push({ upserts: this.insertOne(insert.scope, insert.records) });
          } catch (error) {
            outcomes.push({ error });
          }
        }
      })();
    } catch (error) {
      // The commit itself failed: nothing of the group is stored.
      for (const insert of group) insert.reject(error);
      return;
    }
    group.forEach((insert, i) => {
      const outcome = outcomes[i]!;
      if ('error' in outcome) {
        insert.reject(outcome.error);
        return;
      }
      try {
        this.vectors.applied({ scope: insert.scope, upserts: outcome.upserts, removedSeqs: [] });
        this.keywords.applied(
          insert.scope,
          outcome.upserts.map((u) => u.seq),
          [],
        );
        insert.resolve();
      } catch (error) {
        // Stored, but an in-memory index could not follow: the caller learns it, as with one insert alone.
        insert.reject(error);
      }
    });
  }

  /** The rows of one insert, inside the group's transaction; answers the vectors it stored. */
  private writeRecords(scope: MemoryScope, records: readonly NewMemoryRecord[]): VectorUpserts {
    const upserts: VectorUpserts = [];
    const tok = scopeToken(scope);
    let vecSeq = (this.reserveVecSeqs.get(records.length) as number) - records.length;
    for (const record of records) {
      const m = record.memory;
      if (m.userId !== scope.userId || (m.endUserId ?? '') !== scope.endUserId) {
        throw new Error('A new memory must belong to the scope it is inserted into');
      }
      const createdAt = m.createdAt.getTime();
      const keywordContext =
        m.conversationId === null
          ? null
          : ((this.previousInConversation.get(scope.userId, scope.endUserId, m.conversationId, createdAt) as
              string | undefined) ?? null);
      let seq: number;
      try {
        seq = Number(
          this.insertMemory.run(...newMemoryParams(newMemoryRow(scope, record, tok, keywordContext)))
            .lastInsertRowid,
        );
      } catch (error) {
        if (record.originId && isUniqueViolation(error, 'origin_id'))
          throw new DuplicateOriginError(record.originId);
        throw error;
      }
      this.insertKeywords.run(seq, m.text, tok, keywordContext);
      vecSeq++;
      this.insertVector.run(seq, scope.userId, scope.endUserId, vecSeq, vectorBlob(record.embedding));
      if (record.concepts) this.links.link(scope, seq, record.concepts);
      upserts.push({ seq, vecSeq, vector: record.embedding, id: m.id });
    }
    return upserts;
  }

  async findById(
    scope: MemoryScopeFilter,
    id: string,
    options?: { withEmbedding?: boolean },
  ): Promise<Memory | null> {
    const row = this.rowInScope(scope, id);
    if (!row) return null;
    return toMemory(row, options?.withEmbedding ? this.embeddingOf(row.seq) : undefined);
  }

  async endUserOf(userId: string, id: string): Promise<string | null> {
    const row = this.rowById.get(id);
    return row && row.user_id === userId ? row.end_user_id : null;
  }

  async findByIds(
    scope: MemoryScopeFilter,
    ids: readonly string[],
    options?: { withEmbedding?: boolean },
  ): Promise<Memory[]> {
    if (ids.length === 0) return [];
    return this.answerRows
      .rowsOf(scope, ids)
      .map((row) => toMemory(row, options?.withEmbedding ? this.embeddingOf(row.seq) : undefined));
  }

  async findOpenDuplicates(
    scope: MemoryScopeFilter,
    keys: readonly string[],
    now: Date,
  ): Promise<Map<string, Memory>> {
    const found = new Map<string, Memory>();
    const keysOf = new Map<string, string[]>();
    for (const key of new Set(keys)) {
      const fingerprint = fingerprintOfKey(key);
      keysOf.set(fingerprint, [...(keysOf.get(fingerprint) ?? []), key]);
    }
    if (keysOf.size === 0) return found;
    // One statement for the batch: per fingerprint, one probe of the index walked in creation order to its
    // first open entry, one row read.
    const oldest = preparedOnce(this.db, OLDEST_OPEN_DUPLICATES_SQL).all(
      JSON.stringify([...keysOf.keys()]),
      ...openDuplicateParams(scope, now),
    ) as Array<MemoryRow & { dup_fp: string }>;
    const collided = new Set<string>();
    for (const row of oldest) {
      const memory = toMemory(row);
      const key = duplicateKey(memory.text);
      for (const wanted of keysOf.get(row.dup_fp) ?? []) {
        if (wanted === key) found.set(key, memory);
        else collided.add(wanted);
      }
    }
    // A fingerprint shared by two keys (a 96-bit hash: practically never): walk its copies to the key's own.
    for (const key of collided) {
      const memory = this.oldestOpenOfKey(scope, key, now);
      if (memory) found.set(key, memory);
    }
    return found;
  }

  /** The oldest open memory of exactly the scope whose duplicate key is `key`, its fingerprint's copies walked. */
  private oldestOpenOfKey(scope: MemoryScopeFilter, key: string, now: Date): Memory | null {
    const rows = preparedOnce(this.db, OPEN_DUPLICATES_SQL).iterate(
      fingerprintOfKey(key),
      ...openDuplicateParams(scope, now),
    ) as IterableIterator<MemoryRow>;
    for (const row of rows) if (duplicateKey(row.text) === key) return toMemory(row);
    return null;
  }

  async rankablesByIds(scope: MemoryScopeFilter, ids: readonly string[]): Promise<RankableWithId[]> {
    if (ids.length === 0) return [];
    const where = scopeSql(scope, 'm', true);
    // Raw rows of the few columns the ranker reads: a third of the time of whole rows made into memories.
    const rows = preparedOnce(
      this.db,
      `SELECT ${RANKABLE_COLUMNS} FROM memories m WHERE ${where.sql} AND m.id IN (SELECT value FROM json_each(?))`,
      'raw',
    ).all(...where.params, JSON.stringify(ids)) as RankableRow[];
    return rows.map(rankableOfRow);
  }

  async list(
    scope: MemoryScopeFilter,
    filter: MemoryFilter,
    page: {
      readonly limit: number;
      readonly offset: number;
      readonly sort: MemorySort;
      readonly withEmbedding?: boolean;
    },
  ): Promise<MemoryPage> {
    const where = scopeSql(scope);
    const filters = filterSql(filter);
    const params = [...where.params, ...filters.params];
    const rows = this.db
      .prepare(
        `SELECT m.* FROM memories m WHERE ${where.sql}${filters.sql} ORDER BY ${ORDER_BY[page.sort]} LIMIT ? OFFSET ?`,
      )
      .all(...params, ...sqlitePage(page.limit, page.offset)) as MemoryRow[];
    const totalCount = this.db
      .prepare(`SELECT count(*) FROM memories m WHERE ${where.sql}${filters.sql}`)
      .pluck()
      .get(...params) as number;
    return {
      memories: rows.map((row) => toMemory(row, page.withEmbedding ? this.embeddingOf(row.seq) : undefined)),
      totalCount,
    };
  }

  async update(scope: MemoryScopeFilter, id: string, changes: MemoryChanges): Promise<Memory | null> {
    let change: VectorChange | null = null;
    const updated = this.db.transaction((): MemoryRow | null => {
      const row = this.rowInScope(scope, id);
      if (!row) return null;
      const owner: MemoryScope = { userId: row.user_id, endUserId: row.end_user_id };
      countScopeWrite(this.db, owner);
      // The previous state becomes a version; the memory row is always the current one.
      this.insertVersion.run(
        row.id,
        row.user_id,
        row.end_user_id,
        row.version,
        row.text,
        row.metadata,
        row.importance,
        row.category,
        row.valid_from,
        row.valid_to,
        changes.updatedAt.getTime(),
        versionEvent(row),
      );
      const next: MemoryRow = {
        ...row,
        text: changes.text ?? row.text,
        metadata: changes.metadata !== undefined ? JSON.stringify(changes.metadata) : row.metadata,
        importance: changes.importance ?? row.importance,
        category: changes.category !== undefined ? changes.category : row.category,
        valid_from: changes.validFrom?.getTime() ?? row.valid_from,
        valid_to: changes.validTo !== undefined ? (changes.validTo?.getTime() ?? null) : row.valid_to,
        expires_at: changes.expiresAt !== undefined ? (changes.expiresAt?.getTime() ?? null) : row.expires_at,
        updated_at: changes.updatedAt.getTime(),
        version: row.version + 1,
        embedding_model: changes.embeddingModel ?? row.embedding_model,
        redactions: changes.redactions !== undefined ? redactionsColumn(changes.redactions) : row.redactions,
      };
      this.db
        .prepare(
          `UPDATE memories SET text = @text, metadata = @metadata, importance = @importance, category = @category,
             valid_from = @valid_from, valid_to = @valid_to, updated_at = @updated_at, version = @version,
             embedding_model = @embedding_model, expires_at = @expires_at, redactions = @redactions,
             dup_fp = @dup_fp
           WHERE seq = @seq`,
        )
        .run({ ...next, dup_fp: duplicateFingerprint(next.text) });
      if (changes.embedding) {
        const vecSeq = this.reserveVecSeqs.get(1) as number;
        this.insertVector.run(row.seq, row.user_id, row.end_user_id, vecSeq, vectorBlob(changes.embedding));
        change = {
          scope: owner,
          upserts: [{ seq: row.seq, vecSeq, vector: changes.embedding }],
          removedSeqs: [],
        };
      }
      if (changes.concepts) {
        this.links.unlink(row.seq);
        this.links.link(owner, row.seq, changes.concepts);
        this.db.prepare('UPDATE memories SET concepts_pending = 0 WHERE seq = ?').run(row.seq);
      }
      return next;
    })();
    if (!updated) return null;
    if (change) this.vectors.applied(change);
    const owner = { userId: updated.user_id, endUserId: updated.end_user_id };
    if (changes.text !== undefined) this.keywords.applied(owner, [updated.seq], []);
    else this.keywords.rowsChanged(owner, [updated.seq]);
    return toMemory(updated);
  }

  async history(scope: MemoryScopeFilter, id: string): Promise<readonly MemoryVersion[] | null> {
    const row = this.rowInScope(scope, id);
    if (!row) return null;
    const previous = this.db
      .prepare<[string], VersionRow>('SELECT * FROM memory_versions WHERE memory_id = ? ORDER BY version')
      .all(row.id)
      .map(toVersion);
    const current: MemoryVersion = {
      version: row.version,
      text: row.text,
      metadata: JSON.parse(row.metadata) as Record<string, unknown>,
      importance: row.importance,
      category: row.category as MemoryVersion['category'],
      validFrom: new Date(row.valid_from),
      validTo: row.valid_to === null ? null : new Date(row.valid_to),
      recordedAt: new Date(row.updated_at),
      event: versionEvent(row),
    };
    return [...previous, current];
  }

  async delete(scope: MemoryScopeFilter, ids: readonly string[]): Promise<MemoryRemoval> {
    if (ids.length === 0) return { memoryIds: [], removed: noneRemoved() };
    const where = scopeSql(scope, 'm', true);
    const rows = this.db
      .prepare(`SELECT m.* FROM memories m WHERE ${where.sql} AND m.id IN (SELECT value FROM json_each(?))`)
      .all(...where.params, JSON.stringify(ids)) as MemoryRow[];
    return this.removeRows(rows, false);
  }

  async exportPage(
    scope: MemoryScopeFilter,
    cursor: string | undefined,
    limit: number,
    options?: { withEmbedding?: boolean },
  ): Promise<MemoryExportPage> {
    const where = scopeSql(scope);
    const after = cursor ? decodeExportCursor(cursor) : null;
    const rows = this.db
      .prepare(
        `SELECT m.* FROM memories m WHERE ${where.sql}
         ${after ? 'AND (m.created_at > ? OR (m.created_at = ? AND m.id > ?))' : ''}
         ORDER BY m.created_at ASC, m.id ASC LIMIT ?`,
      )
      .all(
        ...where.params,
        ...(after ? [after.createdAt, after.createdAt, after.id] : []),
        limit + 1,
      ) as MemoryRow[];
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      memories: page.map((row) =>
        toMemory(row, options?.withEmbedding ? this.embeddingOf(row.seq) : undefined),
      ),
      nextCursor: rows.length > limit && last ? encodeExportCursor(last.created_at, last.id) : undefined,
    };
  }

  async importedOriginIds(scope: MemoryScope, originIds: readonly string[]): Promise<Set<string>> {
    if (originIds.length === 0) return new Set();
    const found = this.db
      .prepare(
        `SELECT origin_id FROM memories WHERE user_id = ? AND end_user_id = ?
         AND origin_id IN (SELECT value FROM json_each(?))`,
      )
      .pluck()
      .all(scope.userId, scope.endUserId, JSON.stringify(originIds)) as string[];
    return new Set(found);
  }

  async stats(scope: MemoryScopeFilter, now: Date): Promise<MemoryStats> {
    const where = scopeSql(scope);
    const open = filterSql(OPEN_ONLY(now));
    const row = this.db
      .prepare(
        `SELECT count(*) AS n, avg(m.importance) AS avg, min(m.created_at) AS oldest FROM memories m WHERE ${where.sql}${open.sql}`,
      )
      .get(...where.params, ...open.params) as { n: number; avg: number | null; oldest: number | null };
    const all = this.db
      .prepare(`SELECT count(*) FROM memories m WHERE ${where.sql}`)
      .pluck()
      .get(...where.params) as number;
    const conceptCount = this.db
      .prepare('SELECT count(*) FROM concepts WHERE user_id = ? AND end_user_id = ?')
      .pluck()
      .get(scope.userId, scope.endUserId) as number;
    const relationCount = this.db
      .prepare('SELECT count(*) FROM concept_relations WHERE user_id = ? AND end_user_id = ?')
      .pluck()
      .get(scope.userId, scope.endUserId) as number;
    return {
      memoryCount: row.n,
      closedCount: all - row.n,
      avgImportance: row.avg ?? 0,
      oldestCreatedAt: row.oldest === null ? null : new Date(row.oldest),
      conceptCount,
      relationCount,
    };
  }

  async pendingConcepts(scope: MemoryScope | null, limit: number): Promise<PendingConcepts[]> {
    const rows = (
      scope
        ? this.db
            .prepare(
              `SELECT id, user_id, end_user_id, text FROM memories
               WHERE user_id = ? AND end_user_id = ? AND concepts_pending = 1 ORDER BY seq LIMIT ?`,
            )
            .all(scope.userId, scope.endUserId, limit)
        : this.db.prepare(PENDING_CONCEPTS_SQL).all(limit)
    ) as Array<{ id: string; user_id: string; end_user_id: string; text: string }>;
    return rows.map((r) => ({
      scope: { userId: r.user_id, endUserId: r.end_user_id },
      id: r.id,
      text: r.text,
    }));
  }

  async linkConcepts(
    scope: MemoryScope,
    items: ReadonlyArray<{ readonly id: string; readonly concepts: readonly ConceptMention[] }>,
  ): Promise<void> {
    const done = this.db.prepare('UPDATE memories SET concepts_pending = 0 WHERE seq = ?');
    this.db.transaction(() => {
      for (const item of items) {
        const row = this.rowById.get(item.id);
        if (!row || row.user_id !== scope.userId || row.end_user_id !== scope.endUserId) continue;
        if (!row.concepts_pending) continue;
        this.links.link(scope, row.seq, item.concepts);
        done.run(row.seq);
      }
    })();
  }

  async deleteAllOfUser(userId: string): Promise<MemoryRemoval> {
    const rows = this.db.prepare<[string], MemoryRow>('SELECT * FROM memories WHERE user_id = ?').all(userId);
    return this.removeRows(rows, true);
  }

  async deleteCreatedBefore(userId: string, cutoff: Date, limit: number): Promise<MemoryRemoval> {
    const rows = this.db
      .prepare<[string, number, number], MemoryRow>(
        `SELECT * FROM memories WHERE user_id = ? AND created_at < ? AND importance < ${PINNED_IMPORTANCE}
         ORDER BY importance, created_at, seq LIMIT ?`,
      )
      .all(userId, cutoff.getTime(), limit);
    return this.removeRows(rows, false);
  }

  async deleteExpired(userId: string, now: Date, limit: number): Promise<MemoryRemoval> {
    const rows = this.db
      .prepare<[string, number, number], MemoryRow>(
        `SELECT * FROM memories WHERE user_id = ? AND expires_at IS NOT NULL AND expires_at <= ?
         ORDER BY expires_at, seq LIMIT ?`,
      )
      .all(userId, now.getTime(), limit);
    return this.removeRows(rows, false);
  }

  async ownersWithExpired(now: Date, afterUserId: string, limit: number): Promise<string[]> {
    return this.db
      .prepare<[number, string, number], { user_id: string }>(
        `SELECT DISTINCT user_id FROM memories
         WHERE expires_at IS NOT NULL AND expires_at <= ? AND user_id > ? ORDER BY user_id LIMIT ?`,
      )
      .all(now.getTime(), afterUserId, limit)
      .map((row) => row.user_id);
  }

  async countCreatedBefore(userId: string, cutoff: Date): Promise<number> {
    return (
      this.db
        .prepare<[string, number], { n: number }>(
          `SELECT count(*) AS n FROM memories WHERE user_id = ? AND created_at < ?
           AND importance < ${PINNED_IMPORTANCE}`,
        )
        .get(userId, cutoff.getTime())?.n ?? 0
    );
  }

  async ownersWithMemoriesBefore(cutoff: Date, afterUserId: string, limit: number): Promise<string[]> {
    return this.db
      .prepare<[string, number, number], { user_id: string }>(
        `SELECT DISTINCT user_id FROM memories WHERE user_id > ? AND created_at < ?
         AND importance < ${PINNED_IMPORTANCE} ORDER BY user_id LIMIT ?`,
      )
      .all(afterUserId, cutoff.getTime(), limit)
      .map((row) => row.user_id);
  }

  /** Removes whole scopes (end user, account) when `wholeScopes`: their cache files go too. */
  removeRows(rows: readonly MemoryRow[], wholeScopes: boolean): MemoryRemoval {
    const removed = noneRemoved();
    const byScope = new Map<string, { scope: MemoryScope; seqs: number[] }>();
    this.db.transaction(() => {
      const deleteVector = this.db.prepare('DELETE FROM memory_vectors WHERE seq = ?');
      const deleteVersions = this.db.prepare('DELETE FROM memory_versions WHERE memory_id = ?');
      const deleteMemory = this.db.prepare('DELETE FROM memories WHERE seq = ?');
      for (const row of rows) {
        const unlinked = this.links.unlink(row.seq);
        removed.conceptLinks += unlinked.conceptLinks;
        removed.concepts += unlinked.concepts;
        removed.relations += unlinked.relations;
        removed.vectors += deleteVector.run(row.seq).changes;
        removed.versions += deleteVersions.run(row.id).changes;
        // The FTS entry goes with the row (trigger): one keyword entry per memory.
        const gone = deleteMemory.run(row.seq).changes;
        removed.memories += gone;
        removed.keywordEntries += gone;
        const key = `${row.user_id}\u0000${row.end_user_id}`;
        const entry = byScope.get(key) ?? {
          scope: { userId: row.user_id, endUserId: row.end_user_id },
          seqs: [],
        };
        entry.seqs.push(row.seq);
        byScope.set(key, entry);
      }
      for (const { scope } of byScope.values()) countScopeWrite(this.db, scope);
    })();
    for (const { scope, seqs } of byScope.values()) {
      if (wholeScopes) {
        this.vectors.dropScope(scope);
        this.keywords.dropScope(scope);
      } else {
        this.vectors.applied({ scope, upserts: [], removedSeqs: seqs });
        this.keywords.applied(scope, [], seqs);
      }
    }
    return { memoryIds: rows.map((row) => row.id), removed };
  }

  private rowInScope(scope: MemoryScopeFilter, id: string): MemoryRow | null {
    const row = this.rowById.get(id);
    if (!row || row.user_id !== scope.userId || row.end_user_id !== scope.endUserId) return null;
    if (scope.agentId !== undefined && row.agent_id !== scope.agentId) return null;
    if (scope.runId !== undefined && row.run_id !== scope.runId) return null;
    if (
      scope.visibleAt !== undefined &&
      row.expires_at !== null &&
      row.expires_at <= scope.visibleAt.getTime()
    ) {
      return null;
    }
    return row;
  }

  private embeddingOf(seq: number): Float32Array | undefined {
    const blob = this.vectorOf.get(seq) as Buffer | undefined;
    return blob ? fromBlob(blob) : undefined;
  }
}

/** How a state came about: the first version was created; later ones updated it or closed the fact. */
const versionEvent = (row: MemoryRow): MemoryVersion['event'] =>
  row.version === 1 ? 'created' : row.valid_to !== null ? 'closed' : 'updated';

/** Duck-typed: the driver's errors may come from another realm (jest's VM), where instanceof Error fails. */
const isUniqueViolation = (error: unknown, column: string): boolean => {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === 'SQLITE_CONSTRAINT_UNIQUE' && typeof message === 'string' && message.includes(column);
};

/**
 * The conditions on the memories a duplicate check may answer, for a table aliased `d`: exactly the scope (no
 * agent or run when it names none, unlike `scopeSql`), open at a time, visible at another. Bound by
 * `openDuplicateParams`; in the order of `memories_dup_fp` after its fingerprint.
 */
const OPEN_DUPLICATE_SQL = `d.user_id = ? AND d.end_user_id = ? AND d.agent_id IS ? AND d.run_id IS ?
  AND (d.valid_to IS NULL OR d.valid_to > ?) AND (d.expires_at IS NULL OR d.expires_at > ?)`;

function openDuplicateParams(scope: MemoryScopeFilter, now: Date): unknown[] {
  return [
    scope.userId,
    scope.endUserId,
    scope.agentId ?? null,
    scope.runId ?? null,
    now.getTime(),
    scope.visibleAt?.getTime() ?? Number.MIN_SAFE_INTEGER,
  ];
}

/** Per fingerprint of the JSON array bound first, the oldest open memory of the scope holding it. */
export const OLDEST_OPEN_DUPLICATES_SQL = `SELECT m.* FROM json_each(?) j JOIN memories m ON m.seq = (
  SELECT d.seq FROM memories d INDEXED BY memories_dup_fp
  WHERE d.dup_fp = j.value AND ${OPEN_DUPLICATE_SQL} ORDER BY d.created_at, d.seq LIMIT 1)`;

/** Every open memory of the scope holding the fingerprint bound first, oldest first. */
const OPEN_DUPLICATES_SQL = `SELECT d.* FROM memories d INDEXED BY memories_dup_fp
  WHERE d.dup_fp = ? AND ${OPEN_DUPLICATE_SQL} ORDER BY d.created_at, d.seq`;
