/**
 * The account rules of docs/requirements/web-app.md, Validation. The web form and the server validators both call the
 * `...Problem` functions below, so a rule and its text change in one place.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
export const NAME_MAX_LENGTH = 100;
export const BIO_MAX_LENGTH = 500;
export const EMAIL_MAX_LENGTH = 254;
/** Non-space text, an at-sign, non-space text, a dot, non-space text. */
export const EMAIL_PATTERN = /^\S+@\S+\.\S+$/;

export const AccountMessages = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`,
  /** Sign-in checks only presence: its texts must not reveal which accounts exist or what their rules were. */
  signInFieldsRequired: 'Please enter both email and password',
  currentPasswordRequired: 'Current password is required',
  passwordControlCharacters: 'Password must not contain control characters',
  passwordOnlySpaces: 'Password must contain characters other than spaces',
  /** The server's bundled common-password list is too large for the browser: only the server shows this one. */
  passwordTooCommon:
    'This password is too common and appears in lists of leaked passwords. Please choose a less predictable one.',
} as const;

/*
 * C0/C1 controls (NUL included), DEL, and the Unicode line/paragraph separators: none can be typed in a password
 * field, and they break logs, terminals and other systems the password may be typed into.
 */
const PASSWORD_CONTROL_CHARACTER = /[\p{Cc}\u2028\u2029]/u;
const ONLY_WHITESPACE = /^\s+$/u;
/** Length counts characters (code points), not UTF-16 units. */
const characterCount = (password: string): number => [...password].length;

/**
 * One check of a new password: the text to show when it fails. Checks run in order and the first failure is
 * the one reported, so the form and the server give the same single message.
 */
export type PasswordRule = (password: string) => string | null;

/** Add a rule here and both the sign-up/reset/change forms and every server validator enforce it. */
export const PASSWORD_RULES: readonly PasswordRule[] = [
  (password) => (password.length === 0 ? AccountMessages.passwordRequired : null),
  (password) =>
    PASSWORD_CONTROL_CHARACTER.test(password) ? AccountMessages.passwordControlCharacters : null,
  (password) => (ONLY_WHITESPACE.test(password) ? AccountMessages.passwordOnlySpaces : null),
  (password) => (characterCount(password) < PASSWORD_MIN_LENGTH ? AccountMessages.passwordTooShort : null),
  (password) => (characterCount(password) > PASSWORD_MAX_LENGTH ? AccountMessages.passwordTooLong : null),
];

/** Why a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  for (const rule of PASSWORD_RULES) {
    const problem = rule(password);
    if (problem !== null) return problem;
  }
  return null;
}

/** Why an e-mail address is refused, or null. Surrounding spaces are ignored (the server trims them). */
export function emailProblem(email: string): string | null {
  const trimmed = email.trim();
  if (!trimmed) return AccountMessages.emailRequired;
  if (trimmed.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(trimmed)) return AccountMessages.emailInvalid;
  return null;
}

/** Why a display name is refused, or null. Surrounding spaces are ignored (the server trims them). */
export function nameProblem(name: string): string | null {
  return name.trim() ? null : AccountMessages.nameRequired;
}

export const DEFAULT_BIO = 'AI enthusiast and technology lover.';
export const DEFAULT_DISPLAY_NAME = 'User';

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'light';

export const isTheme = (value: unknown): value is Theme => (THEMES as readonly unknown[]).includes(value);
