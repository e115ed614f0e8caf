import type { StoreConfig } from '@membolt/platform';
import { openIdentityEmbeddedStore } from './adapters/embedded/identity-store.embedded.js';
import { openIdentityMongoStore } from './adapters/mongo/identity-store.mongo.js';
import type { IdentityStore } from './ports/identity-store.js';

/** Opens identity's one store: one SQLite file or one MongoDB connection for every repository. */
export async function openIdentityStore(store: StoreConfig): Promise<IdentityStore> {
  switch (store.kind) {
    case 'embedded':
      return openIdentityEmbeddedStore(store.dataDir);
    case 'mongo':
      return openIdentityMongoStore(store.url);
  }
}
