import type { ProviderKeyTestView, ProviderKeyView } from '@membolt/contracts';
import type { ProviderKeyModel, ProviderKeyTestModel } from './provider-keys.models.js';

export function toProviderKeyModel(key: ProviderKeyView): ProviderKeyModel {
  return {
    id: key.id,
    provider: key.provider,
    last4: key.last4,
    baseUrl: key.baseUrl,
    createdAt: key.createdAt,
  };
}

export function toProviderKeyTestModel(test: ProviderKeyTestView): ProviderKeyTestModel {
  return { ok: test.ok, provider: test.provider, message: test.message, model: test.model };
}
