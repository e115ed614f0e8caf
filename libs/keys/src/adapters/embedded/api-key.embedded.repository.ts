import { type EmbeddedDatabase, preparedOnce } from '@membolt/embedded-store';
import type { ApiKey, ApiKeyPermission } from '../../domain/api-key.js';
import {
  type ApiKeyChanges,
  type ApiKeyRepository,
  type ApiKeyUse,
  DuplicateApiKeyError,
} from '../../ports/api-key.repository.js';

interface ApiKeyRow {
  id: string;
  user_id: string;
  name: string;
  description: string | null;
  graph_id: string | null;
  key_hash: string;
  display_prefix: string;
  active: number;
  permissions: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  updated_at: string | null;
}

// Dates are stored as ISO-8601 UTC strings: they sort as text in time order.
const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);
const date = (text: string | null): Date | null => (text ? new Date(text) : null);

export class ApiKeyEmbeddedRepository implements ApiKeyRepository {
  constructor(private readonly db: EmbeddedDatabase) {}

  async insert(key: ApiKey): Promise<void> {
    this.insertRow(key);
  }

  async insertWithinLimit(key: ApiKey, maxActive: number): Promise<boolean> {
    // One synchronous transaction: nothing else runs between the count and the insert.
    return this.db.transaction(() => {
      const { n } = preparedOnce(
        this.db,
        'SELECT COUNT(*) AS n FROM api_keys WHERE user_id = ? AND active = 1',
      ).get(key.userId) as { n: number };
      if (n >= maxActive) return false;
      this.insertRow(key);
      return true;
    })();
  }

  private insertRow(key: ApiKey): void {
    try {
      preparedOnce(
        this.db,
        `INSERT INTO api_keys (id, user_id, name, description, graph_id, key_hash, display_prefix, active,
             permissions, created_at, last_used_at, revoked_at, updated_at)
           VALUES (@id, @user_id, @name, @description, @graph_id, @key_hash, @display_prefix, @active,
             @permissions, @created_at, @last_used_at, @revoked_at, @updated_at)`,
      ).run(toRow(key));
    } catch (error) {
      if (isUniqueViolation(error)) throw new DuplicateApiKeyError();
      throw error;
    }
  }

  async listByUser(userId: string, options: { readonly activeOnly: boolean }): Promise<ApiKey[]> {
    const rows = preparedOnce(
      this.db,
      `SELECT * FROM api_keys WHERE user_id = ? ${options.activeOnly ? 'AND active = 1' : ''}
         ORDER BY created_at DESC, rowid DESC`,
    ).all(userId) as ApiKeyRow[];
    return rows.map(toApiKey);
  }

  async findByUser(userId: string, keyId: string): Promise<ApiKey | null> {
    return this.findRow(userId, keyId);
  }

  async findByHash(keyHash: string): Promise<ApiKey | null> {
    const row = preparedOnce(this.db, 'SELECT * FROM api_keys WHERE key_hash = ?').get(keyHash) as
      ApiKeyRow | undefined;
    return row ? toApiKey(row) : null;
  }

  async revoke(userId: string, keyId: string, at: Date): Promise<ApiKey | null> {
    return this.db.transaction(() => {
      preparedOnce(
        this.db,
        'UPDATE api_keys SET active = 0, revoked_at = ? WHERE id = ? AND user_id = ? AND active = 1',
      ).run(iso(at), keyId, userId);
      return this.findRow(userId, keyId);
    })();
  }

  async update(userId: string, keyId: string, changes: ApiKeyChanges, at: Date): Promise<ApiKey | null> {
    return this.db.transaction(() => {
      const sets = ['updated_at = @updated_at'];
      if (changes.name !== undefined) sets.push('name = @name');
      if (changes.description !== undefined) sets.push('description = @description');
      const { changes: updated } = preparedOnce(
        this.db,
        `UPDATE api_keys SET ${sets.join(', ')} WHERE id = @id AND user_id = @user_id AND active = 1`,
      ).run({
        id: keyId,
        user_id: userId,
        updated_at: iso(at),
        name: changes.name ?? null,
        description: changes.description ?? null,
      });
      return updated === 0 ? null : this.findRow(userId, keyId);
    })();
  }

  async recordUses(uses: readonly ApiKeyUse[]): Promise<void> {
    const statement = preparedOnce(
      this.db,
      `UPDATE api_keys SET last_used_at = @used_at
       WHERE id = @id AND user_id = @user_id AND (last_used_at IS NULL OR last_used_at < @used_at)`,
    );
    this.db.transaction(() => {
      for (const use of uses) statement.run({ id: use.keyId, user_id: use.userId, used_at: iso(use.usedAt) });
    })();
  }

  async deleteAllOfUser(userId: string): Promise<number> {
    return preparedOnce(this.db, 'DELETE FROM api_keys WHERE user_id = ?').run(userId).changes;
  }

  private findRow(userId: string, keyId: string): ApiKey | null {
    const row = preparedOnce(this.db, 'SELECT * FROM api_keys WHERE id = ? AND user_id = ?').get(
      keyId,
      userId,
    ) as ApiKeyRow | undefined;
    return row ? toApiKey(row) : null;
  }
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    userId: row.user_id,
    name: row.name,
    description: row.description,
    graphId: row.graph_id,
    keyHash: row.key_hash,
    displayPrefix: row.display_prefix,
    active: row.active === 1,
    permissions: JSON.parse(row.permissions) as ApiKeyPermission[],
    createdAt: new Date(row.created_at),
    lastUsedAt: date(row.last_used_at),
    revokedAt: date(row.revoked_at),
    updatedAt: date(row.updated_at),
  };
}

function toRow(key: ApiKey): ApiKeyRow {
  return {
    id: key.id,
    user_id: key.userId,
    name: key.name,
    description: key.description,
    graph_id: key.graphId,
    key_hash: key.keyHash,
    display_prefix: key.displayPrefix,
    active: key.active ? 1 : 0,
    permissions: JSON.stringify(key.permissions),
    created_at: key.createdAt.toISOString(),
    last_used_at: iso(key.lastUsedAt),
    revoked_at: iso(key.revokedAt),
    updated_at: iso(key.updatedAt),
  };
}
