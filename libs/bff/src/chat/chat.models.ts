import {
  CHAT_MODES,
  ChatMemoryView,
  ChatModelListView,
  ChatModelView,
  ChatMessageMemoryView,
  ChatMessageView,
  ChatTurnView,
  ChatUsageView,
  ConversationDeletionView,
  ConversationListView,
  ConversationShareView,
  ConversationSummaryView,
  ConversationView,
  SharedConversationView,
  SharedMessageView,
  CHAT_RESPONDERS,
  CHAT_ROLES,
  type ChatMode,
  type ChatResponder,
  type ChatRole,
  CONVERSATION_LIST_DEFAULT_LIMIT,
  LLM_PROVIDER_IDS,
  type LlmProviderId,
  MODEL_PROVIDER_SOURCES,
  type ModelProviderSource,
  WEB_SEARCH_DEFAULT_RESULTS,
  WEB_SEARCH_PROVIDER_IDS,
  type WebSearchProviderId,
  WebSearchResultView,
  WebSearchView,
  SendChatTurnRequest,
} from '@membolt/contracts';
import { graphqlEnum } from '../common/graphql-enum.js';
import { graphqlInputType } from '../common/graphql-input-type.js';
import { graphqlObjectType } from '../common/graphql-object-type.js';
import { MemorySourceModel } from '../memories/memories.models.js';

export { CONVERSATION_LIST_DEFAULT_LIMIT, WEB_SEARCH_DEFAULT_RESULTS };

/** GraphQL enums carry the contract's values. */
export const LlmProviderModel = graphqlEnum(LLM_PROVIDER_IDS, { name: 'LlmProvider' });
export type LlmProviderModel = LlmProviderId;

const ChatResponderModel = graphqlEnum(CHAT_RESPONDERS, {
  name: 'ChatResponder',
  description: 'Who answered: a provider, or the offline assistant (no language model configured).',
});
export type ChatResponderModel = ChatResponder;

const ChatRoleModel = graphqlEnum(CHAT_ROLES, { name: 'ChatRole' });
export type ChatRoleModel = ChatRole;

const ChatModeModel = graphqlEnum(CHAT_MODES, { name: 'ChatMode' });
export type ChatModeModel = ChatMode;

export const ModelProviderSourceModel = graphqlEnum(MODEL_PROVIDER_SOURCES, {
  name: 'ModelProviderSource',
  description:
    "Where a usable model's provider comes from: the operator's configuration or the user's own key.",
});
export type ModelProviderSourceModel = ModelProviderSource;

export const WebSearchProviderModel = graphqlEnum(WEB_SEARCH_PROVIDER_IDS, { name: 'WebSearchProvider' });
export type WebSearchProviderModel = WebSearchProviderId;

export const ChatModelModel = graphqlObjectType('ChatModel', ChatModelView, {
  description: 'One model of the server catalogue, as the signed-in user can use it.',
  ids: ['id'],
  types: { provider: () => LlmProviderModel, providerSource: () => ModelProviderSourceModel },
});
export type ChatModelModel = ChatModelView;

export const ChatModelListModel = graphqlObjectType('ChatModelList', ChatModelListView, {
  types: { models: () => [ChatModelModel] },
});
export type ChatModelListModel = ChatModelListView;

/*
 * The chat service's views as the screens see them: the resolvers return the views themselves (GraphQL
 * answers only the fields of its types), and the SSE stream of the BFF sends the same shapes as JSON.
 */
const ChatMemoryModel = graphqlObjectType('ChatMemory', ChatMemoryView, {
  description: 'A memory a turn retrieved; `used` when it went into the prompt.',
  ids: ['id'],
  types: { source: () => MemorySourceModel },
});
export type ChatMemoryModel = InstanceType<typeof ChatMemoryModel>;

const ChatUsageModel = graphqlObjectType('ChatUsage', ChatUsageView);
export type ChatUsageModel = InstanceType<typeof ChatUsageModel>;

/** A turn without the id of its extraction job, which stays server-side. */
const ChatTurnShown = ChatTurnView.unwrap().omit({ extractionJobId: true });
export const ChatTurnModel = graphqlObjectType('ChatTurn', ChatTurnShown, {
  description: 'The answer of one exchange.',
  ids: ['conversationId', 'userMessageId', 'assistantMessageId'],
  types: {
    responder: () => ChatResponderModel,
    memoriesRetrieved: () => [ChatMemoryModel],
    usage: () => ChatUsageModel,
  },
});
export type ChatTurnModel = InstanceType<typeof ChatTurnModel>;

const ChatMessageMemoryModel = graphqlObjectType('ChatMessageMemory', ChatMessageMemoryView, {
  description: 'A memory as it was when the message used it.',
  ids: ['id'],
  types: { source: () => MemorySourceModel },
});
export type ChatMessageMemoryModel = InstanceType<typeof ChatMessageMemoryModel>;

const ChatMessageModel = graphqlObjectType('ChatMessage', ChatMessageView, {
  ids: ['id'],
  types: {
    role: () => ChatRoleModel,
    responder: () => ChatResponderModel,
    memories: () => [ChatMessageMemoryModel],
    mode: () => ChatModeModel,
  },
});
export type ChatMessageModel = InstanceType<typeof ChatMessageModel>;

export const ConversationShareModel = graphqlObjectType('ConversationShare', ConversationShareView, {
  description: 'A read-only link to a conversation: /shared/{token}.',
});
export type ConversationShareModel = InstanceType<typeof ConversationShareModel>;

export const ConversationSummaryModel = graphqlObjectType('ConversationSummary', ConversationSummaryView, {
  ids: ['id'],
  types: { share: () => ConversationShareModel },
});
export type ConversationSummaryModel = InstanceType<typeof ConversationSummaryModel>;

const SharedMessageModel = graphqlObjectType('SharedMessage', SharedMessageView, {
  types: { role: () => ChatRoleModel },
});
export type SharedMessageModel = InstanceType<typeof SharedMessageModel>;

export const SharedConversationModel = graphqlObjectType('SharedConversation', SharedConversationView, {
  description: 'A conversation its owner shares read-only: the title and the messages, nothing else.',
  types: { messages: () => [SharedMessageModel] },
});
export type SharedConversationModel = InstanceType<typeof SharedConversationModel>;

export const ConversationModel = graphqlObjectType('Conversation', ConversationView, {
  ids: ['id'],
  types: { share: () => ConversationShareModel, messages: () => [ChatMessageModel] },
});
export type ConversationModel = InstanceType<typeof ConversationModel>;

export const ConversationPageModel = graphqlObjectType('ConversationPage', ConversationListView, {
  types: { conversations: () => [ConversationSummaryModel] },
});
export type ConversationPageModel = InstanceType<typeof ConversationPageModel>;

export const ConversationDeletionModel = graphqlObjectType('ConversationDeletion', ConversationDeletionView, {
  ids: ['conversationId'],
  types: { memoriesKept: () => Boolean },
});
export type ConversationDeletionModel = InstanceType<typeof ConversationDeletionModel>;

export const WebSearchResultModel = graphqlObjectType('WebSearchResult', WebSearchResultView);
export type WebSearchResultModel = WebSearchResultView;

/** The search in the wording its GraphQL schema has always had. */
export const WebSearchModel = graphqlObjectType('WebSearch', WebSearchView, {
  types: { provider: () => WebSearchProviderModel, results: () => [WebSearchResultModel] },
  descriptions: {
    summary: "The model's summary, when asked for and it worked.",
    summaryError: 'Why the summary failed (show formattedResults then).',
  },
});
export type WebSearchModel = WebSearchView;

export const SendChatMessageInput = graphqlInputType(
  'SendChatMessageInput',
  SendChatTurnRequest.pick({ message: true, model: true, conversationId: true, system: true, mode: true }),
  {
    ids: ['conversationId'],
    types: { mode: () => ChatModeModel },
    descriptions: {
      model: 'Catalogue model id; the default model when absent.',
      conversationId: 'Absent: the message starts a new conversation.',
      system: 'Extra instructions for this turn only (Search Mode: the results to summarise).',
      mode: 'search: a Search Mode summary (no facts are extracted from it). Default chat.',
    },
  },
);
export type SendChatMessageInput = InstanceType<typeof SendChatMessageInput>;
