import { z } from 'zod';
import { LLM_PROVIDER_IDS, type LlmProviderId } from '../rules/models.rules.js';
import { entityId, oneOf, optional } from '../common/wire-schema.js';
import { sizedString, urlString } from '../common/wire-strings.js';
import { PROVIDER_BASE_URL_MAX_LENGTH, PROVIDER_KEY_MAX_LENGTH } from '../rules/provider-key.rules.js';

// The limits live in the browser-safe rules entry (the settings screen uses them too).
export { PROVIDER_BASE_URL_MAX_LENGTH, PROVIDER_KEY_MAX_LENGTH };

/**
 * A user's own language-model key ("bring your own key"), as its owner sees it: never the secret again,
 * only its last 4 characters. Stored by the keys service, encrypted at rest (AES-256-GCM).
 */
export interface ProviderKeyView {
  readonly id: string;
  readonly provider: LlmProviderId;
  /** Last 4 characters of the secret. */
  readonly last4: string;
  /** Only for `openai-compatible` (and optionally an OpenAI proxy). */
  readonly baseUrl: string | null;
  readonly createdAt: string;
}

export interface ProviderKeyListView {
  readonly providerKeys: readonly ProviderKeyView[];
}

/** Internal (chat service only, never exposed by an edge): the acting user's keys, decrypted. */
export interface ResolvedProviderKey {
  readonly id: string;
  readonly provider: LlmProviderId;
  readonly apiKey: string;
  readonly baseUrl: string | null;
}

export interface ResolvedProviderKeysView {
  readonly keys: readonly ResolvedProviderKey[];
}

/** (user) Adds a key; a second key for the same provider replaces the first. */
export const CreateProviderKeyRequest = z.strictObject({
  provider: oneOf(LLM_PROVIDER_IDS),
  apiKey: sizedString(1, PROVIDER_KEY_MAX_LENGTH),
  baseUrl: optional(urlString(PROVIDER_BASE_URL_MAX_LENGTH)),
});
export type CreateProviderKeyRequest = z.output<typeof CreateProviderKeyRequest>;

/** (user) */
export const ListProviderKeysRequest = z.strictObject({});
export type ListProviderKeysRequest = z.output<typeof ListProviderKeysRequest>;

/** (user) */
export const DeleteProviderKeyRequest = z.strictObject({ providerKeyId: entityId() });
export type DeleteProviderKeyRequest = z.output<typeof DeleteProviderKeyRequest>;

/** (user, internal) */
export const ResolveProviderKeysRequest = z.strictObject({});
export type ResolveProviderKeysRequest = z.output<typeof ResolveProviderKeysRequest>;
