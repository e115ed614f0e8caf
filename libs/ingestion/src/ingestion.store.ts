import type { StoreConfig } from '@membolt/platform';
import { openIngestionEmbeddedStore } from './adapters/embedded/ingestion-store.embedded.js';
import type { IngestionStore } from './ports/ingestion-store.js';

/** One connection for the whole service (one SQLite file or one MongoDB database); migrations run once. */
export async function openIngestionStore(store: StoreConfig): Promise<IngestionStore> {
  switch (store.kind) {
    case 'embedded':
      return openIngestionEmbeddedStore(store.dataDir);
    case 'mongo':
      // Loaded only here: mongoose costs ~25 MB of a process that stores in SQLite (decision 182).
      return (await import('./adapters/mongo/ingestion-store.mongo.js')).openIngestionMongoStore(store.url);
  }
}
