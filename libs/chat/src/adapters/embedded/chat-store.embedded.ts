import { migrate, openEmbeddedDatabase } from '@membolt/embedded-store';
import type { ChatStore } from '../../ports/chat-store.js';
import { CHAT_MIGRATIONS } from './chat.migrations.js';
import { ConversationEmbeddedRepository } from './conversation.embedded.repository.js';

/** The chat service's repositories over one SQLite file, `DATA_DIR/chat.sqlite`, migrated once when opened. */
export function openChatEmbeddedStore(dataDir: string): ChatStore {
  const db = openEmbeddedDatabase(dataDir, 'chat');
  migrate(db, CHAT_MIGRATIONS);
  return {
    conversations: new ConversationEmbeddedRepository(db),
    close: async () => {
      db.close();
    },
  };
}
