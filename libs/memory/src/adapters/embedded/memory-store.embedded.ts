import { migrate, openEmbeddedDatabase } from '@membolt/embedded-store';
import type { MemoryStore } from '../../ports/memory-store.js';
import { MEMORY_MIGRATIONS } from './memory.migrations.js';

/** The memory service's repositories over one SQLite file, `DATA_DIR/memory.sqlite`. */
export function openMemoryEmbeddedStore(dataDir: string): MemoryStore {
  const db = openEmbeddedDatabase(dataDir, 'memory');
  migrate(db, MEMORY_MIGRATIONS);
  return {
    close: async () => {
      db.close();
    },
  };
}
