import type { MeteredEndpoint, SubscriptionReason } from '@membolt/contracts';

export type UsageRefusal = SubscriptionReason | 'spend_cap_reached';

/** One `api_usage` entry: a metered call, from its authorization to its record. */
export interface UsageEntry {
  readonly userId: string;
  readonly idempotencyKey: string;
  readonly at: Date;
  readonly endpoint: MeteredEndpoint;
  readonly method: string;
  readonly keyId: string | null;
  /** The authorization's outcome: null while it is being decided. */
  readonly allowed: boolean | null;
  readonly reason: UsageRefusal | null;
  readonly chargedCents: number;
  /** This call started a conversation (counted against the monthly limit). */
  readonly conversation: boolean;
  readonly tokens: number;
  readonly tokenCostMicrocents: number;
  /** Set once the call's outcome is recorded. */
  readonly recorded: boolean;
  readonly succeeded: boolean | null;
}

/** The call an authorization starts an entry for. */
export type UsageCall = Pick<
  UsageEntry,
  'userId' | 'idempotencyKey' | 'at' | 'endpoint' | 'method' | 'keyId'
>;

/** An entry as authorization starts it: undecided, nothing charged or recorded yet. */
export function startedUsageEntry(call: UsageCall): UsageEntry {
  return {
    ...call,
    allowed: null,
    reason: null,
    chargedCents: 0,
    conversation: false,
    tokens: 0,
    tokenCostMicrocents: 0,
    recorded: false,
    succeeded: null,
  };
}

export interface UsageRow {
  readonly day: string;
  readonly endpoint: string;
  readonly calls: number;
  readonly conversations: number;
  readonly tokens: number;
  /** Everything priced: the charges plus the tokens' price (reported, never taken from the balance). */
  readonly costMicrocents: number;
  /** What was really taken from the balance, in cents (pay-per-use calls; 0 on every other plan). */
  readonly chargedCents: number;
}

/** What a key spent in a period, in micro-cents (charges plus tokens' price), per key. */
export type KeySpend = ReadonlyMap<string, number>;

export interface KeySpendCap {
  readonly keyId: string;
  readonly capCents: number;
}
