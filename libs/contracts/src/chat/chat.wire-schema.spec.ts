import {
  ChatHistoryItem,
  ClassifySpecialCategoriesRequest,
  ConversationIdRequest,
  DeleteConversationMessageRequest,
  DeleteEndUserConversationsRequest,
  ExtractFactsRequest,
  LearnFactsFromFileRequest,
  LearnFactsFromMessagesRequest,
  LearningJobRequest,
  ListChatModelsRequest,
  ListConversationsRequest,
  MessageToLearnFrom,
  QueueLearnFactsFromMessagesRequest,
  RenameConversationRequest,
  SendChatTurnRequest,
  SharedConversationRequest,
  SummarizeDocumentRequest,
  TestProviderKeyRequest,
  WebSearchRequest,
} from './chat.requests.js';
import { describeRefusals, type Refusal } from '../testing/refusals.js';

/*
 * Each text is what the class-validator class the schema replaced answered for the same payload (the classes of
 * the commit before, side by side with the schemas through `validatePayload`;
 * docs/decisions/218-chat-memory-and-ingestion-requests-as-zod-schemas.md): every rule a value breaks, unknown
 * fields first, then the fields in the order the class listed them.
 */
const refusals: readonly Refusal[] = [
  [ListChatModelsRequest, { a: 1 }, 'a should not exist'],
  [ListChatModelsRequest, { a: 1, b: 2 }, 'a should not exist; b should not exist'],
  [ListChatModelsRequest, { constructor: 1 }, '"constructor" cannot be used as a field name.'],
  [
    ListChatModelsRequest,
    { a: 1, b: 2, c: 3, d: 4, e: 5, f: 6 },
    'a, b, c, d, e and 1 more fields should not exist',
  ],
  [
    ChatHistoryItem,
    {},
    'role must be one of the following values: user, assistant, system; message must be at most 32000 characters; content must be a string',
  ],
  [ChatHistoryItem, { role: 'user', content: 'hi', zz: 1 }, 'zz should not exist'],
  [
    ChatHistoryItem,
    { role: 'user', content: 'hi', zz: 1, yy: 2 },
    'zz should not exist; yy should not exist',
  ],
  [
    ChatHistoryItem,
    { zz: 1 },
    'zz should not exist; role must be one of the following values: user, assistant, system; message must be at most 32000 characters; content must be a string',
  ],
  [ChatHistoryItem, { content: 'hi' }, 'role must be one of the following values: user, assistant, system'],
  [ChatHistoryItem, { role: 'user' }, 'message must be at most 32000 characters; content must be a string'],
  [SendChatTurnRequest, {}, 'message is required; message must be shorter than or equal to 32000 characters'],
  [
    SendChatTurnRequest,
    { message: 'hello', model: 'm', conversationId: 'c1', mode: 'chat', system: 's', endUserId: 'e', zz: 1 },
    'zz should not exist',
  ],
  [
    SendChatTurnRequest,
    {
      message: 'hello',
      model: 'm',
      conversationId: 'c1',
      mode: 'chat',
      system: 's',
      endUserId: 'e',
      zz: 1,
      yy: 2,
    },
    'zz should not exist; yy should not exist',
  ],
  [
    SendChatTurnRequest,
    { zz: 1 },
    'zz should not exist; message is required; message must be shorter than or equal to 32000 characters',
  ],
  [
    SendChatTurnRequest,
    { message: '', model: 'm', conversationId: 'c1', mode: 'chat', system: 's', endUserId: 'e' },
    'message is required',
  ],
  [
    SendChatTurnRequest,
    { message: 'hello', model: 5, conversationId: 'c1', mode: 'chat', system: 's', endUserId: 'e' },
    'model must be shorter than or equal to 200 characters; model must be a string',
  ],
  [
    ListConversationsRequest,
    {},
    'limit must not be greater than 100; limit must not be less than 1; limit must be an integer number; offset must not be greater than 1000000000; offset must not be less than 0; offset must be an integer number',
  ],
  [ListConversationsRequest, { limit: 10, offset: 0, endUserId: 'e', zz: 1 }, 'zz should not exist'],
  [
    ListConversationsRequest,
    { limit: 10, offset: 0, endUserId: 'e', zz: 1, yy: 2 },
    'zz should not exist; yy should not exist',
  ],
  [
    ListConversationsRequest,
    { zz: 1 },
    'zz should not exist; limit must not be greater than 100; limit must not be less than 1; limit must be an integer number; offset must not be greater than 1000000000; offset must not be less than 0; offset must be an integer number',
  ],
  [
    ListConversationsRequest,
    { offset: 0, endUserId: 'e' },
    'limit must not be greater than 100; limit must not be less than 1; limit must be an integer number',
  ],
  [ListConversationsRequest, { limit: 1.5, offset: 0, endUserId: 'e' }, 'limit must be an integer number'],
  [
    ConversationIdRequest,
    {},
    'conversationId must be a string; conversationId should not be empty; conversationId must be shorter than or equal to 100 characters',
  ],
  [ConversationIdRequest, { conversationId: 'c1', agentId: 'a', zz: 1 }, 'zz should not exist'],
  [
    ConversationIdRequest,
    { conversationId: 'c1', agentId: 'a', zz: 1, yy: 2 },
    'zz should not exist; yy should not exist',
  ],
  [
    ConversationIdRequest,
    { zz: 1 },
    'zz should not exist; conversationId must be a string; conversationId should not be empty; conversationId must be shorter than or equal to 100 characters',
  ],
  [
    ConversationIdRequest,
    { conversationId: 5, agentId: 'a' },
    'conversationId must be a string; conversationId must be shorter than or equal to 100 characters',
  ],
  [ConversationIdRequest, { conversationId: '', agentId: 'a' }, 'conversationId should not be empty'],
  [
    DeleteConversationMessageRequest,
    {},
    'messageId must be a string; messageId should not be empty; messageId must be shorter than or equal to 100 characters; conversationId must be a string; conversationId should not be empty; conversationId must be shorter than or equal to 100 characters',
  ],
  [
    DeleteConversationMessageRequest,
    { conversationId: 'c1', messageId: 'm1', runId: 'r', zz: 1 },
    'zz should not exist',
  ],
  [
    DeleteConversationMessageRequest,
    { conversationId: 'c1', messageId: 'm1', runId: 'r', zz: 1, yy: 2 },
    'zz should not exist; yy should not exist',
  ],
  [
    DeleteConversationMessageRequest,
    { zz: 1 },
    'zz should not exist; messageId must be a string; messageId should not be empty; messageId must be shorter than or equal to 100 characters; conversationId must be a string; conversationId should not be empty; conversationId must be shorter than or equal to 100 characters',
  ],
  [
    DeleteConversationMessageRequest,
    { messageId: 'm1', runId: 'r' },
    'conversationId must be a string; conversationId should not be empty; conversationId must be shorter than or equal to 100 characters',
  ],
  [
    DeleteConversationMessageRequest,
    { conversationId: 5, messageId: 'm1', runId: 'r' },
    'conversationId must be a string; conversationId must be shorter than or equal to 100 characters',
  ],
  [
    DeleteEndUserConversationsRequest,
    {},
    'endUserId must be shorter than or equal to 200 characters; endUserId should not be empty; endUserId must be a string',
  ],
  [DeleteEndUserConversationsRequest, { endUserId: 'e', zz: 1 }, 'zz should not exist'],
  [
    DeleteEndUserConversationsRequest,
    { endUserId: 'e', zz: 1, yy: 2 },
    'zz should not exist; yy should not exist',
  ],
  [
    DeleteEndUserConversationsRequest,
    { zz: 1 },
    'zz should not exist; endUserId must be shorter than or equal to 200 characters; endUserId should not be empty; endUserId must be a string',
  ],
  [
    DeleteEndUserConversationsRequest,
    { endUserId: 5 },
    'endUserId must be shorter than or equal to 200 characters; endUserId must be a string',
  ],
  [DeleteEndUserConversationsRequest, { endUserId: '' }, 'endUserId should not be empty'],
  [
    SharedConversationRequest,
    {},
    'token must be a string; token should not be empty; token must be shorter than or equal to 256 characters',
  ],
  [SharedConversationRequest, { token: 't', zz: 1 }, 'zz should not exist'],
  [SharedConversationRequest, { token: 't', zz: 1, yy: 2 }, 'zz should not exist; yy should not exist'],
  [
    SharedConversationRequest,
    { zz: 1 },
    'zz should not exist; token must be a string; token should not be empty; token must be shorter than or equal to 256 characters',
  ],
  [
    SharedConversationRequest,
    { token: 5 },
    'token must be a string; token must be shorter than or equal to 256 characters',
  ],
  [SharedConversationRequest, { token: '' }, 'token should not be empty'],
  [
    RenameConversationRequest,
    {},
    'title is required; title must be shorter than or equal to 200 characters; conversationId must be a string; conversationId should not be empty; conversationId must be shorter than or equal to 100 characters',
  ],
  [
    RenameConversationRequest,
    { conversationId: 'c1', title: 'T', endUserId: 'e', zz: 1 },
    'zz should not exist',
  ],
  [
    RenameConversationRequest,
    { conversationId: 'c1', title: 'T', endUserId: 'e', zz: 1, yy: 2 },
    'zz should not exist; yy should not exist',
  ],
  [
    RenameConversationRequest,
    { zz: 1 },
    'zz should not exist; title is required; title must be shorter than or equal to 200 characters; conversationId must be a string; conversationId should not be empty; conversationId must be shorter than or equal to 100 characters',
  ],
  [
    RenameConversationRequest,
    { title: 'T', endUserId: 'e' },
    'conversationId must be a string; conversationId should not be empty; conversationId must be shorter than or equal to 100 characters',
  ],
  [
    RenameConversationRequest,
    { conversationId: 5, title: 'T', endUserId: 'e' },
    'conversationId must be a string; conversationId must be shorter than or equal to 100 characters',
  ],
  [
    WebSearchRequest,
    {},
    'query is required; query must be shorter than or equal to 400 characters; numResults must not be greater than 20; numResults must not be less than 1; numResults must be an integer number',
  ],
  [
    WebSearchRequest,
    { query: 'q', numResults: 5, summarize: true, model: 'm', zz: 1 },
    'zz should not exist',
  ],
  [
    WebSearchRequest,
    { query: 'q', numResults: 5, summarize: true, model: 'm', zz: 1, yy: 2 },
    'zz should not exist; yy should not exist',
  ],
  [
    WebSearchRequest,
    { zz: 1 },
    'zz should not exist; query is required; query must be shorter than or equal to 400 characters; numResults must not be greater than 20; numResults must not be less than 1; numResults must be an integer number',
  ],
  [
    WebSearchRequest,
    { numResults: 5, summarize: true, model: 'm' },
    'query is required; query must be shorter than or equal to 400 characters',
  ],
  [WebSearchRequest, { query: '', numResults: 5, summarize: true, model: 'm' }, 'query is required'],
  [
    TestProviderKeyRequest,
    {},
    'providerKeyId must be a string; providerKeyId should not be empty; providerKeyId must be shorter than or equal to 100 characters; provider must be one of the following values: anthropic, openai, gemini, openai-compatible; apiKey must be shorter than or equal to 512 characters; apiKey must be a string',
  ],
  [
    TestProviderKeyRequest,
    { provider: 'openai', apiKey: 'sk', baseUrl: 'http://localhost:1/v1', zz: 1 },
    'zz should not exist',
  ],
  [
    TestProviderKeyRequest,
    { provider: 'openai', apiKey: 'sk', baseUrl: 'http://localhost:1/v1', zz: 1, yy: 2 },
    'zz should not exist; yy should not exist',
  ],
  [
    TestProviderKeyRequest,
    { zz: 1 },
    'zz should not exist; providerKeyId must be a string; providerKeyId should not be empty; providerKeyId must be shorter than or equal to 100 characters; provider must be one of the following values: anthropic, openai, gemini, openai-compatible; apiKey must be shorter than or equal to 512 characters; apiKey must be a string',
  ],
  [
    TestProviderKeyRequest,
    { apiKey: 'sk', baseUrl: 'http://localhost:1/v1' },
    'provider must be one of the following values: anthropic, openai, gemini, openai-compatible',
  ],
  [
    TestProviderKeyRequest,
    { provider: 'openai', baseUrl: 'http://localhost:1/v1' },
    'providerKeyId must be a string; providerKeyId should not be empty; providerKeyId must be shorter than or equal to 100 characters; apiKey must be shorter than or equal to 512 characters; apiKey must be a string',
  ],
  [ExtractFactsRequest, {}, 'text must be shorter than or equal to 20000 characters; text must be a string'],
  [ExtractFactsRequest, { text: 'I live in Paris', source: 'chat', zz: 1 }, 'zz should not exist'],
  [
    ExtractFactsRequest,
    { text: 'I live in Paris', source: 'chat', zz: 1, yy: 2 },
    'zz should not exist; yy should not exist',
  ],
  [
    ExtractFactsRequest,
    { zz: 1 },
    'zz should not exist; text must be shorter than or equal to 20000 characters; text must be a string',
  ],
  [
    ExtractFactsRequest,
    { text: 'I live in Paris', source: 5 },
    'source must be one of the following values: memory, chat, file, api',
  ],
  [
    ExtractFactsRequest,
    { text: 5, source: 5 },
    'text must be shorter than or equal to 20000 characters; text must be a string; source must be one of the following values: memory, chat, file, api',
  ],
  [
    LearnFactsFromFileRequest,
    {},
    'text must be shorter than or equal to 20000 characters; text must be a string; uploadId must be a string; uploadId should not be empty; uploadId must be shorter than or equal to 100 characters; fileName must be shorter than or equal to 255 characters; fileName must be a string',
  ],
  [
    LearnFactsFromFileRequest,
    { text: 't', uploadId: 'u1', fileName: 'f.txt', chunkIndex: 0, endUserId: 'e', zz: 1 },
    'zz should not exist',
  ],
  [
    LearnFactsFromFileRequest,
    { text: 't', uploadId: 'u1', fileName: 'f.txt', chunkIndex: 0, endUserId: 'e', zz: 1, yy: 2 },
    'zz should not exist; yy should not exist',
  ],
  [
    LearnFactsFromFileRequest,
    { zz: 1 },
    'zz should not exist; text must be shorter than or equal to 20000 characters; text must be a string; uploadId must be a string; uploadId should not be empty; uploadId must be shorter than or equal to 100 characters; fileName must be shorter than or equal to 255 characters; fileName must be a string',
  ],
  [
    LearnFactsFromFileRequest,
    { uploadId: 'u1', fileName: 'f.txt', chunkIndex: 0, endUserId: 'e' },
    'text must be shorter than or equal to 20000 characters; text must be a string',
  ],
  [
    LearnFactsFromFileRequest,
    { text: 't', fileName: 'f.txt', chunkIndex: 0, endUserId: 'e' },
    'uploadId must be a string; uploadId should not be empty; uploadId must be shorter than or equal to 100 characters',
  ],
  [
    SummarizeDocumentRequest,
    {},
    'title must be shorter than or equal to 255 characters; title must be a string; text must be shorter than or equal to 100000 characters; text must be a string',
  ],
  [SummarizeDocumentRequest, { title: 'T', text: 'x', zz: 1 }, 'zz should not exist'],
  [
    SummarizeDocumentRequest,
    { title: 'T', text: 'x', zz: 1, yy: 2 },
    'zz should not exist; yy should not exist',
  ],
  [
    SummarizeDocumentRequest,
    { zz: 1 },
    'zz should not exist; title must be shorter than or equal to 255 characters; title must be a string; text must be shorter than or equal to 100000 characters; text must be a string',
  ],
  [
    SummarizeDocumentRequest,
    { text: 'x' },
    'title must be shorter than or equal to 255 characters; title must be a string',
  ],
  [
    SummarizeDocumentRequest,
    { title: 'T' },
    'text must be shorter than or equal to 100000 characters; text must be a string',
  ],
  [
    ClassifySpecialCategoriesRequest,
    {},
    'each value in sentences must be shorter than or equal to 50000 characters; each value in sentences must be a string; sentences must contain no more than 100 elements; sentences must contain at least 1 elements; sentences must be an array',
  ],
  [ClassifySpecialCategoriesRequest, { sentences: ['a'], zz: 1 }, 'zz should not exist'],
  [
    ClassifySpecialCategoriesRequest,
    { sentences: ['a'], zz: 1, yy: 2 },
    'zz should not exist; yy should not exist',
  ],
  [
    ClassifySpecialCategoriesRequest,
    { zz: 1 },
    'zz should not exist; each value in sentences must be shorter than or equal to 50000 characters; each value in sentences must be a string; sentences must contain no more than 100 elements; sentences must contain at least 1 elements; sentences must be an array',
  ],
  [
    ClassifySpecialCategoriesRequest,
    { sentences: '' },
    'sentences must contain no more than 100 elements; sentences must contain at least 1 elements; sentences must be an array',
  ],
  [ClassifySpecialCategoriesRequest, { sentences: [] }, 'sentences must contain at least 1 elements'],
  [
    MessageToLearnFrom,
    {},
    'role must be one of the following values: user, assistant, system; content must be shorter than or equal to 20000 characters; content must be a string',
  ],
  [MessageToLearnFrom, { role: 'user', content: 'hi', zz: 1 }, 'zz should not exist'],
  [
    MessageToLearnFrom,
    { role: 'user', content: 'hi', zz: 1, yy: 2 },
    'zz should not exist; yy should not exist',
  ],
  [
    MessageToLearnFrom,
    { zz: 1 },
    'zz should not exist; role must be one of the following values: user, assistant, system; content must be shorter than or equal to 20000 characters; content must be a string',
  ],
  [
    MessageToLearnFrom,
    { content: 'hi' },
    'role must be one of the following values: user, assistant, system',
  ],
  [
    MessageToLearnFrom,
    { role: 'user' },
    'content must be shorter than or equal to 20000 characters; content must be a string',
  ],
  [
    LearnFactsFromMessagesRequest,
    {},
    'messages must contain no more than 100 elements; messages must contain at least 1 elements; messages must be an array',
  ],
  [
    LearnFactsFromMessagesRequest,
    { messages: [{ role: 'user', content: 'I live in Paris' }], metadata: { a: 1 }, endUserId: 'e', zz: 1 },
    'zz should not exist',
  ],
  [
    LearnFactsFromMessagesRequest,
    {
      messages: [{ role: 'user', content: 'I live in Paris' }],
      metadata: { a: 1 },
      endUserId: 'e',
      zz: 1,
      yy: 2,
    },
    'zz should not exist; yy should not exist',
  ],
  [
    LearnFactsFromMessagesRequest,
    { zz: 1 },
    'zz should not exist; messages must contain no more than 100 elements; messages must contain at least 1 elements; messages must be an array',
  ],
  [
    LearnFactsFromMessagesRequest,
    { messages: null, metadata: { a: 1 }, endUserId: 'e' },
    'messages must contain no more than 100 elements; messages must contain at least 1 elements; messages must be an array; each value in nested property messages must be either object or array',
  ],
  [
    LearnFactsFromMessagesRequest,
    { messages: [], metadata: { a: 1 }, endUserId: 'e' },
    'messages must contain at least 1 elements',
  ],
  [
    QueueLearnFactsFromMessagesRequest,
    {},
    'messages must contain no more than 100 elements; messages must contain at least 1 elements; messages must be an array',
  ],
  [
    QueueLearnFactsFromMessagesRequest,
    { messages: [{ role: 'user', content: 'I live in Paris' }], requestKey: 'k:1', zz: 1 },
    'zz should not exist',
  ],
  [
    QueueLearnFactsFromMessagesRequest,
    { messages: [{ role: 'user', content: 'I live in Paris' }], requestKey: 'k:1', zz: 1, yy: 2 },
    'zz should not exist; yy should not exist',
  ],
  [
    QueueLearnFactsFromMessagesRequest,
    { zz: 1 },
    'zz should not exist; messages must contain no more than 100 elements; messages must contain at least 1 elements; messages must be an array',
  ],
  [
    QueueLearnFactsFromMessagesRequest,
    { messages: null, requestKey: 'k:1' },
    'messages must contain no more than 100 elements; messages must contain at least 1 elements; messages must be an array; each value in nested property messages must be either object or array',
  ],
  [
    QueueLearnFactsFromMessagesRequest,
    { messages: [], requestKey: 'k:1' },
    'messages must contain at least 1 elements',
  ],
  [LearningJobRequest, {}, 'jobId is not a learning job id'],
  [LearningJobRequest, { jobId: 'lrn_00000000000000000000000000000000', zz: 1 }, 'zz should not exist'],
  [
    LearningJobRequest,
    { jobId: 'lrn_00000000000000000000000000000000', zz: 1, yy: 2 },
    'zz should not exist; yy should not exist',
  ],
  [LearningJobRequest, { zz: 1 }, 'zz should not exist; jobId is not a learning job id'],
];

describeRefusals('the chat requests (zod schemas, the texts of the classes they replaced)', refusals);
