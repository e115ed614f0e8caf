import type { KeySpend, KeySpendCap, UsageEntry, UsageRefusal, UsageRow } from '../domain/usage.js';

export interface UsageDecision {
  readonly allowed: boolean;
  readonly reason: UsageRefusal | null;
  readonly chargedCents: number;
  readonly conversation: boolean;
}

export interface UsageOutcome {
  readonly tokens: number;
  readonly tokenCostMicrocents: number;
  readonly succeeded: boolean;
  /** What stays charged (0 when a failed call's charge was given back). */
  readonly chargedCents: number;
  readonly conversation: boolean;
}

/** The `api_usage` log and the per-key spend caps, every method scoped by the user's id. */
export interface UsageRepository {
  /**
   * Starts the entry of a metered call unless the user has one with its idempotency key; `created` is false
   * (and the stored entry returned) for a repeat.
   */
  begin(entry: UsageEntry): Promise<{ created: boolean; entry: UsageEntry }>;
  /**
   * Creates each entry its user has none with its idempotency key of (a repeat changes nothing), all at once
   * (one transaction where the store has them); answers how many were created. Nothing is read back.
   */
  createMany(entries: readonly UsageEntry[]): Promise<number>;
  /** The entry of a metered call by its idempotency key, or null (a read: nothing is created). */
  find(userId: string, idempotencyKey: string): Promise<UsageEntry | null>;
  /** The authorization's outcome. */
  decide(userId: string, idempotencyKey: string, decision: UsageDecision): Promise<void>;
  /** The call's outcome, once: `first` is false when it was recorded before (nothing changed). */
  record(
    userId: string,
    idempotencyKey: string,
    outcome: UsageOutcome,
  ): Promise<{ first: boolean; entry: UsageEntry } | null>;
  /** Allowed and succeeded calls by day (UTC) and endpoint, `from` inclusive, `to` exclusive. */
  summary(userId: string, from: Date, to: Date): Promise<UsageRow[]>;
  /** Micro-cents spent per key since `from` (charges and tokens). */
  spendByKey(userId: string, from: Date): Promise<KeySpend>;
  setCap(userId: string, keyId: string, capCents: number | null): Promise<void>;
  caps(userId: string): Promise<KeySpendCap[]>;
  deleteByUser(userId: string): Promise<{ usage: number; caps: number }>;
}
