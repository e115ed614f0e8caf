import type { Model, QueryFilter } from 'mongoose';
import type { RefreshToken, Session } from '../../domain/session.js';
import type { SessionRepository } from '../../ports/session.repository.js';
import type { RefreshTokenDocument, SessionDocument } from './identity.schemas.js';

export class SessionMongoRepository implements SessionRepository {
  constructor(
    private readonly sessions: Model<SessionDocument>,
    private readonly tokens: Model<RefreshTokenDocument>,
  ) {}

  async create(userId: string, session: Session, firstToken: RefreshToken): Promise<void> {
    await this.sessions.create({
      _id: session.id,
      userId,
      persistent: session.persistent,
      createdAt: session.createdAt,
      lastUsedAt: session.lastUsedAt,
      expiresAt: session.expiresAt,
    });
    await this.tokens.create(toTokenDocument(userId, firstToken));
  }

  async findByTokenHash(tokenHash: string): Promise<{ session: Session; token: RefreshToken } | null> {
    const token = await this.tokens.findById(tokenHash).lean<RefreshTokenDocument>().exec();
    if (!token) return null;
    const session = await this.sessions
      .findOne({ _id: token.sessionId, userId: token.userId })
      .lean<SessionDocument>()
      .exec();
    return session ? { session: toSession(session), token: toToken(token) } : null;
  }

  async rotate(
    userId: string,
    sessionId: string,
    usedTokenHash: string,
    next: RefreshToken,
  ): Promise<boolean> {
    // The conditional update is the single point of truth: of two concurrent rotations only one marks the token.
    const marked = await this.tokens
      .updateOne({ _id: usedTokenHash, sessionId, userId, usedAt: null }, { $set: { usedAt: next.issuedAt } })
      .exec();
    if (marked.modifiedCount !== 1) return false;
    const slid = await this.sessions
      .updateOne(
        { _id: sessionId, userId },
        { $set: { lastUsedAt: next.issuedAt, expiresAt: next.expiresAt } },
      )
      .exec();
    if (slid.matchedCount !== 1) return false;
    await this.tokens.create(toTokenDocument(userId, { ...next, sessionId }));
    return true;
  }

  async revoke(userId: string, sessionId: string): Promise<number> {
    return this.removeSessions({ _id: sessionId, userId }, { sessionId, userId });
  }

  async revokeAllForUser(userId: string, exceptSessionId?: string): Promise<number> {
    return exceptSessionId === undefined
      ? this.removeSessions({ userId }, { userId })
      : this.removeSessions(
          { userId, _id: { $ne: exceptSessionId } },
          { userId, sessionId: { $ne: exceptSessionId } },
        );
  }

  async listForUser(userId: string): Promise<Session[]> {
    const docs = await this.sessions
      .find({ userId })
      .sort({ createdAt: 1, _id: 1 })
      .lean<SessionDocument[]>()
      .exec();
    return docs.map(toSession);
  }

  async purgeExpired(now: Date): Promise<number> {
    return this.removeSessions({ expiresAt: { $lte: now } }, { expiresAt: { $lte: now } });
  }

  /** Deletes the matching sessions and refresh tokens; the number of sessions removed. */
  private async removeSessions(
    sessions: QueryFilter<SessionDocument>,
    tokens: QueryFilter<RefreshTokenDocument>,
  ): Promise<number> {
    const removed = (await this.sessions.deleteMany(sessions).exec()).deletedCount;
    await this.tokens.deleteMany(tokens).exec();
    return removed;
  }
}

function toTokenDocument(userId: string, token: RefreshToken): RefreshTokenDocument {
  return {
    _id: token.tokenHash,
    sessionId: token.sessionId,
    userId,
    issuedAt: token.issuedAt,
    expiresAt: token.expiresAt,
    usedAt: token.usedAt,
  };
}

function toSession(doc: SessionDocument): Session {
  return {
    id: doc._id,
    userId: doc.userId,
    persistent: doc.persistent,
    createdAt: doc.createdAt,
    lastUsedAt: doc.lastUsedAt,
    expiresAt: doc.expiresAt,
  };
}

function toToken(doc: RefreshTokenDocument): RefreshToken {
  return {
    tokenHash: doc._id,
    sessionId: doc.sessionId,
    userId: doc.userId,
    issuedAt: doc.issuedAt,
    expiresAt: doc.expiresAt,
    usedAt: doc.usedAt ?? null,
  };
}
