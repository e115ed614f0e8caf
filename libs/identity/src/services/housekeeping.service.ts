import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '@membolt/platform';
import { IDENTITY_STORE, type IdentityStore } from '../ports/identity-store.js';

const PURGE_EVERY_MS = 10 * 60_000;

/** Removes expired sessions, tokens, OIDC requests and counters, at most every ten minutes. */
@Injectable()
export class HousekeepingService {
  private lastPurgeAt = Number.NEGATIVE_INFINITY;

  constructor(
    @Inject(IDENTITY_STORE) private readonly store: IdentityStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async purgeIfDue(): Promise<void> {
    const now = this.clock.now();
    if (now.getTime() - this.lastPurgeAt < PURGE_EVERY_MS) return;
    this.lastPurgeAt = now.getTime();
    await this.store.sessions.purgeExpired(now);
    await this.store.resetTokens.purgeExpired(now);
    await this.store.oidcRequests.purgeExpired(now);
    await this.store.attempts.purgeExpired(now);
    await this.store.revocations.purgeExpired(now);
  }
}
