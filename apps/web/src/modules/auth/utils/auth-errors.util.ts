import { AccountMessages, GraphqlErrorCode } from '@membolt/contracts/rules';
import { graphqlErrorCode, graphqlErrorMessage } from './graphql-error.util';

/** The sign-in and registration banner texts of docs/requirements/web-app.md, Error texts. */
export const AUTH_MESSAGES = {
  bothFieldsRequired: AccountMessages.signInFieldsRequired,
  invalidCredentials: 'Invalid email or password',
  tooManyAttempts: 'Too many failed login attempts. Please try again later.',
  loginFailed: 'An error occurred during login. Please try again.',
  emailInUse: 'This email is already in use. Please try another one or sign in.',
  registrationFailed: 'An error occurred during registration. Please try again.',
  accountDeleted: 'Your account and all of its data have been deleted.',
  resetLinkSent: "If an account exists for that email, we've sent a link to reset your password.",
  resetDone: 'Your password has been reset. You can now sign in with your new password.',
  resetLinkInvalid: 'This password reset link is invalid or has expired.',
  resetFailed: 'We could not reset your password. Please try again.',
  resetRequestFailed: 'We could not send the reset link. Please try again.',
} as const;

/** "Sign in with Google" goes to an OpenID Connect issuer the operator names (Google by default). */
export const oidcFailedMessage = (providerName: string): string =>
  `An error occurred during ${providerName} sign-in. Please try again.`;

export const oidcNotConfiguredMessage = (providerName: string): string =>
  `${providerName} sign-in is not configured on this server.`;

export function signInErrorMessage(error: unknown): string {
  const code = graphqlErrorCode(error);
  if (code === GraphqlErrorCode.WrongPassword || code === GraphqlErrorCode.UserNotFound) {
    return AUTH_MESSAGES.invalidCredentials;
  }
  if (code === GraphqlErrorCode.TooManyRequests) return AUTH_MESSAGES.tooManyAttempts;
  return AUTH_MESSAGES.loginFailed;
}

export function signUpErrorMessage(error: unknown): string {
  if (graphqlErrorCode(error) === GraphqlErrorCode.EmailAlreadyInUse) return AUTH_MESSAGES.emailInUse;
  return graphqlErrorMessage(error) ?? AUTH_MESSAGES.registrationFailed;
}
