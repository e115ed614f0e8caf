import type { Migration } from '@membolt/embedded-store';

export const CHAT_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'conversations and messages',
    up: (db) =>
      db.exec(`
        CREATE TABLE conversations (
          id TEXT PRIMARY KEY,
          user_id TEXT NOT NULL,
          title TEXT NOT NULL,
          model TEXT,
          preview TEXT NOT NULL,
          message_count INTEGER NOT NULL,
          memory_ids TEXT NOT NULL,
          created_at TEXT NOT NULL,
          updated_at TEXT NOT NULL
        );
        CREATE INDEX conversations_by_user ON conversations (user_id, updated_at DESC, id);
        CREATE TABLE messages (
          id TEXT PRIMARY KEY,
          conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
          user_id TEXT NOT NULL,
          seq INTEGER NOT NULL,
          role TEXT NOT NULL,
          content TEXT NOT NULL,
          created_at TEXT NOT NULL,
          model TEXT,
          responder TEXT,
          memories TEXT NOT NULL,
          mode TEXT NOT NULL,
          input_tokens INTEGER NOT NULL,
          output_tokens INTEGER NOT NULL,
          UNIQUE (conversation_id, seq)
        );
        CREATE INDEX messages_by_user ON messages (user_id);
      `),
  },
  {
    version: 2,
    name: 'read-only links to conversations',
    up: (db) =>
      db.exec(`
        ALTER TABLE conversations ADD COLUMN share_token TEXT;
        ALTER TABLE conversations ADD COLUMN shared_at TEXT;
        CREATE UNIQUE INDEX conversations_by_share_token ON conversations (share_token)
          WHERE share_token IS NOT NULL;
      `),
  },
  {
    version: 3,
    name: 'the memory scope of a conversation; messages removed one by one',
    up: (db) =>
      db.exec(`
        ALTER TABLE conversations ADD COLUMN end_user_id TEXT NOT NULL DEFAULT '';
        ALTER TABLE conversations ADD COLUMN agent_id TEXT;
        ALTER TABLE conversations ADD COLUMN run_id TEXT;
        ALTER TABLE conversations ADD COLUMN removed_messages INTEGER NOT NULL DEFAULT 0;
        CREATE INDEX conversations_by_scope ON conversations (user_id, end_user_id, updated_at DESC, id);
      `),
  },
];
