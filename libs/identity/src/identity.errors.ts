import { CommonError, CommonErrorCode, IdentityError, IdentityErrorCode } from '@membolt/contracts';

// The texts are the ones the screens show (docs/requirements/web-app.md, Error texts, docs/requirements/product-decisions.md).

export const emailAlreadyInUse = (): IdentityError =>
  new IdentityError(
    IdentityErrorCode.EmailAlreadyInUse,
    'This email is already in use. Please try another one or sign in.',
  );

/** One answer for an unknown e-mail and a wrong password, so sign-in does not tell which e-mails exist. */
export const invalidCredentials = (): IdentityError =>
  new IdentityError(IdentityErrorCode.WrongPassword, 'Invalid email or password');

export const wrongCurrentPassword = (): IdentityError =>
  new IdentityError(IdentityErrorCode.WrongPassword, 'The current password is incorrect.');

export const tooManyPasswordChecks = (): IdentityError =>
  new IdentityError(
    IdentityErrorCode.TooManyRequests,
    'Too many wrong passwords. Please try again in a few minutes.',
  );

export const tooManySignInAttempts = (): IdentityError =>
  new IdentityError(
    IdentityErrorCode.TooManyRequests,
    'Too many failed login attempts. Please try again later.',
  );

/** Same code as the sign-in limit (the screens know it); a text that fits signing up. */
export const tooManySignUps = (): IdentityError =>
  new IdentityError(
    IdentityErrorCode.TooManyRequests,
    'Too many sign-up attempts from your network. Please try again later.',
  );

export const sessionExpired = (): IdentityError =>
  new IdentityError(IdentityErrorCode.InvalidSession, 'Your session has expired. Please sign in again.');

export const userNotFound = (): IdentityError =>
  new IdentityError(IdentityErrorCode.UserNotFound, "We couldn't find your account.");

export const resetTokenInvalid = (): IdentityError =>
  new IdentityError(
    IdentityErrorCode.ResetTokenInvalid,
    'This password reset link is invalid or has expired.',
  );

export const oidcNotConfigured = (): IdentityError =>
  new IdentityError(IdentityErrorCode.OidcNotConfigured, 'Google sign-in is not configured on this server.');

export const oidcFailed = (): IdentityError =>
  new IdentityError(
    IdentityErrorCode.OidcFailed,
    'An error occurred during Google sign-in. Please try again.',
  );

/** A new password the policy refuses; `problem` is the rule's own message (shared with the forms). */
export const passwordNotAcceptable = (problem: string): CommonError =>
  new CommonError(CommonErrorCode.ValidationError, problem);

export const invalidRedirectUri = (): CommonError =>
  new CommonError(
    CommonErrorCode.ValidationError,
    'redirectUri must be an absolute http(s) URL without query or fragment',
  );

export const invalidResetUrl = (): CommonError =>
  new CommonError(CommonErrorCode.ValidationError, 'resetUrl must be an absolute http(s) URL');
