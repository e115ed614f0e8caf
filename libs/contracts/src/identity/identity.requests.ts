import { IsBoolean, IsIn, IsISO8601, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import {
  CALLBACK_URL_MAX_LENGTH,
  CLIENT_ADDRESS_MAX_LENGTH,
  URL_MAX_LENGTH,
  USER_AGENT_MAX_LENGTH,
} from '../common/request-limits.js';
import {
  IsAccountEmail,
  IsAccountName,
  IsEntityId,
  IsNewPassword,
  IsOpaqueToken,
  IsRequiredText,
  NormalizeEmail,
} from '../common/validators.js';
import {
  AccountMessages,
  BIO_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  THEMES,
  type Theme,
} from '../rules/account.rules.js';
import { SETTINGS_MODEL_IDS } from '../rules/models.rules.js';

/** Where a sign-in attempt comes from, for rate limiting per client address. Set by the edge. */
export class ClientInfo {
  @IsOptional()
  @IsString()
  @MaxLength(CLIENT_ADDRESS_MAX_LENGTH)
  clientAddress?: string;

  @IsOptional()
  @IsString()
  @MaxLength(USER_AGENT_MAX_LENGTH)
  userAgent?: string;
}

export class SignUpRequest extends ClientInfo {
  @IsAccountEmail()
  email!: string;

  @IsNewPassword()
  password!: string;

  @IsAccountName()
  name!: string;
}

export class SignInRequest extends ClientInfo {
  @NormalizeEmail()
  @IsString()
  @IsNotEmpty({ message: AccountMessages.signInFieldsRequired })
  @MaxLength(EMAIL_MAX_LENGTH)
  email!: string;

  @IsString()
  @IsNotEmpty({ message: AccountMessages.signInFieldsRequired })
  @MaxLength(PASSWORD_MAX_LENGTH)
  password!: string;

  /** "Remember me": a persistent session; otherwise the session ends with the browser. */
  @IsBoolean()
  remember!: boolean;

  /** The device cookie of an earlier sign-in from this browser, if any (see the session's `deviceToken`). */
  @IsOptional()
  @IsOpaqueToken()
  deviceToken?: string;
}

export class RefreshSessionRequest {
  @IsOpaqueToken()
  refreshToken!: string;
}

export class SignOutRequest {
  @IsOpaqueToken()
  refreshToken!: string;
}

export class OidcStatusRequest {}

export class StartOidcRequest {
  /** Absolute URL of the edge's callback route, registered with the provider. */
  @IsString()
  @MaxLength(URL_MAX_LENGTH)
  redirectUri!: string;

  @IsBoolean()
  remember!: boolean;
}

export class FinishOidcRequest extends ClientInfo {
  /** The full callback URL the provider redirected to (code, state, iss...). */
  @IsString()
  @MaxLength(CALLBACK_URL_MAX_LENGTH)
  callbackUrl!: string;
}

export class RequestPasswordResetRequest {
  @IsAccountEmail()
  email!: string;

  /** Absolute URL of the reset screen; the token is appended as `?token=`. */
  @IsString()
  @MaxLength(URL_MAX_LENGTH)
  resetUrl!: string;
}

export class CompletePasswordResetRequest {
  @IsOpaqueToken()
  token!: string;

  @IsNewPassword()
  newPassword!: string;
}

/** Requests acting on the signed-in user carry no user id: it travels in the envelope's meta. */
export class GetCurrentUserRequest {}

export class UpdateProfileRequest {
  @IsOptional()
  @IsAccountName()
  name?: string;

  @IsOptional()
  @IsString()
  @MaxLength(BIO_MAX_LENGTH)
  bio?: string;
}

export class UpdatePreferencesRequest {
  @IsOptional()
  @IsIn(THEMES)
  theme?: Theme;

  @IsOptional()
  @IsIn(SETTINGS_MODEL_IDS)
  defaultModel?: string;
}

export class UpdateNotificationsRequest {
  @IsOptional()
  @IsBoolean()
  emailNotifications?: boolean;

  @IsOptional()
  @IsBoolean()
  newFeatures?: boolean;

  @IsOptional()
  @IsBoolean()
  marketingEmails?: boolean;

  @IsOptional()
  @IsBoolean()
  conversationSummaries?: boolean;
}

export class ChangePasswordRequest {
  @IsString()
  @IsNotEmpty({ message: AccountMessages.currentPasswordRequired })
  @MaxLength(PASSWORD_MAX_LENGTH)
  currentPassword!: string;

  @IsNewPassword()
  newPassword!: string;

  /**
   * The session to keep signed in: the `sid` claim of the caller's access token. Every other session of the
   * user is revoked; without it, all of them are (the caller signs in again).
   */
  @IsOptional()
  @IsEntityId()
  keepSessionId?: string;
}

export class DeleteAccountRequest {
  /**
   * The caller stops waiting for the answer after this instant (ISO 8601). A deletion that has not started
   * by then is refused and changes nothing, so a caller that gave up can tell its user that nothing was
   * deleted; one that has started goes on to the end (the account then reads as inactive).
   */
  @IsOptional()
  @IsISO8601({ strict: true })
  startBy?: string;
}

/** `POST /api/user/{userId}/create`: make sure the user's memory graph exists. */
export class EnsureMemoryGraphRequest {}

export const NOTIFICATION_SUBJECT_MAX_LENGTH = 200;
export const NOTIFICATION_TEXT_MAX_LENGTH = 5000;

/** `identity.users.notify.v1` (user = the account to tell): e-mails a service's notice to the account's address. */
export class NotifyUserRequest {
  @IsRequiredText('subject is required', NOTIFICATION_SUBJECT_MAX_LENGTH)
  subject!: string;

  @IsRequiredText('text is required', NOTIFICATION_TEXT_MAX_LENGTH)
  text!: string;
}
