import type { LlmProviderId } from '@membolt/contracts';
import { AnthropicProvider } from './anthropic.provider.js';
import { GeminiProvider } from './gemini.provider.js';
import type { LlmCallPolicy, LlmCredentials, LlmProvider } from './llm-provider.js';
import { OpenAiProvider } from './openai.provider.js';

/** Builds the provider adapter for a set of credentials (the operator's, or a user's own key). */
export function createLlmProvider(credentials: LlmCredentials, policy: LlmCallPolicy): LlmProvider {
  const provider: LlmProviderId = credentials.provider;
  switch (provider) {
    case 'anthropic':
      return new AnthropicProvider(credentials, policy);
    case 'gemini':
      return new GeminiProvider(credentials, policy);
    case 'openai':
    case 'openai-compatible':
      return new OpenAiProvider({ ...credentials, provider }, policy);
  }
}

export const LLM_PROVIDER_FACTORY = Symbol('LLM_PROVIDER_FACTORY');
export type LlmProviderFactory = (credentials: LlmCredentials) => LlmProvider;

/** Provider adapters one factory keeps: the operator's few, and the users' own keys used most recently. */
const KEPT_LLM_PROVIDERS = 64;

/**
 * A factory that gives back the adapter it built before for the same credentials (the last `max` used). An
 * adapter holds its SDK client, whose construction (a few hundred µs for OpenAI's, plus the SDK's dynamic import)
 * every turn paid again; adapters hold no per-call state, so turns share one. A user's key that is replaced or
 * deleted is no longer resolved for their turns, so its adapter is no longer asked for and ages out.
 */
export function reusingLlmProviders(
  create: LlmProviderFactory,
  max: number = KEPT_LLM_PROVIDERS,
): LlmProviderFactory {
  const kept = new Map<string, LlmProvider>();
  return (credentials) => {
    const key = `${credentials.provider}\u0000${credentials.baseUrl ?? ''}\u0000${credentials.apiKey}`;
    const provider = kept.get(key) ?? create(credentials);
    // Re-inserted as the newest: the Map's first key is always the one used longest ago.
    kept.delete(key);
    kept.set(key, provider);
    if (kept.size > max) kept.delete(kept.keys().next().value as string);
    return provider;
  };
}
