import { CreateProviderKeyRequest, ProviderKeyTestView, ProviderKeyView } from '@membolt/contracts';
import { LlmProviderModel } from '../chat/chat.models.js';
import { graphqlInputType } from '../common/graphql-input-type.js';
import { graphqlObjectType } from '../common/graphql-object-type.js';

/** The keys service's and the chat service's views as the settings screen sees them. */
export const ProviderKeyModel = graphqlObjectType('ProviderKey', ProviderKeyView, {
  description: 'One of your own language-model keys. The key itself is never shown again, only its end.',
  ids: ['id'],
  types: { provider: () => LlmProviderModel },
});
export type ProviderKeyModel = ProviderKeyView;

/** The keys service's create request as it is. */
export const AddProviderKeyInput = graphqlInputType('AddProviderKeyInput', CreateProviderKeyRequest, {
  types: { provider: () => LlmProviderModel },
  descriptions: {
    baseUrl:
      'Required for an OpenAI-compatible server (e.g. http://localhost:11434/v1); optional for OpenAI.',
  },
});
export type AddProviderKeyInput = InstanceType<typeof AddProviderKeyInput>;

export const ProviderKeyTestModel = graphqlObjectType('ProviderKeyTest', ProviderKeyTestView, {
  description: 'The answer of one cheap call made with a language-model key.',
  types: { provider: () => LlmProviderModel },
});
export type ProviderKeyTestModel = ProviderKeyTestView;
