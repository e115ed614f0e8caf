import type { LedgerEntryKind } from '@membolt/contracts';

/** One ledger entry. The balance is the sum of a user's entries; no entry may take it below zero. */
export interface LedgerEntry {
  readonly id: string;
  readonly userId: string;
  readonly kind: LedgerEntryKind;
  readonly amountCents: number;
  readonly balanceAfterCents: number;
  readonly description: string;
  /** Unique per user: the same key is never applied twice. */
  readonly idempotencyKey: string;
  readonly createdAt: Date;
}

export type NewLedgerEntry = Omit<LedgerEntry, 'id' | 'balanceAfterCents'>;

/** What applying an entry did: applied now, already applied earlier (same key), or refused. */
export type LedgerOutcome =
  | { readonly status: 'applied'; readonly entry: LedgerEntry }
  | { readonly status: 'duplicate'; readonly entry: LedgerEntry }
  | { readonly status: 'insufficient_balance'; readonly balanceCents: number };
