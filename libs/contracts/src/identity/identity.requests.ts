import { z } from 'zod';
import {
  CALLBACK_URL_MAX_LENGTH,
  CLIENT_ADDRESS_MAX_LENGTH,
  URL_MAX_LENGTH,
  USER_AGENT_MAX_LENGTH,
} from '../common/request-limits.js';
import {
  booleanField,
  boundedString,
  entityId,
  isoDate,
  oneOf,
  optional,
  requiredText,
} from '../common/wire-schema.js';
import { filledString } from '../common/wire-strings.js';
import {
  AccountMessages,
  BIO_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  THEMES,
} from '../rules/account.rules.js';
import { SETTINGS_MODEL_IDS } from '../rules/models.rules.js';
import { accountEmail, accountName, newPassword, normalizedEmail, opaqueToken } from './account-fields.js';

/*
 * The identity requests are zod schemas (value and type under one name), refusing with the texts of the
 * class-validator classes they replace, in the same order: a class listed its own fields before those it
 * inherited, so the client's fields come last (docs/decisions/214-identity-billing-and-keys-requests-as-zod-schemas.md).
 */

/** Where a sign-in attempt comes from, for rate limiting per client address. Set by the edge. */
const clientInfoFields = {
  clientAddress: optional(boundedString(CLIENT_ADDRESS_MAX_LENGTH, { lengthTextFirst: true })),
  userAgent: optional(boundedString(USER_AGENT_MAX_LENGTH, { lengthTextFirst: true })),
};

export const SignUpRequest = z.strictObject({
  email: accountEmail(),
  password: newPassword(),
  name: accountName(),
  ...clientInfoFields,
});
export type SignUpRequest = z.output<typeof SignUpRequest>;

export const SignInRequest = z.strictObject({
  /** Sign-in checks only presence: its texts must not reveal which accounts exist or what their rules were. */
  email: normalizedEmail(filledString(EMAIL_MAX_LENGTH, AccountMessages.signInFieldsRequired)),
  password: filledString(PASSWORD_MAX_LENGTH, AccountMessages.signInFieldsRequired),
  /** "Remember me": a persistent session; otherwise the session ends with the browser. */
  remember: booleanField(),
  /** The device cookie of an earlier sign-in from this browser, if any (see the session's `deviceToken`). */
  deviceToken: optional(opaqueToken()),
  ...clientInfoFields,
});
export type SignInRequest = z.output<typeof SignInRequest>;

export const RefreshSessionRequest = z.strictObject({ refreshToken: opaqueToken() });
export type RefreshSessionRequest = z.output<typeof RefreshSessionRequest>;

export const SignOutRequest = z.strictObject({ refreshToken: opaqueToken() });
export type SignOutRequest = z.output<typeof SignOutRequest>;

export const OidcStatusRequest = z.strictObject({});
export type OidcStatusRequest = z.output<typeof OidcStatusRequest>;

export const StartOidcRequest = z.strictObject({
  /** Absolute URL of the edge's callback route, registered with the provider. */
  redirectUri: boundedString(URL_MAX_LENGTH, { lengthTextFirst: true }),
  remember: booleanField(),
});
export type StartOidcRequest = z.output<typeof StartOidcRequest>;

export const FinishOidcRequest = z.strictObject({
  /** The full callback URL the provider redirected to (code, state, iss...). */
  callbackUrl: boundedString(CALLBACK_URL_MAX_LENGTH, { lengthTextFirst: true }),
  ...clientInfoFields,
});
export type FinishOidcRequest = z.output<typeof FinishOidcRequest>;

export const RequestPasswordResetRequest = z.strictObject({
  email: accountEmail(),
  /** Absolute URL of the reset screen; the token is appended as `?token=`. */
  resetUrl: boundedString(URL_MAX_LENGTH, { lengthTextFirst: true }),
});
export type RequestPasswordResetRequest = z.output<typeof RequestPasswordResetRequest>;

export const CompletePasswordResetRequest = z.strictObject({
  token: opaqueToken(),
  newPassword: newPassword(),
});
export type CompletePasswordResetRequest = z.output<typeof CompletePasswordResetRequest>;

/** Requests acting on the signed-in user carry no user id: it travels in the envelope's meta. */
export const GetCurrentUserRequest = z.strictObject({});
export type GetCurrentUserRequest = z.output<typeof GetCurrentUserRequest>;

export const UpdateProfileRequest = z.strictObject({
  name: optional(accountName()),
  bio: optional(boundedString(BIO_MAX_LENGTH, { lengthTextFirst: true })),
});
export type UpdateProfileRequest = z.output<typeof UpdateProfileRequest>;

export const UpdatePreferencesRequest = z.strictObject({
  theme: optional(oneOf(THEMES)),
  defaultModel: optional(oneOf(SETTINGS_MODEL_IDS)),
});
export type UpdatePreferencesRequest = z.output<typeof UpdatePreferencesRequest>;

export const UpdateNotificationsRequest = z.strictObject({
  emailNotifications: optional(booleanField()),
  newFeatures: optional(booleanField()),
  marketingEmails: optional(booleanField()),
  conversationSummaries: optional(booleanField()),
});
export type UpdateNotificationsRequest = z.output<typeof UpdateNotificationsRequest>;

export const ChangePasswordRequest = z.strictObject({
  currentPassword: filledString(PASSWORD_MAX_LENGTH, AccountMessages.currentPasswordRequired),
  newPassword: newPassword(),
  /**
   * The session to keep signed in: the `sid` claim of the caller's access token. Every other session of the
   * user is revoked; without it, all of them are (the caller signs in again).
   */
  keepSessionId: optional(entityId()),
});
export type ChangePasswordRequest = z.output<typeof ChangePasswordRequest>;

export const DeleteAccountRequest = z.strictObject({
  /**
   * The caller stops waiting for the answer after this instant (ISO 8601). A deletion that has not started
   * by then is refused and changes nothing, so a caller that gave up can tell its user that nothing was
   * deleted; one that has started goes on to the end (the account then reads as inactive).
   */
  startBy: optional(isoDate()),
});
export type DeleteAccountRequest = z.output<typeof DeleteAccountRequest>;

/** `POST /api/user/{userId}/create`: make sure the user's memory graph exists. */
export const EnsureMemoryGraphRequest = z.strictObject({});
export type EnsureMemoryGraphRequest = z.output<typeof EnsureMemoryGraphRequest>;

export const NOTIFICATION_SUBJECT_MAX_LENGTH = 200;
export const NOTIFICATION_TEXT_MAX_LENGTH = 5000;

/** `identity.users.notify.v1` (user = the account to tell): e-mails a service's notice to the account's address. */
export const NotifyUserRequest = z.strictObject({
  subject: requiredText('subject is required', NOTIFICATION_SUBJECT_MAX_LENGTH),
  text: requiredText('text is required', NOTIFICATION_TEXT_MAX_LENGTH),
});
export type NotifyUserRequest = z.output<typeof NotifyUserRequest>;
