import { type EmbeddedDatabase, preparedOnce, sqlitePage } from '@membolt/embedded-store';
import type { ChatMode, ChatResponder, ChatRole } from '@membolt/contracts';
import {
  type ChatMessage,
  type Conversation,
  type MessageMemory,
  previewOf,
} from '../../domain/conversation.js';
import type {
  ConversationPage,
  ConversationRepository,
  ConversationScopeFilter,
  ExchangeToStore,
} from '../../ports/conversation.repository.js';

interface ConversationRow {
  id: string;
  user_id: string;
  title: string;
  model: string | null;
  preview: string;
  message_count: number;
  memory_ids: string;
  share_token: string | null;
  shared_at: string | null;
  end_user_id: string;
  agent_id: string | null;
  run_id: string | null;
  removed_messages: number;
  created_at: string;
  updated_at: string;
}

interface MessageRow {
  id: string;
  conversation_id: string;
  user_id: string;
  role: string;
  content: string;
  created_at: string;
  model: string | null;
  responder: string | null;
  memories: string;
  mode: string;
  input_tokens: number;
  output_tokens: number;
}

interface ScopeParams {
  user_id: string;
  end_user_id: string;
  agent_id: string | null;
  run_id: string | null;
}

/** One end user's conversations (none: the account's own); `IS NULL OR =` serves an agent and run given or not. */
const IN_SCOPE = `user_id = @user_id AND end_user_id = @end_user_id AND (@agent_id IS NULL OR agent_id = @agent_id)
  AND (@run_id IS NULL OR run_id = @run_id)`;

function prepareStatements(db: EmbeddedDatabase) {
  return {
    find: db.prepare<[string, string], ConversationRow>(
      'SELECT * FROM conversations WHERE user_id = ? AND id = ?',
    ),
    insertConversation: preparedOnce(
      db,
      `INSERT INTO conversations (id, user_id, title, model, preview, message_count, memory_ids, end_user_id,
       agent_id, run_id, created_at, updated_at)
     VALUES (@id, @user_id, @title, @model, @preview, 0, '[]', @end_user_id, @agent_id, @run_id, @created_at,
       @created_at)`,
    ),
    updateConversation: preparedOnce(
      db,
      `UPDATE conversations SET model = @model, preview = @preview, message_count = @message_count,
       memory_ids = @memory_ids, updated_at = @updated_at WHERE user_id = @user_id AND id = @id`,
    ),
    insertMessage: preparedOnce(
      db,
      `INSERT INTO messages (id, conversation_id, user_id, seq, role, content, created_at, model, responder,
       memories, mode, input_tokens, output_tokens)
     VALUES (@id, @conversation_id, @user_id, @seq, @role, @content, @created_at, @model, @responder,
       @memories, @mode, @input_tokens, @output_tokens)`,
    ),
    list: db.prepare<[ScopeParams & { limit: bigint; offset: bigint }], ConversationRow>(
      `SELECT * FROM conversations WHERE ${IN_SCOPE} ORDER BY updated_at DESC, id DESC LIMIT @limit OFFSET @offset`,
    ),
    count: db.prepare<[ScopeParams], { n: number }>(
      `SELECT COUNT(*) AS n FROM conversations WHERE ${IN_SCOPE}`,
    ),
    deleteMessage: preparedOnce(
      db,
      'DELETE FROM messages WHERE user_id = ? AND conversation_id = ? AND id = ?',
    ),
    countRemovedMessage: preparedOnce(
      db,
      'UPDATE conversations SET removed_messages = removed_messages + 1 WHERE user_id = ? AND id = ?',
    ),
    endUserConversations: db.prepare<[string, string], { id: string }>(
      'SELECT id FROM conversations WHERE user_id = ? AND end_user_id = ?',
    ),
    messages: db.prepare<[string, string], MessageRow>(
      'SELECT * FROM messages WHERE user_id = ? AND conversation_id = ? ORDER BY seq',
    ),
    lastMessages: db.prepare<[string, string, number], MessageRow>(
      `SELECT * FROM (SELECT * FROM messages WHERE user_id = ? AND conversation_id = ? ORDER BY seq DESC LIMIT ?)
     ORDER BY seq`,
    ),
    setShare: preparedOnce(
      db,
      'UPDATE conversations SET share_token = @share_token, shared_at = @shared_at WHERE user_id = @user_id AND id = @id',
    ),
    findShared: db.prepare<[string], ConversationRow>('SELECT * FROM conversations WHERE share_token = ?'),
    rename: preparedOnce(
      db,
      'UPDATE conversations SET title = @title, updated_at = @updated_at WHERE user_id = @user_id AND id = @id',
    ),
    deleteMessages: preparedOnce(db, 'DELETE FROM messages WHERE user_id = ? AND conversation_id = ?'),
    deleteConversation: preparedOnce(db, 'DELETE FROM conversations WHERE user_id = ? AND id = ?'),
    deleteUserMessages: preparedOnce(db, 'DELETE FROM messages WHERE user_id = ?'),
    deleteUserConversations: preparedOnce(db, 'DELETE FROM conversations WHERE user_id = ?'),
  };
}

export class ConversationEmbeddedRepository implements ConversationRepository {
  private readonly statements: ReturnType<typeof prepareStatements>;

  constructor(private readonly db: EmbeddedDatabase) {
    this.statements = prepareStatements(db);
  }

  async saveExchange(userId: string, exchange: ExchangeToStore): Promise<boolean> {
    return this.db.transaction(() => {
      if (exchange.newConversation) {
        this.statements.insertConversation.run({
          id: exchange.conversationId,
          user_id: userId,
          title: exchange.newConversation.title,
          model: exchange.model,
          preview: '',
          end_user_id: exchange.newConversation.scope.endUserId ?? '',
          agent_id: exchange.newConversation.scope.agentId,
          run_id: exchange.newConversation.scope.runId,
          created_at: exchange.newConversation.createdAt.toISOString(),
        });
      }
      const current = this.statements.find.get(userId, exchange.conversationId);
      if (!current) return false;
      const memoryIds = new Set<string>(JSON.parse(current.memory_ids) as string[]);
      let seq = current.message_count;
      for (const message of exchange.messages) {
        message.memories.forEach((memory) => memoryIds.add(memory.id));
        this.statements.insertMessage.run({
          id: message.id,
          conversation_id: exchange.conversationId,
          user_id: userId,
          seq: seq++,
          role: message.role,
          content: message.content,
          created_at: message.createdAt.toISOString(),
          model: message.model,
          responder: message.responder,
          memories: JSON.stringify(message.memories),
          mode: message.mode,
          input_tokens: message.inputTokens,
          output_tokens: message.outputTokens,
        });
      }
      const newest = exchange.messages.at(-1);
      this.statements.updateConversation.run({
        id: exchange.conversationId,
        user_id: userId,
        model: exchange.model,
        preview: newest ? previewOf(newest.content) : current.preview,
        message_count: seq,
        memory_ids: JSON.stringify([...memoryIds]),
        updated_at: exchange.at.toISOString(),
      });
      return true;
    })();
  }

  async find(userId: string, conversationId: string): Promise<Conversation | null> {
    const row = this.statements.find.get(userId, conversationId);
    return row ? toConversation(row) : null;
  }

  async list(
    userId: string,
    scope: ConversationScopeFilter,
    limit: number,
    offset: number,
  ): Promise<ConversationPage> {
    const where: ScopeParams = {
      user_id: userId,
      end_user_id: scope.endUserId ?? '',
      agent_id: scope.agentId ?? null,
      run_id: scope.runId ?? null,
    };
    const [pageLimit, pageOffset] = sqlitePage(limit, offset);
    return {
      conversations: this.statements.list
        .all({ ...where, limit: pageLimit, offset: pageOffset })
        .map(toConversation),
      totalCount: this.statements.count.get(where)?.n ?? 0,
    };
  }

  async messages(userId: string, conversationId: string, last?: number): Promise<ChatMessage[]> {
    const rows =
      last === undefined
        ? this.statements.messages.all(userId, conversationId)
        : this.statements.lastMessages.all(userId, conversationId, last);
    return rows.map(toMessage);
  }

  async rename(
    userId: string,
    conversationId: string,
    title: string,
    at: Date,
  ): Promise<Conversation | null> {
    const changed = this.statements.rename.run({
      id: conversationId,
      user_id: userId,
      title,
      updated_at: at.toISOString(),
    }).changes;
    return changed ? this.find(userId, conversationId) : null;
  }

  async setShare(
    userId: string,
    conversationId: string,
    share: { readonly token: string; readonly since: Date } | null,
  ): Promise<Conversation | null> {
    const changed = this.statements.setShare.run({
      id: conversationId,
      user_id: userId,
      share_token: share?.token ?? null,
      shared_at: share?.since.toISOString() ?? null,
    }).changes;
    return changed ? this.find(userId, conversationId) : null;
  }

  async findShared(token: string): Promise<Conversation | null> {
    const row = this.statements.findShared.get(token);
    return row ? toConversation(row) : null;
  }

  async delete(userId: string, conversationId: string): Promise<number | null> {
    return this.db.transaction(() => {
      if (!this.statements.find.get(userId, conversationId)) return null;
      const removed = this.statements.deleteMessages.run(userId, conversationId).changes;
      this.statements.deleteConversation.run(userId, conversationId);
      return removed;
    })();
  }

  async deleteMessage(userId: string, conversationId: string, messageId: string): Promise<boolean> {
    return this.db.transaction(() => {
      if (this.statements.deleteMessage.run(userId, conversationId, messageId).changes === 0) return false;
      // The sequence goes on from message_count: the removed message is counted apart.
      this.statements.countRemovedMessage.run(userId, conversationId);
      return true;
    })();
  }

  async deleteAllOfEndUser(
    userId: string,
    endUserId: string,
  ): Promise<{ conversations: number; messages: number }> {
    return this.db.transaction(() => {
      let messages = 0;
      const ids = this.statements.endUserConversations.all(userId, endUserId);
      for (const { id } of ids) {
        messages += this.statements.deleteMessages.run(userId, id).changes;
        this.statements.deleteConversation.run(userId, id);
      }
      return { conversations: ids.length, messages };
    })();
  }

  async deleteAllOfUser(userId: string): Promise<{ conversations: number; messages: number }> {
    return this.db.transaction(() => {
      const messages = this.statements.deleteUserMessages.run(userId).changes;
      const conversations = this.statements.deleteUserConversations.run(userId).changes;
      return { conversations, messages };
    })();
  }
}

function toConversation(row: ConversationRow): Conversation {
  return {
    id: row.id,
    userId: row.user_id,
    title: row.title,
    model: row.model,
    preview: row.preview,
    messageCount: row.message_count - row.removed_messages,
    memoriesUsed: (JSON.parse(row.memory_ids) as string[]).length,
    share:
      row.share_token !== null && row.shared_at !== null
        ? { token: row.share_token, since: new Date(row.shared_at) }
        : null,
    endUserId: row.end_user_id || null,
    agentId: row.agent_id,
    runId: row.run_id,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

function toMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    userId: row.user_id,
    role: row.role as ChatRole,
    content: row.content,
    createdAt: new Date(row.created_at),
    model: row.model,
    responder: row.responder as ChatResponder | null,
    memories: JSON.parse(row.memories) as MessageMemory[],
    mode: row.mode as ChatMode,
    inputTokens: row.input_tokens,
    outputTokens: row.output_tokens,
  };
}
