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
