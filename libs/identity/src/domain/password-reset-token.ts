/** A single-use password reset token; only its SHA-256 hash is stored. */
export interface PasswordResetToken {
  readonly tokenHash: string;
  readonly userId: string;
  readonly createdAt: Date;
  readonly expiresAt: Date;
  readonly usedAt: Date | null;
}
