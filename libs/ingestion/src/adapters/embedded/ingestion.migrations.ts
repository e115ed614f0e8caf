import type { Migration } from '@membolt/embedded-store';

/**
 * The schema of `DATA_DIR/ingestion.sqlite`, one version per change. Empty until the service's first table:
 * migrating still creates the file and its `schema_migrations` ledger. Append; never edit a shipped version.
 */
export const INGESTION_MIGRATIONS: readonly Migration[] = [];
