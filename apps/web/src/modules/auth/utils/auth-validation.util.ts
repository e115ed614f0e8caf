import { AccountMessages, emailProblem, nameProblem, passwordProblem } from '@membolt/contracts/rules';

/** The server's texts for the rules it shares, plus the checks only a form has (confirmation, terms). */
export const VALIDATION_MESSAGES = {
  ...AccountMessages,
  confirmRequired: 'Please confirm your password',
  passwordsDiffer: 'Passwords do not match',
  termsRequired: 'You must agree to the terms and conditions',
} as const;

/** A field's error text, or null when it passes. */
export type FieldError = string | null;

// The shared rules of the rules entry: the form refuses exactly what the server would, with the same text.
export const validateName: (name: string) => FieldError = nameProblem;
export const validateEmail: (email: string) => FieldError = emailProblem;
export const validateNewPassword: (password: string) => FieldError = passwordProblem;

export function validatePasswordConfirmation(password: string, confirmation: string): FieldError {
  if (!confirmation) return VALIDATION_MESSAGES.confirmRequired;
  return confirmation === password ? null : VALIDATION_MESSAGES.passwordsDiffer;
}

function validateTermsAccepted(accepted: boolean): FieldError {
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
