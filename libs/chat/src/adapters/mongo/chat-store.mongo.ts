import { openMongoConnection } from '@membolt/mongo-store';
import type { ChatStore } from '../../ports/chat-store.js';
import {
  type ConversationDocument,
  conversationSchema,
  type MessageDocument,
  messageSchema,
} from './chat.schemas.js';
import { ConversationMongoRepository } from './conversation.mongo.repository.js';

/** The chat service's repositories over one MongoDB connection (`membolt_chat` unless `dbName` is given). */
export async function openChatMongoStore(url: string, dbName?: string): Promise<ChatStore> {
  const connection = await openMongoConnection(url, 'chat', dbName);
  const conversations = connection.model<ConversationDocument>('Conversation', conversationSchema);
  const messages = connection.model<MessageDocument>('ChatMessage', messageSchema);
  // The unique (conversation, seq) index must exist before the first insert relies on it.
  await Promise.all([conversations.init(), messages.init()]);
  return {
    conversations: new ConversationMongoRepository(conversations, messages),
    close: () => connection.close(),
  };
}
