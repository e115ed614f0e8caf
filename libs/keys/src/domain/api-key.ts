import type { ApiKeyPermission } from '@membolt/contracts';

/** What a key lets its holder do; every key is created with both (docs/requirements/rest-gateway.md, Keys and access). */
export { API_KEY_PERMISSIONS, type ApiKeyPermission } from '@membolt/contracts';

/**
 * An API key as the keys service holds it. The secret itself is never stored: only its SHA-256 hash (to
 * find the key when it is presented) and its first characters (to recognise it in a list).
 */
export interface ApiKey {
  readonly id: string;
  readonly userId: string;
  readonly name: string;
  readonly description: string | null;
  /** Set only on the default key created at sign-up. */
  readonly graphId: string | null;
  readonly keyHash: string;
  readonly displayPrefix: string;
  readonly active: boolean;
  readonly permissions: readonly ApiKeyPermission[];
  readonly createdAt: Date;
  readonly lastUsedAt: Date | null;
  readonly revokedAt: Date | null;
  readonly updatedAt: Date | null;
}

/** What a presented key turned out to be. */
export type ApiKeyValidation =
  | { readonly valid: true; readonly key: ApiKey }
  | { readonly valid: false; readonly reason: 'unknown' | 'revoked' };
