import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  serviceUnavailable,
  USER_DATA_SERVICES,
  type UserDataDeletionView,
  type UserDataService,
} from '@membolt/contracts';
import { IDENTITY_STORE, type IdentityStore } from '../ports/identity-store.js';
import type { DeletionReceipt } from '../domain/deletion-receipt.js';
import { deletionStepKind, SETUP_STEP_KINDS } from '../domain/outbox-step.js';
import { ACCOUNT_SERVICES, type AccountServices } from '../ports/account-services.js';
import { CLOCK, type Clock } from '@membolt/platform';
import { IDENTITY_SETTINGS, type IdentitySettings } from '../identity.options.js';
import { userNotFound } from '../identity.errors.js';
import { AccessRevocationService } from './access-revocation.service.js';
import { RateLimiter, RateLimitKeys } from './rate-limiter.js';

/**
 * Delete Account: every service removes the user's data, then identity removes the account itself. The
 * deletion is recorded before any service is asked (the account marked deleted, one durable outbox step per
 * service), so once it has started it finishes even if this run is cut off; a service that cannot be reached
 * keeps its step, retried until it confirms, and the receipt lists it as pending.
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
    @Inject(IDENTITY_SETTINGS) private readonly settings: IdentitySettings,
  ) {}

  /**
   * `startBy`: the caller's deadline for the deletion to begin. Past it nothing is changed and the request
   * fails as `service_unavailable`, like the caller's own timeout did; a deletion already begun resumes.
   */
  async deleteAccount(userId: string, startBy?: Date): Promise<DeletionReceipt> {
    const user = await this.store.users.findById(userId);
    if (!user) throw userNotFound();
    const now = this.clock.now();
    if (!user.deletedAt && startBy && now.getTime() > startBy.getTime()) {
      this.logger.warn(
        `Deletion of ${userId} refused: its caller stopped waiting at ${startBy.toISOString()}`,
      );
      throw serviceUnavailable('identity');
    }
    // From here on the account cannot sign in or refresh, even if a later step fails (a retry resumes).
    if (!user.deletedAt) await this.store.users.update(userId, { deletedAt: now });
    // Each service's step is due only after a worker's lease, so the worker does not race this run for it.
    const stepsDueAt = new Date(now.getTime() + this.settings.outboxWorker.leaseMs);
    await this.store.outbox.add(userId, USER_DATA_SERVICES.map(deletionStepKind), stepsDueAt);
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
    // The steps of the services that have confirmed, including any left by an earlier, interrupted run.
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
