import type { ChatMessage, Conversation } from '../domain/conversation.js';

export interface ConversationPage {
  readonly conversations: readonly Conversation[];
  readonly totalCount: number;
}

/** A new conversation with its first exchange, or the next exchange of an existing one. */
export interface ExchangeToStore {
  /** Present when the exchange starts the conversation. */
  readonly newConversation?: { readonly title: string; readonly createdAt: Date };
  readonly conversationId: string;
  readonly model: string;
  readonly messages: readonly ChatMessage[];
  readonly at: Date;
}

/**
 * Conversations and their messages. The user id is a required argument of every method: a conversation of
 * another user is never found, renamed or deleted.
 */
export interface ConversationRepository {
  /** Stores the messages (and the conversation when new) in one transaction; false when the conversation is not the user's. */
  saveExchange(userId: string, exchange: ExchangeToStore): Promise<boolean>;
  find(userId: string, conversationId: string): Promise<Conversation | null>;
  /** Most recently active first. */
  list(userId: string, limit: number, offset: number): Promise<ConversationPage>;
  /** Oldest first; with `last`, only the newest `last` messages (still oldest first). */
  messages(userId: string, conversationId: string, last?: number): Promise<ChatMessage[]>;
  rename(userId: string, conversationId: string, title: string, at: Date): Promise<Conversation | null>;
  /**
   * Sets (a new token) or clears (null) the conversation's read-only link; null when the conversation is not
   * the user's. Tokens are unique across every user.
   */
  setShare(
    userId: string,
    conversationId: string,
    share: { readonly token: string; readonly since: Date } | null,
  ): Promise<Conversation | null>;
  /** The conversation shared under this token, whoever owns it (the public read of a link); null when none. */
  findShared(token: string): Promise<Conversation | null>;
  /** The number of messages removed, or null when the conversation is not the user's. */
  delete(userId: string, conversationId: string): Promise<number | null>;
  deleteAllOfUser(userId: string): Promise<{ conversations: number; messages: number }>;
}
