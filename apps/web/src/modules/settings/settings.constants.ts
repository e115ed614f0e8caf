import { SETTINGS_MODEL_IDS, type SettingsModelId } from '@membolt/contracts/rules';

/** "Changes saved successfully!" shows this long (docs/requirements/web-app.md, Limits and constants). */
export const SAVED_BANNER_MS = 3_000;
/** "API key copied to clipboard!" shows this long. */
export const COPIED_BANNER_MS = 2_000;

export const SAVED_MESSAGE = 'Changes saved successfully!';
export const COPIED_MESSAGE = 'API key copied to clipboard!';
export const COMING_SOON = 'Coming soon';

/** The names users know for the settings screen's model ids; the compiler asks for one per id. */
const MODEL_LABELS: Readonly<Record<SettingsModelId, string>> = {
  'claude-3-7-sonnet': 'Claude 3.7 Sonnet',
  'claude-3-5-sonnet': 'Claude 3.5 Sonnet',
  'claude-3-haiku': 'Claude 3 Haiku',
  'gpt-4o': 'GPT-4o',
  'gpt-4': 'GPT-4',
};

/** The default-model choices of the settings screen (docs/requirements/web-app.md, Entities and models), in the server's order. */
export const DEFAULT_MODEL_OPTIONS = SETTINGS_MODEL_IDS.map((id) => ({ id, label: MODEL_LABELS[id] }));

export const SETTINGS_TABS = [
  { id: 'profile', label: 'Profile' },
  { id: 'notifications', label: 'Notifications' },
  { id: 'subscription', label: 'Subscription' },
  { id: 'security', label: 'Security' },
  { id: 'api-keys', label: 'API Keys' },
] as const;

export type SettingsTabId = (typeof SETTINGS_TABS)[number]['id'];
