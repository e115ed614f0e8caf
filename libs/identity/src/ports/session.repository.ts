import type { RefreshToken, Session } from '../domain/session.js';

export interface SessionRepository {
  create(userId: string, session: Session, firstToken: RefreshToken): Promise<void>;
  /** Looks a refresh token up by its hash (the token is the credential), with its session. */
  findByTokenHash(tokenHash: string): Promise<{ session: Session; token: RefreshToken } | null>;
  /**
   * Marks `usedTokenHash` used and adds `next` to the same session, sliding the session's expiry, in one
   * step. False (and nothing written) when the token was already used or the session is gone.
   */
  rotate(userId: string, sessionId: string, usedTokenHash: string, next: RefreshToken): Promise<boolean>;
  /** Deletes the session and all its tokens. Returns sessions removed (0 or 1). */
  revoke(userId: string, sessionId: string): Promise<number>;
  /** Deletes every session of the user except `exceptSessionId`. Returns sessions removed. */
  revokeAllForUser(userId: string, exceptSessionId?: string): Promise<number>;
  listForUser(userId: string): Promise<Session[]>;
  /** Deletes sessions and tokens past their expiry. */
  purgeExpired(now: Date): Promise<number>;
}
