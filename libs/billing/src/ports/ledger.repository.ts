import type { LedgerEntry, LedgerOutcome, NewLedgerEntry } from '../domain/ledger.js';

/** The ledger: append-only entries per user; the balance is their sum. */
export interface LedgerRepository {
  /**
   * Appends the entry atomically unless the user already has one with its idempotency key (then answers
   * `duplicate` with the stored one). An entry that would take the balance below zero is refused.
   */
  apply(entry: NewLedgerEntry): Promise<LedgerOutcome>;
  balance(userId: string): Promise<number>;
  findByKey(userId: string, idempotencyKey: string): Promise<LedgerEntry | null>;
  /** Newest first. */
  list(userId: string, limit: number, offset: number): Promise<{ entries: LedgerEntry[]; total: number }>;
  deleteByUser(userId: string): Promise<number>;
}
