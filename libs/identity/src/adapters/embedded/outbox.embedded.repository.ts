import type { EmbeddedDatabase } from '@membolt/embedded-store';
import type { OutboxStep, OutboxStepKind } from '../../domain/outbox-step.js';
import type { OutboxRepository } from '../../ports/outbox.repository.js';

interface OutboxRow {
  user_id: string;
  kind: string;
  created_at: number;
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
}

export class OutboxEmbeddedRepository implements OutboxRepository {
  constructor(private readonly db: EmbeddedDatabase) {}

  async add(userId: string, kinds: readonly OutboxStepKind[], now: Date): Promise<void> {
    const insert = this.db.prepare(
      'INSERT OR IGNORE INTO identity_outbox (user_id, kind, created_at, attempts, next_attempt_at) VALUES (?, ?, ?, 0, ?)',
    );
    this.db.transaction(() => {
      for (const kind of kinds) insert.run(userId, kind, now.getTime(), now.getTime());
    })();
  }

  async due(now: Date, limit: number): Promise<OutboxStep[]> {
    const rows = this.db
      .prepare(
        'SELECT * FROM identity_outbox WHERE next_attempt_at <= ? ORDER BY next_attempt_at, created_at LIMIT ?',
      )
      .all(now.getTime(), limit) as OutboxRow[];
    return rows.map(toStep);
  }

  async claim(userId: string, kind: OutboxStepKind, now: Date, leaseUntil: Date): Promise<OutboxStep | null> {
    const row = this.db
      .prepare(
        'UPDATE identity_outbox SET next_attempt_at = ? WHERE user_id = ? AND kind = ? AND next_attempt_at <= ? RETURNING *',
      )
      .get(leaseUntil.getTime(), userId, kind, now.getTime()) as OutboxRow | undefined;
    return row ? toStep(row) : null;
  }

  async complete(userId: string, kind: OutboxStepKind): Promise<void> {
    this.db.prepare('DELETE FROM identity_outbox WHERE user_id = ? AND kind = ?').run(userId, kind);
  }

  async reschedule(userId: string, kind: OutboxStepKind, nextAttemptAt: Date, error: string): Promise<void> {
    this.db
      .prepare(
        'UPDATE identity_outbox SET attempts = attempts + 1, next_attempt_at = ?, last_error = ? WHERE user_id = ? AND kind = ?',
      )
      .run(nextAttemptAt.getTime(), error, userId, kind);
  }

  async count(): Promise<number> {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM identity_outbox').get() as { n: number }).n;
  }

  async listForUser(userId: string): Promise<OutboxStep[]> {
    const rows = this.db
      .prepare('SELECT * FROM identity_outbox WHERE user_id = ? ORDER BY created_at, kind')
      .all(userId) as OutboxRow[];
    return rows.map(toStep);
  }

  async remove(userId: string, kinds: readonly OutboxStepKind[]): Promise<number> {
    const remove = this.db.prepare('DELETE FROM identity_outbox WHERE user_id = ? AND kind = ?');
    return this.db.transaction(() =>
      kinds.reduce((removed, kind) => removed + remove.run(userId, kind).changes, 0),
    )();
  }
}

function toStep(row: OutboxRow): OutboxStep {
  return {
    userId: row.user_id,
    kind: row.kind as OutboxStepKind,
    createdAt: new Date(row.created_at),
    attempts: row.attempts,
    nextAttemptAt: new Date(row.next_attempt_at),
    lastError: row.last_error,
  };
}
