import type { Migration } from '@membolt/embedded-store';

/**
 * The schema of `DATA_DIR/ingestion.sqlite`, one version per change. Append; never edit a shipped version.
 */
export const INGESTION_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'uploads and the memories made from them',
    up: (db) => {
      db.exec(`
        CREATE TABLE uploads (
          id TEXT PRIMARY KEY,
          user_id TEXT NOT NULL,
          file_name TEXT NOT NULL,
          file_type TEXT,
          kind TEXT,
          size INTEGER NOT NULL,
          state TEXT NOT NULL,
          percent REAL NOT NULL DEFAULT 0,
          pages INTEGER,
          chunks INTEGER,
          summary TEXT,
          summary_memory_id TEXT,
          error TEXT,
          created_at TEXT NOT NULL,
          updated_at TEXT NOT NULL
        );
        CREATE INDEX uploads_by_user ON uploads (user_id, created_at DESC);
        CREATE TABLE upload_memories (
          upload_id TEXT NOT NULL REFERENCES uploads(id) ON DELETE CASCADE,
          memory_id TEXT NOT NULL,
          kind TEXT NOT NULL CHECK (kind IN ('chunk', 'summary')),
          chunk_index INTEGER,
          PRIMARY KEY (upload_id, memory_id)
        );
      `);
    },
  },
  {
    version: 2,
    name: 'the memory scope of an upload (end user, agent, run)',
    up: (db) => {
      db.exec(`
        ALTER TABLE uploads ADD COLUMN end_user_id TEXT NOT NULL DEFAULT '';
        ALTER TABLE uploads ADD COLUMN agent_id TEXT;
        ALTER TABLE uploads ADD COLUMN run_id TEXT;
        CREATE INDEX uploads_by_scope ON uploads (user_id, end_user_id, created_at DESC);
      `);
    },
  },
];
