import { describe, expect, it } from '@jest/globals';
import {
  EMAIL_MAX_LENGTH,
  emailProblem,
  PASSWORD_MAX_LENGTH,
  passwordProblem,
} from '@membolt/contracts/rules';
import {
  hasErrors,
  type RegistrationValues,
  validateEmail,
  validateNewPassword,
  validatePasswordConfirmation,
  validateRegistration,
  VALIDATION_MESSAGES,
} from './auth-validation.util';

const aRegistration = (overrides: Partial<RegistrationValues> = {}): RegistrationValues => ({
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  password: 'analytical engine',
  confirmPassword: 'analytical engine',
  acceptTerms: true,
  ...overrides,
});

describe('registration validation', () => {
  it('passes a complete registration', () => {
    expect(hasErrors(validateRegistration(aRegistration()))).toBe(false);
  });

  it('reports every empty field with the documented texts', () => {
    expect(
      validateRegistration({ name: '  ', email: '', password: '', confirmPassword: '', acceptTerms: false }),
    ).toEqual({
      name: VALIDATION_MESSAGES.nameRequired,
      email: VALIDATION_MESSAGES.emailRequired,
      password: VALIDATION_MESSAGES.passwordRequired,
      confirmPassword: VALIDATION_MESSAGES.confirmRequired,
      acceptTerms: VALIDATION_MESSAGES.termsRequired,
    });
  });

  it.each(['ada', 'ada@example', '@example.com', 'ada @example.com', 'ada@ex ample.com'])(
    'refuses the e-mail %p',
    (email) => {
      expect(validateEmail(email)).toBe(VALIDATION_MESSAGES.emailInvalid);
    },
  );

  it.each(['a@b.c', 'ada.lovelace+memo@example.co.uk'])('accepts the e-mail %p', (email) => {
    expect(validateEmail(email)).toBeNull();
  });

  it('needs at least 8 password characters', () => {
    expect(validateNewPassword('1234567')).toBe(VALIDATION_MESSAGES.passwordTooShort);
    expect(validateNewPassword('12345678')).toBeNull();
  });

  it.each([
    [' '.repeat(8), VALIDATION_MESSAGES.passwordOnlySpaces],
    ['\0'.repeat(8), VALIDATION_MESSAGES.passwordControlCharacters],
    ['tab\there1', VALIDATION_MESSAGES.passwordControlCharacters],
    ['x'.repeat(257), VALIDATION_MESSAGES.passwordTooLong],
  ])('refuses the new password %j', (password, message) => {
    expect(validateNewPassword(password)).toBe(message);
  });

  it('needs the confirmation to equal the password', () => {
    expect(validatePasswordConfirmation('12345678', '12345679')).toBe(VALIDATION_MESSAGES.passwordsDiffer);
    expect(validatePasswordConfirmation('12345678', '12345678')).toBeNull();
  });

  // The server validates the same fields with these functions: the form must not accept what it refuses.
  it.each([
    ['a password one character over the limit', 'x'.repeat(PASSWORD_MAX_LENGTH + 1)],
    ['a password at the limit', 'x'.repeat(PASSWORD_MAX_LENGTH)],
    ['an empty password', ''],
  ])('judges %s as the server does', (_case, password) => {
    expect(validateNewPassword(password)).toBe(passwordProblem(password));
  });

  it.each([
    ['an address one character over the limit', `${'a'.repeat(EMAIL_MAX_LENGTH)}@example.com`],
    ['an address with spaces around it', '  ada@example.com '],
  ])('judges %s as the server does', (_case, email) => {
    expect(validateEmail(email)).toBe(emailProblem(email));
  });
});
