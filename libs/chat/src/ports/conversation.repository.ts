import type { RecordScope } from '@membolt/contracts';
import type { ChatMessage, Conversation } from '../domain/conversation.js';

export interface ConversationPage {
  readonly conversations: readonly Conversation[];
  readonly totalCount: number;
}

/** Which conversations a list shows: one end user's (null: the account's own), narrowed to an agent and run. */
export interface ConversationScopeFilter {
  readonly endUserId: string | null;
  readonly agentId?: string;
  readonly runId?: string;
}

/** A new conversation with its first exchange, or the next exchange of an existing one. */
export interface ExchangeToStore {
  /** Present when the exchange starts the conversation. */
  readonly newConversation?: {
    readonly title: string;
    readonly createdAt: Date;
    readonly scope: RecordScope;
  };
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
  /** Most recently active first, within one scope (end user: null for the account's own; agent, run if given). */
  list(
    userId: string,
    scope: ConversationScopeFilter,
    limit: number,
    offset: number,
  ): Promise<ConversationPage>;
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
  /** Removes one message; false when it is not a message of this conversation of the user. */
  deleteMessage(userId: string, conversationId: string, messageId: string): Promise<boolean>;
  /** Every conversation of one end user of the user, with its messages (erasing the end user). */
  deleteAllOfEndUser(userId: string, endUserId: string): Promise<{ conversations: number; messages: number }>;
}
