/** The sign-up rules of web-app.md section 5, repeated by the server with the same texts. */
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
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`,
  passwordControlCharacters: 'Password must not contain control characters',
  passwordOnlySpaces: 'Password must contain characters other than spaces',
  passwordTooCommon:
    'This password is too common and appears in lists of leaked passwords. Please choose a less predictable one.',
} as const;

/*
 * C0/C1 controls (NUL included), DEL, and the Unicode line/paragraph separators: none can be typed in a password
 * field, and they break logs, terminals and other systems the password may be typed into.
 */
const PASSWORD_CONTROL_CHARACTER = /[\p{Cc}\u2028\u2029]/u;
const ONLY_WHITESPACE = /^\s+$/u;

/**
 * What is wrong with a new password, as the message every form and the server show, or null when the rule
 * passes. Pure (no Node or validator imports) so the web app runs the same rule. The server also refuses
 * passwords from its bundled common-password list (`passwordTooCommon`), which is too large for the browser.
 * Length counts characters (code points), not UTF-16 units.
 */
export function passwordProblem(password: unknown): string | null {
  if (typeof password !== 'string' || password.length === 0) return AccountMessages.passwordRequired;
  if (PASSWORD_CONTROL_CHARACTER.test(password)) return AccountMessages.passwordControlCharacters;
  if (ONLY_WHITESPACE.test(password)) return AccountMessages.passwordOnlySpaces;
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return AccountMessages.passwordTooShort;
  if (length > PASSWORD_MAX_LENGTH) return AccountMessages.passwordTooLong;
  return null;
}

export const DEFAULT_BIO = 'AI enthusiast and technology lover.';
export const DEFAULT_DISPLAY_NAME = 'User';
export const DEFAULT_MODEL_ID = 'claude-3-7-sonnet';
/** Default model options of the settings screen (web-app.md section 3). */
export const SETTINGS_MODEL_IDS = [
  'claude-3-7-sonnet',
  'claude-3-5-sonnet',
  'claude-3-haiku',
  'gpt-4o',
  'gpt-4',
] as const;
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
