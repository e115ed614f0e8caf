import { z } from 'zod';
import { OPAQUE_TOKEN_MAX_LENGTH, PAGE_OFFSET_MAX } from '../common/request-limits.js';
import {
  booleanField,
  boundedString,
  entityId,
  integerField,
  isoDate,
  issuedString,
  listOfObjects,
  oneOf,
  optional,
  plainObject,
  requiredText,
} from '../common/wire-schema.js';
import {
  eachStringList,
  filledString,
  fieldProblems,
  messageMatching,
  nonNegativeInteger,
  textWithin,
  urlString,
} from '../common/wire-strings.js';
import {
  CHAT_HISTORY_MAX_ITEMS,
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_MODES,
  CHAT_MODEL_ID_MAX_LENGTH,
  CHAT_ROLES,
  CONVERSATION_LIST_MAX_LIMIT,
  ChatMessages,
  FACT_EXTRACTION_TEXT_MAX_LENGTH,
  WEB_SEARCH_MAX_RESULTS,
  WEB_SEARCH_QUERY_MAX_LENGTH,
} from '../rules/chat.rules.js';
import {
  CONVERSATION_TITLE_MAX_LENGTH,
  MEMORY_MESSAGE_ROLES,
  MEMORY_MESSAGES_MAX,
  MEMORY_SCOPE_ID_MAX_LENGTH,
  MEMORY_SOURCES,
  MEMORY_TEXT_MAX_LENGTH,
} from '../rules/memory.rules.js';
import { memoryScopeRequestFields } from '../memory/memory.requests.js';
import { UPLOAD_FILE_NAME_MAX_LENGTH } from '../rules/ingestion.rules.js';
import { LLM_PROVIDER_IDS, type LlmProviderId } from '../rules/models.rules.js';
import { PROVIDER_BASE_URL_MAX_LENGTH, PROVIDER_KEY_MAX_LENGTH } from '../keys/provider-keys.js';

/** What a summary request may carry: the model reads the first 24,000 characters of it. */
export const DOCUMENT_SUMMARY_REQUEST_MAX_LENGTH = 100_000;

/*
 * The chat requests are zod schemas (value and type under one name; docs/decisions/218-chat-memory-and-ingestion-
 * requests-as-zod-schemas.md): each refuses with the texts of the class-validator class it replaces, in the same
 * order. A field's texts come in the order its decorators ran (the last written first); a request lists its own
 * fields before the ones its class inherited, the root class's first.
 */

/** A string of bounded length whose rules a class declared `@IsString() @MaxLength(max)`: the length told first. */
const text = (maxLength: number) => boundedString(maxLength, { lengthTextFirst: true });
/** A scope field declared on the request itself (`@IsString() @MaxLength()`): the length told first. */
const ownScopeId = () => optional(text(MEMORY_SCOPE_ID_MAX_LENGTH));

/** (user) The catalogue with what the acting user can use (operator providers + the user's own keys). */
export const ListChatModelsRequest = z.strictObject({});
export type ListChatModelsRequest = z.output<typeof ListChatModelsRequest>;

/** One earlier message a REST caller sends along (docs/requirements/rest-gateway.md: role and content). */
export const ChatHistoryItem = z.strictObject({
  role: oneOf(CHAT_ROLES),
  content: textWithin(CHAT_MESSAGE_MAX_LENGTH, ChatMessages.messageTooLong),
});
export type ChatHistoryItem = z.output<typeof ChatHistoryItem>;

const HISTORY_TOO_LONG = `$property must contain no more than ${CHAT_HISTORY_MAX_ITEMS} elements`;

/**
 * (user) One exchange: the user's message in, the assistant's answer out. Without `conversationId` a new
 * conversation is stored (counted as a new one only when `history` is empty too, docs/requirements/product-decisions.md); with it the
 * conversation's stored messages are the history and `history` is ignored.
 */
export const SendChatTurnRequest = z.strictObject({
  message: requiredText(ChatMessages.messageRequired, CHAT_MESSAGE_MAX_LENGTH),
  /** Catalogue model id; the default model when absent. */
  model: optional(text(CHAT_MODEL_ID_MAX_LENGTH)),
  conversationId: optional(entityId()),
  // No fewest: the size rule's text stands for both ends of the list's size.
  history: optional(
    listOfObjects(
      'history',
      ChatHistoryItem,
      { tooMany: HISTORY_TOO_LONG, tooFew: HISTORY_TOO_LONG, notArray: '$property must be an array' },
      0,
      CHAT_HISTORY_MAX_ITEMS,
    ),
  ),
  /** `search`: the web app's Search Mode summary of web results (no facts are extracted from it). */
  mode: optional(oneOf(CHAT_MODES)),
  /**
   * Extra instructions for this turn only (the web app's Search Mode sends the search results with a request
   * to summarise them). Not stored as a message.
   */
  system: optional(text(CHAT_MESSAGE_MAX_LENGTH)),
  /**
   * The memory scope of the turn (decision 019): the memories it reads and the facts it learns belong to this
   * end user of the account (narrowed to the agent and run when given). Absent: the account's own memories.
   */
  endUserId: ownScopeId(),
  agentId: ownScopeId(),
  runId: ownScopeId(),
});
export type SendChatTurnRequest = z.output<typeof SendChatTurnRequest>;

/**
 * (user) The conversations of one memory scope (decision 101): without `endUserId` the account's own, with it
 * only that end user's; `agentId` and `runId` narrow further when given.
 */
export const ListConversationsRequest = z.strictObject({
  limit: integerField(1, CONVERSATION_LIST_MAX_LIMIT),
  offset: integerField(0, PAGE_OFFSET_MAX),
  ...memoryScopeRequestFields,
});
export type ListConversationsRequest = z.output<typeof ListConversationsRequest>;

/**
 * (user) Another user's conversation id is NOT_FOUND, as an unknown one, and so is one of another scope (another
 * end user's, an end user's when called without `endUserId` and the other way round).
 */
export const ConversationIdRequest = z.strictObject({
  conversationId: entityId(),
  ...memoryScopeRequestFields,
});
export type ConversationIdRequest = z.output<typeof ConversationIdRequest>;

/** (user) One message of a conversation of the scope (the source of a memory erased with `cascade=source`). */
export const DeleteConversationMessageRequest = z.strictObject({
  messageId: entityId(),
  ...memoryScopeRequestFields,
  conversationId: entityId(),
});
export type DeleteConversationMessageRequest = z.output<typeof DeleteConversationMessageRequest>;

/** (user; internal: erasing an end user) Every conversation of one end user of the account, with its messages. */
export const DeleteEndUserConversationsRequest = z.strictObject({
  endUserId: filledString(MEMORY_SCOPE_ID_MAX_LENGTH),
});
export type DeleteEndUserConversationsRequest = z.output<typeof DeleteEndUserConversationsRequest>;

/** (no user: anyone holding the link) A shared conversation by its link's token; an unknown or revoked one is NOT_FOUND. */
export const SharedConversationRequest = z.strictObject({ token: issuedString(OPAQUE_TOKEN_MAX_LENGTH) });
export type SharedConversationRequest = z.output<typeof SharedConversationRequest>;

/** (user) */
export const RenameConversationRequest = z.strictObject({
  title: requiredText(ChatMessages.titleRequired, CONVERSATION_TITLE_MAX_LENGTH),
  ...memoryScopeRequestFields,
  conversationId: entityId(),
});
export type RenameConversationRequest = z.output<typeof RenameConversationRequest>;

/** (user) Searches the web through the operator's provider; optionally asks the model for a summary. */
export const WebSearchRequest = z.strictObject({
  query: requiredText(ChatMessages.queryRequired, WEB_SEARCH_QUERY_MAX_LENGTH),
  numResults: integerField(1, WEB_SEARCH_MAX_RESULTS),
  /** Send the results to `model` for a summary; when that fails the answer carries `summaryError`. */
  summarize: optional(booleanField()),
  model: optional(text(CHAT_MODEL_ID_MAX_LENGTH)),
});
export type WebSearchRequest = z.output<typeof WebSearchRequest>;

/** A field taken as given by its object's schema, whose own check then applies the field's rules. */
const checkedBelow = <T>() => z.custom<T>(() => true).optional();
const providerKeyIdField = entityId();
const providerField = oneOf(LLM_PROVIDER_IDS);
const apiKeyField = text(PROVIDER_KEY_MAX_LENGTH);
const baseUrlField = urlString(PROVIDER_BASE_URL_MAX_LENGTH);

/**
 * (user) One cheap call with a language-model key: a stored key of the user (`providerKeyId`), or a key
 * about to be stored (`provider` + `apiKey`, `baseUrl` for an OpenAI-compatible server). Without `apiKey` the
 * stored key's id is required; without `providerKeyId`, the provider and the key (a field's rules apply when
 * the other is absent, null being present). All four are checked by the object's own check, in this order,
 * so that one field's problems never hide another's.
 */
export const TestProviderKeyRequest = z
  .strictObject({
    // Checked below, each only when the other field is absent.
    providerKeyId: checkedBelow<string>(),
    provider: checkedBelow<LlmProviderId>(),
    apiKey: checkedBelow<string>(),
    baseUrl: checkedBelow<string | null>(),
  })
  .check((ctx) => {
    const request = ctx.value;
    if (request.apiKey === undefined)
      fieldProblems(ctx, 'providerKeyId', providerKeyIdField, request.providerKeyId);
    if (request.providerKeyId === undefined) {
      fieldProblems(ctx, 'provider', providerField, request.provider);
      fieldProblems(ctx, 'apiKey', apiKeyField, request.apiKey);
    }
    if (request.baseUrl !== undefined && request.baseUrl !== null)
      fieldProblems(ctx, 'baseUrl', baseUrlField, request.baseUrl);
  });
export type TestProviderKeyRequest = z.output<typeof TestProviderKeyRequest>;

/**
 * (user) The rule-based extractor as a service (file ingestion reuses it): the facts about the user that
 * `text` states, without storing anything.
 */
export const ExtractFactsRequest = z.strictObject({
  text: text(FACT_EXTRACTION_TEXT_MAX_LENGTH),
  /** Where the text came from; extracted facts carry it (default `chat`). */
  source: optional(oneOf(MEMORY_SOURCES)),
});
export type ExtractFactsRequest = z.output<typeof ExtractFactsRequest>;

/**
 * (user; internal: file ingestion) Learns from a file the user uploaded: the facts the text states about the
 * user, by the same rules as a chat exchange, each reconciled with the user's memories (add, update, skip a
 * repeat, close a contradiction) and stored with source `file` and the upload's id and file name.
 */
export const LearnFactsFromFileRequest = z.strictObject({
  text: text(FACT_EXTRACTION_TEXT_MAX_LENGTH),
  uploadId: entityId(),
  fileName: text(UPLOAD_FILE_NAME_MAX_LENGTH),
  /** The chunk memory the text is (recorded on each fact learnt, the fact's source). */
  chunkIndex: optional(nonNegativeInteger()),
  ...memoryScopeRequestFields,
});
export type LearnFactsFromFileRequest = z.output<typeof LearnFactsFromFileRequest>;

/**
 * (user; internal: file ingestion) A document's summary by the language model: the default chat model the
 * user can reach. `summary` is null when none is reachable (the caller writes an extractive one).
 */
export const SummarizeDocumentRequest = z.strictObject({
  title: text(UPLOAD_FILE_NAME_MAX_LENGTH),
  /** The document's text; the model reads its first 24,000 characters. */
  text: text(DOCUMENT_SUMMARY_REQUEST_MAX_LENGTH),
});
export type SummarizeDocumentRequest = z.output<typeof SummarizeDocumentRequest>;

/** The most sentences one classification carries, and the longest sentence (a message's longest text). */
export const CLASSIFY_SENTENCES_MAX = 100;
export const CLASSIFY_SENTENCE_MAX_LENGTH = 50_000;

/**
 * (user; internal: the memory service's privacy policy) The GDPR special categories each sentence reveals, by
 * the user's default model. Nothing is stored.
 */
export const ClassifySpecialCategoriesRequest = z.strictObject({
  sentences: eachStringList(CLASSIFY_SENTENCE_MAX_LENGTH, { min: 1, max: CLASSIFY_SENTENCES_MAX }),
});
export type ClassifySpecialCategoriesRequest = z.output<typeof ClassifySpecialCategoriesRequest>;

/** One message of a conversation a developer sends to learn from. */
export const MessageToLearnFrom = z.strictObject({
  role: oneOf(MEMORY_MESSAGE_ROLES),
  content: text(MEMORY_TEXT_MAX_LENGTH),
});
export type MessageToLearnFrom = z.output<typeof MessageToLearnFrom>;

const learnFromMessagesFields = {
  messages: listOfObjects(
    'messages',
    MessageToLearnFrom,
    {
      tooMany: `$property must contain no more than ${MEMORY_MESSAGES_MAX} elements`,
      tooFew: '$property must contain at least 1 elements',
      notArray: '$property must be an array',
    },
    1,
    MEMORY_MESSAGES_MAX,
  ),
  /** Added to each learnt memory's metadata (the fact's own subject, value and kind win on a clash). */
  metadata: optional(plainObject()),
  /** When each memory this learning adds expires (hidden from reads, then deleted by the retention sweep). */
  expirationDate: optional(isoDate()),
};

/**
 * (user; internal: the REST gateway's add with `messages`) Learns from a conversation: the facts about the
 * end user it states (by the account's language model when one is reachable, else by the rules), each
 * reconciled with the scope's open memories by the chat's rules (add, update, skip a repeat, close a
 * contradiction). Reads and writes only the scope given (`endUserId`, `agentId`, `runId`).
 */
export const LearnFactsFromMessagesRequest = z.strictObject({
  ...learnFromMessagesFields,
  ...memoryScopeRequestFields,
});
export type LearnFactsFromMessagesRequest = z.output<typeof LearnFactsFromMessagesRequest>;

/** A learning job's id as its owner sees it (`lrn_` and 32 hex digits); the queue's own id adds the owner. */
export const LEARNING_JOB_ID_PATTERN = /^lrn_[0-9a-f]{32}$/;

/**
 * (user; internal: the REST gateway's asynchronous add) Queues the learning of LearnFactsFromMessagesRequest
 * as a durable job of the chat service. With `requestKey` (the caller's idempotency key), queueing the same
 * key again answers the job already queued instead of a second one.
 */
export const QueueLearnFactsFromMessagesRequest = z.strictObject({
  requestKey: optional(
    messageMatching(
      /^[A-Za-z0-9._:-]{1,100}$/,
      'requestKey must be 1 to 100 letters, digits, ".", "_", ":" or "-"',
    ),
  ),
  ...memoryScopeRequestFields,
  ...learnFromMessagesFields,
});
export type QueueLearnFactsFromMessagesRequest = z.output<typeof QueueLearnFactsFromMessagesRequest>;

export const LearningJobRequest = z.strictObject({
  jobId: messageMatching(LEARNING_JOB_ID_PATTERN, 'jobId is not a learning job id'),
});
export type LearningJobRequest = z.output<typeof LearningJobRequest>;
