import type { Migration } from '@membolt/embedded-store';

/** Times are ISO-8601 UTC text (they sort in time order). Append new versions; never edit a shipped one. */
export const WEBHOOKS_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'endpoints and deliveries',
    up: (db) =>
      db.exec(`
        CREATE TABLE webhooks_endpoints (
          id TEXT PRIMARY KEY,
          user_id TEXT NOT NULL,
          url TEXT NOT NULL,
          events TEXT NOT NULL,
          description TEXT,
          secret_sealed TEXT NOT NULL,
          enabled INTEGER NOT NULL,
          disabled_reason TEXT,
          consecutive_failures INTEGER NOT NULL,
          created_at TEXT NOT NULL,
          updated_at TEXT NOT NULL
        );
        CREATE INDEX webhooks_endpoints_by_user ON webhooks_endpoints (user_id, created_at DESC);
        CREATE TABLE webhooks_deliveries (
          id TEXT PRIMARY KEY,
          user_id TEXT NOT NULL,
          endpoint_id TEXT NOT NULL,
          event_id TEXT NOT NULL,
          event TEXT NOT NULL,
          body TEXT NOT NULL,
          state TEXT NOT NULL,
          attempts INTEGER NOT NULL,
          status_code INTEGER,
          duration_ms INTEGER,
          error TEXT,
          created_at TEXT NOT NULL,
          updated_at TEXT NOT NULL,
          UNIQUE (endpoint_id, event_id)
        );
        CREATE INDEX webhooks_deliveries_by_endpoint ON webhooks_deliveries (user_id, endpoint_id, created_at DESC);
      `),
  },
];
