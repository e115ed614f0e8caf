import type { EmbeddedDatabase } from '@membolt/embedded-store';
import type { PasswordResetToken } from '../../domain/password-reset-token.js';
import type { PasswordResetTokenRepository } from '../../ports/password-reset-token.repository.js';

export class PasswordResetTokenEmbeddedRepository implements PasswordResetTokenRepository {
  constructor(private readonly db: EmbeddedDatabase) {}

  async issue(userId: string, token: Omit<PasswordResetToken, 'userId' | 'usedAt'>): Promise<void> {
    this.db.transaction(() => {
      this.db
        .prepare('DELETE FROM identity_password_reset_tokens WHERE user_id = ? AND used_at IS NULL')
        .run(userId);
      this.db
        .prepare(
          'INSERT INTO identity_password_reset_tokens (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)',
        )
        .run(token.tokenHash, userId, token.createdAt.getTime(), token.expiresAt.getTime());
    })();
  }

  async consume(tokenHash: string, now: Date): Promise<string | null> {
    const row = this.db
      .prepare(
        'UPDATE identity_password_reset_tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ? RETURNING user_id',
      )
      .get(now.getTime(), tokenHash, now.getTime()) as { user_id: string } | undefined;
    return row?.user_id ?? null;
  }

  async deleteAllForUser(userId: string): Promise<number> {
    return this.db.prepare('DELETE FROM identity_password_reset_tokens WHERE user_id = ?').run(userId)
      .changes;
  }

  async purgeExpired(now: Date): Promise<number> {
    return this.db
      .prepare('DELETE FROM identity_password_reset_tokens WHERE expires_at <= ?')
      .run(now.getTime()).changes;
  }
}
