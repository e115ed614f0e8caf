import { MessagePattern } from '@nestjs/microservices';
import { ActingUserId, BusController, BusPayload } from '@membolt/bus';
import {
  type AccessRevocationListView,
  type AcceptedView,
  ChangePasswordRequest,
  CompletePasswordResetRequest,
  DeleteAccountRequest,
  type DeletionReceiptView,
  EnsureMemoryGraphRequest,
  FinishOidcRequest,
  GetCurrentUserRequest,
  GetUserStatusRequest,
  IdentitySubjects,
  ListAccessRevocationsRequest,
  type MemoryGraphView,
  type OidcStartView,
  NotifyUserRequest,
  OidcStatusRequest,
  type OidcStatusView,
  RefreshSessionRequest,
  RequestPasswordResetRequest,
  type SessionView,
  SignInRequest,
  SignOutRequest,
  SignUpRequest,
  StartOidcRequest,
  UpdateNotificationsRequest,
  UpdatePreferencesRequest,
  UpdateProfileRequest,
  type UserStatusView,
  type UserView,
  VerifyPasswordRequest,
} from '@membolt/contracts';
import { AccountDeletionService } from './services/account-deletion.service.js';
import { AccountService } from './services/account.service.js';
import { OidcSignInService } from './services/oidc-sign-in.service.js';
import { PasswordResetService } from './services/password-reset.service.js';
import { SessionService } from './services/session.service.js';
import { UserNotificationService } from './services/user-notification.service.js';
import {
  toAccessRevocationListView,
  toDeletionReceiptView,
  toMemoryGraphView,
  toSessionView,
  toUserView,
} from './identity.views.js';

const ACCEPTED: AcceptedView = { accepted: true };

/**
 * Bus handlers of identity: acting user (user-scoped subjects, checked first) -> validated payload -> one
 * service call -> a view from identity.views.ts. Results without a domain object behind them (OIDC status,
 * the authorization URL) come from the service in their view's shape.
 */
@BusController()
export class IdentityHandlers {
  constructor(
    private readonly accounts: AccountService,
    private readonly sessions: SessionService,
    private readonly oidc: OidcSignInService,
    private readonly passwordReset: PasswordResetService,
    private readonly deletion: AccountDeletionService,
    private readonly notifications: UserNotificationService,
  ) {}

  @MessagePattern(IdentitySubjects.signUp.name)
  async signUp(@BusPayload(SignUpRequest) request: SignUpRequest): Promise<SessionView> {
    return toSessionView(await this.accounts.signUp(request));
  }

  @MessagePattern(IdentitySubjects.signIn.name)
  async signIn(@BusPayload(SignInRequest) request: SignInRequest): Promise<SessionView> {
    return toSessionView(await this.sessions.signIn(request));
  }

  @MessagePattern(IdentitySubjects.refreshSession.name)
  async refreshSession(
    @BusPayload(RefreshSessionRequest) request: RefreshSessionRequest,
  ): Promise<SessionView> {
    return toSessionView(await this.sessions.refresh(request.refreshToken));
  }

  @MessagePattern(IdentitySubjects.signOut.name)
  async signOut(@BusPayload(SignOutRequest) request: SignOutRequest): Promise<AcceptedView> {
    await this.sessions.signOut(request.refreshToken);
    return ACCEPTED;
  }

  @MessagePattern(IdentitySubjects.oidcStatus.name)
  oidcStatus(@BusPayload(OidcStatusRequest) _request: OidcStatusRequest): OidcStatusView {
    return this.oidc.status();
  }

  @MessagePattern(IdentitySubjects.startOidc.name)
  startOidc(@BusPayload(StartOidcRequest) request: StartOidcRequest): Promise<OidcStartView> {
    return this.oidc.start(request);
  }

  @MessagePattern(IdentitySubjects.finishOidc.name)
  async finishOidc(@BusPayload(FinishOidcRequest) request: FinishOidcRequest): Promise<SessionView> {
    return toSessionView(await this.oidc.finish(request));
  }

  @MessagePattern(IdentitySubjects.requestPasswordReset.name)
  async requestPasswordReset(
    @BusPayload(RequestPasswordResetRequest) request: RequestPasswordResetRequest,
  ): Promise<AcceptedView> {
    await this.passwordReset.request(request);
    return ACCEPTED;
  }

  @MessagePattern(IdentitySubjects.completePasswordReset.name)
  async completePasswordReset(
    @BusPayload(CompletePasswordResetRequest) request: CompletePasswordResetRequest,
  ): Promise<AcceptedView> {
    await this.passwordReset.complete(request);
    return ACCEPTED;
  }

  @MessagePattern(IdentitySubjects.currentUser.name)
  async currentUser(
    @ActingUserId() userId: string,
    @BusPayload(GetCurrentUserRequest) _request: GetCurrentUserRequest,
  ): Promise<UserView> {
    return toUserView(await this.accounts.currentUser(userId));
  }

  @MessagePattern(IdentitySubjects.updateProfile.name)
  async updateProfile(
    @ActingUserId() userId: string,
    @BusPayload(UpdateProfileRequest) request: UpdateProfileRequest,
  ): Promise<UserView> {
    return toUserView(await this.accounts.updateProfile(userId, request));
  }

  @MessagePattern(IdentitySubjects.updatePreferences.name)
  async updatePreferences(
    @ActingUserId() userId: string,
    @BusPayload(UpdatePreferencesRequest) request: UpdatePreferencesRequest,
  ): Promise<UserView> {
    return toUserView(await this.accounts.updatePreferences(userId, request));
  }

  @MessagePattern(IdentitySubjects.updateNotifications.name)
  async updateNotifications(
    @ActingUserId() userId: string,
    @BusPayload(UpdateNotificationsRequest) request: UpdateNotificationsRequest,
  ): Promise<UserView> {
    return toUserView(await this.accounts.updateNotifications(userId, request));
  }

  @MessagePattern(IdentitySubjects.changePassword.name)
  async changePassword(
    @ActingUserId() userId: string,
    @BusPayload(ChangePasswordRequest) request: ChangePasswordRequest,
  ): Promise<AcceptedView> {
    await this.accounts.changePassword(userId, request);
    return ACCEPTED;
  }

  @MessagePattern(IdentitySubjects.deleteAccount.name)
  async deleteAccount(
    @ActingUserId() userId: string,
    @BusPayload(DeleteAccountRequest) request: DeleteAccountRequest,
  ): Promise<DeletionReceiptView> {
    const startBy = request.startBy === undefined ? undefined : new Date(request.startBy);
    return toDeletionReceiptView(await this.deletion.deleteAccount(userId, startBy));
  }

  @MessagePattern(IdentitySubjects.ensureMemoryGraph.name)
  async ensureMemoryGraph(
    @ActingUserId() userId: string,
    @BusPayload(EnsureMemoryGraphRequest) _request: EnsureMemoryGraphRequest,
  ): Promise<MemoryGraphView> {
    return toMemoryGraphView(await this.accounts.ensureMemoryGraph(userId));
  }

  @MessagePattern(IdentitySubjects.verifyPassword.name)
  async verifyPassword(
    @ActingUserId() userId: string,
    @BusPayload(VerifyPasswordRequest) request: VerifyPasswordRequest,
  ): Promise<AcceptedView> {
    await this.accounts.verifyPassword(userId, request.password);
    return ACCEPTED;
  }

  @MessagePattern(IdentitySubjects.userStatus.name)
  async userStatus(
    @ActingUserId() userId: string,
    @BusPayload(GetUserStatusRequest) _request: GetUserStatusRequest,
  ): Promise<UserStatusView> {
    return { active: await this.accounts.isActive(userId) };
  }

  @MessagePattern(IdentitySubjects.notifyUser.name)
  async notifyUser(
    @ActingUserId() userId: string,
    @BusPayload(NotifyUserRequest) request: NotifyUserRequest,
  ): Promise<AcceptedView> {
    await this.notifications.notify(userId, request.subject, request.text);
    return ACCEPTED;
  }

  @MessagePattern(IdentitySubjects.listAccessRevocations.name)
  async listAccessRevocations(
    @BusPayload(ListAccessRevocationsRequest) _request: ListAccessRevocationsRequest,
  ): Promise<AccessRevocationListView> {
    return toAccessRevocationListView(await this.sessions.listRevocations());
  }
}
