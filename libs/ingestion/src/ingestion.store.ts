import type { StoreConfig } from '@membolt/platform';
import { openIngestionEmbeddedStore } from './adapters/embedded/ingestion-store.embedded.js';
import { openIngestionMongoStore } from './adapters/mongo/ingestion-store.mongo.js';
import type { IngestionStore } from './ports/ingestion-store.js';

/** One connection for the whole service (one SQLite file or one MongoDB database); migrations run once. */
export async function openIngestionStore(store: StoreConfig): Promise<IngestionStore> {
  switch (store.kind) {
    case 'embedded':
      return openIngestionEmbeddedStore(store.dataDir);
    case 'mongo':
      return openIngestionMongoStore(store.url);
  }
}
