import type { StoreConfig } from '@membolt/platform';
import { openKeysEmbeddedStore } from './adapters/embedded/keys-store.embedded.js';
import type { KeysStore } from './ports/keys-store.js';

/** Opens the keys service's one store: one SQLite file or one MongoDB connection for every repository. */
export async function openKeysStore(store: StoreConfig): Promise<KeysStore> {
  switch (store.kind) {
    case 'embedded':
      return openKeysEmbeddedStore(store.dataDir);
    case 'mongo':
      // Loaded only here: mongoose costs ~25 MB of a process that stores in SQLite (decision 182).
      return (await import('./adapters/mongo/keys-store.mongo.js')).openKeysMongoStore(store.url);
  }
}
