import type {
  ApiKeyValidationView,
  ApiKeyView,
  ProviderKeyView,
  ResolvedProviderKey,
} from '@membolt/contracts';
import type { ApiKey, ApiKeyValidation } from './domain/api-key.js';
import type { OpenedProviderKey, ProviderKey } from './domain/provider-key.js';

/** The one mapping from the stored key to what crosses the bus: never the hash. */
export function toApiKeyView(key: ApiKey): ApiKeyView {
  return {
    id: key.id,
    name: key.name,
    description: key.description,
    userId: key.userId,
    graphId: key.graphId,
    displayPrefix: key.displayPrefix,
    active: key.active,
    permissions: [...key.permissions],
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    revokedAt: key.revokedAt?.toISOString() ?? null,
    updatedAt: key.updatedAt?.toISOString() ?? null,
  };
}

export function toApiKeyValidationView(validation: ApiKeyValidation): ApiKeyValidationView {
  return validation.valid
    ? {
        valid: true,
        userId: validation.key.userId,
        keyId: validation.key.id,
        permissions: [...validation.key.permissions],
      }
    : { valid: false, reason: validation.reason };
}

/** A provider key as its owner sees it: never the secret, only its last characters. */
export function toProviderKeyView(key: ProviderKey): ProviderKeyView {
  return {
    id: key.id,
    provider: key.provider,
    last4: key.last4,
    baseUrl: key.baseUrl,
    createdAt: key.createdAt.toISOString(),
  };
}

/** Internal view for the chat service only: the opened secret crosses the bus on purpose. */
export function toResolvedProviderKey(key: OpenedProviderKey): ResolvedProviderKey {
  return { id: key.id, provider: key.provider, apiKey: key.apiKey, baseUrl: key.baseUrl };
}
