import type { StoreConfig } from '@membolt/platform';
import { openIdentityEmbeddedStore } from './adapters/embedded/identity-store.embedded.js';
import type { IdentityStore } from './ports/identity-store.js';

/** Opens identity's one store: one SQLite file or one MongoDB connection for every repository. */
export async function openIdentityStore(store: StoreConfig): Promise<IdentityStore> {
  switch (store.kind) {
    case 'embedded':
      return openIdentityEmbeddedStore(store.dataDir);
    case 'mongo':
      // Loaded only here: mongoose costs ~25 MB of a process that stores in SQLite (decision 182).
      return (await import('./adapters/mongo/identity-store.mongo.js')).openIdentityMongoStore(store.url);
  }
}
