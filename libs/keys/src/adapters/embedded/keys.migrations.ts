import type { Migration } from '@membolt/embedded-store';

export const KEYS_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'api keys',
    up: (db) =>
      db.exec(`
        CREATE TABLE api_keys (
          id TEXT PRIMARY KEY,
          user_id TEXT NOT NULL,
          name TEXT NOT NULL,
          description TEXT,
          graph_id TEXT,
          key_hash TEXT NOT NULL UNIQUE,
          display_prefix TEXT NOT NULL,
          active INTEGER NOT NULL CHECK (active IN (0, 1)),
          permissions TEXT NOT NULL,
          created_at TEXT NOT NULL,
          last_used_at TEXT,
          revoked_at TEXT,
          updated_at TEXT
        );
        CREATE INDEX api_keys_by_user ON api_keys (user_id, created_at DESC);
      `),
  },
  {
    version: 2,
    name: 'provider keys',
    // One key per user and provider; the secret only sealed (AES-256-GCM), never in clear.
    up: (db) =>
      db.exec(`
        CREATE TABLE provider_keys (
          id TEXT PRIMARY KEY,
          user_id TEXT NOT NULL,
          provider TEXT NOT NULL,
          sealed_secret TEXT NOT NULL,
          last4 TEXT NOT NULL,
          base_url TEXT,
          created_at TEXT NOT NULL,
          UNIQUE (user_id, provider)
        );
      `),
  },
];
