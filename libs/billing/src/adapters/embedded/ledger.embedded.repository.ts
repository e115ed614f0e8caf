import type { LedgerEntryKind } from '@membolt/contracts';
import { type EmbeddedDatabase, preparedOnce, sqlitePage } from '@membolt/embedded-store';
import { randomUUID } from 'node:crypto';
import type { LedgerEntry, LedgerOutcome, NewLedgerEntry } from '../../domain/ledger.js';
import type { LedgerRepository } from '../../ports/ledger.repository.js';

interface LedgerRow {
  id: string;
  user_id: string;
  kind: string;
  amount_cents: number;
  balance_after_cents: number;
  description: string;
  idempotency_key: string;
  created_at: string;
}

export class LedgerEmbeddedRepository implements LedgerRepository {
  constructor(private readonly db: EmbeddedDatabase) {}

  async apply(entry: NewLedgerEntry): Promise<LedgerOutcome> {
    // IMMEDIATE: the write lock is taken before the balance is read, so two processes on one file (two
    // replicas) cannot both read the same balance and both spend it.
    return this.db
      .transaction((): LedgerOutcome => {
        const existing = this.find(entry.userId, entry.idempotencyKey);
        if (existing) return { status: 'duplicate', entry: existing };
        const balanceCents = this.sum(entry.userId);
        const after = balanceCents + entry.amountCents;
        if (after < 0) return { status: 'insufficient_balance', balanceCents };
        const row: LedgerRow = {
          id: randomUUID(),
          user_id: entry.userId,
          kind: entry.kind,
          amount_cents: entry.amountCents,
          balance_after_cents: after,
          description: entry.description,
          idempotency_key: entry.idempotencyKey,
          created_at: entry.createdAt.toISOString(),
        };
        preparedOnce(
          this.db,
          `INSERT INTO billing_ledger (id, user_id, kind, amount_cents, balance_after_cents, description,
               idempotency_key, created_at)
             VALUES (@id, @user_id, @kind, @amount_cents, @balance_after_cents, @description, @idempotency_key,
               @created_at)`,
        ).run(row);
        return { status: 'applied', entry: toEntry(row) };
      })
      .immediate();
  }

  async balance(userId: string): Promise<number> {
    return this.sum(userId);
  }

  async findByKey(userId: string, idempotencyKey: string): Promise<LedgerEntry | null> {
    return this.find(userId, idempotencyKey);
  }

  async list(
    userId: string,
    limit: number,
    offset: number,
  ): Promise<{ entries: LedgerEntry[]; total: number }> {
    const rows = preparedOnce(
      this.db,
      'SELECT * FROM billing_ledger WHERE user_id = ? ORDER BY seq DESC LIMIT ? OFFSET ?',
    ).all(userId, ...sqlitePage(limit, offset)) as LedgerRow[];
    const { total } = preparedOnce(
      this.db,
      'SELECT COUNT(*) AS total FROM billing_ledger WHERE user_id = ?',
    ).get(userId) as { total: number };
    return { entries: rows.map(toEntry), total };
  }

  async deleteByUser(userId: string): Promise<number> {
    return preparedOnce(this.db, 'DELETE FROM billing_ledger WHERE user_id = ?').run(userId).changes;
  }

  private sum(userId: string): number {
    return (
      preparedOnce(
        this.db,
        'SELECT COALESCE(SUM(amount_cents), 0) AS balance FROM billing_ledger WHERE user_id = ?',
      ).get(userId) as { balance: number }
    ).balance;
  }

  private find(userId: string, idempotencyKey: string): LedgerEntry | null {
    const row = preparedOnce(
      this.db,
      'SELECT * FROM billing_ledger WHERE user_id = ? AND idempotency_key = ?',
    ).get(userId, idempotencyKey) as LedgerRow | undefined;
    return row ? toEntry(row) : null;
  }
}

function toEntry(row: LedgerRow): LedgerEntry {
  return {
    id: row.id,
    userId: row.user_id,
    kind: row.kind as LedgerEntryKind,
    amountCents: row.amount_cents,
    balanceAfterCents: row.balance_after_cents,
    description: row.description,
    idempotencyKey: row.idempotency_key,
    createdAt: new Date(row.created_at),
  };
}
