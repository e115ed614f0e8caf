import { openMongoConnection } from '@membolt/mongo-store';
import type { KeysStore } from '../../ports/keys-store.js';
import { ApiKeyMongoRepository } from './api-key.mongo.repository.js';
import { type ApiKeyDocument, apiKeySchema } from './keys.schemas.js';

/** The keys service's repositories over one MongoDB connection (`membolt_keys` unless `dbName` is given). */
export async function openKeysMongoStore(url: string, dbName?: string): Promise<KeysStore> {
  const connection = await openMongoConnection(url, 'keys', dbName);
  const apiKeys = connection.model<ApiKeyDocument>('ApiKey', apiKeySchema);
  // The unique hash index must exist before the first insert relies on it.
  await apiKeys.init();
  return {
    apiKeys: new ApiKeyMongoRepository(apiKeys),
    close: () => connection.close(),
  };
}
