import { Inject, Injectable, Logger } from '@nestjs/common';
import { AccessTokens } from '@membolt/auth-tokens';
import type { SignInRequest } from '@membolt/contracts';
import { randomUUID } from 'node:crypto';
import { IDENTITY_STORE, type IdentityStore } from '../ports/identity-store.js';
import { DeviceTokens } from '../domain/device-tokens.js';
import { hashSecretToken, newSecretToken } from '../domain/secret-tokens.js';
import type { IssuedSession } from '../domain/session.js';
import type { AccessRevocationRecord } from '../ports/access-revocation.repository.js';
import { IDENTITY_SETTINGS, type IdentitySettings } from '../identity.options.js';
import { CLOCK, type Clock } from '@membolt/platform';
import { PASSWORD_HASHER, type PasswordHasher } from '../ports/password-hasher.js';
import {
  invalidCredentials,
  sessionExpired,
  tooManySignInAttempts,
  userNotFound,
} from '../identity.errors.js';
import { AccessRevocationService } from './access-revocation.service.js';
import { RateLimiter, RateLimitKeys } from './rate-limiter.js';
import { type ActiveUser, UserDirectory } from './user-directory.service.js';

/**
 * Sessions: short-lived access tokens (JWT) and rotating refresh tokens grouped in families. A refresh token
 * is exchanged once; presenting a used one means it leaked, and the whole family is revoked.
 */
@Injectable()
export class SessionService {
  private readonly logger = new Logger('IdentitySessions');
  private dummyHash: Promise<string> | null = null;
  private readonly devices: DeviceTokens;

  constructor(
    @Inject(IDENTITY_STORE) private readonly store: IdentityStore,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(IDENTITY_SETTINGS) private readonly settings: IdentitySettings,
    private readonly accessTokens: AccessTokens,
    private readonly directory: UserDirectory,
    private readonly limiter: RateLimiter,
    private readonly revocations: AccessRevocationService,
  ) {
    this.devices = new DeviceTokens(settings.accessTokenSecret);
  }

  /**
   * Password sign-in, throttled so that guessing is slow without letting anyone lock the owner out
   * (docs/decisions/017-sign-in-throttling-and-password-policy.md): failures count per (account, address) pair with exponential backoff; a known
   * device (a valid device token for this account) has its own backoff and is exempt from the account-wide
   * ceiling and the per-address limit, which only other browsers' failures can fill.
   */
  async signIn(request: SignInRequest): Promise<IssuedSession> {
    const { limits } = this.settings;
    const deviceId = this.devices.verify(request.deviceToken, request.email);
    const address = request.clientAddress ?? 'unknown';
    const accountKey = RateLimitKeys.signInByAccount(request.email);
    const addressKey = request.clientAddress ? RateLimitKeys.signInByAddress(request.clientAddress) : null;
    const attemptKey = deviceId
      ? RateLimitKeys.signInByDevice(deviceId)
      : RateLimitKeys.signInByPair(request.email, address);
    const accountRule = { limit: limits.signInFailuresPerAccount, windowMs: limits.signInAccountWindowMs };
    const addressRule = { limit: limits.signInFailuresPerAddress, windowMs: limits.signInWindowMs };
    const attemptRule = { limit: limits.signInFreeFailures, windowMs: limits.signInPairWindowMs };

    const waitUntil = await this.limiter.backoffUntil(attemptKey, {
      windowMs: limits.signInPairWindowMs,
      free: limits.signInFreeFailures,
      baseMs: limits.signInBackoffBaseMs,
      maxMs: limits.signInBackoffMaxMs,
    });
    if (
      waitUntil ||
      (!deviceId &&
        ((await this.limiter.isLimited(accountKey, accountRule)) ||
          (addressKey && (await this.limiter.isLimited(addressKey, addressRule)))))
    ) {
      throw tooManySignInAttempts();
    }

    const stored = await this.store.users.findByEmail(request.email);
    const candidate = stored && !stored.deletedAt && stored.passwordHash ? stored : null;
    // Unknown accounts cost a hash verification too, so timing does not tell which e-mails are registered.
    const valid = await this.hasher.verify(
      candidate?.passwordHash ?? (await this.dummyPasswordHash()),
      request.password,
    );
    if (!candidate || !valid) {
      await this.limiter.hit(attemptKey, attemptRule);
      await this.limiter.hit(accountKey, accountRule);
      if (addressKey) await this.limiter.hit(addressKey, addressRule);
      throw invalidCredentials();
    }
    // The account-wide count stays: it measures guessing from elsewhere, which this success does not end.
    await this.limiter.clear(attemptKey);
    const user = await this.directory.update(candidate.id, { lastActiveAt: this.clock.now() });
    const session = await this.issue(user, request.remember);
    return {
      ...session,
      deviceToken: deviceId && request.deviceToken ? request.deviceToken : this.devices.issue(user.email),
    };
  }

  /** Starts a new session (family) for a signed-in user. */
  async issue(user: ActiveUser, persistent: boolean): Promise<IssuedSession> {
    const now = this.clock.now();
    const sessionId = randomUUID();
    const refreshToken = newSecretToken();
    const expiresAt = new Date(now.getTime() + this.lifetimeMs(persistent));
    await this.store.sessions.create(
      user.id,
      { id: sessionId, userId: user.id, persistent, createdAt: now, lastUsedAt: now, expiresAt },
      {
        tokenHash: hashSecretToken(refreshToken),
        sessionId,
        userId: user.id,
        issuedAt: now,
        expiresAt,
        usedAt: null,
      },
    );
    return this.issued(user, sessionId, refreshToken, expiresAt, persistent, now);
  }

  async refresh(refreshToken: string): Promise<IssuedSession> {
    const now = this.clock.now();
    const found = await this.store.sessions.findByTokenHash(hashSecretToken(refreshToken));
    if (!found) throw sessionExpired();
    const { session, token } = found;
    if (token.usedAt) {
      this.logger.warn(
        `Refresh token reused in session ${session.id} of user ${session.userId}: session revoked`,
      );
      await this.end(session.userId, session.id);
      throw sessionExpired();
    }
    if (token.expiresAt.getTime() <= now.getTime() || session.expiresAt.getTime() <= now.getTime()) {
      throw sessionExpired();
    }
    const user = await this.directory.find(session.userId);
    if (!user) {
      await this.end(session.userId, session.id);
      throw userNotFound();
    }
    const next = newSecretToken();
    const expiresAt = new Date(now.getTime() + this.lifetimeMs(session.persistent));
    const rotated = await this.store.sessions.rotate(user.id, session.id, token.tokenHash, {
      tokenHash: hashSecretToken(next),
      sessionId: session.id,
      userId: user.id,
      issuedAt: now,
      expiresAt,
      usedAt: null,
    });
    if (!rotated) {
      // Another request exchanged the same token first: treated as reuse.
      this.logger.warn(
        `Concurrent reuse of a refresh token in session ${session.id} of user ${user.id}: session revoked`,
      );
      await this.end(user.id, session.id);
      throw sessionExpired();
    }
    const active = await this.directory.update(user.id, { lastActiveAt: now });
    return this.issued(active, session.id, next, expiresAt, session.persistent, session.createdAt);
  }

  /** Ends the session the token belongs to. Always accepted: an unknown token has nothing to end. */
  async signOut(refreshToken: string): Promise<void> {
    const found = await this.store.sessions.findByTokenHash(hashSecretToken(refreshToken));
    if (found) await this.end(found.session.userId, found.session.id);
  }

  /**
   * Revokes every session of the user, except `keepSessionId` when given, with their access tokens: a
   * password change or reset leaves no other device signed in, not even for the rest of a token's lifetime.
   */
  async revokeAll(userId: string, keepSessionId?: string): Promise<number> {
    const ended = (await this.store.sessions.listForUser(userId))
      .map((session) => session.id)
      .filter((id) => id !== keepSessionId);
    const removed = await this.store.sessions.revokeAllForUser(userId, keepSessionId);
    await this.revocations.revokeSessions(ended, this.clock.now());
    return removed;
  }

  /** The access-token revocations in force, for a BFF replica that starts. */
  listRevocations(): Promise<AccessRevocationRecord[]> {
    return this.revocations.listActive(this.clock.now());
  }

  /** Ends one session: its refresh tokens are deleted and its access tokens refused by every BFF. */
  private async end(userId: string, sessionId: string): Promise<void> {
    await this.store.sessions.revoke(userId, sessionId);
    await this.revocations.revokeSessions([sessionId], this.clock.now());
  }

  private lifetimeMs(persistent: boolean): number {
    return persistent ? this.settings.limits.persistentSessionMs : this.settings.limits.browserSessionMs;
  }

  private async issued(
    user: ActiveUser,
    sessionId: string,
    refreshToken: string,
    refreshTokenExpiresAt: Date,
    persistent: boolean,
    signedInAt: Date,
  ): Promise<IssuedSession> {
    const access = await this.accessTokens.sign(
      { sub: user.id, sid: sessionId, authTime: signedInAt },
      this.clock.now(),
    );
    return {
      user,
      accessToken: access.token,
      accessTokenExpiresAt: access.expiresAt,
      refreshToken,
      refreshTokenExpiresAt,
      persistent,
    };
  }

  private dummyPasswordHash(): Promise<string> {
    this.dummyHash ??= this.hasher.hash(randomUUID());
    return this.dummyHash;
  }
}
