import { Inject, Injectable, Logger } from '@nestjs/common';
import { AccessTokens } from '@membolt/auth-tokens';
import { BusClient } from '@membolt/bus';
import { IdentitySubjects, MAX_REVOCATIONS_PER_EVENT } from '@membolt/contracts';
import { IDENTITY_STORE, type IdentityStore } from '../ports/identity-store.js';
import type { AccessRevocationRecord } from '../ports/access-revocation.repository.js';

/**
 * Access tokens are verified by the BFF without asking identity, so ending a session must also end its
 * access tokens there: each revocation is stored (a replica that starts late loads the ones in force) and
 * broadcast on `identity.sessions.revoked.v1` (every replica applies it at once). A revocation only has to
 * outlive the access tokens it covers, so it expires one access-token lifetime after it was made.
 */
@Injectable()
export class AccessRevocationService {
  private readonly logger = new Logger('IdentityRevocations');

  constructor(
    @Inject(IDENTITY_STORE) private readonly store: IdentityStore,
    private readonly accessTokens: AccessTokens,
    private readonly bus: BusClient,
  ) {}

  /** Ends every access token of these sessions. */
  revokeSessions(sessionIds: readonly string[], now: Date): Promise<void> {
    return this.revoke(sessionIds, [], now);
  }

  /** Ends every access token of the user, whatever the session (account deletion). */
  revokeUser(userId: string, now: Date): Promise<void> {
    return this.revoke([], [userId], now);
  }

  listActive(now: Date): Promise<AccessRevocationRecord[]> {
    return this.store.revocations.listActive(now);
  }

  purgeExpired(now: Date): Promise<number> {
    return this.store.revocations.purgeExpired(now);
  }

  private async revoke(sessionIds: readonly string[], userIds: readonly string[], now: Date): Promise<void> {
    if (sessionIds.length === 0 && userIds.length === 0) return;
    const expiresAt = new Date(now.getTime() + this.accessTokens.ttlSeconds * 1000);
    const records: AccessRevocationRecord[] = [
      ...sessionIds.map((id) => ({ kind: 'session' as const, id, expiresAt })),
      ...userIds.map((id) => ({ kind: 'user' as const, id, expiresAt })),
    ];
    // Stored first: if the broadcast is lost, a replica still learns it when it next loads the list.
    await this.store.revocations.add(records);
    for (let start = 0; start < sessionIds.length || start === 0; start += MAX_REVOCATIONS_PER_EVENT) {
      const event = {
        sessionIds: sessionIds.slice(start, start + MAX_REVOCATIONS_PER_EVENT),
        userIds: start === 0 ? [...userIds] : [],
        expiresAt: expiresAt.toISOString(),
      };
      try {
        await this.bus.emit(IdentitySubjects.accessRevoked, event);
      } catch (error) {
        this.logger.error(
          `Revocation of ${event.sessionIds.length} session(s) and ${event.userIds.length} user(s) not broadcast: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  }
}
