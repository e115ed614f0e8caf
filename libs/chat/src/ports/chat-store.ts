import type { ConversationRepository } from './conversation.repository.js';

/** The chat service's one store: one SQLite file or one MongoDB connection. */
export interface ChatStore {
  readonly conversations: ConversationRepository;
  close(): Promise<void>;
}

export const CHAT_STORE = Symbol('CHAT_STORE');
