import type { EmbeddedDatabase } from '@membolt/embedded-store';
import type { RefreshToken, Session } from '../../domain/session.js';
import type { SessionRepository } from '../../ports/session.repository.js';

interface SessionRow {
  id: string;
  user_id: string;
  persistent: number;
  created_at: number;
  last_used_at: number;
  expires_at: number;
}

interface TokenRow {
  token_hash: string;
  session_id: string;
  user_id: string;
  issued_at: number;
  expires_at: number;
  used_at: number | null;
}

export class SessionEmbeddedRepository implements SessionRepository {
  constructor(private readonly db: EmbeddedDatabase) {}

  async create(userId: string, session: Session, firstToken: RefreshToken): Promise<void> {
    this.db.transaction(() => {
      this.db
        .prepare(
          'INSERT INTO identity_sessions (id, user_id, persistent, created_at, last_used_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
        )
        .run(
          session.id,
          userId,
          session.persistent ? 1 : 0,
          session.createdAt.getTime(),
          session.lastUsedAt.getTime(),
          session.expiresAt.getTime(),
        );
      this.insertToken(userId, firstToken);
    })();
  }

  async findByTokenHash(tokenHash: string): Promise<{ session: Session; token: RefreshToken } | null> {
    const token = this.db
      .prepare('SELECT * FROM identity_refresh_tokens WHERE token_hash = ?')
      .get(tokenHash) as TokenRow | undefined;
    if (!token) return null;
    const session = this.db
      .prepare('SELECT * FROM identity_sessions WHERE id = ? AND user_id = ?')
      .get(token.session_id, token.user_id) as SessionRow | undefined;
    return session ? { session: toSession(session), token: toToken(token) } : null;
  }

  async rotate(
    userId: string,
    sessionId: string,
    usedTokenHash: string,
    next: RefreshToken,
  ): Promise<boolean> {
    return this.db
      .transaction(() => {
        const marked = this.db
          .prepare(
            'UPDATE identity_refresh_tokens SET used_at = ? WHERE token_hash = ? AND session_id = ? AND user_id = ? AND used_at IS NULL',
          )
          .run(next.issuedAt.getTime(), usedTokenHash, sessionId, userId).changes;
        if (marked !== 1) return false;
        // The token's session exists (foreign key with cascading delete), so the slide always applies.
        this.db
          .prepare(
            'UPDATE identity_sessions SET last_used_at = ?, expires_at = ? WHERE id = ? AND user_id = ?',
          )
          .run(next.issuedAt.getTime(), next.expiresAt.getTime(), sessionId, userId);
        this.insertToken(userId, { ...next, sessionId });
        return true;
      })
      .immediate();
  }

  async revoke(userId: string, sessionId: string): Promise<number> {
    return this.db
      .prepare('DELETE FROM identity_sessions WHERE id = ? AND user_id = ?')
      .run(sessionId, userId).changes;
  }

  async revokeAllForUser(userId: string, exceptSessionId?: string): Promise<number> {
    return this.db
      .prepare('DELETE FROM identity_sessions WHERE user_id = ? AND id IS NOT ?')
      .run(userId, exceptSessionId ?? null).changes;
  }

  async listForUser(userId: string): Promise<Session[]> {
    const rows = this.db
      .prepare('SELECT * FROM identity_sessions WHERE user_id = ? ORDER BY created_at, id')
      .all(userId) as SessionRow[];
    return rows.map(toSession);
  }

  async purgeExpired(now: Date): Promise<number> {
    return this.db.transaction(() => {
      const sessions = this.db
        .prepare('DELETE FROM identity_sessions WHERE expires_at <= ?')
        .run(now.getTime()).changes;
      this.db.prepare('DELETE FROM identity_refresh_tokens WHERE expires_at <= ?').run(now.getTime());
      return sessions;
    })();
  }

  private insertToken(userId: string, token: RefreshToken): void {
    this.db
      .prepare(
        'INSERT INTO identity_refresh_tokens (token_hash, session_id, user_id, issued_at, expires_at, used_at) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(
        token.tokenHash,
        token.sessionId,
        userId,
        token.issuedAt.getTime(),
        token.expiresAt.getTime(),
        token.usedAt?.getTime() ?? null,
      );
  }
}

function toSession(row: SessionRow): Session {
  return {
    id: row.id,
    userId: row.user_id,
    persistent: row.persistent === 1,
    createdAt: new Date(row.created_at),
    lastUsedAt: new Date(row.last_used_at),
    expiresAt: new Date(row.expires_at),
  };
}

function toToken(row: TokenRow): RefreshToken {
  return {
    tokenHash: row.token_hash,
    sessionId: row.session_id,
    userId: row.user_id,
    issuedAt: new Date(row.issued_at),
    expiresAt: new Date(row.expires_at),
    usedAt: row.used_at === null ? null : new Date(row.used_at),
  };
}
