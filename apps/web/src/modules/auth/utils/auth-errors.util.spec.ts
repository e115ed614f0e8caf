import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { describe, expect, it } from '@jest/globals';
import { AUTH_MESSAGES, signInErrorMessage, signUpErrorMessage } from './auth-errors.util';

const graphqlError = (code: string, message = 'server text') =>
  new CombinedGraphQLErrors({ data: null, errors: [{ message, extensions: { code } }] });

describe('auth error texts', () => {
  it.each([
    ['wrong-password', AUTH_MESSAGES.invalidCredentials],
    ['user-not-found', AUTH_MESSAGES.invalidCredentials],
    ['too-many-requests', AUTH_MESSAGES.tooManyAttempts],
    ['SERVICE_UNAVAILABLE', AUTH_MESSAGES.loginFailed],
  ])('maps the sign-in code %s', (code, text) => {
    expect(signInErrorMessage(graphqlError(code))).toBe(text);
  });

  it('shows the generic login text for a network failure', () => {
    expect(signInErrorMessage(new TypeError('Failed to fetch'))).toBe(AUTH_MESSAGES.loginFailed);
  });

  it("maps registration failures: taken e-mail, the server's message, else the generic text", () => {
    expect(signUpErrorMessage(graphqlError('email-already-in-use'))).toBe(AUTH_MESSAGES.emailInUse);
    expect(signUpErrorMessage(graphqlError('BAD_USER_INPUT', 'Name is required'))).toBe('Name is required');
    expect(signUpErrorMessage(new TypeError('Failed to fetch'))).toBe(AUTH_MESSAGES.registrationFailed);
  });
});
