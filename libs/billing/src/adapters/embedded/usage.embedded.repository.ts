import type { MeteredEndpoint } from '@membolt/contracts';
import { type EmbeddedDatabase, preparedOnce } from '@membolt/embedded-store';
import type { KeySpend, KeySpendCap, UsageEntry, UsageRefusal, UsageRow } from '../../domain/usage.js';
import type { UsageDecision, UsageOutcome, UsageRepository } from '../../ports/usage.repository.js';

interface UsageDbRow {
  user_id: string;
  idempotency_key: string;
  at: string;
  endpoint: string;
  method: string;
  key_id: string | null;
  allowed: number | null;
  reason: string | null;
  charged_cents: number;
  conversation: number;
  tokens: number;
  token_cost_microcents: number;
  recorded: number;
  succeeded: number | null;
}

const flag = (value: boolean | null): number | null => (value === null ? null : value ? 1 : 0);

export class UsageEmbeddedRepository implements UsageRepository {
  constructor(private readonly db: EmbeddedDatabase) {}

  async begin(entry: UsageEntry): Promise<{ created: boolean; entry: UsageEntry }> {
    const created = this.insertIfNew(entry);
    const stored = this.entryOf(entry.userId, entry.idempotencyKey);
    if (!stored) throw new Error(`Usage entry ${entry.idempotencyKey} vanished after its insert`);
    return { created, entry: stored };
  }

  async createMany(entries: readonly UsageEntry[]): Promise<number> {
    if (entries.length === 0) return 0;
    // One commit for the batch (an edge's outbox sends the calls of one turn of its loop together).
    return this.db.transaction(() => {
      let created = 0;
      for (const entry of entries) if (this.insertIfNew(entry)) created++;
      return created;
    })();
  }

  private insertIfNew(entry: UsageEntry): boolean {
    return (
      preparedOnce(
        this.db,
        `INSERT OR IGNORE INTO billing_usage (user_id, idempotency_key, at, endpoint, method, key_id, allowed,
             reason, charged_cents, conversation, tokens, token_cost_microcents, recorded, succeeded)
           VALUES (@user_id, @idempotency_key, @at, @endpoint, @method, @key_id, @allowed, @reason,
             @charged_cents, @conversation, @tokens, @token_cost_microcents, @recorded, @succeeded)`,
      ).run(toRow(entry)).changes === 1
    );
  }

  async decide(userId: string, idempotencyKey: string, decision: UsageDecision): Promise<void> {
    preparedOnce(
      this.db,
      `UPDATE billing_usage SET allowed = ?, reason = ?, charged_cents = ?, conversation = ?
         WHERE user_id = ? AND idempotency_key = ?`,
    ).run(
      decision.allowed ? 1 : 0,
      decision.reason,
      decision.chargedCents,
      decision.conversation ? 1 : 0,
      userId,
      idempotencyKey,
    );
  }

  async record(
    userId: string,
    idempotencyKey: string,
    outcome: UsageOutcome,
  ): Promise<{ first: boolean; entry: UsageEntry } | null> {
    const first =
      preparedOnce(
        this.db,
        `UPDATE billing_usage SET recorded = 1, tokens = ?, token_cost_microcents = ?, succeeded = ?,
             charged_cents = ?, conversation = ?
           WHERE user_id = ? AND idempotency_key = ? AND recorded = 0`,
      ).run(
        outcome.tokens,
        outcome.tokenCostMicrocents,
        outcome.succeeded ? 1 : 0,
        outcome.chargedCents,
        outcome.conversation ? 1 : 0,
        userId,
        idempotencyKey,
      ).changes === 1;
    const entry = this.entryOf(userId, idempotencyKey);
    return entry ? { first, entry } : null;
  }

  async summary(userId: string, from: Date, to: Date): Promise<UsageRow[]> {
    return preparedOnce(
      this.db,
      `SELECT substr(at, 1, 10) AS day, endpoint, COUNT(*) AS calls, SUM(conversation) AS conversations,
           SUM(tokens) AS tokens, SUM(charged_cents * 1000000 + token_cost_microcents) AS costMicrocents,
           SUM(charged_cents) AS chargedCents
         FROM billing_usage
         WHERE user_id = ? AND at >= ? AND at < ? AND allowed = 1 AND succeeded = 1
         GROUP BY day, endpoint ORDER BY day, endpoint`,
    ).all(userId, from.toISOString(), to.toISOString()) as UsageRow[];
  }

  async spendByKey(userId: string, from: Date): Promise<KeySpend> {
    const rows = preparedOnce(
      this.db,
      `SELECT key_id AS keyId, SUM(charged_cents * 1000000 + token_cost_microcents) AS spent
         FROM billing_usage
         WHERE user_id = ? AND key_id IS NOT NULL AND at >= ? AND allowed = 1
         GROUP BY key_id`,
    ).all(userId, from.toISOString()) as Array<{ keyId: string; spent: number }>;
    return new Map(rows.map((row) => [row.keyId, row.spent]));
  }

  async setCap(userId: string, keyId: string, capCents: number | null): Promise<void> {
    if (capCents === null) {
      preparedOnce(this.db, 'DELETE FROM billing_key_caps WHERE user_id = ? AND key_id = ?').run(
        userId,
        keyId,
      );
      return;
    }
    preparedOnce(
      this.db,
      `INSERT INTO billing_key_caps (user_id, key_id, cap_cents) VALUES (?, ?, ?)
         ON CONFLICT (user_id, key_id) DO UPDATE SET cap_cents = excluded.cap_cents`,
    ).run(userId, keyId, capCents);
  }

  async caps(userId: string): Promise<KeySpendCap[]> {
    return preparedOnce(
      this.db,
      'SELECT key_id AS keyId, cap_cents AS capCents FROM billing_key_caps WHERE user_id = ? ORDER BY key_id',
    ).all(userId) as KeySpendCap[];
  }

  async deleteByUser(userId: string): Promise<{ usage: number; caps: number }> {
    return this.db.transaction(() => ({
      usage: preparedOnce(this.db, 'DELETE FROM billing_usage WHERE user_id = ?').run(userId).changes,
      caps: preparedOnce(this.db, 'DELETE FROM billing_key_caps WHERE user_id = ?').run(userId).changes,
    }))();
  }

  async find(userId: string, idempotencyKey: string): Promise<UsageEntry | null> {
    return this.entryOf(userId, idempotencyKey);
  }

  private entryOf(userId: string, idempotencyKey: string): UsageEntry | null {
    const row = preparedOnce(
      this.db,
      'SELECT * FROM billing_usage WHERE user_id = ? AND idempotency_key = ?',
    ).get(userId, idempotencyKey) as UsageDbRow | undefined;
    return row ? toEntry(row) : null;
  }
}

function toEntry(row: UsageDbRow): UsageEntry {
  return {
    userId: row.user_id,
    idempotencyKey: row.idempotency_key,
    at: new Date(row.at),
    endpoint: row.endpoint as MeteredEndpoint,
    method: row.method,
    keyId: row.key_id,
    allowed: row.allowed === null ? null : row.allowed === 1,
    reason: row.reason as UsageRefusal | null,
    chargedCents: row.charged_cents,
    conversation: row.conversation === 1,
    tokens: row.tokens,
    tokenCostMicrocents: row.token_cost_microcents,
    recorded: row.recorded === 1,
    succeeded: row.succeeded === null ? null : row.succeeded === 1,
  };
}

function toRow(entry: UsageEntry): UsageDbRow {
  return {
    user_id: entry.userId,
    idempotency_key: entry.idempotencyKey,
    at: entry.at.toISOString(),
    endpoint: entry.endpoint,
    method: entry.method,
    key_id: entry.keyId,
    allowed: flag(entry.allowed),
    reason: entry.reason,
    charged_cents: entry.chargedCents,
    conversation: entry.conversation ? 1 : 0,
    tokens: entry.tokens,
    token_cost_microcents: entry.tokenCostMicrocents,
    recorded: entry.recorded ? 1 : 0,
    succeeded: flag(entry.succeeded),
  };
}
