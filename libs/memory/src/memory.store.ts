import type { StoreConfig } from '@membolt/platform';
import { openMemoryEmbeddedStore } from './adapters/embedded/memory-store.embedded.js';
import type { QdrantOptions } from './adapters/mongo/memory-store.mongo.js';
import type { MemoryStore, MemoryStoreSettings } from './ports/memory-store.js';

/** One connection for the whole service (one SQLite file or one MongoDB database); migrations run once. */
export async function openMemoryStore(
  store: StoreConfig,
  settings: MemoryStoreSettings,
  qdrant?: QdrantOptions,
): Promise<MemoryStore> {
  switch (store.kind) {
    case 'embedded':
      return openMemoryEmbeddedStore(store.dataDir, settings);
    case 'mongo':
      if (!qdrant) throw new Error('The MongoDB memory store needs Qdrant for its vectors: set QDRANT_URL.');
      // Loaded only here: mongoose and the Qdrant client cost ~30 MB of a process that stores in SQLite
      // (decision 182).
      return (await import('./adapters/mongo/memory-store.mongo.js')).openMemoryMongoStore(
        { mongoUrl: store.url, qdrant },
        settings,
      );
  }
}
