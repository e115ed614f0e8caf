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
export const ProviderKeyView = z
  .object({
    id: z.string(),
    provider: z.enum(LLM_PROVIDER_IDS),
    last4: z.string().meta({ description: 'The last 4 characters of the key, to recognise it.' }),
    /** Only for `openai-compatible` (and optionally an OpenAI proxy). */
    baseUrl: z
      .string()
      .nullable()
      .meta({ description: 'The server of an OpenAI-compatible key (or an OpenAI proxy).' }),
    createdAt: z.string(),
  })
  .readonly();
export type ProviderKeyView = z.output<typeof ProviderKeyView>;

export const ProviderKeyListView = z.object({ providerKeys: z.array(ProviderKeyView).readonly() }).readonly();
export type ProviderKeyListView = z.output<typeof ProviderKeyListView>;

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
