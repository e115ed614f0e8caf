// class-transformer's @Type reads decorator metadata through the Reflect API: load it before any class below is
// decorated.
import 'reflect-metadata';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  MaxLength,
  Max,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { IsEntityId, IsOpaqueToken, IsRequiredText } from '../common/validators.js';
import { PAGE_OFFSET_MAX } from '../common/request-limits.js';
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
  type ChatMode,
  type ChatRole,
} from '../rules/chat.rules.js';
import {
  CONVERSATION_TITLE_MAX_LENGTH,
  MEMORY_MESSAGE_ROLES,
  MEMORY_MESSAGES_MAX,
  MEMORY_SCOPE_ID_MAX_LENGTH,
  MEMORY_SOURCES,
  MEMORY_TEXT_MAX_LENGTH,
  type MemoryMessageRole,
  type MemorySource,
} from '../rules/memory.rules.js';
import { MemoryScopeFields } from '../memory/memory.requests.js';
import { UPLOAD_FILE_NAME_MAX_LENGTH } from '../rules/ingestion.rules.js';

/** What a summary request may carry: the model reads the first 24,000 characters of it. */
export const DOCUMENT_SUMMARY_REQUEST_MAX_LENGTH = 100_000;
import { LLM_PROVIDER_IDS, type LlmProviderId } from '../rules/models.rules.js';
import { PROVIDER_BASE_URL_MAX_LENGTH, PROVIDER_KEY_MAX_LENGTH } from '../keys/provider-keys.js';

/** (user) The catalogue with what the acting user can use (operator providers + the user's own keys). */
export class ListChatModelsRequest {}

/** One earlier message a REST caller sends along (docs/requirements/rest-gateway.md: role and content). */
export class ChatHistoryItem {
  @IsIn(CHAT_ROLES)
  role!: ChatRole;

  @IsString()
  @MaxLength(CHAT_MESSAGE_MAX_LENGTH, { message: ChatMessages.messageTooLong })
  content!: string;
}

/**
 * (user) One exchange: the user's message in, the assistant's answer out. Without `conversationId` a new
 * conversation is stored (counted as a new one only when `history` is empty too, docs/requirements/product-decisions.md); with it the
 * conversation's stored messages are the history and `history` is ignored.
 */
export class SendChatTurnRequest {
  @IsRequiredText(ChatMessages.messageRequired, CHAT_MESSAGE_MAX_LENGTH)
  message!: string;

  /** Catalogue model id; the default model when absent. */
  @IsOptional()
  @IsString()
  @MaxLength(CHAT_MODEL_ID_MAX_LENGTH)
  model?: string;

  @IsOptional()
  @IsEntityId()
  conversationId?: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(CHAT_HISTORY_MAX_ITEMS)
  @ValidateNested({ each: true })
  @Type(() => ChatHistoryItem)
  history?: ChatHistoryItem[];

  /** `search`: the web app's Search Mode summary of web results (no facts are extracted from it). */
  @IsOptional()
  @IsIn(CHAT_MODES)
  mode?: ChatMode;

  /**
   * Extra instructions for this turn only (the web app's Search Mode sends the search results with a request
   * to summarise them). Not stored as a message.
   */
  @IsOptional()
  @IsString()
  @MaxLength(CHAT_MESSAGE_MAX_LENGTH)
  system?: string;

  /**
   * The memory scope of the turn (decision 019): the memories it reads and the facts it learns belong to this
   * end user of the account (narrowed to the agent and run when given). Absent: the account's own memories.
   */
  @IsOptional()
  @IsString()
  @MaxLength(MEMORY_SCOPE_ID_MAX_LENGTH)
  endUserId?: string;

  @IsOptional()
  @IsString()
  @MaxLength(MEMORY_SCOPE_ID_MAX_LENGTH)
  agentId?: string;

  @IsOptional()
  @IsString()
  @MaxLength(MEMORY_SCOPE_ID_MAX_LENGTH)
  runId?: string;
}

/**
 * (user) The conversations of one memory scope (decision 101): without `endUserId` the account's own, with it
 * only that end user's; `agentId` and `runId` narrow further when given.
 */
export class ListConversationsRequest extends MemoryScopeFields {
  @IsInt()
  @Min(1)
  @Max(CONVERSATION_LIST_MAX_LIMIT)
  limit!: number;

  @IsInt()
  @Min(0)
  @Max(PAGE_OFFSET_MAX)
  offset!: number;
}

/**
 * (user) Another user's conversation id is NOT_FOUND, as an unknown one, and so is one of another scope (another
 * end user's, an end user's when called without `endUserId` and the other way round).
 */
export class ConversationIdRequest extends MemoryScopeFields {
  @IsEntityId()
  conversationId!: string;
}

/** (user) One message of a conversation of the scope (the source of a memory erased with `cascade=source`). */
export class DeleteConversationMessageRequest extends ConversationIdRequest {
  @IsEntityId()
  messageId!: string;
}

/** (user; internal: erasing an end user) Every conversation of one end user of the account, with its messages. */
export class DeleteEndUserConversationsRequest {
  @IsString()
  @IsNotEmpty()
  @MaxLength(MEMORY_SCOPE_ID_MAX_LENGTH)
  endUserId!: string;
}

/** (no user: anyone holding the link) A shared conversation by its link's token; an unknown or revoked one is NOT_FOUND. */
export class SharedConversationRequest {
  @IsOpaqueToken()
  token!: string;
}

/** (user) */
export class RenameConversationRequest extends ConversationIdRequest {
  @IsRequiredText(ChatMessages.titleRequired, CONVERSATION_TITLE_MAX_LENGTH)
  title!: string;
}

/** (user) Searches the web through the operator's provider; optionally asks the model for a summary. */
export class WebSearchRequest {
  @IsRequiredText(ChatMessages.queryRequired, WEB_SEARCH_QUERY_MAX_LENGTH)
  query!: string;

  @IsInt()
  @Min(1)
  @Max(WEB_SEARCH_MAX_RESULTS)
  numResults!: number;

  /** Send the results to `model` for a summary; when that fails the answer carries `summaryError`. */
  @IsOptional()
  @IsBoolean()
  summarize?: boolean;

  @IsOptional()
  @IsString()
  @MaxLength(CHAT_MODEL_ID_MAX_LENGTH)
  model?: string;
}

/**
 * (user) One cheap call with a language-model key: a stored key of the user (`providerKeyId`), or a key
 * about to be stored (`provider` + `apiKey`, `baseUrl` for an OpenAI-compatible server).
 */
export class TestProviderKeyRequest {
  @ValidateIf((request: TestProviderKeyRequest) => request.apiKey === undefined)
  @IsEntityId()
  providerKeyId?: string;

  @ValidateIf((request: TestProviderKeyRequest) => request.providerKeyId === undefined)
  @IsIn(LLM_PROVIDER_IDS)
  provider?: LlmProviderId;

  @ValidateIf((request: TestProviderKeyRequest) => request.providerKeyId === undefined)
  @IsString()
  @MaxLength(PROVIDER_KEY_MAX_LENGTH)
  apiKey?: string;

  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  @MaxLength(PROVIDER_BASE_URL_MAX_LENGTH)
  baseUrl?: string;
}

/**
 * (user) The rule-based extractor as a service (file ingestion reuses it): the facts about the user that
 * `text` states, without storing anything.
 */
export class ExtractFactsRequest {
  @IsString()
  @MaxLength(FACT_EXTRACTION_TEXT_MAX_LENGTH)
  text!: string;

  /** Where the text came from; extracted facts carry it (default `chat`). */
  @IsOptional()
  @IsIn(MEMORY_SOURCES)
  source?: MemorySource;
}

/**
 * (user; internal: file ingestion) Learns from a file the user uploaded: the facts the text states about the
 * user, by the same rules as a chat exchange, each reconciled with the user's memories (add, update, skip a
 * repeat, close a contradiction) and stored with source `file` and the upload's id and file name.
 */
export class LearnFactsFromFileRequest extends MemoryScopeFields {
  @IsString()
  @MaxLength(FACT_EXTRACTION_TEXT_MAX_LENGTH)
  text!: string;

  @IsEntityId()
  uploadId!: string;

  @IsString()
  @MaxLength(UPLOAD_FILE_NAME_MAX_LENGTH)
  fileName!: string;

  /** The chunk memory the text is (recorded on each fact learnt, the fact's source). */
  @IsOptional()
  @IsInt()
  @Min(0)
  chunkIndex?: number;
}

/**
 * (user; internal: file ingestion) A document's summary by the language model: the default chat model the
 * user can reach. `summary` is null when none is reachable (the caller writes an extractive one).
 */
export class SummarizeDocumentRequest {
  @IsString()
  @MaxLength(UPLOAD_FILE_NAME_MAX_LENGTH)
  title!: string;

  /** The document's text; the model reads its first 24,000 characters. */
  @IsString()
  @MaxLength(DOCUMENT_SUMMARY_REQUEST_MAX_LENGTH)
  text!: string;
}

/** The most sentences one classification carries, and the longest sentence (a message's longest text). */
export const CLASSIFY_SENTENCES_MAX = 100;
export const CLASSIFY_SENTENCE_MAX_LENGTH = 50_000;

/**
 * (user; internal: the memory service's privacy policy) The GDPR special categories each sentence reveals, by
 * the user's default model. Nothing is stored.
 */
export class ClassifySpecialCategoriesRequest {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(CLASSIFY_SENTENCES_MAX)
  @IsString({ each: true })
  @MaxLength(CLASSIFY_SENTENCE_MAX_LENGTH, { each: true })
  sentences!: string[];
}

/** One message of a conversation a developer sends to learn from. */
export class MessageToLearnFrom {
  @IsIn(MEMORY_MESSAGE_ROLES)
  role!: MemoryMessageRole;

  @IsString()
  @MaxLength(MEMORY_TEXT_MAX_LENGTH)
  content!: string;
}

/**
 * (user; internal: the REST gateway's add with `messages`) Learns from a conversation: the facts about the
 * end user it states (by the account's language model when one is reachable, else by the rules), each
 * reconciled with the scope's open memories by the chat's rules (add, update, skip a repeat, close a
 * contradiction). Reads and writes only the scope given (`endUserId`, `agentId`, `runId`).
 */
export class LearnFactsFromMessagesRequest extends MemoryScopeFields {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MEMORY_MESSAGES_MAX)
  @ValidateNested({ each: true })
  @Type(() => MessageToLearnFrom)
  messages!: MessageToLearnFrom[];

  /** Added to each learnt memory's metadata (the fact's own subject, value and kind win on a clash). */
  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown>;

  /** When each memory this learning adds expires (hidden from reads, then deleted by the retention sweep). */
  @IsOptional()
  @IsISO8601({ strict: true })
  expirationDate?: string;
}

/** A learning job's id as its owner sees it (`lrn_` and 32 hex digits); the queue's own id adds the owner. */
export const LEARNING_JOB_ID_PATTERN = /^lrn_[0-9a-f]{32}$/;

/**
 * (user; internal: the REST gateway's asynchronous add) Queues the learning of LearnFactsFromMessagesRequest
 * as a durable job of the chat service. With `requestKey` (the caller's idempotency key), queueing the same
 * key again answers the job already queued instead of a second one.
 */
export class QueueLearnFactsFromMessagesRequest extends LearnFactsFromMessagesRequest {
  @IsOptional()
  @Matches(/^[A-Za-z0-9._:-]{1,100}$/, {
    message: 'requestKey must be 1 to 100 letters, digits, ".", "_", ":" or "-"',
  })
  requestKey?: string;
}

export class LearningJobRequest {
  @Matches(LEARNING_JOB_ID_PATTERN, { message: 'jobId is not a learning job id' })
  jobId!: string;
}
