import type { StoreConfig } from '@membolt/platform';
import { openMemoryEmbeddedStore } from './adapters/embedded/memory-store.embedded.js';
import type { MemoryStore, MemoryStoreSettings } from './ports/memory-store.js';

/** One connection for the whole service (one SQLite file or one MongoDB database); migrations run once. */
export async function openMemoryStore(
  store: StoreConfig,
  settings: MemoryStoreSettings,
): Promise<MemoryStore> {
  switch (store.kind) {
    case 'embedded':
      return openMemoryEmbeddedStore(store.dataDir, settings);
    case 'mongo':
      // The MongoDB + Qdrant adapter is written against ports/ by another change; until it lands the
      // distributed mode refuses to start rather than run a memory service that stores nothing.
      throw new Error(
        'The memory service has no MongoDB/Qdrant store yet: run it embedded (unset MONGO_URL for the memory service).',
      );
  }
}
