import type { ProviderKeyTestView, ProviderKeyView } from '@membolt/contracts';
import type { LlmProviderModel } from '../chat/chat.models.js';
import type { ProviderKeyModel, ProviderKeyTestModel } from './provider-keys.models.js';

// The GraphQL enum carries the contract's values, so a provider id crosses as it is.
const toProviderModel = (provider: string): LlmProviderModel => provider as LlmProviderModel;

export function toProviderKeyModel(key: ProviderKeyView): ProviderKeyModel {
  return {
    id: key.id,
    provider: toProviderModel(key.provider),
    last4: key.last4,
    baseUrl: key.baseUrl,
    createdAt: key.createdAt,
  };
}

export function toProviderKeyTestModel(test: ProviderKeyTestView): ProviderKeyTestModel {
  return { ok: test.ok, provider: toProviderModel(test.provider), message: test.message, model: test.model };
}
