import type { ApiKeyView } from '@membolt/contracts';
import type { ApiKeyModel } from './api-keys.models.js';

/** The keys service's bus view → the GraphQL model, in one place: the owner and graph ids stay server-side. */
export function toApiKeyModel(key: ApiKeyView): ApiKeyModel {
  return {
    id: key.id,
    name: key.name,
    description: key.description,
    displayPrefix: key.displayPrefix,
    active: key.active,
    permissions: [...key.permissions],
    createdAt: key.createdAt,
    lastUsedAt: key.lastUsedAt,
    revokedAt: key.revokedAt,
  };
}
