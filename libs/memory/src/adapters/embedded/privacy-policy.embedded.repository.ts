import { type EmbeddedDatabase, preparedOnce } from '@membolt/embedded-store';
import type { SensitiveKind } from '@membolt/contracts';
import type { PolicyActions, PrivacyPolicyRepository } from '../../ports/privacy-policy.repository.js';

/** Policies and counts in `memory.sqlite`; the account's own policy has key_id ''. */
export class PrivacyPolicyEmbeddedRepository implements PrivacyPolicyRepository {
  constructor(private readonly db: EmbeddedDatabase) {}

  async find(userId: string, keyId: string | null): Promise<PolicyActions | null> {
    // Read on every write (the account's policy and the key's): compiled once, not per call.
    const actions = preparedOnce(
      this.db,
      'SELECT actions FROM privacy_policies WHERE user_id = ? AND key_id = ?',
      'pluck',
    ).get(userId, keyId ?? '') as string | undefined;
    return actions === undefined ? null : (JSON.parse(actions) as PolicyActions);
  }

  async save(userId: string, keyId: string | null, actions: PolicyActions, at: Date): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO privacy_policies (user_id, key_id, actions, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (user_id, key_id) DO UPDATE SET actions = excluded.actions, updated_at = excluded.updated_at`,
      )
      .run(userId, keyId ?? '', JSON.stringify(actions), at.getTime());
  }

  async remove(userId: string, keyId: string): Promise<boolean> {
    return (
      this.db.prepare('DELETE FROM privacy_policies WHERE user_id = ? AND key_id = ?').run(userId, keyId)
        .changes > 0
    );
  }

  async keyOverrides(userId: string): Promise<ReadonlyArray<{ keyId: string; actions: PolicyActions }>> {
    const rows = this.db
      .prepare(
        `SELECT key_id, actions FROM privacy_policies WHERE user_id = ? AND key_id <> '' ORDER BY key_id`,
      )
      .all(userId) as Array<{ key_id: string; actions: string }>;
    return rows.map((row) => ({ keyId: row.key_id, actions: JSON.parse(row.actions) as PolicyActions }));
  }

  async countRedactions(userId: string, kinds: readonly SensitiveKind[]): Promise<void> {
    const add = this.db.prepare(
      `INSERT INTO redaction_counts (user_id, kind, count) VALUES (?, ?, 1)
       ON CONFLICT (user_id, kind) DO UPDATE SET count = count + 1`,
    );
    this.db.transaction(() => {
      for (const kind of kinds) add.run(userId, kind);
    })();
  }

  async redactionCounts(userId: string): Promise<Partial<Record<SensitiveKind, number>>> {
    const rows = this.db
      .prepare('SELECT kind, count FROM redaction_counts WHERE user_id = ?')
      .all(userId) as Array<{ kind: SensitiveKind; count: number }>;
    return Object.fromEntries(rows.map((row) => [row.kind, row.count]));
  }

  async deleteUser(userId: string): Promise<number> {
    return this.db.transaction(
      () =>
        this.db.prepare('DELETE FROM privacy_policies WHERE user_id = ?').run(userId).changes +
        this.db.prepare('DELETE FROM redaction_counts WHERE user_id = ?').run(userId).changes,
    )();
  }
}
