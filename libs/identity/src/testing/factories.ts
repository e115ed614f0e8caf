import { randomUUID } from 'node:crypto';
import type { OidcRequest } from '../domain/oidc-request.js';
import { newUser, type User } from '../domain/user.js';
import type { RefreshToken, Session } from '../domain/session.js';
import { hashSecretToken, newSecretToken } from '../domain/secret-tokens.js';

let sequence = 0;

/** A new account with a unique e-mail; override any field. */
export function aUser(overrides: Partial<User> = {}, now = new Date('2030-01-15T09:00:00.000Z')): User {
  sequence++;
  const base = newUser({
    email: `user${sequence}-${randomUUID().slice(0, 8)}@example.com`,
    name: `User ${sequence}`,
    passwordHash: '$argon2id$v=19$m=1024,t=1,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo',
    googleSubject: null,
    now,
  });
  return { ...base, ...overrides };
}

export function aSession(
  userId: string,
  now: Date,
  lifetimeMs = 86_400_000,
  persistent = true,
): { session: Session; token: RefreshToken; secret: string } {
  const id = randomUUID();
  const secret = newSecretToken();
  const expiresAt = new Date(now.getTime() + lifetimeMs);
  return {
    session: { id, userId, persistent, createdAt: now, lastUsedAt: now, expiresAt },
    token: {
      tokenHash: hashSecretToken(secret),
      sessionId: id,
      userId,
      issuedAt: now,
      expiresAt,
      usedAt: null,
    },
    secret,
  };
}

export function aRefreshToken(session: Session, issuedAt: Date, lifetimeMs = 86_400_000): RefreshToken {
  return {
    tokenHash: hashSecretToken(newSecretToken()),
    sessionId: session.id,
    userId: session.userId,
    issuedAt,
    expiresAt: new Date(issuedAt.getTime() + lifetimeMs),
    usedAt: null,
  };
}

export function anOidcRequest(now: Date, lifetimeMs = 600_000): OidcRequest {
  return {
    state: newSecretToken(),
    nonce: newSecretToken(),
    codeVerifier: newSecretToken(),
    redirectUri: 'http://127.0.0.1:3000/auth/oidc/callback',
    remember: true,
    createdAt: now,
    expiresAt: new Date(now.getTime() + lifetimeMs),
  };
}
