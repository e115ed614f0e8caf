import { Field, Float, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import {
  CHAT_MODES,
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
} from '@membolt/contracts';
import { graphqlEnum } from '../common/graphql-enum.js';
import { type MemoryCategoryModel, MemorySourceModel } from '../memories/memories.models.js';

export { CONVERSATION_LIST_DEFAULT_LIMIT, WEB_SEARCH_DEFAULT_RESULTS };

/** GraphQL enums carry the contract's values. */
export const LlmProviderModel = graphqlEnum(LLM_PROVIDER_IDS, { name: 'LlmProvider' });
export type LlmProviderModel = LlmProviderId;

export const ChatResponderModel = graphqlEnum(CHAT_RESPONDERS, {
  name: 'ChatResponder',
  description: 'Who answered: a provider, or the offline assistant (no language model configured).',
});
export type ChatResponderModel = ChatResponder;

export const ChatRoleModel = graphqlEnum(CHAT_ROLES, { name: 'ChatRole' });
export type ChatRoleModel = ChatRole;

export const ChatModeModel = graphqlEnum(CHAT_MODES, { name: 'ChatMode' });
export type ChatModeModel = ChatMode;

export const ModelProviderSourceModel = graphqlEnum(MODEL_PROVIDER_SOURCES, {
  name: 'ModelProviderSource',
  description:
    "Where a usable model's provider comes from: the operator's configuration or the user's own key.",
});
export type ModelProviderSourceModel = ModelProviderSource;

export const WebSearchProviderModel = graphqlEnum(WEB_SEARCH_PROVIDER_IDS, { name: 'WebSearchProvider' });
export type WebSearchProviderModel = WebSearchProviderId;

@ObjectType('ChatModel', {
  description: 'One model of the server catalogue, as the signed-in user can use it.',
})
export class ChatModelModel {
  @Field(() => ID)
  id!: string;

  @Field()
  label!: string;

  @Field(() => LlmProviderModel)
  provider!: LlmProviderModel;

  @Field({ description: "In the chat screen's model picker." })
  inChatList!: boolean;

  @Field({ description: "In the settings screen's Default AI Model list." })
  inSettingsList!: boolean;

  @Field()
  isDefault!: boolean;

  @Field({ description: 'Its provider is configured (by the operator or by your own key).' })
  available!: boolean;

  @Field(() => String, { nullable: true, description: 'Why it is not available; null when available.' })
  unavailableReason!: string | null;

  @Field(() => ModelProviderSourceModel, { nullable: true })
  providerSource!: ModelProviderSourceModel | null;

  @Field(() => Int)
  contextWindow!: number;
}

@ObjectType('ChatModelList')
export class ChatModelListModel {
  @Field(() => [ChatModelModel])
  models!: ChatModelModel[];

  @Field()
  defaultModelId!: string;

  @Field({ description: 'No provider at all is configured: the offline assistant answers every message.' })
  offline!: boolean;
}

@ObjectType('ChatMemory', { description: 'A memory a turn retrieved; `used` when it went into the prompt.' })
export class ChatMemoryModel {
  @Field(() => ID)
  id!: string;

  @Field()
  text!: string;

  @Field(() => Float)
  importance!: number;

  @Field(() => String, { nullable: true })
  category!: MemoryCategoryModel | null;

  @Field(() => MemorySourceModel)
  source!: MemorySourceModel;

  @Field()
  createdAt!: string;

  @Field(() => Float)
  score!: number;

  @Field()
  used!: boolean;
}

@ObjectType('ChatUsage')
export class ChatUsageModel {
  @Field(() => Int)
  inputTokens!: number;

  @Field(() => Int)
  outputTokens!: number;

  @Field(() => Int, {
    description: 'Estimated cost in millionths of a US dollar (0 for the offline assistant).',
  })
  costMicroUsd!: number;
}

@ObjectType('ChatTurn', { description: 'The answer of one exchange.' })
export class ChatTurnModel {
  @Field(() => ID)
  conversationId!: string;

  @Field()
  conversationTitle!: string;

  @Field({ description: 'This message started the conversation.' })
  startedConversation!: boolean;

  @Field(() => ID)
  userMessageId!: string;

  @Field(() => ID)
  assistantMessageId!: string;

  @Field()
  text!: string;

  @Field()
  model!: string;

  @Field(() => ChatResponderModel)
  responder!: ChatResponderModel;

  @Field({ description: 'Answered by the offline assistant: no language model is configured for the model.' })
  offline!: boolean;

  @Field(() => Int, { description: 'Memories put into the prompt.' })
  memoriesUsed!: number;

  @Field(() => [ChatMemoryModel])
  memoriesRetrieved!: ChatMemoryModel[];

  @Field(() => ChatUsageModel)
  usage!: ChatUsageModel;

  @Field()
  createdAt!: string;
}

@ObjectType('ChatMessageMemory', { description: 'A memory as it was when the message used it.' })
export class ChatMessageMemoryModel {
  @Field(() => ID)
  id!: string;

  @Field()
  text!: string;

  @Field(() => Float)
  importance!: number;

  @Field(() => String, { nullable: true })
  category!: MemoryCategoryModel | null;

  @Field(() => MemorySourceModel)
  source!: MemorySourceModel;
}

@ObjectType('ChatMessage')
export class ChatMessageModel {
  @Field(() => ID)
  id!: string;

  @Field(() => ChatRoleModel)
  role!: ChatRoleModel;

  @Field()
  content!: string;

  @Field()
  createdAt!: string;

  @Field(() => String, { nullable: true })
  model!: string | null;

  @Field(() => ChatResponderModel, { nullable: true })
  responder!: ChatResponderModel | null;

  @Field(() => [ChatMessageMemoryModel], { description: 'Assistant messages: the memories used (chips).' })
  memories!: ChatMessageMemoryModel[];

  @Field(() => ChatModeModel)
  mode!: ChatModeModel;
}

@ObjectType('ConversationShare', { description: 'A read-only link to a conversation: /shared/{token}.' })
export class ConversationShareModel {
  @Field({ description: 'The unguessable token of the link; revoking the share makes it find nothing.' })
  token!: string;

  @Field()
  sharedAt!: string;
}

@ObjectType('ConversationSummary')
export class ConversationSummaryModel {
  @Field(() => ID)
  id!: string;

  @Field()
  title!: string;

  @Field({ description: "The newest message's text, cut to a preview." })
  preview!: string;

  @Field(() => String, { nullable: true })
  model!: string | null;

  @Field(() => Int)
  messageCount!: number;

  @Field(() => Int, { description: 'The memories the conversation taught (open memories stored from it).' })
  memoryCount!: number;

  @Field(() => ConversationShareModel, {
    nullable: true,
    description: 'The read-only link while the conversation is shared; null otherwise.',
  })
  share!: ConversationShareModel | null;

  @Field(() => String, {
    nullable: true,
    description: "The end user of the account's app it belongs to (decision 101); null: the account's own.",
  })
  endUserId!: string | null;
  @Field(() => String, { nullable: true })
  agentId!: string | null;
  @Field(() => String, { nullable: true })
  runId!: string | null;

  @Field()
  createdAt!: string;

  @Field()
  updatedAt!: string;
}

@ObjectType('SharedMessage')
export class SharedMessageModel {
  @Field(() => ChatRoleModel)
  role!: ChatRoleModel;

  @Field()
  content!: string;

  @Field()
  createdAt!: string;
}

@ObjectType('SharedConversation', {
  description: 'A conversation its owner shares read-only: the title and the messages, nothing else.',
})
export class SharedConversationModel {
  @Field()
  title!: string;

  @Field()
  sharedAt!: string;

  @Field(() => [SharedMessageModel], { description: 'Oldest first.' })
  messages!: SharedMessageModel[];
}

@ObjectType('Conversation')
export class ConversationModel extends ConversationSummaryModel {
  @Field(() => [ChatMessageModel], { description: 'Oldest first.' })
  messages!: ChatMessageModel[];
}

@ObjectType('ConversationPage')
export class ConversationPageModel {
  @Field(() => [ConversationSummaryModel], { description: 'Most recently active first.' })
  conversations!: ConversationSummaryModel[];

  @Field(() => Int)
  limit!: number;

  @Field(() => Int)
  offset!: number;

  @Field(() => Int)
  count!: number;

  @Field(() => Int)
  totalCount!: number;
}

@ObjectType('ConversationDeletion')
export class ConversationDeletionModel {
  @Field(() => ID)
  conversationId!: string;

  @Field(() => Int)
  removedMessages!: number;

  @Field({ description: 'Always true: the memories extracted from the conversation are kept.' })
  memoriesKept!: boolean;

  @Field()
  message!: string;
}

@ObjectType('WebSearchResult')
export class WebSearchResultModel {
  @Field()
  title!: string;

  @Field()
  url!: string;

  @Field()
  snippet!: string;
}

@ObjectType('WebSearch')
export class WebSearchModel {
  @Field()
  query!: string;

  @Field(() => WebSearchProviderModel)
  provider!: WebSearchProviderModel;

  @Field(() => [WebSearchResultModel])
  results!: WebSearchResultModel[];

  @Field({ description: 'The results as one numbered text.' })
  formattedResults!: string;

  @Field(() => String, { nullable: true, description: "The model's summary, when asked for and it worked." })
  summary!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Why the summary failed (show formattedResults then).',
  })
  summaryError!: string | null;
}

@InputType('SendChatMessageInput')
export class SendChatMessageInput {
  @Field()
  message!: string;

  @Field(() => String, { nullable: true, description: 'Catalogue model id; the default model when absent.' })
  model?: string | null;

  @Field(() => ID, { nullable: true, description: 'Absent: the message starts a new conversation.' })
  conversationId?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Extra instructions for this turn only (Search Mode: the results to summarise).',
  })
  system?: string | null;

  @Field(() => ChatModeModel, {
    nullable: true,
    description: 'search: a Search Mode summary (no facts are extracted from it). Default chat.',
  })
  mode?: ChatModeModel | null;
}
