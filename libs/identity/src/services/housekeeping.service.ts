import { Inject, Injectable } from '@nestjs/common';
import {
  ACCESS_REVOCATION_REPOSITORY,
  type AccessRevocationRepository,
} from '../ports/access-revocation.repository.js';
import { ATTEMPT_REPOSITORY, type AttemptRepository } from '../ports/attempt.repository.js';
import { CLOCK, type Clock } from '@membolt/platform';
import { OIDC_REQUEST_REPOSITORY, type OidcRequestRepository } from '../ports/oidc-request.repository.js';
import {
  PASSWORD_RESET_TOKEN_REPOSITORY,
  type PasswordResetTokenRepository,
} from '../ports/password-reset-token.repository.js';
import { SESSION_REPOSITORY, type SessionRepository } from '../ports/session.repository.js';

const PURGE_EVERY_MS = 10 * 60_000;

/** Removes expired sessions, tokens, OIDC requests and counters, at most every ten minutes. */
@Injectable()
export class HousekeepingService {
  private lastPurgeAt = Number.NEGATIVE_INFINITY;

  constructor(
    @Inject(SESSION_REPOSITORY) private readonly sessions: SessionRepository,
    @Inject(PASSWORD_RESET_TOKEN_REPOSITORY) private readonly resetTokens: PasswordResetTokenRepository,
    @Inject(OIDC_REQUEST_REPOSITORY) private readonly oidcRequests: OidcRequestRepository,
    @Inject(ATTEMPT_REPOSITORY) private readonly attempts: AttemptRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ACCESS_REVOCATION_REPOSITORY) private readonly revocations: AccessRevocationRepository,
  ) {}

  async purgeIfDue(): Promise<void> {
    const now = this.clock.now();
    if (now.getTime() - this.lastPurgeAt < PURGE_EVERY_MS) return;
    this.lastPurgeAt = now.getTime();
    await this.sessions.purgeExpired(now);
    await this.resetTokens.purgeExpired(now);
    await this.oidcRequests.purgeExpired(now);
    await this.attempts.purgeExpired(now);
    await this.revocations.purgeExpired(now);
  }
}
