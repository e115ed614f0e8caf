import { LLM_PROVIDER_IDS, LLM_PROVIDER_LABELS, type LlmProviderId } from '@membolt/contracts/rules';
import type { LlmProvider } from '../../../gql/graphql';

/** GraphQL names the contract's `openai-compatible` `openaiCompatible` (enum names cannot hold a dash). */
const BY_GRAPHQL_NAME: Readonly<Record<LlmProvider, LlmProviderId>> = {
  anthropic: 'anthropic',
  openai: 'openai',
  gemini: 'gemini',
  openaiCompatible: 'openai-compatible',
};

export const providerIdOf = (provider: LlmProvider): LlmProviderId => BY_GRAPHQL_NAME[provider];

export const graphqlProviderOf = (id: LlmProviderId): LlmProvider =>
  (Object.keys(BY_GRAPHQL_NAME) as LlmProvider[]).find((name) => BY_GRAPHQL_NAME[name] === id) ?? 'openai';

/** "Anthropic", "OpenAI", "Google Gemini", "OpenAI-compatible server". */
export const providerLabel = (provider: LlmProvider): string => LLM_PROVIDER_LABELS[providerIdOf(provider)];

/** The providers in the catalogue's order, as GraphQL names them. */
export const GRAPHQL_PROVIDERS: readonly LlmProvider[] = LLM_PROVIDER_IDS.map(graphqlProviderOf);
