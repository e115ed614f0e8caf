/**
 * Counted events for rate limits (failed sign-ins per account and per address, reset mails per account),
 * kept in the identity store so every replica sees the same counts. Keys are built by the service.
 */
export interface AttemptSummary {
  readonly count: number;
  readonly latest: Date | null;
}

export interface AttemptRepository {
  record(key: string, at: Date, expiresAt: Date): Promise<void>;
  countSince(key: string, since: Date): Promise<number>;
  /**
   * Records an event and answers its rank among the key's events after `since`, in insertion order: the
   * first is 1. Concurrent callers get distinct ranks, so "rank <= limit" lets exactly `limit` through.
   */
  recordAndRank(key: string, at: Date, expiresAt: Date, since: Date): Promise<number>;
  /** How many events of the key happened after `since`, and when the latest of them did. */
  summarySince(key: string, since: Date): Promise<AttemptSummary>;
  clear(key: string): Promise<number>;
  purgeExpired(now: Date): Promise<number>;
}
