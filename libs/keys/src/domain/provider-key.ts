import {
  type LlmProviderId,
  PROVIDER_KEY_BASE_URL_ACCEPTED,
  PROVIDER_KEY_BASE_URL_REQUIRED,
  PROVIDER_KEY_VISIBLE_SUFFIX_LENGTH,
} from '@membolt/contracts';

/**
 * A user's own language-model key ("bring your own key"), as the keys service holds it: the secret only
 * sealed (AES-256-GCM under the operator's key, see SecretCipher), plus its last characters to recognise it.
 */
export interface ProviderKey {
  readonly id: string;
  readonly userId: string;
  readonly provider: LlmProviderId;
  /** `v1.<encryption key id>.<iv>.<tag>.<ciphertext>`, bound to the owner and the key id. */
  readonly sealedSecret: string;
  readonly last4: string;
  /** Only for `openai-compatible` (required) and `openai` (optional proxy). */
  readonly baseUrl: string | null;
  readonly createdAt: Date;
}

/** A provider key with its secret opened, for the chat service only. */
export interface OpenedProviderKey {
  readonly id: string;
  readonly provider: LlmProviderId;
  readonly apiKey: string;
  readonly baseUrl: string | null;
}

/** Providers whose key may come with a base URL, and those that need one. */
export const BASE_URL_ACCEPTED: ReadonlySet<LlmProviderId> = new Set(PROVIDER_KEY_BASE_URL_ACCEPTED);
export const BASE_URL_REQUIRED: ReadonlySet<LlmProviderId> = new Set(PROVIDER_KEY_BASE_URL_REQUIRED);

export const lastCharactersOf = (secret: string): string => secret.slice(-PROVIDER_KEY_VISIBLE_SUFFIX_LENGTH);

/**
 * What seals a provider secret: its owner and its own id, so a sealed value copied onto another user's row
 * (or another key's) does not open.
 */
export const sealingContextOf = (key: { readonly userId: string; readonly id: string }): string =>
  `provider-key:${key.userId}:${key.id}`;
