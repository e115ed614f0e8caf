import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  type EndUserConversationsDeletionView,
  inRecordScope,
  type MemoryScopeFields,
  memoryScopeOf,
} from '@membolt/contracts';
import { CLOCK, type Clock } from '@membolt/platform';
import { conversationNotFound, sharedConversationNotFound } from '../chat.errors.js';
import type { ChatMessage, Conversation, ConversationSummary } from '../domain/conversation.js';
import { CHAT_STORE, type ChatStore } from '../ports/chat-store.js';
import { MEMORY_ACCESS, type MemoryAccess } from '../ports/memory-access.js';

/** 24 random bytes: 32 base64url characters, beyond guessing. */
const SHARE_TOKEN_BYTES = 24;

/**
 * The user's stored conversations: list, read, rename, delete (the memories extracted from them stay). Each
 * call names a memory scope (decision 101): a conversation of another scope is NOT_FOUND, as another user's.
 */
@Injectable()
export class ConversationsService {
  constructor(
    @Inject(CHAT_STORE) private readonly store: ChatStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(MEMORY_ACCESS) private readonly memory: MemoryAccess,
  ) {}

  async list(
    userId: string,
    scope: MemoryScopeFields,
    limit: number,
    offset: number,
  ): Promise<{ conversations: ConversationSummary[]; totalCount: number }> {
    const page = await this.store.conversations.list(
      userId,
      {
        endUserId: scope.endUserId || null,
        ...(scope.agentId !== undefined ? { agentId: scope.agentId } : {}),
        ...(scope.runId !== undefined ? { runId: scope.runId } : {}),
      },
      limit,
      offset,
    );
    return { conversations: await this.withLearnt(userId, page.conversations), totalCount: page.totalCount };
  }

  async get(
    userId: string,
    scope: MemoryScopeFields,
    conversationId: string,
  ): Promise<{ conversation: ConversationSummary; messages: ChatMessage[] }> {
    const conversation = await this.find(userId, scope, conversationId);
    const [summary] = await this.withLearnt(userId, [conversation]);
    return {
      conversation: summary!,
      messages: await this.store.conversations.messages(userId, conversationId),
    };
  }

  async rename(
    userId: string,
    scope: MemoryScopeFields,
    conversationId: string,
    title: string,
  ): Promise<ConversationSummary> {
    await this.find(userId, scope, conversationId);
    const renamed = await this.store.conversations.rename(userId, conversationId, title, this.clock.now());
    if (!renamed) throw conversationNotFound();
    const [summary] = await this.withLearnt(userId, [renamed]);
    return summary!;
  }

  /**
   * The conversation's read-only link: the one it has, or a new unguessable token (192 random bits). Only
   * the owner reaches it (another user's conversation is NOT_FOUND).
   */
  async share(
    userId: string,
    scope: MemoryScopeFields,
    conversationId: string,
  ): Promise<{ token: string; since: Date }> {
    const conversation = await this.find(userId, scope, conversationId);
    if (conversation.share) return conversation.share;
    const share = { token: randomBytes(SHARE_TOKEN_BYTES).toString('base64url'), since: this.clock.now() };
    if (!(await this.store.conversations.setShare(userId, conversationId, share)))
      throw conversationNotFound();
    return share;
  }

  /** Revokes the read-only link (nothing to do when there is none); only the owner can. */
  async revokeShare(
    userId: string,
    scope: MemoryScopeFields,
    conversationId: string,
  ): Promise<ConversationSummary> {
    await this.find(userId, scope, conversationId);
    const revoked = await this.store.conversations.setShare(userId, conversationId, null);
    if (!revoked) throw conversationNotFound();
    const [summary] = await this.withLearnt(userId, [revoked]);
    return summary!;
  }

  /** What a link shows, whoever asks: NOT_FOUND for a token that shares nothing (never shared, or revoked). */
  async getShared(
    token: string,
  ): Promise<{ conversation: Conversation; share: { since: Date }; messages: ChatMessage[] }> {
    const conversation = await this.store.conversations.findShared(token);
    if (!conversation?.share) throw sharedConversationNotFound();
    return {
      conversation,
      share: conversation.share,
      messages: await this.store.conversations.messages(conversation.userId, conversation.id),
    };
  }

  async delete(
    userId: string,
    scope: MemoryScopeFields,
    conversationId: string,
  ): Promise<{ conversationId: string; removedMessages: number }> {
    await this.find(userId, scope, conversationId);
    const removedMessages = await this.store.conversations.delete(userId, conversationId);
    if (removedMessages === null) throw conversationNotFound();
    return { conversationId, removedMessages };
  }

  /** One message of a conversation of the scope: the source of a memory erased with `cascade=source`. */
  async deleteMessage(
    userId: string,
    scope: MemoryScopeFields,
    conversationId: string,
    messageId: string,
  ): Promise<{ conversationId: string; messageId: string; deleted: boolean }> {
    await this.find(userId, scope, conversationId);
    const deleted = await this.store.conversations.deleteMessage(userId, conversationId, messageId);
    return { conversationId, messageId, deleted };
  }

  /** Erasing an end user: every conversation of theirs, whatever its agent and run. Idempotent. */
  async deleteEndUser(userId: string, endUserId: string): Promise<EndUserConversationsDeletionView> {
    return this.store.conversations.deleteAllOfEndUser(userId, endUserId);
  }

  private async find(
    userId: string,
    scope: MemoryScopeFields,
    conversationId: string,
  ): Promise<Conversation> {
    const conversation = await this.store.conversations.find(userId, conversationId);
    if (!conversation || !inRecordScope(conversation, scope)) throw conversationNotFound();
    return conversation;
  }

  /**
   * The memories each conversation taught, counted by the memory service (one definition of a memory) in the
   * conversations' scope (a page holds one end user's).
   */
  private async withLearnt(
    userId: string,
    conversations: readonly Conversation[],
  ): Promise<ConversationSummary[]> {
    const [first] = conversations;
    const counts = first
      ? await this.memory.conversationCounts(
          userId,
          memoryScopeOf({ endUserId: first.endUserId, agentId: null, runId: null }),
          conversations.map((conversation) => conversation.id),
        )
      : {};
    return conversations.map((conversation) => ({
      ...conversation,
      memoriesLearnt: counts[conversation.id] ?? 0,
    }));
  }

  async deleteUserData(userId: string): Promise<{ conversations: number; messages: number }> {
    return this.store.conversations.deleteAllOfUser(userId);
  }
}
