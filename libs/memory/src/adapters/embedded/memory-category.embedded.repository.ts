import type { EmbeddedDatabase } from '@membolt/embedded-store';
import type { CustomMemoryCategory } from '../../domain/memory-category.js';
import type { MemoryCategoryRepository } from '../../ports/memory-category.repository.js';
import { countScopeWrite } from './neighbour-timeline.js';

interface CategoryRow {
  readonly user_id: string;
  readonly name: string;
  readonly description: string;
  readonly created_at: number;
  readonly updated_at: number;
}

const toCategory = (row: CategoryRow): CustomMemoryCategory => ({
  userId: row.user_id,
  name: row.name,
  description: row.description,
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

/**
 * Custom categories in `memory.sqlite`. A memory's category is not part of what the keyword and vector indexes
 * hold (a category filter is answered in SQL), so uncategorising memories is one UPDATE of their rows.
 */
export class MemoryCategoryEmbeddedRepository implements MemoryCategoryRepository {
  constructor(private readonly db: EmbeddedDatabase) {}

  async list(userId: string): Promise<CustomMemoryCategory[]> {
    const rows = this.db
      .prepare('SELECT * FROM memory_categories WHERE user_id = ? ORDER BY name')
      .all(userId) as CategoryRow[];
    return rows.map(toCategory);
  }

  async find(userId: string, name: string): Promise<CustomMemoryCategory | null> {
    const row = this.db
      .prepare('SELECT * FROM memory_categories WHERE user_id = ? AND name = ?')
      .get(userId, name) as CategoryRow | undefined;
    return row ? toCategory(row) : null;
  }

  async insert(category: CustomMemoryCategory, max: number): Promise<'inserted' | 'exists' | 'full'> {
    return this.db.transaction((): 'inserted' | 'exists' | 'full' => {
      const taken = this.db
        .prepare('SELECT 1 FROM memory_categories WHERE user_id = ? AND name = ?')
        .get(category.userId, category.name);
      if (taken) return 'exists';
      const held = this.db
        .prepare('SELECT count(*) FROM memory_categories WHERE user_id = ?')
        .pluck()
        .get(category.userId) as number;
      if (held >= max) return 'full';
      this.db
        .prepare(
          `INSERT INTO memory_categories (user_id, name, description, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?)`,
        )
        .run(
          category.userId,
          category.name,
          category.description,
          category.createdAt.getTime(),
          category.updatedAt.getTime(),
        );
      return 'inserted';
    })();
  }

  async updateDescription(
    userId: string,
    name: string,
    description: string,
    at: Date,
  ): Promise<CustomMemoryCategory | null> {
    const changed = this.db
      .prepare('UPDATE memory_categories SET description = ?, updated_at = ? WHERE user_id = ? AND name = ?')
      .run(description, at.getTime(), userId, name).changes;
    return changed > 0 ? this.find(userId, name) : null;
  }

  async delete(userId: string, name: string): Promise<number | null> {
    return this.db.transaction((): number | null => {
      const removed = this.db
        .prepare('DELETE FROM memory_categories WHERE user_id = ? AND name = ?')
        .run(userId, name).changes;
      if (removed === 0) return null;
      // The memories' category changes: each scope holding one counts a write (what is read at a scope's
      // count, such as the rows searches answer, is read again).
      const endUsers = this.db
        .prepare('SELECT DISTINCT end_user_id FROM memories WHERE user_id = ? AND category = ?')
        .pluck()
        .all(userId, name) as string[];
      for (const endUserId of endUsers) countScopeWrite(this.db, { userId, endUserId });
      return this.db
        .prepare('UPDATE memories SET category = NULL WHERE user_id = ? AND category = ?')
        .run(userId, name).changes;
    })();
  }

  async deleteUser(userId: string): Promise<number> {
    return this.db.prepare('DELETE FROM memory_categories WHERE user_id = ?').run(userId).changes;
  }
}
