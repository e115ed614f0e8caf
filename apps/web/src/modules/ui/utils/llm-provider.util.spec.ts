import { describe, expect, it } from '@jest/globals';
import { LLM_PROVIDER_IDS } from '@membolt/contracts/rules';
import { GRAPHQL_PROVIDERS, graphqlProviderOf, providerIdOf, providerLabel } from './llm-provider.util';

describe('LLM provider names between GraphQL and the contracts', () => {
  it('maps every provider both ways', () => {
    for (const id of LLM_PROVIDER_IDS) expect(providerIdOf(graphqlProviderOf(id))).toBe(id);
    expect(GRAPHQL_PROVIDERS).toEqual(['anthropic', 'openai', 'gemini', 'openaiCompatible']);
  });

  it('labels providers as the settings screen shows them', () => {
    expect(GRAPHQL_PROVIDERS.map(providerLabel)).toEqual([
      'Anthropic',
      'OpenAI',
      'Google Gemini',
      'OpenAI-compatible server',
    ]);
  });
});
