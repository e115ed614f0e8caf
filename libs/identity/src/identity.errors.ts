import { IdentityError, IdentityErrorCode } from '@membolt/contracts';

/** The identity errors with the texts the screens show (web-app.md section 8, DECISIONS.md). */
export const IdentityErrors = {
  emailAlreadyInUse: () =>
    new IdentityError(
      IdentityErrorCode.EmailAlreadyInUse,
      'This email is already in use. Please try another one or sign in.',
    ),
  invalidCredentials: () => new IdentityError(IdentityErrorCode.WrongPassword, 'Invalid email or password'),
  wrongCurrentPassword: () =>
    new IdentityError(IdentityErrorCode.WrongPassword, 'The current password is incorrect.'),
  tooManyRequests: () =>
    new IdentityError(
      IdentityErrorCode.TooManyRequests,
      'Too many failed login attempts. Please try again later.',
    ),
  /** Same code as the sign-in limit (the screens know it); a text that fits signing up. */
  tooManySignUps: () =>
    new IdentityError(
      IdentityErrorCode.TooManyRequests,
      'Too many sign-up attempts from your network. Please try again later.',
    ),
  sessionExpired: () =>
    new IdentityError(IdentityErrorCode.InvalidSession, 'Your session has expired. Please sign in again.'),
  userNotFound: () => new IdentityError(IdentityErrorCode.UserNotFound, "We couldn't find your account."),
  resetTokenInvalid: () =>
    new IdentityError(
      IdentityErrorCode.ResetTokenInvalid,
      'This password reset link is invalid or has expired.',
    ),
  oidcNotConfigured: () =>
    new IdentityError(
      IdentityErrorCode.OidcNotConfigured,
      'Google sign-in is not configured on this server.',
    ),
  oidcFailed: () =>
    new IdentityError(
      IdentityErrorCode.OidcFailed,
      'An error occurred during Google sign-in. Please try again.',
    ),
} as const;
