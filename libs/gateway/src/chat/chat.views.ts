import type {
  ChatMemoryView,
  ChatResponder,
  ChatTurnView,
  ConversationDeletionView,
  ConversationListView,
  ConversationSummaryView,
  ConversationView,
  WebSearchView,
} from '@membolt/contracts';
import type {
  ChatMemoryResponse,
  ChatResponse,
  ChatStartEvent,
  ConversationDeletionResponse,
  ConversationListResponse,
  ConversationResponse,
  ConversationSummaryResponse,
  WebSearchResponse,
} from './chat.responses.js';

/* The chat service's views in the REST API's snake_case (the spec's `text`, `memories_used`, `memories_retrieved`). */

const memory = (m: ChatMemoryView): ChatMemoryResponse => ({
  id: m.id,
  text: m.text,
  importance: m.importance,
  category: m.category,
  source: m.source,
  created_at: m.createdAt,
  score: m.score,
  used: m.used,
});

export function toChatResponse(turn: ChatTurnView): ChatResponse {
  return {
    text: turn.text,
    memories_used: turn.memoriesUsed,
    memories_retrieved: turn.memoriesRetrieved.map(memory),
    conversation_id: turn.conversationId,
    conversation_title: turn.conversationTitle,
    model: turn.model,
    responder: turn.responder,
    offline: turn.offline,
    usage: {
      input_tokens: turn.usage.inputTokens,
      output_tokens: turn.usage.outputTokens,
      cost_micro_usd: turn.usage.costMicroUsd,
    },
  };
}

export const toChatStartEvent = (start: {
  conversationId: string;
  conversationTitle: string;
  model: string;
  responder: ChatResponder;
  memoriesRetrieved: readonly ChatMemoryView[];
}): ChatStartEvent => ({
  conversation_id: start.conversationId,
  conversation_title: start.conversationTitle,
  model: start.model,
  responder: start.responder,
  memories_retrieved: start.memoriesRetrieved.map(memory),
});

const summary = (c: ConversationSummaryView): ConversationSummaryResponse => ({
  id: c.id,
  title: c.title,
  preview: c.preview,
  model: c.model,
  message_count: c.messageCount,
  memory_count: c.memoryCount,
  end_user_id: c.endUserId,
  agent_id: c.agentId,
  run_id: c.runId,
  created_at: c.createdAt,
  updated_at: c.updatedAt,
});

export const toConversationListResponse = (page: ConversationListView): ConversationListResponse => ({
  conversations: page.conversations.map(summary),
  limit: page.limit,
  offset: page.offset,
  count: page.count,
  total_count: page.totalCount,
});

export const toConversationResponse = (conversation: ConversationView): ConversationResponse => ({
  ...summary(conversation),
  messages: conversation.messages.map((m) => ({
    id: m.id,
    role: m.role,
    content: m.content,
    created_at: m.createdAt,
    model: m.model,
    memories: m.memories,
  })),
});

export const toConversationDeletionResponse = (
  deletion: ConversationDeletionView,
): ConversationDeletionResponse => ({
  conversation_id: deletion.conversationId,
  removed_messages: deletion.removedMessages,
  memories_kept: deletion.memoriesKept,
  message: deletion.message,
});

export const toWebSearchResponse = (view: WebSearchView): WebSearchResponse => ({
  results: view.results,
  formatted_results: view.formattedResults,
});
