import type {
  ChatMemoryView,
  ChatMessageView,
  ChatModelListView,
  ChatTurnView,
  ConversationDeletionView,
  ConversationListView,
  ConversationShareView,
  ConversationSummaryView,
  ConversationView,
  SendChatTurnRequest,
  SharedConversationView,
  WebSearchView,
} from '@membolt/contracts';
import type {
  ChatMemoryModel,
  ChatMessageModel,
  ChatModelListModel,
  ChatTurnModel,
  ConversationDeletionModel,
  ConversationModel,
  ConversationPageModel,
  ConversationShareModel,
  ConversationSummaryModel,
  SendChatMessageInput,
  SharedConversationModel,
  WebSearchModel,
} from './chat.models.js';

/*
 * The chat service's bus views → the GraphQL models, in one place. The GraphQL enums are registered from the
 * contract's constants, so an enum field crosses as it is. The SSE stream of the BFF sends these same
 * models as JSON, so the web app reads one shape from both.
 */

export function toSendChatTurnRequest(input: SendChatMessageInput): SendChatTurnRequest {
  return {
    message: input.message,
    ...(input.model ? { model: input.model } : {}),
    ...(input.conversationId ? { conversationId: input.conversationId } : {}),
    ...(input.system ? { system: input.system } : {}),
    ...(input.mode ? { mode: input.mode } : {}),
  };
}

export function toChatModelList(view: ChatModelListView): ChatModelListModel {
  return {
    defaultModelId: view.defaultModelId,
    offline: view.offline,
    models: view.models.map((model) => ({
      ...model,
      provider: model.provider,
      providerSource: model.providerSource,
    })),
  };
}

export function toChatMemoryModel(memory: ChatMemoryView): ChatMemoryModel {
  return {
    id: memory.id,
    text: memory.text,
    importance: memory.importance,
    category: memory.category,
    source: memory.source,
    createdAt: memory.createdAt,
    score: memory.score,
    used: memory.used,
  };
}

export function toChatTurnModel(turn: ChatTurnView): ChatTurnModel {
  return {
    conversationId: turn.conversationId,
    conversationTitle: turn.conversationTitle,
    startedConversation: turn.startedConversation,
    userMessageId: turn.userMessageId,
    assistantMessageId: turn.assistantMessageId,
    text: turn.text,
    model: turn.model,
    responder: turn.responder,
    offline: turn.offline,
    memoriesUsed: turn.memoriesUsed,
    memoriesRetrieved: turn.memoriesRetrieved.map(toChatMemoryModel),
    usage: { ...turn.usage },
    createdAt: turn.createdAt,
  };
}

function toChatMessageModel(message: ChatMessageView): ChatMessageModel {
  return {
    id: message.id,
    role: message.role,
    content: message.content,
    createdAt: message.createdAt,
    model: message.model,
    responder: message.responder,
    memories: message.memories.map((memory) => ({
      id: memory.id,
      text: memory.text,
      importance: memory.importance,
      category: memory.category,
      source: memory.source,
    })),
    mode: message.mode,
  };
}

export function toConversationSummaryModel(summary: ConversationSummaryView): ConversationSummaryModel {
  return {
    id: summary.id,
    title: summary.title,
    preview: summary.preview,
    model: summary.model,
    messageCount: summary.messageCount,
    memoryCount: summary.memoryCount,
    share: summary.share ? toConversationShareModel(summary.share) : null,
    endUserId: summary.endUserId,
    agentId: summary.agentId,
    runId: summary.runId,
    createdAt: summary.createdAt,
    updatedAt: summary.updatedAt,
  };
}

export const toConversationShareModel = (share: ConversationShareView): ConversationShareModel => ({
  token: share.token,
  sharedAt: share.sharedAt,
});

export function toSharedConversationModel(view: SharedConversationView): SharedConversationModel {
  return {
    title: view.title,
    sharedAt: view.sharedAt,
    messages: view.messages.map((message) => ({
      role: message.role,
      content: message.content,
      createdAt: message.createdAt,
    })),
  };
}

export function toConversationModel(conversation: ConversationView): ConversationModel {
  return {
    ...toConversationSummaryModel(conversation),
    messages: conversation.messages.map(toChatMessageModel),
  };
}

export function toConversationPage(page: ConversationListView): ConversationPageModel {
  return {
    conversations: page.conversations.map(toConversationSummaryModel),
    limit: page.limit,
    offset: page.offset,
    count: page.count,
    totalCount: page.totalCount,
  };
}

export function toConversationDeletionModel(view: ConversationDeletionView): ConversationDeletionModel {
  return { ...view };
}

export function toWebSearchModel(view: WebSearchView): WebSearchModel {
  return {
    query: view.query,
    provider: view.provider,
    results: view.results.map((result) => ({ ...result })),
    formattedResults: view.formattedResults,
    summary: view.summary,
    summaryError: view.summaryError,
  };
}
