import type { StoreConfig } from '@membolt/platform';
import { openChatEmbeddedStore } from './adapters/embedded/chat-store.embedded.js';
import type { ChatStore } from './ports/chat-store.js';

/** Opens the chat service's one store: one SQLite file or one MongoDB connection. */
export async function openChatStore(store: StoreConfig): Promise<ChatStore> {
  switch (store.kind) {
    case 'embedded':
      return openChatEmbeddedStore(store.dataDir);
    case 'mongo':
      // Loaded only here: mongoose costs ~25 MB of a process that stores in SQLite (decision 182).
      return (await import('./adapters/mongo/chat-store.mongo.js')).openChatMongoStore(store.url);
  }
}
