import type { Migration } from '@membolt/embedded-store';

/** Times are epoch milliseconds (INTEGER); booleans 0/1; small structured values JSON text. */
export const IDENTITY_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'users, sessions, reset tokens, OIDC requests, attempts, outbox',
    up: (db) =>
      db.exec(`
        CREATE TABLE identity_users (
          id TEXT PRIMARY KEY,
          email TEXT NOT NULL UNIQUE,
          name TEXT NOT NULL,
          bio TEXT NOT NULL,
          password_hash TEXT,
          auth_methods TEXT NOT NULL,
          google_subject TEXT UNIQUE,
          settings TEXT NOT NULL,
          notifications TEXT NOT NULL,
          memory_graph TEXT,
          created_at INTEGER NOT NULL,
          last_active_at INTEGER,
          setup_complete INTEGER NOT NULL DEFAULT 0,
          deleted_at INTEGER
        );
        CREATE TABLE identity_sessions (
          id TEXT PRIMARY KEY,
          user_id TEXT NOT NULL,
          persistent INTEGER NOT NULL,
          created_at INTEGER NOT NULL,
          last_used_at INTEGER NOT NULL,
          expires_at INTEGER NOT NULL
        );
        CREATE INDEX identity_sessions_user ON identity_sessions (user_id);
        CREATE INDEX identity_sessions_expiry ON identity_sessions (expires_at);
        CREATE TABLE identity_refresh_tokens (
          token_hash TEXT PRIMARY KEY,
          session_id TEXT NOT NULL REFERENCES identity_sessions (id) ON DELETE CASCADE,
          user_id TEXT NOT NULL,
          issued_at INTEGER NOT NULL,
          expires_at INTEGER NOT NULL,
          used_at INTEGER
        );
        CREATE INDEX identity_refresh_tokens_session ON identity_refresh_tokens (session_id);
        CREATE INDEX identity_refresh_tokens_expiry ON identity_refresh_tokens (expires_at);
        CREATE TABLE identity_password_reset_tokens (
          token_hash TEXT PRIMARY KEY,
          user_id TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          expires_at INTEGER NOT NULL,
          used_at INTEGER
        );
        CREATE INDEX identity_password_reset_tokens_user ON identity_password_reset_tokens (user_id);
        CREATE TABLE identity_oidc_requests (
          state TEXT PRIMARY KEY,
          nonce TEXT NOT NULL,
          code_verifier TEXT NOT NULL,
          redirect_uri TEXT NOT NULL,
          remember INTEGER NOT NULL,
          created_at INTEGER NOT NULL,
          expires_at INTEGER NOT NULL
        );
        CREATE TABLE identity_attempts (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          key TEXT NOT NULL,
          at INTEGER NOT NULL,
          expires_at INTEGER NOT NULL
        );
        CREATE INDEX identity_attempts_key ON identity_attempts (key, at);
        CREATE INDEX identity_attempts_expiry ON identity_attempts (expires_at);
        CREATE TABLE identity_outbox (
          user_id TEXT NOT NULL,
          kind TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          attempts INTEGER NOT NULL DEFAULT 0,
          next_attempt_at INTEGER NOT NULL,
          last_error TEXT,
          PRIMARY KEY (user_id, kind)
        );
        CREATE INDEX identity_outbox_due ON identity_outbox (next_attempt_at);
      `),
  },
  {
    version: 2,
    name: 'access-token revocations',
    up: (db) =>
      db.exec(`
        CREATE TABLE identity_access_revocations (
          kind TEXT NOT NULL,
          target_id TEXT NOT NULL,
          expires_at INTEGER NOT NULL,
          PRIMARY KEY (kind, target_id)
        );
        CREATE INDEX identity_access_revocations_expiry ON identity_access_revocations (expires_at);
      `),
  },
  {
    version: 3,
    name: 'end users portal settings and audit log',
    up: (db) =>
      db.exec(`
        CREATE TABLE identity_portal_settings (
          user_id TEXT PRIMARY KEY,
          display_name TEXT,
          logo_url TEXT,
          color TEXT,
          frame_origins TEXT NOT NULL,
          updated_at INTEGER NOT NULL
        );
        CREATE TABLE identity_portal_audit (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          id TEXT NOT NULL UNIQUE,
          user_id TEXT NOT NULL,
          end_user_id TEXT NOT NULL,
          action TEXT NOT NULL,
          memory_id TEXT,
          memory_count INTEGER,
          at INTEGER NOT NULL
        );
        CREATE INDEX identity_portal_audit_by_end_user ON identity_portal_audit (user_id, end_user_id, at);
        CREATE INDEX identity_portal_audit_by_user ON identity_portal_audit (user_id, at);
      `),
  },
];
