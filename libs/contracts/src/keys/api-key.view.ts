/** An API key as its owner sees it: never the secret, except once in CreatedApiKeyView. */
export interface ApiKeyView {
  readonly id: string;
  readonly name: string;
  readonly description: string | null;
  readonly userId: string;
  readonly graphId: string | null;
  /** First characters of the key (`mblt_AbC`), to recognise it. */
  readonly displayPrefix: string;
  readonly active: boolean;
  readonly permissions: ReadonlyArray<'read' | 'write'>;
  readonly createdAt: string;
  readonly lastUsedAt: string | null;
  readonly revokedAt: string | null;
  readonly updatedAt: string | null;
}

export interface CreatedApiKeyView {
  readonly apiKey: ApiKeyView;
  /** The full key: returned only here, at creation. */
  readonly secret: string;
}

export interface ApiKeyListView {
  readonly keys: readonly ApiKeyView[];
}

export type ApiKeyValidationView =
  | {
      readonly valid: true;
      readonly userId: string;
      readonly keyId: string;
      readonly permissions: ReadonlyArray<'read' | 'write'>;
    }
  | { readonly valid: false; readonly reason: 'unknown' | 'revoked' };
