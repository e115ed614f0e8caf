import { defineSubject } from '../common/envelope.js';
import type { ApiKeysRevokedEvent } from './api-key-events.js';
import type { ApiKeyListView, ApiKeyValidationView, ApiKeyView, CreatedApiKeyView } from './api-key.view.js';
import type {
  CreateApiKeyRequest,
  ListApiKeysRequest,
  RevokeApiKeyRequest,
  UpdateApiKeyRequest,
  ValidateApiKeyRequest,
} from './keys.requests.js';
import type {
  CreateProviderKeyRequest,
  DeleteProviderKeyRequest,
  ListProviderKeysRequest,
  ProviderKeyListView,
  ProviderKeyView,
  ResolveProviderKeysRequest,
  ResolvedProviderKeysView,
} from './provider-keys.js';

export const KeysSubjects = {
  /** (user) */
  create: defineSubject<CreateApiKeyRequest, CreatedApiKeyView>('keys', 'keys.api-keys.create.v1'),
  /** (user) */
  list: defineSubject<ListApiKeysRequest, ApiKeyListView>('keys', 'keys.api-keys.list.v1', {
    idempotent: true,
  }),
  /** (user) Irreversible. */
  revoke: defineSubject<RevokeApiKeyRequest, ApiKeyView>('keys', 'keys.api-keys.revoke.v1'),
  /** (user) */
  update: defineSubject<UpdateApiKeyRequest, ApiKeyView>('keys', 'keys.api-keys.update.v1'),
  /** (public: the key is the credential) */
  validate: defineSubject<ValidateApiKeyRequest, ApiKeyValidationView>('keys', 'keys.api-keys.validate.v1', {
    idempotent: true,
  }),
  /** Broadcast event (every gateway replica receives it): keys revoked or deleted. */
  revoked: defineSubject<ApiKeysRevokedEvent, void>('keys', 'keys.api-keys.revoked.v1'),
  /** (user) A language-model key of the user's own; answers it with only its last 4 characters. */
  createProviderKey: defineSubject<CreateProviderKeyRequest, ProviderKeyView>(
    'keys',
    'keys.provider-keys.create.v1',
  ),
  /** (user) */
  listProviderKeys: defineSubject<ListProviderKeysRequest, ProviderKeyListView>(
    'keys',
    'keys.provider-keys.list.v1',
    {
      idempotent: true,
    },
  ),
  /** (user) */
  deleteProviderKey: defineSubject<DeleteProviderKeyRequest, ProviderKeyView>(
    'keys',
    'keys.provider-keys.delete.v1',
  ),
  /** (user; internal: the chat service only, never exposed by an edge) the user's keys, decrypted. */
  resolveProviderKeys: defineSubject<ResolveProviderKeysRequest, ResolvedProviderKeysView>(
    'keys',
    'keys.provider-keys.resolve.v1',
    { idempotent: true },
  ),
} as const;
