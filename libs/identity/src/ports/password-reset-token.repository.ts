import type { PasswordResetToken } from '../domain/password-reset-token.js';

export interface PasswordResetTokenRepository {
  /** Stores a new token for the user and invalidates the user's earlier unused ones. */
  issue(userId: string, token: Omit<PasswordResetToken, 'userId' | 'usedAt'>): Promise<void>;
  /** Marks the token used if it is unused and unexpired, atomically. Returns its user id, else null. */
  consume(tokenHash: string, now: Date): Promise<string | null>;
  deleteAllForUser(userId: string): Promise<number>;
  purgeExpired(now: Date): Promise<number>;
}
