import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '@membolt/platform';
import { conversationNotFound } from '../chat.errors.js';
import type { ChatMessage, Conversation, ConversationSummary } from '../domain/conversation.js';
import { CHAT_STORE, type ChatStore } from '../ports/chat-store.js';
import { MEMORY_ACCESS, type MemoryAccess } from '../ports/memory-access.js';

/** The user's stored conversations: list, read, rename, delete (the memories extracted from them stay). */
@Injectable()
export class ConversationsService {
  constructor(
    @Inject(CHAT_STORE) private readonly store: ChatStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(MEMORY_ACCESS) private readonly memory: MemoryAccess,
  ) {}

  async list(
    userId: string,
    limit: number,
    offset: number,
  ): Promise<{ conversations: ConversationSummary[]; totalCount: number }> {
    const page = await this.store.conversations.list(userId, limit, offset);
    return { conversations: await this.withLearnt(userId, page.conversations), totalCount: page.totalCount };
  }

  async get(
    userId: string,
    conversationId: string,
  ): Promise<{ conversation: ConversationSummary; messages: ChatMessage[] }> {
    const conversation = await this.store.conversations.find(userId, conversationId);
    if (!conversation) throw conversationNotFound();
    const [summary] = await this.withLearnt(userId, [conversation]);
    return {
      conversation: summary!,
      messages: await this.store.conversations.messages(userId, conversationId),
    };
  }

  async rename(userId: string, conversationId: string, title: string): Promise<ConversationSummary> {
    const renamed = await this.store.conversations.rename(userId, conversationId, title, this.clock.now());
    if (!renamed) throw conversationNotFound();
    const [summary] = await this.withLearnt(userId, [renamed]);
    return summary!;
  }

  async delete(
    userId: string,
    conversationId: string,
  ): Promise<{ conversationId: string; removedMessages: number }> {
    const removedMessages = await this.store.conversations.delete(userId, conversationId);
    if (removedMessages === null) throw conversationNotFound();
    return { conversationId, removedMessages };
  }

  /** The memories each conversation taught, counted by the memory service (one definition of a memory). */
  private async withLearnt(
    userId: string,
    conversations: readonly Conversation[],
  ): Promise<ConversationSummary[]> {
    const counts = await this.memory.conversationCounts(
      userId,
      conversations.map((conversation) => conversation.id),
    );
    return conversations.map((conversation) => ({
      ...conversation,
      memoriesLearnt: counts[conversation.id] ?? 0,
    }));
  }

  async deleteUserData(userId: string): Promise<{ conversations: number; messages: number }> {
    return this.store.conversations.deleteAllOfUser(userId);
  }
}
