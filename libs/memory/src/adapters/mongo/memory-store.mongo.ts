import { openMongoConnection } from '@membolt/mongo-store';
import type { MemoryStore } from '../../ports/memory-store.js';

/** The memory service's repositories over one MongoDB database (`membolt_memory` unless `dbName` is given). */
export async function openMemoryMongoStore(url: string, dbName?: string): Promise<MemoryStore> {
  const connection = await openMongoConnection(url, 'memory', dbName);
  return {
    close: () => connection.close(),
  };
}
