/** Default model options of the settings screen (docs/requirements/web-app.md, Entities and models); the first is the default. */
export const SETTINGS_MODEL_IDS = [
  'claude-3-7-sonnet',
  'claude-3-5-sonnet',
  'claude-3-haiku',
  'gpt-4o',
  'gpt-4',
] as const;
export type SettingsModelId = (typeof SETTINGS_MODEL_IDS)[number];
export const DEFAULT_MODEL_ID: SettingsModelId = 'claude-3-7-sonnet';

/**
 * Language-model providers a model of the catalogue belongs to. `openai-compatible` is any server that
 * speaks OpenAI's Chat Completions protocol at its own base URL (Ollama, vLLM, LM Studio).
 */
export const LLM_PROVIDER_IDS = ['anthropic', 'openai', 'gemini', 'openai-compatible'] as const;
export type LlmProviderId = (typeof LLM_PROVIDER_IDS)[number];
