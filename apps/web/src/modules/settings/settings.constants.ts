/** "Changes saved successfully!" shows this long (web-app.md section 9). */
export const SAVED_BANNER_MS = 3_000;
/** "API key copied to clipboard!" shows this long. */
export const COPIED_BANNER_MS = 2_000;

export const SAVED_MESSAGE = 'Changes saved successfully!';
export const COPIED_MESSAGE = 'API key copied to clipboard!';
export const PLAN_CHANGES_COMING_SOON = 'Plan changes are coming soon.';
export const COMING_SOON = 'Coming soon';

export const BIO_MAX_LENGTH = 500;
export const API_KEY_NAME_MAX_LENGTH = 100;
export const API_KEY_DESCRIPTION_MAX_LENGTH = 500;

/** The default-model choices of the settings screen (web-app.md section 3), with the names users know. */
export const DEFAULT_MODEL_OPTIONS = [
  { id: 'claude-3-7-sonnet', label: 'Claude 3.7 Sonnet' },
  { id: 'claude-3-5-sonnet', label: 'Claude 3.5 Sonnet' },
  { id: 'claude-3-haiku', label: 'Claude 3 Haiku' },
  { id: 'gpt-4o', label: 'GPT-4o' },
  { id: 'gpt-4', label: 'GPT-4' },
] as const;

export const SETTINGS_TABS = [
  { id: 'profile', label: 'Profile' },
  { id: 'notifications', label: 'Notifications' },
  { id: 'subscription', label: 'Subscription' },
  { id: 'security', label: 'Security' },
  { id: 'api-keys', label: 'API Keys' },
] as const;

export type SettingsTabId = (typeof SETTINGS_TABS)[number]['id'];
