import type { Migration } from '@membolt/embedded-store';

/** The embedded queue's tables, in `DATA_DIR/<service>.jobs.sqlite`. Times are epoch milliseconds. */
export const JOBS_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'jobs and schedules',
    up: (db) => {
      db.exec(`
        CREATE TABLE jobs (
          id TEXT PRIMARY KEY,
          name TEXT NOT NULL,
          data TEXT NOT NULL,
          state TEXT NOT NULL CHECK (state IN ('queued', 'active', 'done', 'failed', 'dead')),
          stage TEXT,
          percent REAL NOT NULL DEFAULT 0,
          attempts INTEGER NOT NULL DEFAULT 0,
          max_attempts INTEGER NOT NULL,
          backoff_ms INTEGER NOT NULL,
          run_at INTEGER NOT NULL,
          result TEXT,
          error TEXT,
          lease_owner TEXT,
          lease_pid INTEGER,
          lease_until INTEGER,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL
        );
        CREATE INDEX jobs_due ON jobs (name, state, run_at);
        CREATE INDEX jobs_state ON jobs (state, updated_at);
        CREATE TABLE schedules (
          name TEXT PRIMARY KEY,
          interval_ms INTEGER NOT NULL,
          data TEXT NOT NULL,
          next_run_at INTEGER NOT NULL
        );
      `);
    },
  },
  {
    version: 2,
    name: 'job groups',
    up: (db) => {
      db.exec(`
        ALTER TABLE jobs ADD COLUMN group_key TEXT;
        CREATE INDEX jobs_group_active ON jobs (name, state, group_key);
      `);
    },
  },
];
