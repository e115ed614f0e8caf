import { sqlitePage } from '@membolt/embedded-store';
import type { EmbeddedDatabase } from '@membolt/embedded-store';
import type { EndUserSummary, MemoryRemoval } from '../../domain/memory.js';
import type { EndUserRepository } from '../../ports/end-user.repository.js';
import type { MemoryRow } from './memory-rows.js';
import type { MemoryEmbeddedRepository } from './memory.embedded.repository.js';

export class EndUserEmbeddedRepository implements EndUserRepository {
  constructor(
    private readonly db: EmbeddedDatabase,
    private readonly memories: MemoryEmbeddedRepository,
  ) {}

  async list(
    userId: string,
    page: { readonly limit: number; readonly offset: number },
  ): Promise<{ readonly endUsers: readonly EndUserSummary[]; readonly total: number }> {
    const rows = this.db
      .prepare(
        `SELECT end_user_id, count(*) AS n, max(updated_at) AS last FROM memories
         WHERE user_id = ? AND end_user_id <> '' GROUP BY end_user_id
         ORDER BY last DESC, end_user_id LIMIT ? OFFSET ?`,
      )
      .all(userId, ...sqlitePage(page.limit, page.offset)) as Array<{
      end_user_id: string;
      n: number;
      last: number;
    }>;
    const total = this.db
      .prepare(`SELECT count(DISTINCT end_user_id) FROM memories WHERE user_id = ? AND end_user_id <> ''`)
      .pluck()
      .get(userId) as number;
    return {
      endUsers: rows.map((r) => ({
        endUserId: r.end_user_id,
        memoryCount: r.n,
        lastActivityAt: new Date(r.last),
      })),
      total,
    };
  }

  async delete(userId: string, endUserId: string): Promise<MemoryRemoval> {
    const rows = this.db
      .prepare<[string, string], MemoryRow>('SELECT * FROM memories WHERE user_id = ? AND end_user_id = ?')
      .all(userId, endUserId);
    return this.memories.removeRows(rows, true);
  }
}
