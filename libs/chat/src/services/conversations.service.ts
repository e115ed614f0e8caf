import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '@membolt/platform';
import { conversationNotFound } from '../chat.errors.js';
import type { ChatMessage, Conversation } from '../domain/conversation.js';
import { CHAT_STORE, type ChatStore } from '../ports/chat-store.js';
import type { ConversationPage } from '../ports/conversation.repository.js';

/** The user's stored conversations: list, read, rename, delete (the memories extracted from them stay). */
@Injectable()
export class ConversationsService {
  constructor(
    @Inject(CHAT_STORE) private readonly store: ChatStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  list(userId: string, limit: number, offset: number): Promise<ConversationPage> {
    return this.store.conversations.list(userId, limit, offset);
  }

  async get(
    userId: string,
    conversationId: string,
  ): Promise<{ conversation: Conversation; messages: ChatMessage[] }> {
    const conversation = await this.store.conversations.find(userId, conversationId);
    if (!conversation) throw conversationNotFound();
    return { conversation, messages: await this.store.conversations.messages(userId, conversationId) };
  }

  async rename(userId: string, conversationId: string, title: string): Promise<Conversation> {
    const renamed = await this.store.conversations.rename(userId, conversationId, title, this.clock.now());
    if (!renamed) throw conversationNotFound();
    return renamed;
  }

  async delete(
    userId: string,
    conversationId: string,
  ): Promise<{ conversationId: string; removedMessages: number }> {
    const removedMessages = await this.store.conversations.delete(userId, conversationId);
    if (removedMessages === null) throw conversationNotFound();
    return { conversationId, removedMessages };
  }

  async deleteUserData(userId: string): Promise<{ conversations: number; messages: number }> {
    return this.store.conversations.deleteAllOfUser(userId);
  }
}
