import { migrate, openEmbeddedDatabase } from '@membolt/embedded-store';
import type { IngestionStore } from '../../ports/ingestion-store.js';
import { INGESTION_MIGRATIONS } from './ingestion.migrations.js';

/** The ingestion service's repositories over one SQLite file, `DATA_DIR/ingestion.sqlite`. */
export function openIngestionEmbeddedStore(dataDir: string): IngestionStore {
  const db = openEmbeddedDatabase(dataDir, 'ingestion');
  migrate(db, INGESTION_MIGRATIONS);
  return {
    close: async () => {
      db.close();
    },
  };
}
