import { openMongoConnection } from '@membolt/mongo-store';
import type { IngestionStore } from '../../ports/ingestion-store.js';

/** The ingestion service's repositories over one MongoDB database (`membolt_ingestion` unless `dbName` is given). */
export async function openIngestionMongoStore(url: string, dbName?: string): Promise<IngestionStore> {
  const connection = await openMongoConnection(url, 'ingestion', dbName);
  return {
    close: () => connection.close(),
  };
}
