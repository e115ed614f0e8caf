/**
 * The REST API's shapes, taken from the generated OpenAPI types (./generated/openapi.ts, `npm run sdk:types`), so a
 * change to a route or schema changes them too. Only what the wire cannot say is added here: query flags the
 * client takes as booleans (the wire's 'true' | 'false'), JSON query values the client takes as objects, request
 * fields the server defaults, and the section 7 fallback shapes.
 */
import type { components, operations } from './generated/openapi.js';

type Schemas = components['schemas'];
type JsonOf<Content> = Content extends { content: { 'application/json': infer Body } } ? Body : never;

/** The JSON answer of an operation with a given status (200 by default). */
export type AnswerOf<
  Operation extends keyof operations,
  Status extends keyof operations[Operation]['responses'] = 200 & keyof operations[Operation]['responses'],
> = JsonOf<operations[Operation]['responses'][Status]>;

/** The JSON request body of an operation. */
export type BodyOf<Operation extends keyof operations> = operations[Operation] extends {
  requestBody?: infer Body;
}
  ? JsonOf<NonNullable<Body>>
  : never;

/**
 * The query parameters of an operation as the client takes them: a wire flag ('true' | 'false') as a boolean too,
 * and a JSON-valued parameter (`filters`, `metadata`) as an object (the client serialises it).
 */
export type QueryOf<Operation extends keyof operations> = ClientQuery<
  NonNullable<operations[Operation]['parameters']['query']>
>;
type ClientQuery<Query> = {
  readonly [Name in keyof Query]?: NonNullable<Query[Name]> extends 'true' | 'false'
    ? boolean
    : NonNullable<Query[Name]> extends Schemas['Object']
      ? Record<string, unknown>
      : Query[Name];
};

/** Fields a request may leave out because the server defaults them. */
type Defaulted<Body, Names extends keyof Body> = Omit<Body, Names> & Partial<Pick<Body, Names>>;

export type MemoryCategory = NonNullable<Schemas['MemoryResponse']['category']>;
export type MemorySource = Schemas['MemoryResponse']['source'];
export type MemorySort = NonNullable<QueryOf<'MemoriesController_list'>['sort']>;

/** `end_user_id`, `agent_id`, `run_id`: one end user, agent or run of your own app. */
export type MemoryScope = QueryOf<'MemoriesController_create'>;

export type Memory = Schemas['MemoryResponse'];
/** A stored memory; `deduplicated: true` when an open memory already held these words and nothing was stored. */
export type StoredMemory = Schemas['StoredMemoryResponse'];
/** The fields of a new memory besides its text. */
export type NewMemoryFields = Defaulted<
  Omit<Schemas['CreateMemoryBody'], 'text'>,
  DefaultedOf<Schemas['CreateMemoryBody']>
>;
/** A conversation to learn from (`messages`), with `infer`, `async`, `dedupe` defaulted by the server. */
export type LearnRequest = Defaulted<Schemas['AddMessagesBody'], 'async' | 'dedupe' | 'infer'>;
export type ChatMessage = Exclude<Schemas['AddMessagesBody']['messages'], string>[number];
export type LearnedMemories = Schemas['LearnedMemoriesResponse'];
export type LearnedEvent = Schemas['LearnedEventResponse'];
export type LearningJob = Schemas['LearningJobResponse'];
export type MemoryUpdate = Schemas['UpdateMemoryBody'] & MemoryScope;
export type MemoryFilters = Omit<QueryOf<'MemoriesController_list'>, 'limit' | 'offset' | 'sort'>;
export type SearchFilters = Omit<QueryOf<'MemoryQueriesController_search'>, 'query' | 'limit'>;
export type ListOptions = QueryOf<'MemoriesController_list'>;
export type MemoryList = Schemas['MemoryListResponse'];
export type ScoreBreakdown = Schemas['ScoreBreakdownResponse'];
export type SearchResult = Schemas['SearchResultResponse'];
export type SearchResponse = Schemas['SearchResponse'];
/** POST …/memories/search: the search with a JSON body (Mem0's `filters` syntax, `top_k`). */
export type SearchRequest = Schemas['SearchMemoriesBody'];
export type MemoryStats = Schemas['MemoryStatsResponse'];
export type MemoryBatch = Schemas['MemoryBatchResponse'];
/** One item of a batch add: a memory's text and fields (the scope is the batch's). */
export type NewMemoryItem = Defaulted<Schemas['NewMemoryBody'], DefaultedOf<Schemas['NewMemoryBody']>>;
export type MemoryUpdateItem = Schemas['MemoryUpdateItem'];
/** One result per item of a batch update or delete (`succeeded`, `failed`). */
export type BatchResult = Schemas['BatchResponse'];
export type DeletionReceipt = Schemas['MemoryDeletionResponse'];
export type MemoryErasureReceipt = Schemas['MemoryErasureResponse'];
export type MemorySourceRef = Schemas['MemorySourceResponse'];
export type MemoryVersion = Schemas['MemoryVersionResponse'];
export type MemoryHistory = Schemas['MemoryHistoryResponse'];
export type ImportResult = Schemas['MemoryImportResponse'];
export type ImportJob = Schemas['ImportJobResponse'];
export type ExportFormat = NonNullable<QueryOf<'MemoriesController_export'>['format']>;

export type EndUser = Schemas['EndUserResponse'];
export type EndUserList = Schemas['EndUserListResponse'];
export type EndUserDeletion = Schemas['EndUserDeletionResponse'];

export type EmbeddingResponse = Schemas['EmbeddingResponse'];
export type HealthResponse = Schemas['GatewayHealthResponse'];
export type UserDatabase = Schemas['UserDatabaseResponse'];
export type RegisteredUser = Schemas['RegisteredUserResponse'];

export type Upload = Schemas['UploadStateResponse'];
/** `POST /api/upload_base64`: done (200, with the summary) or still running (202, follow `status_url`). */
export type UploadResult = Schemas['UploadResponse'] | Schemas['UploadAcceptedResponse'];
export type UploadList = Schemas['UploadListResponse'];
export type UploadDeletion = Schemas['UploadDeletionResponse'];

export type ConversationSummary = Schemas['ConversationSummaryResponse'];
export type Conversation = Schemas['ConversationResponse'];
export type ConversationList = Schemas['ConversationListResponse'];
export type ConversationDeletion = Schemas['ConversationDeletionResponse'];

export type ChatRequest = Schemas['ChatBody'];
export type ChatResponse = Schemas['ChatResponse'];
/** The events of a streamed chat answer, in order: one `start`, `token`s, then `done` (the whole answer). */
export type ChatStreamEvent =
  | { readonly type: 'start'; readonly data: Schemas['ChatStartEvent'] }
  | { readonly type: 'token'; readonly data: Schemas['ChatTokenEvent'] }
  | { readonly type: 'done'; readonly data: Schemas['ChatResponse'] };
export type WebSearchRequest = Schemas['WebSearchBody'];
export type WebSearchResponse = Schemas['WebSearchResponse'];

export type Usage = Schemas['UsageResponse'];
export type UsagePeriod = QueryOf<'UsageController_usage'>;
export type SubscriptionCheck = Schemas['SubscriptionCheckResponse'];
export type Plans = Schemas['PlansResponse'];

export type WebhookEvent = Schemas['CreateWebhookBody']['events'][number];
export type Webhook = Schemas['WebhookResponse'];
/** The answer to creating a webhook: the only time its signing `secret` is shown. */
export type CreatedWebhook = Schemas['CreatedWebhookResponse'];
export type NewWebhook = Schemas['CreateWebhookBody'];
export type WebhookChange = Schemas['UpdateWebhookBody'];
export type WebhookList = Schemas['WebhookListResponse'];
export type WebhookDelivery = Schemas['WebhookDeliveryResponse'];
export type WebhookDeliveryList = Schemas['WebhookDeliveryListResponse'];

/** The request fields the server defaults (the document marks them required because they have a default). */
type DefaultedOf<Body> = Extract<keyof Body, 'dedupe' | 'async' | 'infer' | 'importance' | 'source'>;

/** What search answers when the gateway's search failed (section 7): a substring match over the first 100. */
export interface FallbackSearchResponse {
  readonly memories: Memory[];
  readonly count: number;
}

/** A file to upload (its text becomes memories of the scope). */
export interface FileToUpload {
  readonly fileName: string;
  readonly data: Uint8Array;
  /** The MIME type you know; the server decides by the content. */
  readonly fileType?: string;
}

/** The answer of the diagnostics routes (only served when the operator enables them; not in the document). */
export interface DiagnosticResult {
  readonly ok: true;
  readonly check: string;
  readonly ms: number;
  readonly details?: Record<string, unknown>;
}

/** A custom memory category of the account (docs/end-user-memory.md, Categories). */
export type CustomCategory = Schemas['MemoryCategoryResponse'];
/** The account's custom categories by name, and the built-in ones. */
export type CustomCategoryList = Schemas['MemoryCategoryListResponse'];
/** What deleting a custom category left: how many memories are uncategorised now. */
export type CustomCategoryDeletion = Schemas['MemoryCategoryDeletionResponse'];

export type PrivacyAction = 'allow' | 'redact' | 'refuse';

/** The account's write-time privacy policy (docs/privacy.md). */
export interface PrivacyPolicy {
  readonly policy: Record<string, PrivacyAction>;
  readonly defaults: Record<string, PrivacyAction>;
  readonly key_overrides: Array<{ readonly key_id: string; readonly actions: Record<string, PrivacyAction> }>;
  readonly redaction_counts: Record<string, number>;
}
