/** The registration rules of web-app.md section 5; the server repeats them with the same texts. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

/** Non-space text, an at-sign, non-space text, a dot, non-space text. */
const EMAIL_PATTERN = /^\S+@\S+\.\S+$/;

export const VALIDATION_MESSAGES = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`,
  passwordControlCharacters: 'Password must not contain control characters',
  passwordOnlySpaces: 'Password must contain characters other than spaces',
  confirmRequired: 'Please confirm your password',
  passwordsDiffer: 'Passwords do not match',
  termsRequired: 'You must agree to the terms and conditions',
} as const;

/** A field's error text, or null when it passes. */
export type FieldError = string | null;

export function validateName(name: string): FieldError {
  return name.trim() ? null : VALIDATION_MESSAGES.nameRequired;
}

export function validateEmail(email: string): FieldError {
  if (!email.trim()) return VALIDATION_MESSAGES.emailRequired;
  return EMAIL_PATTERN.test(email.trim()) ? null : VALIDATION_MESSAGES.emailInvalid;
}

const PASSWORD_CONTROL_CHARACTER = /[\p{Cc}\u2028\u2029]/u;
const ONLY_WHITESPACE = /^\s+$/u;

/**
 * The server's rule for a new password (`passwordProblem` in libs/contracts account-rules.ts, same order and
 * texts). The server also refuses common and leaked passwords from a list too large for the browser; the
 * forms show its message for those.
 */
export function validateNewPassword(password: string): FieldError {
  if (!password) return VALIDATION_MESSAGES.passwordRequired;
  if (PASSWORD_CONTROL_CHARACTER.test(password)) return VALIDATION_MESSAGES.passwordControlCharacters;
  if (ONLY_WHITESPACE.test(password)) return VALIDATION_MESSAGES.passwordOnlySpaces;
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return VALIDATION_MESSAGES.passwordTooShort;
  if (length > PASSWORD_MAX_LENGTH) return VALIDATION_MESSAGES.passwordTooLong;
  return null;
}

export function validatePasswordConfirmation(password: string, confirmation: string): FieldError {
  if (!confirmation) return VALIDATION_MESSAGES.confirmRequired;
  return confirmation === password ? null : VALIDATION_MESSAGES.passwordsDiffer;
}

export function validateTermsAccepted(accepted: boolean): FieldError {
  return accepted ? null : VALIDATION_MESSAGES.termsRequired;
}

export interface RegistrationValues {
  readonly name: string;
  readonly email: string;
  readonly password: string;
  readonly confirmPassword: string;
  readonly acceptTerms: boolean;
}

export type RegistrationField = keyof RegistrationValues;

export type RegistrationErrors = Readonly<Record<RegistrationField, FieldError>>;

export function validateRegistrationField(field: RegistrationField, values: RegistrationValues): FieldError {
  switch (field) {
    case 'name':
      return validateName(values.name);
    case 'email':
      return validateEmail(values.email);
    case 'password':
      return validateNewPassword(values.password);
    case 'confirmPassword':
      return validatePasswordConfirmation(values.password, values.confirmPassword);
    case 'acceptTerms':
      return validateTermsAccepted(values.acceptTerms);
  }
}

const REGISTRATION_FIELDS: readonly RegistrationField[] = [
  'name',
  'email',
  'password',
  'confirmPassword',
  'acceptTerms',
];

export function validateRegistration(values: RegistrationValues): RegistrationErrors {
  return Object.fromEntries(
    REGISTRATION_FIELDS.map((field) => [field, validateRegistrationField(field, values)]),
  ) as Record<RegistrationField, FieldError>;
}

export const hasErrors = (errors: Readonly<Record<string, FieldError>>): boolean =>
  Object.values(errors).some((error) => error !== null);
