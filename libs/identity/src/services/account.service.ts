import { Inject, Injectable } from '@nestjs/common';
import type {
  ChangePasswordRequest,
  SignUpRequest,
  UpdateNotificationsRequest,
  UpdatePreferencesRequest,
  UpdateProfileRequest,
} from '@membolt/contracts';
import { IDENTITY_STORE, type IdentityStore } from '../ports/identity-store.js';
import { SETUP_STEP_KINDS } from '../domain/outbox-step.js';
import type { IssuedSession } from '../domain/session.js';
import { type MemoryGraph, newUser, withAuthMethod } from '../domain/user.js';
import { IDENTITY_SETTINGS, type IdentitySettings } from '../identity.options.js';
import { CLOCK, type Clock } from '@membolt/platform';
import { PASSWORD_HASHER, type PasswordHasher } from '../ports/password-hasher.js';
import type { CreateUserResult } from '../ports/user.repository.js';
import { AccountSetupService } from './account-setup.service.js';
import {
  emailAlreadyInUse,
  tooManyPasswordChecks,
  tooManySignUps,
  wrongCurrentPassword,
} from '../identity.errors.js';
import { PasswordPolicy } from './password-policy.js';
import { RateLimiter, RateLimitKeys } from './rate-limiter.js';
import { SessionService } from './session.service.js';
import { type ActiveUser, UserDirectory } from './user-directory.service.js';

export interface NewAccount {
  readonly email: string;
  readonly name: string;
  readonly passwordHash: string | null;
  readonly googleSubject: string | null;
}

/** Sign-up and the signed-in user's own account: profile, preferences, notifications, password. */
@Injectable()
export class AccountService {
  constructor(
    @Inject(IDENTITY_STORE) private readonly store: IdentityStore,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly directory: UserDirectory,
    private readonly sessions: SessionService,
    private readonly setup: AccountSetupService,
    private readonly passwordPolicy: PasswordPolicy,
    private readonly limiter: RateLimiter,
    @Inject(IDENTITY_SETTINGS) private readonly settings: IdentitySettings,
  ) {}

  async signUp(request: SignUpRequest): Promise<IssuedSession> {
    this.passwordPolicy.assertAcceptable(request.password);
    // Every attempt counts (taken e-mails too), each aliased mutation of a GraphQL request on its own. Callers
    // without an address are the operator's own tools (CLI), not the public edge.
    if (request.clientAddress) {
      const { signUpsPerAddress, signUpWindowMs } = this.settings.limits;
      const allowed = await this.limiter.take(RateLimitKeys.signUpByAddress(request.clientAddress), {
        limit: signUpsPerAddress,
        windowMs: signUpWindowMs,
      });
      if (!allowed) throw tooManySignUps();
    }
    if (await this.store.users.findByEmail(request.email)) throw emailAlreadyInUse();
    const passwordHash = await this.hasher.hash(request.password);
    const created = await this.createAccount({
      email: request.email,
      name: request.name,
      passwordHash,
      googleSubject: null,
    });
    if (created.result !== 'created') throw emailAlreadyInUse();
    return this.sessions.issue(created.user, true);
  }

  /**
   * Stores a new account with its follow-up steps (default API key, free subscription) in the outbox, then
   * tries the steps at once; what fails is retried by the outbox worker and never fails the sign-up.
   */
  async createAccount(
    account: NewAccount,
  ): Promise<{ result: 'created'; user: ActiveUser } | { result: Exclude<CreateUserResult, 'created'> }> {
    const user = newUser({ ...account, now: this.clock.now() });
    const result = await this.store.users.create(user, SETUP_STEP_KINDS);
    if (result !== 'created') return { result };
    await this.setup.runSetupNow(user.id);
    return { result, user: await this.directory.require(user.id) };
  }

  currentUser(userId: string): Promise<ActiveUser> {
    return this.directory.require(userId);
  }

  updateProfile(userId: string, request: UpdateProfileRequest): Promise<ActiveUser> {
    return this.directory.update(userId, {
      ...(request.name !== undefined ? { name: request.name } : {}),
      ...(request.bio !== undefined ? { bio: request.bio } : {}),
    });
  }

  async updatePreferences(userId: string, request: UpdatePreferencesRequest): Promise<ActiveUser> {
    const user = await this.directory.require(userId);
    return this.directory.update(userId, {
      settings: {
        theme: request.theme ?? user.settings.theme,
        defaultModel: request.defaultModel ?? user.settings.defaultModel,
      },
    });
  }

  async updateNotifications(userId: string, request: UpdateNotificationsRequest): Promise<ActiveUser> {
    const { notifications } = await this.directory.require(userId);
    return this.directory.update(userId, {
      notifications: {
        emailNotifications: request.emailNotifications ?? notifications.emailNotifications,
        newFeatures: request.newFeatures ?? notifications.newFeatures,
        marketingEmails: request.marketingEmails ?? notifications.marketingEmails,
        conversationSummaries: request.conversationSummaries ?? notifications.conversationSummaries,
      },
    });
  }

  /**
   * Verifies the current password (an account without one, Google-only, cannot pass), stores the new one
   * and revokes every other session: the one named by `keepSessionId` stays signed in.
   */
  async changePassword(userId: string, request: ChangePasswordRequest): Promise<void> {
    this.passwordPolicy.assertAcceptable(request.newPassword);
    const user = await this.directory.require(userId);
    await this.checkCurrentPassword(userId, user.passwordHash, request.currentPassword);
    const passwordHash = await this.hasher.hash(request.newPassword);
    await this.directory.update(userId, {
      passwordHash,
      authMethods: withAuthMethod(user.authMethods, 'password'),
    });
    await this.sessions.revokeAll(userId, request.keepSessionId);
  }

  /** Proves the caller knows the current password (a sensitive change asked for it); `wrong-password` if not. */
  async verifyPassword(userId: string, password: string): Promise<void> {
    const user = await this.directory.require(userId);
    await this.checkCurrentPassword(userId, user.passwordHash, password);
  }

  /** Wrong guesses count per account; past the limit even the right password waits for the window to pass. */
  private async checkCurrentPassword(
    userId: string,
    passwordHash: string | null,
    password: string,
  ): Promise<void> {
    const { passwordCheckFailuresPerAccount, passwordCheckWindowMs } = this.settings.limits;
    const key = RateLimitKeys.passwordCheckByUser(userId);
    const rule = { limit: passwordCheckFailuresPerAccount, windowMs: passwordCheckWindowMs };
    if (await this.limiter.isLimited(key, rule)) throw tooManyPasswordChecks();
    if (!passwordHash || !(await this.hasher.verify(passwordHash, password))) {
      await this.limiter.hit(key, rule);
      throw wrongCurrentPassword();
    }
  }

  /** Whether the account exists and is not being deleted: other services ask before acting for a user. */
  async isActive(userId: string): Promise<boolean> {
    return (await this.directory.find(userId)) !== null;
  }

  async ensureMemoryGraph(userId: string): Promise<MemoryGraph> {
    return (await this.directory.require(userId)).memoryGraph;
  }
}
