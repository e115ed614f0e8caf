import type { MemoryGraph, User } from './user.js';

/** A session is a refresh-token family: every rotation adds a token to the same family (same `id`). */
export interface Session {
  readonly id: string;
  readonly userId: string;
  /** "Remember me": 30 days, else 24 hours (and browser-session cookies at the edge). */
  readonly persistent: boolean;
  readonly createdAt: Date;
  readonly lastUsedAt: Date;
  /** Slides forward on every rotation. */
  readonly expiresAt: Date;
}

/** One refresh token of a family; only its SHA-256 hash is stored. */
export interface RefreshToken {
  readonly tokenHash: string;
  readonly sessionId: string;
  readonly userId: string;
  readonly issuedAt: Date;
  readonly expiresAt: Date;
  /** Set when the token was exchanged for the next one; presenting it again means it was stolen. */
  readonly usedAt: Date | null;
}

/**
 * What signing up, signing in or refreshing hands the client: the account and its fresh credentials. The
 * tokens are secrets the client must hold, so this result, unlike a stored entity, crosses the bus whole
 * (as a `SessionView`: dates become ISO strings, the user becomes a `UserView`).
 */
export interface IssuedSession {
  readonly user: User & { readonly memoryGraph: MemoryGraph };
  readonly accessToken: string;
  readonly accessTokenExpiresAt: Date;
  readonly refreshToken: string;
  readonly refreshTokenExpiresAt: Date;
  readonly persistent: boolean;
  /** Set by a password sign-in: marks the browser as a known device of the account. */
  readonly deviceToken?: string;
}
