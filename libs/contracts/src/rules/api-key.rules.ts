export const API_KEY_PREFIX = 'mblt_';
export const API_KEY_RANDOM_LENGTH = 32;
/** The characters of the random part: letters and digits only, so a key survives copy, paste and URLs. */
export const API_KEY_RANDOM_CHARACTER_CLASS = '[A-Za-z0-9]';
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The prefix, then API_KEY_RANDOM_LENGTH letters or digits. */
export const API_KEY_PATTERN = new RegExp(
  `^${escapeRegExp(API_KEY_PREFIX)}${API_KEY_RANDOM_CHARACTER_CLASS}{${API_KEY_RANDOM_LENGTH}}$`,
);
export const API_KEY_NAME_MAX_LENGTH = 100;
export const API_KEY_DESCRIPTION_MAX_LENGTH = 500;
export const DEFAULT_API_KEY_NAME = 'Default API Key';
/** Characters of the key shown in lists and in the one-time reveal mask (docs/requirements/web-app.md, States). */
export const API_KEY_DISPLAY_PREFIX_LENGTH = 8;

export const ApiKeyMessages = {
  nameRequired: 'Name is required',
} as const;
