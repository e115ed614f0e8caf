import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateBy,
  type ValidationArguments,
  type ValidationOptions,
} from 'class-validator';
import {
  AccountMessages,
  BIO_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  passwordProblem,
  SETTINGS_MODEL_IDS,
  THEMES,
  type Theme,
} from './account-rules.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const normalizeEmail = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;

/** A new password (sign-up, reset, change): the shared rule of `passwordProblem`, with its message. */
function IsNewPassword(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isNewPassword',
      validator: {
        validate: (value: unknown) => passwordProblem(value) === null,
        defaultMessage: (args?: ValidationArguments) =>
          passwordProblem(args?.value) ?? AccountMessages.passwordRequired,
      },
    },
    options,
  );
}

/** Where a sign-in attempt comes from, for rate limiting per client address. Set by the edge. */
export class ClientInfo {
  @IsOptional()
  @IsString()
  @MaxLength(64)
  clientAddress?: string;

  @IsOptional()
  @IsString()
  @MaxLength(512)
  userAgent?: string;
}

export class SignUpRequest extends ClientInfo {
  @Transform(normalizeEmail)
  @IsString({ message: AccountMessages.emailRequired })
  @IsNotEmpty({ message: AccountMessages.emailRequired })
  @MaxLength(EMAIL_MAX_LENGTH, { message: AccountMessages.emailInvalid })
  @Matches(EMAIL_PATTERN, { message: AccountMessages.emailInvalid })
  email!: string;

  @IsNewPassword()
  password!: string;

  @Transform(trim)
  @IsString({ message: AccountMessages.nameRequired })
  @IsNotEmpty({ message: AccountMessages.nameRequired })
  @MaxLength(NAME_MAX_LENGTH)
  name!: string;
}

export class SignInRequest extends ClientInfo {
  @Transform(normalizeEmail)
  @IsString()
  @IsNotEmpty({ message: 'Please enter both email and password' })
  @MaxLength(EMAIL_MAX_LENGTH)
  email!: string;

  @IsString()
  @IsNotEmpty({ message: 'Please enter both email and password' })
  @MaxLength(PASSWORD_MAX_LENGTH)
  password!: string;

  /** "Remember me": a persistent session; otherwise the session ends with the browser. */
  @IsBoolean()
  remember!: boolean;

  /** The device cookie of an earlier sign-in from this browser, if any (see the session's `deviceToken`). */
  @IsOptional()
  @IsString()
  @MaxLength(200)
  deviceToken?: string;
}

export class RefreshSessionRequest {
  @IsString()
  @IsNotEmpty()
  @MaxLength(256)
  refreshToken!: string;
}

export class SignOutRequest {
  @IsString()
  @IsNotEmpty()
  @MaxLength(256)
  refreshToken!: string;
}

export class OidcStatusRequest {}

export class StartOidcRequest {
  /** Absolute URL of the edge's callback route, registered with the provider. */
  @IsString()
  @MaxLength(2048)
  redirectUri!: string;

  @IsBoolean()
  remember!: boolean;
}

export class FinishOidcRequest extends ClientInfo {
  /** The full callback URL the provider redirected to (code, state, iss...). */
  @IsString()
  @MaxLength(8192)
  callbackUrl!: string;
}

export class RequestPasswordResetRequest {
  @Transform(normalizeEmail)
  @IsString({ message: AccountMessages.emailRequired })
  @IsNotEmpty({ message: AccountMessages.emailRequired })
  @MaxLength(EMAIL_MAX_LENGTH, { message: AccountMessages.emailInvalid })
  @Matches(EMAIL_PATTERN, { message: AccountMessages.emailInvalid })
  email!: string;

  /** Absolute URL of the reset screen; the token is appended as `?token=`. */
  @IsString()
  @MaxLength(2048)
  resetUrl!: string;
}

export class CompletePasswordResetRequest {
  @IsString()
  @IsNotEmpty()
  @MaxLength(256)
  token!: string;

  @IsNewPassword()
  newPassword!: string;
}

/** Requests acting on the signed-in user carry no user id: it travels in the envelope's meta. */
export class GetCurrentUserRequest {}

export class UpdateProfileRequest {
  @IsOptional()
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: AccountMessages.nameRequired })
  @MaxLength(NAME_MAX_LENGTH)
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
  @IsNotEmpty({ message: 'Current password is required' })
  @MaxLength(PASSWORD_MAX_LENGTH)
  currentPassword!: string;

  @IsNewPassword()
  newPassword!: string;

  /**
   * The session to keep signed in: the `sid` claim of the caller's access token. Every other session of the
   * user is revoked; without it, all of them are (the caller signs in again).
   */
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  keepSessionId?: string;
}

export class DeleteAccountRequest {}

/** `POST /api/user/{userId}/create`: make sure the user's memory graph exists. */
export class EnsureMemoryGraphRequest {}
