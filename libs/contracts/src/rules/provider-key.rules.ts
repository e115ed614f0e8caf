import type { LlmProviderId } from './models.rules.js';

/** Longest provider secret accepted (real ones are under 200 characters). */
export const PROVIDER_KEY_MAX_LENGTH = 512;
/** Longest base URL of an OpenAI-compatible server. */
export const PROVIDER_BASE_URL_MAX_LENGTH = 2048;

/** Providers whose key may come with a base URL (an OpenAI proxy), and those that need one. */
export const PROVIDER_KEY_BASE_URL_ACCEPTED: readonly LlmProviderId[] = ['openai', 'openai-compatible'];
export const PROVIDER_KEY_BASE_URL_REQUIRED: readonly LlmProviderId[] = ['openai-compatible'];

/** How many trailing characters of a language-model key its owner sees again (never the rest). */
export const PROVIDER_KEY_VISIBLE_SUFFIX_LENGTH = 4;

/** Texts of users' language-model keys, shared by the keys service and the settings screen. */
export const ProviderKeyMessages = {
  keyRequired: 'Enter the API key.',
  keyMalformed: 'An API key has no spaces or line breaks.',
  baseUrlRequired: 'An OpenAI-compatible server needs its base URL (for example http://localhost:11434/v1).',
  baseUrlNotAccepted: 'Only OpenAI and OpenAI-compatible keys take a base URL.',
  notFound: 'Language model key not found.',
} as const;
