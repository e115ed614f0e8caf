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
} as const;

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
