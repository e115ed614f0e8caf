import { openMongoConnection } from '@membolt/mongo-store';
import type { KeysStore } from '../../ports/keys-store.js';
import { ApiKeyMongoRepository } from './api-key.mongo.repository.js';
import {
  type ApiKeyDocument,
  apiKeySchema,
  type ProviderKeyDocument,
  providerKeySchema,
} from './keys.schemas.js';
import { ProviderKeyMongoRepository } from './provider-key.mongo.repository.js';

/** The keys service's repositories over one MongoDB connection (`membolt_keys` unless `dbName` is given). */
export async function openKeysMongoStore(url: string, dbName?: string): Promise<KeysStore> {
  const connection = await openMongoConnection(url, 'keys', dbName);
  const apiKeys = connection.model<ApiKeyDocument>('ApiKey', apiKeySchema);
  const providerKeys = connection.model<ProviderKeyDocument>('ProviderKey', providerKeySchema);
  // The unique indexes (key hash; one key per user and provider) must exist before the first insert relies on them.
  await Promise.all([apiKeys.init(), providerKeys.init()]);
  return {
    apiKeys: new ApiKeyMongoRepository(apiKeys),
    providerKeys: new ProviderKeyMongoRepository(providerKeys),
    close: () => connection.close(),
  };
}
