import { Args, ID, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { BusClient } from '@membolt/bus';
import { ChatSubjects, METERED_ENDPOINTS } from '@membolt/contracts';
import { Metered } from '@membolt/edge';
import { Public } from '../common/public.decorator.js';
import { CurrentUser } from '../session/current-user.decorator.js';
import type { SessionUser } from '../session/session.guard.js';
import { toSendChatTurnRequest, toWebSearchModel } from './chat.mapper.js';
import {
  ChatModelListModel,
  ChatTurnModel,
  CONVERSATION_LIST_DEFAULT_LIMIT,
  ConversationDeletionModel,
  ConversationModel,
  ConversationPageModel,
  ConversationShareModel,
  ConversationSummaryModel,
  SendChatMessageInput,
  SharedConversationModel,
  WEB_SEARCH_DEFAULT_RESULTS,
  WebSearchModel,
} from './chat.models.js';

/**
 * The signed-in user's chat: the model catalogue, the exchanges, the stored conversations and web search.
 * The chat service validates every argument (BAD_USER_INPUT); another user's conversation is NOT_FOUND.
 * `sendChatMessage` answers the whole turn; the streamed variant is `POST /chat/stream` (server-sent
 * events, decision 031).
 */
@Resolver()
export class ChatResolver {
  constructor(private readonly bus: BusClient) {}

  @Query(() => ChatModelListModel, {
    description: 'The model catalogue, each model marked available or not (with the reason).',
  })
  async chatModels(@CurrentUser() user: SessionUser): Promise<ChatModelListModel> {
    return this.bus.request(ChatSubjects.listModels, {}, { userId: user.userId });
  }

  @Query(() => ConversationPageModel, { description: 'Stored conversations, most recently active first.' })
  async conversations(
    @CurrentUser() user: SessionUser,
    @Args('limit', { type: () => Int, defaultValue: CONVERSATION_LIST_DEFAULT_LIMIT }) limit: number,
    @Args('offset', { type: () => Int, defaultValue: 0 }) offset: number,
  ): Promise<ConversationPageModel> {
    return this.bus.request(ChatSubjects.listConversations, { limit, offset }, { userId: user.userId });
  }

  @Query(() => ConversationModel, { description: 'One conversation with its messages (/chat/{id}).' })
  async conversation(
    @CurrentUser() user: SessionUser,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<ConversationModel> {
    return this.bus.request(ChatSubjects.getConversation, { conversationId: id }, { userId: user.userId });
  }

  @Mutation(() => ChatTurnModel, {
    description: 'Sends a message and answers the whole turn (POST /chat/stream streams it instead).',
  })
  @Metered(METERED_ENDPOINTS.chat, {
    // A turn without a conversation starts one: the Free plan counts those (conversations per month).
    newConversation: (_user, input) => !(input as SendChatMessageInput).conversationId,
  })
  async sendChatMessage(
    @CurrentUser() user: SessionUser,
    @Args('input') input: SendChatMessageInput,
  ): Promise<ChatTurnModel> {
    return this.bus.request(ChatSubjects.sendTurn, toSendChatTurnRequest(input), { userId: user.userId });
  }

  @Mutation(() => ConversationSummaryModel)
  async renameConversation(
    @CurrentUser() user: SessionUser,
    @Args('id', { type: () => ID }) id: string,
    @Args('title') title: string,
  ): Promise<ConversationSummaryModel> {
    return this.bus.request(
      ChatSubjects.renameConversation,
      { conversationId: id, title },
      { userId: user.userId },
    );
  }

  @Mutation(() => ConversationDeletionModel, {
    description: 'Deletes the conversation and its messages; the memories extracted from it are kept.',
  })
  async deleteConversation(
    @CurrentUser() user: SessionUser,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<ConversationDeletionModel> {
    return this.bus.request(ChatSubjects.deleteConversation, { conversationId: id }, { userId: user.userId });
  }

  @Mutation(() => ConversationShareModel, {
    description: 'Creates the read-only link to your conversation, or answers the one it already has.',
  })
  async shareConversation(
    @CurrentUser() user: SessionUser,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<ConversationShareModel> {
    return this.bus.request(ChatSubjects.shareConversation, { conversationId: id }, { userId: user.userId });
  }

  @Mutation(() => ConversationSummaryModel, {
    description: 'Revokes the read-only link to your conversation: it finds nothing from then on.',
  })
  async revokeConversationShare(
    @CurrentUser() user: SessionUser,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<ConversationSummaryModel> {
    return this.bus.request(
      ChatSubjects.revokeConversationShare,
      { conversationId: id },
      { userId: user.userId },
    );
  }

  /** Public: the link's token is the whole permission; an unknown or revoked one is NOT_FOUND. */
  @Query(() => SharedConversationModel, { description: 'A conversation shared read-only, by its link.' })
  @Public()
  async sharedConversation(@Args('token') token: string): Promise<SharedConversationModel> {
    return this.bus.request(ChatSubjects.getSharedConversation, { token });
  }

  @Mutation(() => WebSearchModel, {
    description: 'Searches the web; with summarize, the chosen model summarises the results.',
  })
  async webSearch(
    @CurrentUser() user: SessionUser,
    @Args('query') query: string,
    @Args('numResults', { type: () => Int, defaultValue: WEB_SEARCH_DEFAULT_RESULTS }) numResults: number,
    @Args('summarize', { defaultValue: false }) summarize: boolean,
    @Args('model', { type: () => String, nullable: true }) model: string | null,
  ): Promise<WebSearchModel> {
    return toWebSearchModel(
      await this.bus.request(
        ChatSubjects.webSearch,
        { query, numResults, summarize, ...(model ? { model } : {}) },
        { userId: user.userId },
      ),
    );
  }
}
