import type { Model } from 'mongoose';
import type { PasswordResetToken } from '../../domain/password-reset-token.js';
import type { PasswordResetTokenRepository } from '../../ports/password-reset-token.repository.js';
import type { PasswordResetTokenDocument } from './identity.schemas.js';

export class PasswordResetTokenMongoRepository implements PasswordResetTokenRepository {
  constructor(private readonly tokens: Model<PasswordResetTokenDocument>) {}

  async issue(userId: string, token: Omit<PasswordResetToken, 'userId' | 'usedAt'>): Promise<void> {
    await this.tokens.deleteMany({ userId, usedAt: null }).exec();
    await this.tokens.create({
      _id: token.tokenHash,
      userId,
      createdAt: token.createdAt,
      expiresAt: token.expiresAt,
      usedAt: null,
    });
  }

  async consume(tokenHash: string, now: Date): Promise<string | null> {
    const doc = await this.tokens
      .findOneAndUpdate({ _id: tokenHash, usedAt: null, expiresAt: { $gt: now } }, { $set: { usedAt: now } })
      .lean<PasswordResetTokenDocument>()
      .exec();
    return doc?.userId ?? null;
  }

  async deleteAllForUser(userId: string): Promise<number> {
    return (await this.tokens.deleteMany({ userId }).exec()).deletedCount;
  }

  async purgeExpired(now: Date): Promise<number> {
    return (await this.tokens.deleteMany({ expiresAt: { $lte: now } }).exec()).deletedCount;
  }
}
