import {
  CHAT_RESPONDERS,
  ChatMemoryView,
  ChatMessageMemoryView,
  ChatMessageView,
  ChatTurnView,
  ChatUsageView,
  ConversationDeletionView,
  ConversationListView,
  ConversationSummaryView,
  ConversationView,
  MEMORY_CATEGORIES,
  WebSearchResultView,
  WebSearchView,
} from '@membolt/contracts';
import { z } from 'zod';
import {
  restExample,
  restObjectType,
  restObjectTypeOf,
  type SnakeCased,
} from '../common/rest-object-type.js';

/*
 * The chat answers on the REST wire: the contract's views (libs/contracts chat.views.ts) under snake_case names
 * (restObjectType); chat.views.ts builds them. Written here only what the REST API shows otherwise: examples,
 * the fields a REST answer leaves out (a turn's message and job ids, a message's responder and mode, a
 * conversation's share), and the stream's two first events.
 */

const EXAMPLE_CONVERSATION_ID = '6650f1c2a1b2c3d4e5f60720';

const messageMemory = ChatMessageMemoryView.unwrap().shape;
const messageMemoryFields = {
  id: restExample(messageMemory.id, '6650f1c2a1b2c3d4e5f60718'),
  text: restExample(messageMemory.text, 'Lives in Lisbon.'),
  importance: restExample(messageMemory.importance, 7),
  category: messageMemory.category.meta({
    rest: {
      description: `A built-in category (${MEMORY_CATEGORIES.join(', ')}) or one of the account's own.`,
    },
  }),
  source: messageMemory.source,
};

/** A memory as a message used it: what a stored message and an answer's retrieved memories both show. */
export const ConversationMessageMemoryResponse = restObjectType(
  'ConversationMessageMemoryResponse',
  z.object(messageMemoryFields),
);
export type ConversationMessageMemoryResponse = InstanceType<typeof ConversationMessageMemoryResponse>;

const chatMemory = ChatMemoryView.unwrap().shape;
export const ChatMemoryResponse = restObjectType(
  'ChatMemoryResponse',
  z.object({
    ...messageMemoryFields,
    createdAt: restExample(chatMemory.createdAt, '2026-04-03T10:00:00.000Z'),
    score: chatMemory.score.meta({
      rest: { description: 'Relevance to the message, 0 to 1.', example: 0.82 },
    }),
    used: chatMemory.used.meta({
      rest: { description: 'Whether the answer was given with this memory in its context.' },
    }),
  }),
);
export type ChatMemoryResponse = InstanceType<typeof ChatMemoryResponse>;

const usage = ChatUsageView.unwrap().shape;
export const ChatUsageResponse = restObjectType(
  'ChatUsageResponse',
  z.object({
    inputTokens: restExample(usage.inputTokens, 812),
    outputTokens: restExample(usage.outputTokens, 64),
    costMicroUsd: restExample(usage.costMicroUsd, 1450),
  }),
);
export type ChatUsageResponse = InstanceType<typeof ChatUsageResponse>;

const turn = ChatTurnView.unwrap().shape;
const conversationId = restExample(turn.conversationId, EXAMPLE_CONVERSATION_ID);
const conversationTitle = restExample(turn.conversationTitle, 'Where I live');
const model = restExample(turn.model, 'gpt-4o-mini');
const responder = turn.responder.meta({
  rest: { description: 'The provider that answered, or "offline".', example: 'openai' },
});

export const ChatResponse = restObjectTypeOf<
  SnakeCased<
    Pick<
      ChatTurnView,
      'text' | 'memoriesUsed' | 'conversationId' | 'conversationTitle' | 'model' | 'responder' | 'offline'
    >
  > & { memories_retrieved: ChatMemoryResponse[]; usage: ChatUsageResponse }
>(
  'ChatResponse',
  z.object({
    text: turn.text.meta({ rest: { description: 'The answer.', example: 'You live in Lisbon.' } }),
    memoriesUsed: turn.memoriesUsed.meta({
      rest: { description: 'How many memories the answer was given with.', example: 1 },
    }),
    memoriesRetrieved: turn.memoriesRetrieved,
    conversationId,
    conversationTitle,
    model,
    responder,
    offline: turn.offline,
    usage: turn.usage,
  }),
  { types: { memoriesRetrieved: () => [ChatMemoryResponse], usage: () => ChatUsageResponse } },
);
export type ChatResponse = InstanceType<typeof ChatResponse>;

/** `start`: the conversation and the memories retrieved, before the first token. */
export const ChatStartEvent = restObjectTypeOf<
  SnakeCased<Pick<ChatTurnView, 'conversationId' | 'conversationTitle' | 'model' | 'responder'>> & {
    memories_retrieved: ChatMemoryResponse[];
  }
>(
  'ChatStartEvent',
  z.object({
    conversationId,
    conversationTitle,
    model,
    responder: z.enum(CHAT_RESPONDERS),
    memoriesRetrieved: turn.memoriesRetrieved,
  }),
  { types: { memoriesRetrieved: () => [ChatMemoryResponse] } },
);
export type ChatStartEvent = InstanceType<typeof ChatStartEvent>;

/** `token`: the next piece of the answer. */
export const ChatTokenEvent = restObjectType(
  'ChatTokenEvent',
  z.object({ text: restExample(z.string(), 'You live') }),
);
export type ChatTokenEvent = InstanceType<typeof ChatTokenEvent>;

export const WebSearchResultResponse = restObjectType('WebSearchResultResponse', WebSearchResultView);
export type WebSearchResultResponse = InstanceType<typeof WebSearchResultResponse>;

const webSearch = WebSearchView.unwrap().shape;
export const WebSearchResponse = restObjectTypeOf<{
  results: readonly WebSearchResultResponse[];
  formatted_results: string;
}>(
  'WebSearchResponse',
  z.object({
    results: webSearch.results,
    formattedResults: webSearch.formattedResults.meta({
      rest: { description: 'The results as one text, ready for a prompt.' },
    }),
  }),
  { types: { results: () => [WebSearchResultResponse] } },
);
export type WebSearchResponse = InstanceType<typeof WebSearchResponse>;

const summary = ConversationSummaryView.unwrap().shape;
const summaryFields = {
  id: restExample(summary.id, EXAMPLE_CONVERSATION_ID),
  title: restExample(summary.title, 'Where I live'),
  preview: summary.preview,
  model: restExample(summary.model, 'gpt-4o-mini'),
  messageCount: restExample(summary.messageCount, 4),
  memoryCount: restExample(summary.memoryCount, 2),
  endUserId: summary.endUserId.meta({
    rest: { description: "The end user it belongs to (null: the account's)." },
  }),
  agentId: summary.agentId,
  runId: summary.runId,
  createdAt: restExample(summary.createdAt, '2026-04-03T10:00:00.000Z'),
  updatedAt: restExample(summary.updatedAt, '2026-04-03T10:05:00.000Z'),
};
export const ConversationSummaryResponse = restObjectType(
  'ConversationSummaryResponse',
  z.object(summaryFields),
);
export type ConversationSummaryResponse = InstanceType<typeof ConversationSummaryResponse>;

const list = ConversationListView.unwrap().shape;
export const ConversationListResponse = restObjectTypeOf<{
  conversations: ConversationSummaryResponse[];
  limit: number;
  offset: number;
  count: number;
  total_count: number;
}>(
  'ConversationListResponse',
  z.object({
    conversations: list.conversations,
    limit: restExample(list.limit, 20),
    offset: restExample(list.offset, 0),
    count: list.count.meta({ rest: { description: 'Conversations on this page.', example: 1 } }),
    totalCount: list.totalCount.meta({ rest: { description: 'Conversations in all.', example: 1 } }),
  }),
  { types: { conversations: () => [ConversationSummaryResponse] } },
);
export type ConversationListResponse = InstanceType<typeof ConversationListResponse>;

const message = ChatMessageView.unwrap().shape;
export const ConversationMessageResponse = restObjectTypeOf<
  SnakeCased<Pick<ChatMessageView, 'id' | 'role' | 'content' | 'createdAt' | 'model'>> & {
    memories: readonly ConversationMessageMemoryResponse[];
  }
>(
  'ConversationMessageResponse',
  z.object({
    id: message.id,
    role: message.role,
    content: message.content,
    createdAt: restExample(message.createdAt, '2026-04-03T10:00:00.000Z'),
    model: message.model.meta({ rest: { description: 'The model of an assistant message.' } }),
    memories: message.memories.meta({ rest: { description: 'The memories the answer used.' } }),
  }),
  { types: { memories: () => [ConversationMessageMemoryResponse] } },
);
export type ConversationMessageResponse = InstanceType<typeof ConversationMessageResponse>;

export const ConversationResponse = restObjectTypeOf<
  ConversationSummaryResponse & { messages: ConversationMessageResponse[] }
>(
  'ConversationResponse',
  z.object({
    ...summaryFields,
    messages: ConversationView.unwrap().shape.messages,
  }),
  { types: { messages: () => [ConversationMessageResponse] } },
);
export type ConversationResponse = InstanceType<typeof ConversationResponse>;

const deletion = ConversationDeletionView.unwrap().shape;
export const ConversationDeletionResponse = restObjectType(
  'ConversationDeletionResponse',
  z.object({
    conversationId: deletion.conversationId,
    removedMessages: restExample(deletion.removedMessages, 4),
    memoriesKept: deletion.memoriesKept,
    message: restExample(deletion.message, 'Conversation deleted.'),
  }),
);
export type ConversationDeletionResponse = InstanceType<typeof ConversationDeletionResponse>;
