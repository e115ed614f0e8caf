import { defineSubject } from '../common/envelope.js';
import type {
  ClassifySpecialCategoriesRequest,
  ConversationIdRequest,
  DeleteConversationMessageRequest,
  DeleteEndUserConversationsRequest,
  ExtractFactsRequest,
  LearnFactsFromFileRequest,
  LearnFactsFromMessagesRequest,
  LearningJobRequest,
  QueueLearnFactsFromMessagesRequest,
  SummarizeDocumentRequest,
  ListChatModelsRequest,
  ListConversationsRequest,
  RenameConversationRequest,
  SendChatTurnRequest,
  SharedConversationRequest,
  TestProviderKeyRequest,
  WebSearchRequest,
} from './chat.requests.js';
import type {
  ChatModelListView,
  ChatStreamChunk,
  ChatTurnView,
  ConversationDeletionView,
  ConversationListView,
  ConversationMessageDeletionView,
  EndUserConversationsDeletionView,
  ConversationShareView,
  ConversationSummaryView,
  ConversationView,
  DocumentSummaryView,
  ExtractedFactsView,
  LearnedFactsView,
  LearnedFromMessagesView,
  LearningJobView,
  ProviderKeyTestView,
  SharedConversationView,
  SpecialCategoriesView,
  WebSearchView,
} from './chat.views.js';

/** Every subject but `getSharedConversation` acts for the acting user (bus `meta.userId`). */
export const ChatSubjects = {
  listModels: defineSubject<ListChatModelsRequest, ChatModelListView>('chat', 'chat.models.list.v1', {
    idempotent: true,
  }),
  /** One exchange, answered whole. */
  sendTurn: defineSubject<SendChatTurnRequest, ChatTurnView>('chat', 'chat.turns.send.v1'),
  /** One exchange, streamed (`BusClient.stream`): chunks of `ChatStreamChunk`. */
  streamTurn: defineSubject<SendChatTurnRequest, ChatStreamChunk>('chat', 'chat.turns.stream.v1'),
  listConversations: defineSubject<ListConversationsRequest, ConversationListView>(
    'chat',
    'chat.conversations.list.v1',
    { idempotent: true },
  ),
  getConversation: defineSubject<ConversationIdRequest, ConversationView>(
    'chat',
    'chat.conversations.get.v1',
    { idempotent: true },
  ),
  renameConversation: defineSubject<RenameConversationRequest, ConversationSummaryView>(
    'chat',
    'chat.conversations.rename.v1',
    { idempotent: true },
  ),
  /** Leaves the memories extracted from the conversation. */
  deleteConversation: defineSubject<ConversationIdRequest, ConversationDeletionView>(
    'chat',
    'chat.conversations.delete.v1',
  ),
  /** Creates the conversation's read-only link, or answers the one it has (decision 090). */
  shareConversation: defineSubject<ConversationIdRequest, ConversationShareView>(
    'chat',
    'chat.conversations.share.v1',
    { idempotent: true },
  ),
  /** Revokes the read-only link: its token finds nothing from then on. */
  revokeConversationShare: defineSubject<ConversationIdRequest, ConversationSummaryView>(
    'chat',
    'chat.conversations.share.revoke.v1',
    { idempotent: true },
  ),
  /** (no acting user) The conversation a link shares, read-only. */
  getSharedConversation: defineSubject<SharedConversationRequest, SharedConversationView>(
    'chat',
    'chat.shared-conversations.get.v1',
    { idempotent: true },
  ),
  webSearch: defineSubject<WebSearchRequest, WebSearchView>('chat', 'chat.web-search.v1', {
    idempotent: true,
  }),
  testProviderKey: defineSubject<TestProviderKeyRequest, ProviderKeyTestView>(
    'chat',
    'chat.provider-keys.test.v1',
  ),
  /** (user; internal: file ingestion) the rule-based extractor over a text, storing nothing. */
  extractFacts: defineSubject<ExtractFactsRequest, ExtractedFactsView>('chat', 'chat.extract-facts.v1', {
    idempotent: true,
  }),
  /** (user; internal: the memory service's privacy policy) special categories by the user's default model. */
  classifySpecialCategories: defineSubject<ClassifySpecialCategoriesRequest, SpecialCategoriesView>(
    'chat',
    'chat.special-categories.classify.v1',
  ),
  /** (user; internal: file ingestion) a document's summary by the user's default model, or null. */
  summarizeDocument: defineSubject<SummarizeDocumentRequest, DocumentSummaryView>(
    'chat',
    'chat.documents.summarize.v1',
  ),
  /** (user; internal: file ingestion) facts stated in an uploaded file, reconciled and stored. Safe to repeat. */
  learnFactsFromFile: defineSubject<LearnFactsFromFileRequest, LearnedFactsView>(
    'chat',
    'chat.learn-facts-from-file.v1',
    { idempotent: true },
  ),
  /**
   * (user; internal: the REST gateway) facts stated in a conversation, reconciled with the scope's memories;
   * answers each resulting event. Not retried: a repeat is harmless (known facts are skipped) but would
   * answer NOOP for what the first run added.
   */
  learnFactsFromMessages: defineSubject<LearnFactsFromMessagesRequest, LearnedFromMessagesView>(
    'chat',
    'chat.learn-facts-from-messages.v1',
  ),
  /**
   * (user; internal: the REST gateway) learnFactsFromMessages as a durable job: answers its id at once.
   * Idempotent with a `requestKey` (the same key answers the same job).
   */
  queueLearnFactsFromMessages: defineSubject<QueueLearnFactsFromMessagesRequest, LearningJobView>(
    'chat',
    'chat.learning-jobs.queue.v1',
  ),
  /** (user) A learning job of the acting user; NOT_FOUND for another account's. */
  learningJob: defineSubject<LearningJobRequest, LearningJobView>('chat', 'chat.learning-jobs.get.v1', {
    idempotent: true,
  }),
  /** (user) Removes one message of a conversation of the scope (`cascade=source` when erasing a memory). */
  deleteConversationMessage: defineSubject<DeleteConversationMessageRequest, ConversationMessageDeletionView>(
    'chat',
    'chat.conversations.messages.delete.v1',
    { idempotent: true },
  ),
  /** (user; internal: erasing an end user) Every conversation of the end user, with its messages. Idempotent. */
  deleteEndUserConversations: defineSubject<
    DeleteEndUserConversationsRequest,
    EndUserConversationsDeletionView
  >('chat', 'chat.end-users.delete.v1', { idempotent: true }),
} as const;
