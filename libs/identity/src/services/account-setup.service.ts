import { Inject, Injectable, Logger } from '@nestjs/common';
import { IDENTITY_STORE, type IdentityStore } from '../ports/identity-store.js';
import {
  deletionStepService,
  isRetiredStep,
  isSetupStep,
  type OutboxStep,
  type OutboxStepKind,
  SETUP_STEP_KINDS,
  type SetupStepKind,
} from '../domain/outbox-step.js';
import { IDENTITY_SETTINGS, type IdentitySettings } from '../identity.options.js';
import { ACCOUNT_SERVICES, type AccountServices } from '../ports/account-services.js';
import { CLOCK, type Clock } from '@membolt/platform';
import { UserDirectory } from './user-directory.service.js';

type StepOutcome = 'done' | 'dropped';

/** Steps of one worker pass; the rest wait for the next pass. */
const DUE_BATCH = 50;

/**
 * Runs the durable follow-up steps of the outbox: the sign-up step (the free subscription)
 * and the data deletions other services have not confirmed yet. A step is claimed before it runs, so one
 * runs at a time across replicas; a failed step is retried with exponential backoff until it succeeds.
 */
@Injectable()
export class AccountSetupService {
  private readonly logger = new Logger('IdentityOutbox');

  constructor(
    @Inject(IDENTITY_STORE) private readonly store: IdentityStore,
    @Inject(ACCOUNT_SERVICES) private readonly accountServices: AccountServices,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(IDENTITY_SETTINGS) private readonly settings: IdentitySettings,
    private readonly directory: UserDirectory,
  ) {}

  /** Runs the user's sign-up steps now; failures are left to the worker. Never throws. */
  async runSetupNow(userId: string): Promise<void> {
    for (const kind of SETUP_STEP_KINDS) await this.runSafely(userId, kind);
  }

  /** One worker pass: every due step, oldest first. Returns the steps that completed. */
  async runDue(): Promise<number> {
    const due = await this.store.outbox.due(this.clock.now(), DUE_BATCH);
    let completed = 0;
    for (const step of due) if (await this.runSafely(step.userId, step.kind)) completed++;
    return completed;
  }

  private async runSafely(userId: string, kind: OutboxStepKind): Promise<boolean> {
    try {
      return await this.runOne(userId, kind);
    } catch (error) {
      // A store failure around the step: its lease runs out and the worker takes it again.
      this.logger.error(
        `Step ${kind} for user ${userId} could not be processed: ${error instanceof Error ? error.stack : String(error)}`,
      );
      return false;
    }
  }

  private async runOne(userId: string, kind: OutboxStepKind): Promise<boolean> {
    const now = this.clock.now();
    const step = await this.store.outbox.claim(
      userId,
      kind,
      now,
      new Date(now.getTime() + this.settings.outboxWorker.leaseMs),
    );
    if (!step) return false;
    let outcome: StepOutcome;
    try {
      outcome = await this.run(step);
    } catch (error) {
      const delay = Math.min(
        this.settings.outboxWorker.retryBaseMs * 2 ** step.attempts,
        this.settings.outboxWorker.retryMaxMs,
      );
      const reason = error instanceof Error ? error.message : String(error);
      this.logger.warn(
        `Step ${kind} for user ${userId} failed (attempt ${step.attempts + 1}), retrying in ${delay} ms: ${reason}`,
      );
      try {
        await this.store.outbox.reschedule(
          userId,
          kind,
          new Date(this.clock.now().getTime() + delay),
          reason.slice(0, 500),
        );
      } catch (rescheduleError) {
        // The lease expires on its own and the step runs again.
        this.logger.error(`Could not reschedule step ${kind} for user ${userId}: ${String(rescheduleError)}`);
      }
      return false;
    }
    await this.store.outbox.complete(userId, kind);
    if (outcome === 'done' && isSetupStep(kind)) await this.markSetupCompleteIfDone(userId);
    return outcome === 'done';
  }

  private async run(step: OutboxStep): Promise<StepOutcome> {
    if (isRetiredStep(step.kind)) return 'dropped';
    const service = deletionStepService(step.kind);
    if (service) {
      // Runs after the account is gone: the user id is all the service needs.
      await this.accountServices.deleteUserData(step.userId, service);
      this.logger.log(`User data deleted in ${service} for user ${step.userId}`);
      return 'done';
    }
    const stored = await this.store.users.findById(step.userId);
    if (!stored || stored.deletedAt) {
      const orphanFor = this.clock.now().getTime() - step.createdAt.getTime();
      // A missing account whose step is young may still be on its way into a store without transactions.
      if (stored?.deletedAt || orphanFor > this.settings.outboxWorker.orphanGraceMs) return 'dropped';
      throw new Error('the account is not stored (yet)');
    }
    const user = await this.directory.withMemoryGraph(stored);
    const kind = step.kind as SetupStepKind;
    switch (kind) {
      case 'init-subscription':
        await this.accountServices.initSubscription(user.id);
        return 'done';
    }
  }

  private async markSetupCompleteIfDone(userId: string): Promise<void> {
    const remaining = (await this.store.outbox.listForUser(userId)).filter((step) => isSetupStep(step.kind));
    if (remaining.length === 0) await this.store.users.update(userId, { setupComplete: true });
  }
}
