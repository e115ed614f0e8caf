import type { AccessRevocationKind } from '@membolt/contracts';
import type { EmbeddedDatabase } from '@membolt/embedded-store';
import type {
  AccessRevocationRecord,
  AccessRevocationRepository,
} from '../../ports/access-revocation.repository.js';

interface RevocationRow {
  kind: AccessRevocationKind;
  target_id: string;
  expires_at: number;
}

export class AccessRevocationEmbeddedRepository implements AccessRevocationRepository {
  constructor(private readonly db: EmbeddedDatabase) {}

  async add(revocations: readonly AccessRevocationRecord[]): Promise<void> {
    const upsert = this.db.prepare(
      `INSERT INTO identity_access_revocations (kind, target_id, expires_at) VALUES (?, ?, ?)
       ON CONFLICT (kind, target_id) DO UPDATE SET expires_at = MAX(expires_at, excluded.expires_at)`,
    );
    this.db.transaction(() => {
      for (const revocation of revocations) {
        upsert.run(revocation.kind, revocation.id, revocation.expiresAt.getTime());
      }
    })();
  }

  async listActive(now: Date): Promise<AccessRevocationRecord[]> {
    const rows = this.db
      .prepare(
        'SELECT * FROM identity_access_revocations WHERE expires_at > ? ORDER BY expires_at, kind, target_id',
      )
      .all(now.getTime()) as RevocationRow[];
    return rows.map((row) => ({ kind: row.kind, id: row.target_id, expiresAt: new Date(row.expires_at) }));
  }

  async purgeExpired(now: Date): Promise<number> {
    return this.db.prepare('DELETE FROM identity_access_revocations WHERE expires_at <= ?').run(now.getTime())
      .changes;
  }
}
