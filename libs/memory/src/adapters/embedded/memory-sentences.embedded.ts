import { type EmbeddedDatabase, preparedOnce } from '@membolt/embedded-store';
import type { MemoryFilter, MemoryScope, MemoryScopeFilter, ScoredId } from '../../domain/memory.js';
import type { SentencePending, SentenceVectorRepository } from '../../ports/sentence-vectors.js';
import { filterSql, fromBlob, scopeSql, toBlob } from './memory-rows.js';

const FITS_TTL_MS = 60_000;
const FITS_CACHE_MAX = 10_000;

/** `sentence_pending` of a memory whose scope was past the bound when the sweep met it (decision 203). */
const DEFERRED = 2;

/**
 * Sentence vectors in `memory_sentence_vectors` (by the memory's seq), and the `sentence_pending` flag of
 * each memory (migration 6): 1 to encode, 0 encoded, 2 deferred (its scope was too large to encode). The sweep
 * reads the pending ones oldest first through the partial index of flag 1, which holds no deferred memory.
 * Search scans the scope's vectors exactly, within `maxScope`.
 */
export class MemorySentencesEmbedded implements SentenceVectorRepository {
  private readonly fitsByScope = new Map<string, { fits: boolean; at: number }>();
  private readonly saveAll: (
    model: string,
    vectors: ReadonlyArray<SentencePending & { readonly vector: Float32Array }>,
  ) => void;

  constructor(private readonly db: EmbeddedDatabase) {
    this.saveAll = db.transaction((model, vectors) => {
      const mark = preparedOnce(
        db,
        `UPDATE memories SET sentence_pending = 0
         WHERE id = ? AND user_id = ? AND end_user_id = ? AND text = ? AND sentence_pending <> 0
         RETURNING seq`,
        'pluck',
      );
      const put = preparedOnce(
        db,
        'INSERT OR REPLACE INTO memory_sentence_vectors (seq, model, vector) VALUES (?, ?, ?)',
      );
      for (const item of vectors) {
        const seq = mark.get(item.id, item.scope.userId, item.scope.endUserId, item.text) as
          number | undefined;
        if (seq !== undefined) put.run(seq, model, toBlob(item.vector));
      }
    });
  }

  async pending(limit: number): Promise<SentencePending[]> {
    const rows = preparedOnce(
      this.db,
      `SELECT id, user_id, end_user_id, text FROM memories WHERE sentence_pending = 1 ORDER BY seq LIMIT ?`,
    ).all(Math.max(0, limit)) as Array<{ id: string; user_id: string; end_user_id: string; text: string }>;
    return rows.map((row) => ({
      id: row.id,
      scope: { userId: row.user_id, endUserId: row.end_user_id },
      text: row.text,
    }));
  }

  async save(
    model: string,
    vectors: ReadonlyArray<SentencePending & { readonly vector: Float32Array }>,
  ): Promise<void> {
    if (vectors.length > 0) this.saveAll(model, vectors);
  }

  async fits(scope: MemoryScope, maxScope: number): Promise<boolean> {
    // Kept for FITS_TTL_MS: the walk costs ~1 ms at 2,000, as much as a large scope's whole search, while a
    // scope crosses the bound rarely; one that does keeps or loses the channel a minute late.
    const key = `${scope.userId}\u0000${scope.endUserId}\u0000${maxScope}`;
    const now = Date.now();
    const known = this.fitsByScope.get(key);
    if (known && now - known.at < FITS_TTL_MS) return known.fits;
    const fits = await this.holdsAtMost(scope, maxScope);
    if (this.fitsByScope.size >= FITS_CACHE_MAX) this.fitsByScope.clear();
    this.fitsByScope.set(key, { fits, at: now });
    return fits;
  }

  async holdsAtMost(scope: MemoryScope, count: number): Promise<boolean> {
    // Walks at most count + 1 entries of the scope's index, whatever its size.
    const over = preparedOnce(
      this.db,
      `SELECT 1 FROM memories m WHERE m.user_id = ? AND m.end_user_id = ? LIMIT 1 OFFSET ?`,
      'pluck',
    ).get(scope.userId, scope.endUserId, count);
    return over === undefined;
  }

  async defer(scope: MemoryScope, limit: number): Promise<number> {
    // The unary + keeps SQLite on the partial index of pending memories (oldest first, the deferred ones
    // leave it): the scope's index would walk the memories already deferred again at every batch.
    return preparedOnce(
      this.db,
      `UPDATE memories SET sentence_pending = ${DEFERRED} WHERE seq IN (
         SELECT seq FROM memories WHERE sentence_pending = 1 AND +user_id = ? AND +end_user_id = ?
         ORDER BY seq LIMIT ?)`,
    ).run(scope.userId, scope.endUserId, Math.max(0, limit)).changes;
  }

  async unencoded(scope: MemoryScope, limit: number): Promise<SentencePending[]> {
    // The scope's index, newest first: what was just told is what is asked next. Called for a scope within
    // the bound, so the walk is at most that long.
    const rows = preparedOnce(
      this.db,
      `SELECT id, text FROM memories WHERE user_id = ? AND end_user_id = ? AND sentence_pending <> 0
       ORDER BY created_at DESC LIMIT ?`,
    ).all(scope.userId, scope.endUserId, Math.max(0, limit)) as Array<{ id: string; text: string }>;
    return rows.map((row) => ({
      id: row.id,
      scope: { userId: scope.userId, endUserId: scope.endUserId },
      text: row.text,
    }));
  }

  async resume(scope?: MemoryScope): Promise<number> {
    if (scope === undefined)
      return preparedOnce(
        this.db,
        `UPDATE memories SET sentence_pending = 1 WHERE sentence_pending = ${DEFERRED}`,
      ).run().changes;
    return preparedOnce(
      this.db,
      `UPDATE memories SET sentence_pending = 1
       WHERE user_id = ? AND end_user_id = ? AND sentence_pending = ${DEFERRED}`,
    ).run(scope.userId, scope.endUserId).changes;
  }

  async nearest(
    scope: MemoryScopeFilter,
    filter: MemoryFilter,
    vector: Float32Array,
    k: number,
    maxScope: number,
  ): Promise<ScoredId[] | null> {
    const where = scopeSql(scope);
    const filters = filterSql(filter);
    const rows = preparedOnce(
      this.db,
      `SELECT m.id AS id, v.vector AS vector FROM memories m JOIN memory_sentence_vectors v ON v.seq = m.seq
       WHERE ${where.sql}${filters.sql} LIMIT ?`,
    ).all(...where.params, ...filters.params, maxScope + 1) as Array<{ id: string; vector: Buffer }>;
    if (rows.length > maxScope) return null;
    const scored: ScoredId[] = [];
    for (const row of rows) {
      const stored = fromBlob(row.vector);
      if (stored.length !== vector.length) continue;
      let dot = 0;
      for (let i = 0; i < stored.length; i++) dot += stored[i]! * vector[i]!;
      scored.push({ id: row.id, score: dot });
    }
    return scored.sort((a, b) => b.score - a.score).slice(0, Math.max(0, k));
  }
}
