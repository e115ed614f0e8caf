import { IsIn, IsOptional, IsString, IsUrl, MaxLength, MinLength } from 'class-validator';
import { LLM_PROVIDER_IDS, type LlmProviderId } from '../rules/models.rules.js';
import { IsEntityId } from '../common/validators.js';
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
export class CreateProviderKeyRequest {
  @IsIn(LLM_PROVIDER_IDS)
  provider!: LlmProviderId;

  @IsString()
  @MinLength(1)
  @MaxLength(PROVIDER_KEY_MAX_LENGTH)
  apiKey!: string;

  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  @MaxLength(PROVIDER_BASE_URL_MAX_LENGTH)
  baseUrl?: string;
}

/** (user) */
export class ListProviderKeysRequest {}

/** (user) */
export class DeleteProviderKeyRequest {
  @IsEntityId()
  providerKeyId!: string;
}

/** (user, internal) */
export class ResolveProviderKeysRequest {}
