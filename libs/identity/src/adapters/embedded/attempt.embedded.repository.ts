import type { EmbeddedDatabase } from '@membolt/embedded-store';
import type { AttemptRepository, AttemptSummary } from '../../ports/attempt.repository.js';

export class AttemptEmbeddedRepository implements AttemptRepository {
  constructor(private readonly db: EmbeddedDatabase) {}

  async record(key: string, at: Date, expiresAt: Date): Promise<void> {
    this.db
      .prepare('INSERT INTO identity_attempts (key, at, expires_at) VALUES (?, ?, ?)')
      .run(key, at.getTime(), expiresAt.getTime());
  }

  async recordAndRank(key: string, at: Date, expiresAt: Date, since: Date): Promise<number> {
    const { lastInsertRowid } = this.db
      .prepare('INSERT INTO identity_attempts (key, at, expires_at) VALUES (?, ?, ?)')
      .run(key, at.getTime(), expiresAt.getTime());
    const row = this.db
      .prepare('SELECT COUNT(*) AS n FROM identity_attempts WHERE key = ? AND at > ? AND rowid <= ?')
      .get(key, since.getTime(), lastInsertRowid) as { n: number };
    return row.n;
  }

  async countSince(key: string, since: Date): Promise<number> {
    const row = this.db
      .prepare('SELECT COUNT(*) AS n FROM identity_attempts WHERE key = ? AND at > ?')
      .get(key, since.getTime()) as {
      n: number;
    };
    return row.n;
  }

  async summarySince(key: string, since: Date): Promise<AttemptSummary> {
    const row = this.db
      .prepare('SELECT COUNT(*) AS n, MAX(at) AS latest FROM identity_attempts WHERE key = ? AND at > ?')
      .get(key, since.getTime()) as { n: number; latest: number | null };
    return { count: row.n, latest: row.latest === null ? null : new Date(row.latest) };
  }

  async clear(key: string): Promise<number> {
    return this.db.prepare('DELETE FROM identity_attempts WHERE key = ?').run(key).changes;
  }

  async purgeExpired(now: Date): Promise<number> {
    return this.db.prepare('DELETE FROM identity_attempts WHERE expires_at <= ?').run(now.getTime()).changes;
  }
}
