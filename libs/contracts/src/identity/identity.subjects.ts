import { defineSubject } from '../common/envelope.js';
import type {
  AccessRevocationListView,
  AccessRevokedEvent,
  GetUserStatusRequest,
  ListAccessRevocationsRequest,
  UserStatusView,
  VerifyPasswordRequest,
} from './access-revocation.js';
import type {
  ChangePasswordRequest,
  CompletePasswordResetRequest,
  DeleteAccountRequest,
  EnsureMemoryGraphRequest,
  FinishOidcRequest,
  GetCurrentUserRequest,
  OidcStatusRequest,
  RefreshSessionRequest,
  RequestPasswordResetRequest,
  SignInRequest,
  SignOutRequest,
  SignUpRequest,
  StartOidcRequest,
  UpdateNotificationsRequest,
  NotifyUserRequest,
  UpdatePreferencesRequest,
  UpdateProfileRequest,
} from './identity.requests.js';
import type {
  AcceptedView,
  DeletionReceiptView,
  MemoryGraphView,
  OidcStartView,
  OidcStatusView,
  SessionView,
  UserView,
} from './user.view.js';

/** Subjects marked (user) need `meta.userId`; the others are public (sign-in, reset, OIDC). */
export const IdentitySubjects = {
  signUp: defineSubject<SignUpRequest, SessionView>('identity', 'identity.users.sign-up.v1'),
  signIn: defineSubject<SignInRequest, SessionView>('identity', 'identity.sessions.sign-in.v1'),
  refreshSession: defineSubject<RefreshSessionRequest, SessionView>(
    'identity',
    'identity.sessions.refresh.v1',
  ),
  signOut: defineSubject<SignOutRequest, AcceptedView>('identity', 'identity.sessions.sign-out.v1'),
  oidcStatus: defineSubject<OidcStatusRequest, OidcStatusView>('identity', 'identity.oidc.status.v1', {
    idempotent: true,
  }),
  startOidc: defineSubject<StartOidcRequest, OidcStartView>('identity', 'identity.oidc.start.v1'),
  finishOidc: defineSubject<FinishOidcRequest, SessionView>('identity', 'identity.oidc.finish.v1'),
  requestPasswordReset: defineSubject<RequestPasswordResetRequest, AcceptedView>(
    'identity',
    'identity.password-reset.request.v1',
  ),
  completePasswordReset: defineSubject<CompletePasswordResetRequest, AcceptedView>(
    'identity',
    'identity.password-reset.complete.v1',
  ),
  /** (user) */
  currentUser: defineSubject<GetCurrentUserRequest, UserView>('identity', 'identity.users.current.v1', {
    idempotent: true,
  }),
  /** (user) */
  updateProfile: defineSubject<UpdateProfileRequest, UserView>(
    'identity',
    'identity.users.update-profile.v1',
  ),
  /** (user) */
  updatePreferences: defineSubject<UpdatePreferencesRequest, UserView>(
    'identity',
    'identity.users.update-preferences.v1',
  ),
  /** (user) */
  updateNotifications: defineSubject<UpdateNotificationsRequest, UserView>(
    'identity',
    'identity.users.update-notifications.v1',
  ),
  /** (user) */
  changePassword: defineSubject<ChangePasswordRequest, AcceptedView>(
    'identity',
    'identity.users.change-password.v1',
  ),
  /** (user) Deletes the account and every piece of the user's data in every service. */
  deleteAccount: defineSubject<DeleteAccountRequest, DeletionReceiptView>(
    'identity',
    'identity.users.delete.v1',
  ),
  /** (user) */
  ensureMemoryGraph: defineSubject<EnsureMemoryGraphRequest, MemoryGraphView>(
    'identity',
    'identity.memory-graph.ensure.v1',
  ),
  /** (user) Answers `accepted` when the password is the account's current one, else `wrong-password`. */
  verifyPassword: defineSubject<VerifyPasswordRequest, AcceptedView>(
    'identity',
    'identity.users.verify-password.v1',
  ),
  /** (user = the account asked about) Used by services that must not act for an unknown or deleted user. */
  userStatus: defineSubject<GetUserStatusRequest, UserStatusView>('identity', 'identity.users.status.v1'),
  /** (user = the account to tell) E-mails a service's notice (a webhook endpoint disabled) to the account. */
  notifyUser: defineSubject<NotifyUserRequest, AcceptedView>('identity', 'identity.users.notify.v1'),
  /** The access-token revocations still in force (a BFF replica loads them when it starts). */
  listAccessRevocations: defineSubject<ListAccessRevocationsRequest, AccessRevocationListView>(
    'identity',
    'identity.sessions.revocations.v1',
  ),
  /** Broadcast event (every subscriber receives it, no queue group): sessions or users revoked. */
  accessRevoked: defineSubject<AccessRevokedEvent, void>('identity', 'identity.sessions.revoked.v1'),
} as const;
