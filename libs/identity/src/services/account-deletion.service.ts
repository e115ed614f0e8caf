import { Inject, Injectable, Logger } from '@nestjs/common';
import { USER_DATA_SERVICES, type UserDataDeletionView, type UserDataService } from '@membolt/contracts';
import { IDENTITY_STORE, type IdentityStore } from '../ports/identity-store.js';
import type { DeletionReceipt } from '../domain/deletion-receipt.js';
import { deletionStepKind, SETUP_STEP_KINDS } from '../domain/outbox-step.js';
import { ACCOUNT_SERVICES, type AccountServices } from '../ports/account-services.js';
import { CLOCK, type Clock } from '@membolt/platform';
import { userNotFound } from '../identity.errors.js';
import { AccessRevocationService } from './access-revocation.service.js';
import { RateLimiter, RateLimitKeys } from './rate-limiter.js';

/**
 * Delete Account: every service removes the user's data, then identity removes the account itself. A
 * service that cannot be reached gets a durable outbox step, retried until it confirms; the receipt lists
 * it as pending.
 */
@Injectable()
export class AccountDeletionService {
  private readonly logger = new Logger('IdentityDeletion');

  constructor(
    @Inject(IDENTITY_STORE) private readonly store: IdentityStore,
    @Inject(ACCOUNT_SERVICES) private readonly accountServices: AccountServices,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly limiter: RateLimiter,
    private readonly revocations: AccessRevocationService,
  ) {}

  async deleteAccount(userId: string): Promise<DeletionReceipt> {
    const user = await this.store.users.findById(userId);
    if (!user) throw userNotFound();
    const now = this.clock.now();
    // From here on the account cannot sign in or refresh, even if a later step fails (a retry resumes).
    if (!user.deletedAt) await this.store.users.update(userId, { deletedAt: now });
    const sessions = await this.store.sessions.revokeAllForUser(userId);
    // Every access token of the account is refused by every BFF from now on, whatever its session.
    await this.revocations.revokeUser(userId, now);
    // Sign-up steps still pending would create data that is being deleted.
    const setupSteps = await this.store.outbox.remove(userId, SETUP_STEP_KINDS);

    const services: UserDataDeletionView[] = [];
    const pending: UserDataService[] = [];
    for (const service of USER_DATA_SERVICES) {
      try {
        services.push(await this.accountServices.deleteUserData(userId, service));
      } catch (error) {
        this.logger.warn(
          `User data of ${userId} not deleted in ${service} yet, will retry: ${error instanceof Error ? error.message : String(error)}`,
        );
        pending.push(service);
      }
    }
    await this.store.outbox.add(userId, pending.map(deletionStepKind), now);
    // Steps left by an earlier, interrupted deletion for services that have confirmed now.
    const confirmed = USER_DATA_SERVICES.filter((service) => !pending.includes(service));
    await this.store.outbox.remove(userId, confirmed.map(deletionStepKind));

    const passwordResetTokens = await this.store.resetTokens.deleteAllForUser(userId);
    const rateLimitEntries =
      (await this.limiter.clear(RateLimitKeys.signInByAccount(user.email))) +
      (await this.limiter.clear(RateLimitKeys.resetMailByAccount(user.email)));
    const portalEntries = await this.store.portal.deleteAllForUser(userId);
    const users = await this.store.users.delete(userId);
    this.logger.log(`Account ${userId} deleted${pending.length ? `; pending in ${pending.join(', ')}` : ''}`);
    return {
      userId,
      deletedAt: now,
      services: [
        ...services,
        {
          service: 'identity',
          removed: {
            users,
            sessions,
            passwordResetTokens,
            rateLimitEntries,
            outboxSteps: setupSteps,
            portalEntries,
          },
        },
      ],
      pending,
    };
  }
}
