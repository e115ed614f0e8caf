/**
 * Counted events for rate limits (failed sign-ins per account and per address, reset mails per account),
 * kept in the identity store so every replica sees the same counts. Keys are built by the service.
 */
export interface AttemptRepository {
  record(key: string, at: Date, expiresAt: Date): Promise<void>;
  countSince(key: string, since: Date): Promise<number>;
  clear(key: string): Promise<number>;
  purgeExpired(now: Date): Promise<number>;
}

export const ATTEMPT_REPOSITORY = Symbol('ATTEMPT_REPOSITORY');
