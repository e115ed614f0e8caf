import type { ChatMode, ChatResponder, ChatRole, MemoryCategory, MemorySource } from '@membolt/contracts';
import type { Model } from 'mongoose';
import { type ChatMessage, type Conversation, previewOf } from '../../domain/conversation.js';
import type {
  ConversationPage,
  ConversationRepository,
  ConversationScopeFilter,
  ExchangeToStore,
} from '../../ports/conversation.repository.js';
import type { ConversationDocument, MessageDocument } from './chat.schemas.js';

export class ConversationMongoRepository implements ConversationRepository {
  constructor(
    private readonly conversations: Model<ConversationDocument>,
    private readonly messageModel: Model<MessageDocument>,
  ) {}

  /**
   * Without transactions: the conversation (when new) first, then its message counter is advanced
   * atomically by the number of messages, which reserves their sequence numbers, then the messages.
   */
  async saveExchange(userId: string, exchange: ExchangeToStore): Promise<boolean> {
    if (exchange.newConversation) {
      await this.conversations.create({
        _id: exchange.conversationId,
        userId,
        title: exchange.newConversation.title,
        model: exchange.model,
        preview: '',
        messageCount: 0,
        memoryIds: [],
        endUserId: exchange.newConversation.scope.endUserId,
        agentId: exchange.newConversation.scope.agentId,
        runId: exchange.newConversation.scope.runId,
        createdAt: exchange.newConversation.createdAt,
        updatedAt: exchange.newConversation.createdAt,
      });
    }
    const newest = exchange.messages.at(-1);
    const before = await this.conversations
      .findOneAndUpdate(
        { _id: exchange.conversationId, userId },
        {
          $inc: { messageCount: exchange.messages.length },
          $set: {
            model: exchange.model,
            updatedAt: exchange.at,
            ...(newest ? { preview: previewOf(newest.content) } : {}),
          },
          $addToSet: {
            memoryIds: { $each: exchange.messages.flatMap((m) => m.memories.map((memory) => memory.id)) },
          },
        },
        { new: false },
      )
      .lean<ConversationDocument>()
      .exec();
    if (!before) return false;
    await this.messageModel.insertMany(
      exchange.messages.map((message, index) => ({
        _id: message.id,
        conversationId: exchange.conversationId,
        userId,
        seq: before.messageCount + index,
        role: message.role,
        content: message.content,
        createdAt: message.createdAt,
        model: message.model,
        responder: message.responder,
        memories: message.memories.map((memory) => ({ ...memory })),
        mode: message.mode,
        inputTokens: message.inputTokens,
        outputTokens: message.outputTokens,
      })),
    );
    return true;
  }

  async find(userId: string, conversationId: string): Promise<Conversation | null> {
    const doc = await this.conversations
      .findOne({ _id: conversationId, userId })
      .lean<ConversationDocument>()
      .exec();
    return doc ? toConversation(doc) : null;
  }

  async list(
    userId: string,
    scope: ConversationScopeFilter,
    limit: number,
    offset: number,
  ): Promise<ConversationPage> {
    // `endUserId: null` also matches the conversations stored before scopes (no field).
    const filter = {
      userId,
      endUserId: scope.endUserId,
      ...(scope.agentId !== undefined ? { agentId: scope.agentId } : {}),
      ...(scope.runId !== undefined ? { runId: scope.runId } : {}),
    };
    const [docs, totalCount] = await Promise.all([
      this.conversations
        .find(filter)
        .sort({ updatedAt: -1, _id: -1 })
        .skip(offset)
        .limit(limit)
        .lean<ConversationDocument[]>()
        .exec(),
      this.conversations.countDocuments(filter).exec(),
    ]);
    return { conversations: docs.map(toConversation), totalCount };
  }

  async messages(userId: string, conversationId: string, last?: number): Promise<ChatMessage[]> {
    const query = this.messageModel
      .find({ userId, conversationId })
      .sort({ seq: last === undefined ? 1 : -1 });
    if (last !== undefined) query.limit(last);
    const docs = await query.lean<MessageDocument[]>().exec();
    if (last !== undefined) docs.reverse();
    return docs.map(toMessage);
  }

  async rename(
    userId: string,
    conversationId: string,
    title: string,
    at: Date,
  ): Promise<Conversation | null> {
    const doc = await this.conversations
      .findOneAndUpdate({ _id: conversationId, userId }, { $set: { title, updatedAt: at } }, { new: true })
      .lean<ConversationDocument>()
      .exec();
    return doc ? toConversation(doc) : null;
  }

  async setShare(
    userId: string,
    conversationId: string,
    share: { readonly token: string; readonly since: Date } | null,
  ): Promise<Conversation | null> {
    const doc = await this.conversations
      .findOneAndUpdate(
        { _id: conversationId, userId },
        { $set: { shareToken: share?.token ?? null, sharedAt: share?.since ?? null } },
        { new: true },
      )
      .lean<ConversationDocument>()
      .exec();
    return doc ? toConversation(doc) : null;
  }

  async findShared(token: string): Promise<Conversation | null> {
    const doc = await this.conversations.findOne({ shareToken: token }).lean<ConversationDocument>().exec();
    return doc ? toConversation(doc) : null;
  }

  async delete(userId: string, conversationId: string): Promise<number | null> {
    const removed = await this.conversations.deleteOne({ _id: conversationId, userId }).exec();
    if (removed.deletedCount === 0) return null;
    return (await this.messageModel.deleteMany({ userId, conversationId }).exec()).deletedCount;
  }

  async deleteMessage(userId: string, conversationId: string, messageId: string): Promise<boolean> {
    const removed = await this.messageModel.deleteOne({ _id: messageId, userId, conversationId }).exec();
    if (removed.deletedCount === 0) return false;
    // messageCount stays the sequence counter (it reserves the next messages' numbers).
    await this.conversations
      .updateOne({ _id: conversationId, userId }, { $inc: { removedMessages: 1 } })
      .exec();
    return true;
  }

  async deleteAllOfEndUser(
    userId: string,
    endUserId: string,
  ): Promise<{ conversations: number; messages: number }> {
    const ids = (
      await this.conversations.find({ userId, endUserId }, { _id: 1 }).lean<Array<{ _id: string }>>().exec()
    ).map((doc) => doc._id);
    if (ids.length === 0) return { conversations: 0, messages: 0 };
    const messages = (await this.messageModel.deleteMany({ userId, conversationId: { $in: ids } }).exec())
      .deletedCount;
    const conversations = (await this.conversations.deleteMany({ userId, _id: { $in: ids } }).exec())
      .deletedCount;
    return { conversations, messages };
  }

  async deleteAllOfUser(userId: string): Promise<{ conversations: number; messages: number }> {
    const messages = (await this.messageModel.deleteMany({ userId }).exec()).deletedCount;
    const conversations = (await this.conversations.deleteMany({ userId }).exec()).deletedCount;
    return { conversations, messages };
  }
}

function toConversation(doc: ConversationDocument): Conversation {
  return {
    id: doc._id,
    userId: doc.userId,
    title: doc.title,
    model: doc.model,
    preview: doc.preview,
    messageCount: doc.messageCount - (doc.removedMessages ?? 0),
    memoriesUsed: doc.memoryIds.length,
    share: doc.shareToken && doc.sharedAt ? { token: doc.shareToken, since: doc.sharedAt } : null,
    endUserId: doc.endUserId ?? null,
    agentId: doc.agentId ?? null,
    runId: doc.runId ?? null,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

function toMessage(doc: MessageDocument): ChatMessage {
  return {
    id: doc._id,
    conversationId: doc.conversationId,
    userId: doc.userId,
    role: doc.role as ChatRole,
    content: doc.content,
    createdAt: doc.createdAt,
    model: doc.model,
    responder: doc.responder as ChatResponder | null,
    memories: doc.memories.map((memory) => ({
      id: memory.id,
      text: memory.text,
      importance: memory.importance,
      category: memory.category as MemoryCategory | null,
      source: memory.source as MemorySource,
    })),
    mode: doc.mode as ChatMode,
    inputTokens: doc.inputTokens,
    outputTokens: doc.outputTokens,
  };
}
