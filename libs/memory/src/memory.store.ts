import type { StoreConfig } from '@membolt/platform';
import { openMemoryEmbeddedStore } from './adapters/embedded/memory-store.embedded.js';
import { openMemoryMongoStore } from './adapters/mongo/memory-store.mongo.js';
import type { MemoryStore } from './ports/memory-store.js';

/** One connection for the whole service (one SQLite file or one MongoDB database); migrations run once. */
export async function openMemoryStore(store: StoreConfig): Promise<MemoryStore> {
  switch (store.kind) {
    case 'embedded':
      return openMemoryEmbeddedStore(store.dataDir);
    case 'mongo':
      return openMemoryMongoStore(store.url);
  }
}
