import type { StoreConfig } from '@membolt/platform';
import { openKeysEmbeddedStore } from './adapters/embedded/keys-store.embedded.js';
import { openKeysMongoStore } from './adapters/mongo/keys-store.mongo.js';
import type { KeysStore } from './ports/keys-store.js';

/** Opens the keys service's one store: one SQLite file or one MongoDB connection for every repository. */
export async function openKeysStore(store: StoreConfig): Promise<KeysStore> {
  switch (store.kind) {
    case 'embedded':
      return openKeysEmbeddedStore(store.dataDir);
    case 'mongo':
      return openKeysMongoStore(store.url);
  }
}
