import {
  ChatMessages,
  type ChatMemoryView,
  type ChatMessageView,
  type ChatStreamChunk,
  type ChatTurnView,
  type ConversationDeletionView,
  type ConversationListView,
  type ConversationShareView,
  type ConversationSummaryView,
  type ConversationView,
  type ExtractedFactsView,
  type MemorySource,
  type SharedConversationView,
} from '@membolt/contracts';
import type { CandidateFact } from './extraction/fact.js';
import type { ChatTurn, ChatTurnEvent, RetrievedMemory } from './domain/chat-turn.js';
import type { ChatMessage, Conversation, ConversationSummary } from './domain/conversation.js';

/** The only place chat's domain objects become bus views. */

const toChatMemoryView = (memory: RetrievedMemory): ChatMemoryView => ({ ...memory });

export function toChatTurnView(turn: ChatTurn): ChatTurnView {
  return {
    conversationId: turn.conversationId,
    conversationTitle: turn.conversationTitle,
    startedConversation: turn.startedConversation,
    userMessageId: turn.userMessageId,
    assistantMessageId: turn.assistantMessageId,
    text: turn.text,
    model: turn.model,
    responder: turn.responder,
    offline: turn.responder === 'offline',
    memoriesUsed: turn.memoriesRetrieved.filter((memory) => memory.used).length,
    memoriesRetrieved: turn.memoriesRetrieved.map(toChatMemoryView),
    usage: {
      inputTokens: turn.inputTokens,
      outputTokens: turn.outputTokens,
      costMicroUsd: turn.costMicroUsd,
    },
    extractionJobId: turn.extractionJobId,
    createdAt: turn.createdAt.toISOString(),
  };
}

export function toChatStreamChunk(event: ChatTurnEvent): ChatStreamChunk {
  switch (event.type) {
    case 'start':
      return { ...event, memoriesRetrieved: event.memoriesRetrieved.map(toChatMemoryView) };
    case 'token':
      return event;
    case 'done':
      return { type: 'done', turn: toChatTurnView(event.turn) };
  }
}

export function toConversationSummaryView(conversation: ConversationSummary): ConversationSummaryView {
  return {
    id: conversation.id,
    title: conversation.title,
    preview: conversation.preview,
    model: conversation.model,
    messageCount: conversation.messageCount,
    memoryCount: conversation.memoriesLearnt,
    share: conversation.share ? toConversationShareView(conversation.share) : null,
    endUserId: conversation.endUserId,
    agentId: conversation.agentId,
    runId: conversation.runId,
    createdAt: conversation.createdAt.toISOString(),
    updatedAt: conversation.updatedAt.toISOString(),
  };
}

export function toConversationShareView(share: { token: string; since: Date }): ConversationShareView {
  return { token: share.token, sharedAt: share.since.toISOString() };
}

/** Only what the link shows: the user's and the assistant's messages, their text and time. */
export function toSharedConversationView(
  conversation: Conversation,
  share: { readonly since: Date },
  messages: readonly ChatMessage[],
): SharedConversationView {
  return {
    title: conversation.title,
    sharedAt: share.since.toISOString(),
    messages: messages
      .filter((message) => message.role !== 'system')
      .map((message) => ({
        role: message.role,
        content: message.content,
        createdAt: message.createdAt.toISOString(),
      })),
  };
}

function toChatMessageView(message: ChatMessage): ChatMessageView {
  return {
    id: message.id,
    role: message.role,
    content: message.content,
    createdAt: message.createdAt.toISOString(),
    model: message.model,
    responder: message.responder,
    memories: message.memories.map((memory) => ({ ...memory })),
    mode: message.mode,
  };
}

export function toConversationView(
  conversation: ConversationSummary,
  messages: readonly ChatMessage[],
): ConversationView {
  return { ...toConversationSummaryView(conversation), messages: messages.map(toChatMessageView) };
}

export function toConversationListView(
  page: { readonly conversations: readonly ConversationSummary[]; readonly totalCount: number },
  limit: number,
  offset: number,
): ConversationListView {
  return {
    conversations: page.conversations.map(toConversationSummaryView),
    limit,
    offset,
    count: page.conversations.length,
    totalCount: page.totalCount,
  };
}

export function toConversationDeletionView(deleted: {
  conversationId: string;
  removedMessages: number;
}): ConversationDeletionView {
  return { ...deleted, memoriesKept: true, message: ChatMessages.conversationDeleted };
}

export function toExtractedFactsView(
  facts: readonly CandidateFact[],
  source: MemorySource,
): ExtractedFactsView {
  return {
    facts: facts.map((fact) => ({
      text: fact.text,
      category: fact.category,
      importance: fact.importance,
      kind: fact.kind,
      subject: fact.subject,
      value: fact.value,
      source,
    })),
  };
}
