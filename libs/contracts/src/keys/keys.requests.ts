import { API_KEY_CANDIDATE_MAX_LENGTH } from '../common/request-limits.js';
import { z } from 'zod';
import { booleanField, boundedString, entityId, optional, requiredText } from '../common/wire-schema.js';
import {
  API_KEY_DESCRIPTION_MAX_LENGTH,
  API_KEY_NAME_MAX_LENGTH,
  ApiKeyMessages,
} from '../rules/api-key.rules.js';

/** The name an owner gives an API key: trimmed, required, bounded. */
const apiKeyName = () => requiredText(ApiKeyMessages.nameRequired, API_KEY_NAME_MAX_LENGTH);
/** An API key's free-text description; optional wherever it appears. */
const apiKeyDescription = () => optional(boundedString(API_KEY_DESCRIPTION_MAX_LENGTH));

export const CreateApiKeyRequest = z.strictObject({
  name: apiKeyName(),
  description: apiKeyDescription(),
  /** Set on the default key created at sign-up (the user's memory graph). */
  graphId: optional(entityId()),
});
export type CreateApiKeyRequest = z.output<typeof CreateApiKeyRequest>;

export const ListApiKeysRequest = z.strictObject({
  /** The programmatic list returns active keys only; the settings screen lists all. */
  activeOnly: booleanField(),
});
export type ListApiKeysRequest = z.output<typeof ListApiKeysRequest>;

export const RevokeApiKeyRequest = z.strictObject({ keyId: entityId() });
export type RevokeApiKeyRequest = z.output<typeof RevokeApiKeyRequest>;

export const UpdateApiKeyRequest = z.strictObject({
  keyId: entityId(),
  name: optional(apiKeyName()),
  description: apiKeyDescription(),
});
export type UpdateApiKeyRequest = z.output<typeof UpdateApiKeyRequest>;

/** Gateway: who owns this key? Public subject (no user in meta): the key is the credential. */
export const ValidateApiKeyRequest = z.strictObject({
  key: boundedString(API_KEY_CANDIDATE_MAX_LENGTH, { lengthTextFirst: true }),
});
export type ValidateApiKeyRequest = z.output<typeof ValidateApiKeyRequest>;
