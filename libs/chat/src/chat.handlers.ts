import { Inject } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { ActingUserId, BusController, BusPayload, BusStream } from '@membolt/bus';
import {
  ChatSubjects,
  type ChatModelListView,
  type ChatStreamChunk,
  type ChatTurnView,
  ConversationIdRequest,
  type ConversationDeletionView,
  type ConversationMessageDeletionView,
  DeleteConversationMessageRequest,
  DeleteEndUserConversationsRequest,
  type EndUserConversationsDeletionView,
  scopeFieldsOf,
  type ConversationListView,
  type ConversationSummaryView,
  type ConversationView,
  DeleteUserDataRequest,
  deleteUserDataSubject,
  ExtractFactsRequest,
  type ExtractedFactsView,
  LearnFactsFromFileRequest,
  LearnFactsFromMessagesRequest,
  type LearnedFromMessagesView,
  LearningJobRequest,
  type LearningJobView,
  QueueLearnFactsFromMessagesRequest,
  SummarizeDocumentRequest,
  ClassifySpecialCategoriesRequest,
  type SpecialCategoriesView,
  type DocumentSummaryView,
  type LearnedFactsView,
  ListChatModelsRequest,
  ListConversationsRequest,
  type ProviderKeyTestView,
  RenameConversationRequest,
  SendChatTurnRequest,
  SharedConversationRequest,
  type ConversationShareView,
  type SharedConversationView,
  TestProviderKeyRequest,
  type UserDataDeletionView,
  WebSearchRequest,
  type WebSearchView,
} from '@membolt/contracts';
import { Observable } from 'rxjs';
import { LearningJobsQueue } from './adapters/jobs/learning-jobs.queue.js';
import { RULE_FACTS, type RuleFacts } from './ports/rule-facts.js';
import {
  toChatStreamChunk,
  toChatTurnView,
  toConversationDeletionView,
  toConversationListView,
  toConversationShareView,
  toConversationSummaryView,
  toConversationView,
  toSharedConversationView,
  toExtractedFactsView,
} from './chat.views.js';
import { ChatTurnService } from './services/chat-turn.service.js';
import { DocumentSummaryService } from './services/document-summary.service.js';
import { FactLearningService } from './services/fact-learning.service.js';
import { ConversationsService } from './services/conversations.service.js';
import { ModelCatalogueService } from './services/model-catalogue.service.js';
import { ProviderKeyTesterService } from './services/provider-key-tester.service.js';
import { SpecialCategoryClassifierService } from './services/special-category-classifier.service.js';
import { WebSearchService } from './services/web-search.service.js';

/** Bus handlers of the chat service: acting user -> validated payload -> one service call -> view. */
@BusController()
export class ChatHandlers {
  constructor(
    private readonly catalogue: ModelCatalogueService,
    private readonly turns: ChatTurnService,
    private readonly conversations: ConversationsService,
    private readonly webSearch: WebSearchService,
    private readonly keyTester: ProviderKeyTesterService,
    private readonly learning: FactLearningService,
    private readonly summaries: DocumentSummaryService,
    private readonly learningJobs: LearningJobsQueue,
    private readonly specialCategories: SpecialCategoryClassifierService,
    @Inject(RULE_FACTS) private readonly rules: RuleFacts,
  ) {}

  @MessagePattern(ChatSubjects.listModels.name)
  listModels(
    @ActingUserId() userId: string,
    @BusPayload(ListChatModelsRequest) _request: ListChatModelsRequest,
  ): Promise<ChatModelListView> {
    return this.catalogue.list(userId);
  }

  @MessagePattern(ChatSubjects.sendTurn.name)
  async sendTurn(
    @ActingUserId() userId: string,
    @BusPayload(SendChatTurnRequest) request: SendChatTurnRequest,
  ): Promise<ChatTurnView> {
    return toChatTurnView(await this.turns.send(userId, request));
  }

  /** Streams the turn; the caller going away aborts it (and the provider's request with it). */
  @MessagePattern(ChatSubjects.streamTurn.name)
  @BusStream()
  streamTurn(
    @ActingUserId() userId: string,
    @BusPayload(SendChatTurnRequest) request: SendChatTurnRequest,
  ): Observable<ChatStreamChunk> {
    return new Observable<ChatStreamChunk>((subscriber) => {
      const controller = new AbortController();
      void (async () => {
        try {
          for await (const event of this.turns.stream(userId, request, controller.signal)) {
            subscriber.next(toChatStreamChunk(event));
          }
          subscriber.complete();
        } catch (error) {
          subscriber.error(error);
        }
      })();
      return () => controller.abort();
    });
  }

  @MessagePattern(ChatSubjects.listConversations.name)
  async listConversations(
    @ActingUserId() userId: string,
    @BusPayload(ListConversationsRequest) request: ListConversationsRequest,
  ): Promise<ConversationListView> {
    const page = await this.conversations.list(userId, scopeFieldsOf(request), request.limit, request.offset);
    return toConversationListView(page, request.limit, request.offset);
  }

  @MessagePattern(ChatSubjects.getConversation.name)
  async getConversation(
    @ActingUserId() userId: string,
    @BusPayload(ConversationIdRequest) request: ConversationIdRequest,
  ): Promise<ConversationView> {
    const { conversation, messages } = await this.conversations.get(
      userId,
      scopeFieldsOf(request),
      request.conversationId,
    );
    return toConversationView(conversation, messages);
  }

  @MessagePattern(ChatSubjects.renameConversation.name)
  async renameConversation(
    @ActingUserId() userId: string,
    @BusPayload(RenameConversationRequest) request: RenameConversationRequest,
  ): Promise<ConversationSummaryView> {
    return toConversationSummaryView(
      await this.conversations.rename(userId, scopeFieldsOf(request), request.conversationId, request.title),
    );
  }

  @MessagePattern(ChatSubjects.deleteConversation.name)
  async deleteConversation(
    @ActingUserId() userId: string,
    @BusPayload(ConversationIdRequest) request: ConversationIdRequest,
  ): Promise<ConversationDeletionView> {
    return toConversationDeletionView(
      await this.conversations.delete(userId, scopeFieldsOf(request), request.conversationId),
    );
  }

  @MessagePattern(ChatSubjects.deleteConversationMessage.name)
  deleteConversationMessage(
    @ActingUserId() userId: string,
    @BusPayload(DeleteConversationMessageRequest) request: DeleteConversationMessageRequest,
  ): Promise<ConversationMessageDeletionView> {
    return this.conversations.deleteMessage(
      userId,
      scopeFieldsOf(request),
      request.conversationId,
      request.messageId,
    );
  }

  @MessagePattern(ChatSubjects.deleteEndUserConversations.name)
  deleteEndUserConversations(
    @ActingUserId() userId: string,
    @BusPayload(DeleteEndUserConversationsRequest) request: DeleteEndUserConversationsRequest,
  ): Promise<EndUserConversationsDeletionView> {
    return this.conversations.deleteEndUser(userId, request.endUserId);
  }

  @MessagePattern(ChatSubjects.shareConversation.name)
  async shareConversation(
    @ActingUserId() userId: string,
    @BusPayload(ConversationIdRequest) request: ConversationIdRequest,
  ): Promise<ConversationShareView> {
    return toConversationShareView(
      await this.conversations.share(userId, scopeFieldsOf(request), request.conversationId),
    );
  }

  @MessagePattern(ChatSubjects.revokeConversationShare.name)
  async revokeConversationShare(
    @ActingUserId() userId: string,
    @BusPayload(ConversationIdRequest) request: ConversationIdRequest,
  ): Promise<ConversationSummaryView> {
    return toConversationSummaryView(
      await this.conversations.revokeShare(userId, scopeFieldsOf(request), request.conversationId),
    );
  }

  /** No acting user: the token is the whole permission (anyone the owner gave the link to). */
  @MessagePattern(ChatSubjects.getSharedConversation.name)
  async getSharedConversation(
    @BusPayload(SharedConversationRequest) request: SharedConversationRequest,
  ): Promise<SharedConversationView> {
    const { conversation, share, messages } = await this.conversations.getShared(request.token);
    return toSharedConversationView(conversation, share, messages);
  }

  @MessagePattern(ChatSubjects.webSearch.name)
  search(
    @ActingUserId() userId: string,
    @BusPayload(WebSearchRequest) request: WebSearchRequest,
  ): Promise<WebSearchView> {
    return this.webSearch.search(userId, request);
  }

  @MessagePattern(ChatSubjects.testProviderKey.name)
  testProviderKey(
    @ActingUserId() userId: string,
    @BusPayload(TestProviderKeyRequest) request: TestProviderKeyRequest,
  ): Promise<ProviderKeyTestView> {
    return this.keyTester.test(userId, request);
  }

  /** The acting user is required like everywhere, though the extraction reads only the text it is given. */
  @MessagePattern(ChatSubjects.extractFacts.name)
  async extractFacts(
    @ActingUserId() _userId: string,
    @BusPayload(ExtractFactsRequest) request: ExtractFactsRequest,
  ): Promise<ExtractedFactsView> {
    const [facts = []] = await this.rules.extract([request.text], new Date());
    return toExtractedFactsView(facts, request.source ?? 'chat');
  }

  @MessagePattern(ChatSubjects.classifySpecialCategories.name)
  classifySpecialCategories(
    @ActingUserId() userId: string,
    @BusPayload(ClassifySpecialCategoriesRequest) request: ClassifySpecialCategoriesRequest,
  ): Promise<SpecialCategoriesView> {
    return this.specialCategories.classify(userId, request.sentences);
  }

  @MessagePattern(ChatSubjects.summarizeDocument.name)
  async summarizeDocument(
    @ActingUserId() userId: string,
    @BusPayload(SummarizeDocumentRequest) request: SummarizeDocumentRequest,
  ): Promise<DocumentSummaryView> {
    const written = await this.summaries.summarize(userId, request.title, request.text);
    return { summary: written?.summary ?? null, model: written?.model ?? null };
  }

  @MessagePattern(ChatSubjects.learnFactsFromFile.name)
  learnFactsFromFile(
    @ActingUserId() userId: string,
    @BusPayload(LearnFactsFromFileRequest) request: LearnFactsFromFileRequest,
  ): Promise<LearnedFactsView> {
    return this.learning.learnFromFile(userId, request);
  }

  @MessagePattern(ChatSubjects.learnFactsFromMessages.name)
  learnFactsFromMessages(
    @ActingUserId() userId: string,
    @BusPayload(LearnFactsFromMessagesRequest) request: LearnFactsFromMessagesRequest,
  ): Promise<LearnedFromMessagesView> {
    return this.learning.learnFromMessages(userId, request);
  }

  @MessagePattern(ChatSubjects.queueLearnFactsFromMessages.name)
  queueLearnFactsFromMessages(
    @ActingUserId() userId: string,
    @BusPayload(QueueLearnFactsFromMessagesRequest) request: QueueLearnFactsFromMessagesRequest,
  ): Promise<LearningJobView> {
    return this.learningJobs.enqueue(userId, request);
  }

  @MessagePattern(ChatSubjects.learningJob.name)
  learningJob(
    @ActingUserId() userId: string,
    @BusPayload(LearningJobRequest) request: LearningJobRequest,
  ): Promise<LearningJobView> {
    return this.learningJobs.status(userId, request.jobId);
  }

  @MessagePattern(deleteUserDataSubject('chat').name)
  async deleteUserData(
    @ActingUserId() userId: string,
    @BusPayload(DeleteUserDataRequest) _request: DeleteUserDataRequest,
  ): Promise<UserDataDeletionView> {
    const removed = await this.conversations.deleteUserData(userId);
    return { service: 'chat', removed };
  }
}
