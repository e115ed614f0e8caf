import type { ApiKeyValidationView, ApiKeyView } from '@membolt/contracts';
import type { ApiKey, ApiKeyValidation } from './domain/api-key.js';

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
