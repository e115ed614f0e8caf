/**
 * The ingestion service's repositories over one store (one SQLite file or one MongoDB database). It has none
 * yet: each repository the service gains becomes a field here, built by both adapters over the shared
 * connection.
 */
export interface IngestionStore {
  close(): Promise<void>;
}

export const INGESTION_STORE = Symbol('INGESTION_STORE');
