import type { ApiSchemas } from './api-schemas.js';
import { apiErrorOf, isFallbackFailure, MemboltApiError, MemboltAuthError, SdkMessages } from './errors.js';
import {
  DEFAULT_PAGE_SIZE,
  EMBEDDING_SIZE,
  DEFAULT_SEARCH_LIMIT,
  FALLBACK_READ_LIMIT,
  randomEmbedding,
  statsOf,
  substringSearch,
} from './fallbacks.js';
import type {
  BatchResult,
  ChatRequest,
  ChatResponse,
  ChatStreamEvent,
  Conversation,
  ConversationDeletion,
  ConversationList,
  CreatedWebhook,
  DeletionReceipt,
  DiagnosticResult,
  EmbeddingResponse,
  EndUserDeletion,
  EndUserList,
  ExportFormat,
  FallbackSearchResponse,
  FileToUpload,
  HealthResponse,
  ImportJob,
  ImportResult,
  LearnedMemories,
  LearningJob,
  LearnRequest,
  ListOptions,
  Memory,
  MemoryBatch,
  MemoryErasureReceipt,
  MemoryHistory,
  MemoryList,
  MemoryScope,
  MemoryStats,
  MemoryUpdate,
  MemoryUpdateItem,
  NewMemoryItem,
  NewMemoryFields,
  NewWebhook,
  Plans,
  RegisteredUser,
  SearchFilters,
  SearchRequest,
  SearchResponse,
  StoredMemory,
  SubscriptionCheck,
  Upload,
  UploadDeletion,
  UploadList,
  UploadResult,
  Usage,
  UsagePeriod,
  UserDatabase,
  CustomCategory,
  CustomCategoryDeletion,
  CustomCategoryList,
  PrivacyAction,
  PrivacyPolicy,
  Webhook,
  WebhookChange,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookList,
  WebSearchRequest,
  WebSearchResponse,
} from './types.js';
import { serverSentEvents } from './server-sent-events.js';

interface ListPage {
  readonly limit?: number;
  readonly offset?: number;
}

/** Base64 of bytes in browsers and Node alike (no Buffer in browsers). */
function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Where errors go ("Gateway errors are logged", section 8). `null` silences them. */
export interface SdkLogger {
  error(message: string, ...details: unknown[]): void;
}

export interface MemboltClientOptions {
  readonly apiKey: string;
  /** The gateway's base path, ending in /api, e.g. `https://membolt.example.com/api`. */
  readonly baseUrl: string;
  /** Your user id, when you know it; else it is taken from the key or from GET /health (see initialize). */
  readonly userId?: string;
  /** Default: the global fetch (browsers, Node 18+). */
  readonly fetch?: typeof fetch;
  /** Default: console. */
  readonly logger?: SdkLogger | null;
}

type QueryValue = string | number | boolean | Record<string, unknown> | undefined;

interface CallOptions {
  readonly query?: Readonly<Record<string, QueryValue>>;
  readonly body?: unknown;
  /** A body sent as it is (NDJSON), with this content type. */
  readonly rawBody?: { readonly text: string; readonly contentType: string };
  /** Answer read as text (NDJSON export) instead of JSON. */
  readonly text?: boolean;
  readonly headers?: Readonly<Record<string, string>>;
}

/** The HTTP status a streamed error stands for (the stream itself was answered 200), by its code. */
function errorStatusOf(data: string): number {
  try {
    const code = (JSON.parse(data) as { error?: unknown }).error;
    return (typeof code === 'string' ? STREAM_ERROR_STATUS[code] : undefined) ?? 500;
  } catch {
    return 500;
  }
}

const STREAM_ERROR_STATUS: Readonly<Record<string, number>> = {
  validation_error: 400,
  subscription_invalid: 402,
  spend_cap_reached: 402,
  rate_limited: 429,
  provider_auth_failed: 502,
  provider_quota_exceeded: 429,
  provider_model_not_found: 400,
  provider_unavailable: 503,
  provider_failed: 502,
};

/**
 * The user id the key itself names: the third underscore-separated part, when the key has at least three
 * (section 3). Membolt's own keys (`mblt_` + 32 characters) have two, so theirs comes from GET /health.
 */
export function userIdFromApiKey(apiKey: string): string | null {
  const parts = apiKey.split('_');
  return parts.length >= 3 && parts[2] ? parts[2] : null;
}

const withoutUndefined = <T extends object>(fields: T): Partial<T> =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;

function queryString(query: Readonly<Record<string, QueryValue>> = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    params.set(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The typed client of the REST memory API (docs/requirements/rest-gateway.md, SDK client, Routes and Error texts). Not initialised until
 * `initialize()` has found the user id; memory calls before that fail with 'Client not initialized. Call
 * initialize() first.'. List, search and stats fall back as section 7 says when the gateway fails (no answer,
 * or 5xx); getMemory rethrows; generateEmbedding falls back to a random vector (client side only, see
 * randomEmbedding). A 4xx answer is never hidden by a fallback: a refused key throws MemboltAuthError, any
 * other refusal MemboltApiError (decision 086).
 */
export class MemboltClient {
  readonly apiKey: string;
  readonly baseUrl: string;
  private resolvedUserId: string | null = null;
  private readonly explicitUserId: string | undefined;
  private readonly fetchImpl: typeof fetch;
  private readonly logger: SdkLogger | null;

  constructor(options: MemboltClientOptions) {
    this.apiKey = options.apiKey;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.explicitUserId = options.userId;
    // Bound: a browser's fetch refuses to be called with another `this`.
    this.fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.logger = options.logger === undefined ? console : options.logger;
  }

  /** The user id once initialised, else null. */
  get userId(): string | null {
    return this.resolvedUserId;
  }

  get initialized(): boolean {
    return this.resolvedUserId !== null;
  }

  /**
   * Finds the user id, in this order: the one given to the constructor; the third underscore-separated part
   * of the key, if it has at least three; the user_id of GET /health. Fails with 'Could not determine user ID
   * from API key' when none works.
   */
  async initialize(): Promise<string> {
    if (this.resolvedUserId !== null) return this.resolvedUserId;
    let userId = this.explicitUserId || userIdFromApiKey(this.apiKey);
    let refusal: MemboltAuthError | undefined;
    if (!userId) {
      try {
        userId = (await this.health()).user_id || null;
      } catch (error) {
        userId = null;
        // The spec's text stays; a refused key is kept as the cause, so a caller can tell it apart.
        if (error instanceof MemboltAuthError) refusal = error;
      }
    }
    if (!userId) throw new Error(SdkMessages.userIdUndetermined, refusal ? { cause: refusal } : undefined);
    this.resolvedUserId = userId;
    return userId;
  }

  // ------------------------------------------------------------------------------------ account

  async health(): Promise<HealthResponse> {
    return this.call('GET', '/health');
  }

  /** Section 5: true when GET /health with this key succeeds and names `expectedUserId`; never throws. */
  async validateApiKey(expectedUserId: string): Promise<boolean> {
    try {
      return (await this.health()).user_id === expectedUserId;
    } catch {
      return false;
    }
  }

  /** Confirms that the key belongs to the user (section 7); a failure is rethrown. */
  async registerInitialUser(
    userId: string = this.requireUserId(),
    apiKey: string = this.apiKey,
  ): Promise<RegisteredUser> {
    return this.call('POST', '/register_initial_user', { body: { user_id: userId, api_key: apiKey } });
  }

  /** Creates the user's memory graph if it does not exist yet. */
  async createUserDatabase(): Promise<UserDatabase> {
    if (!this.apiKey) throw new Error(SdkMessages.apiKeyRequired);
    return this.call('POST', `${this.userPath()}/create`, { body: {} });
  }

  // ------------------------------------------------------------------------------------ privacy policy

  /** The account's write-time privacy policy, its keys' overrides and the redaction counts. */
  async getPrivacyPolicy(): Promise<PrivacyPolicy> {
    return this.call('GET', `${this.userPath()}/privacy-policy`);
  }

  /** Changes the kinds named (`{email: 'redact'}`); with `keyId`, that API key's overrides instead. */
  async updatePrivacyPolicy(actions: Record<string, PrivacyAction>, keyId?: string): Promise<PrivacyPolicy> {
    return this.call('PUT', `${this.userPath()}/privacy-policy`, {
      body: { actions, ...(keyId !== undefined ? { key_id: keyId } : {}) },
    });
  }

  // ------------------------------------------------------------------------------------ custom categories

  /** The account's custom memory categories, by name, and the built-in ones. */
  async listCategories(): Promise<CustomCategoryList> {
    return this.call('GET', `${this.userPath()}/categories`);
  }

  /** Adds a custom category: a lowercase slug `name` (not a built-in one) and what it holds, in words. */
  async createCategory(name: string, description: string): Promise<CustomCategory> {
    return this.call('POST', `${this.userPath()}/categories`, { body: { name, description } });
  }

  /** Changes a custom category's description (its name is its identity). */
  async updateCategory(name: string, description: string): Promise<CustomCategory> {
    return this.call('PUT', `${this.userPath()}/categories/${encodeURIComponent(name)}`, {
      body: { description },
    });
  }

  /** Removes a custom category; the memories carrying it become uncategorised. */
  async deleteCategory(name: string): Promise<CustomCategoryDeletion> {
    return this.call('DELETE', `${this.userPath()}/categories/${encodeURIComponent(name)}`);
  }

  // ------------------------------------------------------------------------------------ memories

  /** Stores a memory. Without `embedding`, the server computes a real one. */
  async addMemory(
    text: string,
    metadata?: Record<string, unknown> | string,
    embedding?: number[],
    fields: Omit<NewMemoryFields, 'metadata' | 'embedding'> = {},
  ): Promise<StoredMemory> {
    return this.call('POST', `${this.userPath()}/memories`, {
      body: withoutUndefined({ ...fields, text, metadata, embedding }),
    });
  }

  /**
   * Up to 1,000 memories in one transaction: all of them are stored or none. An item an open memory of the scope
   * already holds in the same words is answered with that memory (`deduplicated: true`) unless `dedupe: false`.
   */
  async addMemories(
    memories: readonly NewMemoryItem[],
    options: MemoryScope & { readonly dedupe?: boolean } = {},
  ): Promise<MemoryBatch> {
    return this.call('POST', `${this.userPath()}/memories/batch`, { body: { ...options, memories } });
  }

  /**
   * Learns from a conversation: the facts the user states are extracted and reconciled with the scope's memories
   * (ADD, UPDATE, NOOP, CLOSE events, in order). With `async: true` the server queues the learning and this
   * follows the job to its end; `infer: false` stores each message as it is.
   */
  async learn(request: LearnRequest): Promise<LearnedMemories> {
    const answer = await this.call<LearnedMemories | LearningJob>('POST', `${this.userPath()}/memories`, {
      body: request,
    });
    if (!('job_id' in answer)) return answer;
    for (let job = answer; ;) {
      if (job.status === 'done' && job.result) return job.result;
      if (job.status === 'failed')
        throw new MemboltApiError(
          `Membolt learning ${job.job_id} failed: ${job.error ?? 'unknown error'}`,
          500,
          'learning_failed',
          job.error ?? undefined,
        );
      await new Promise((resolve) => setTimeout(resolve, JOB_POLL_MS));
      job = await this.getLearningJob(job.job_id);
    }
  }

  /** A learning queued by `learn({ async: true })` (or any async add): its state and, once done, its events. */
  async getLearningJob(jobId: string): Promise<LearningJob> {
    return this.call('GET', `${this.userPath()}/memories/jobs/${encodeURIComponent(jobId)}`);
  }

  /** Changes up to 1,000 memories of the scope, each on its own: one result per item, the others still happen. */
  async updateMemories(memories: readonly MemoryUpdateItem[], scope: MemoryScope = {}): Promise<BatchResult> {
    return this.call('PUT', `${this.userPath()}/memories/batch`, { body: { ...scope, memories } });
  }

  /** Deletes up to 1,000 memories of the scope, each with its receipt: one result per item. */
  async deleteMemories(memoryIds: readonly string[], scope: MemoryScope = {}): Promise<BatchResult> {
    return this.call('DELETE', `${this.userPath()}/memories/batch`, {
      body: { ...scope, memory_ids: memoryIds },
    });
  }

  /** A page of memories (10 from 0 by default). When the gateway fails: an empty list with count 0 (section 7). */
  async listMemories(options: ListOptions = {}): Promise<MemoryList> {
    const path = `${this.userPath()}/memories`;
    const limit = options.limit ?? DEFAULT_PAGE_SIZE;
    const offset = options.offset ?? 0;
    try {
      return await this.call<MemoryList>('GET', path, { query: { ...options, limit, offset } });
    } catch (error) {
      if (!isFallbackFailure(error)) throw error;
      return { memories: [], limit, offset, count: 0, total_count: 0 };
    }
  }

  /** One memory; a failure is rethrown (section 7). */
  async getMemory(
    id: string,
    options: MemoryScope & { readonly include_embedding?: boolean } = {},
  ): Promise<Memory> {
    return this.call('GET', `${this.userPath()}/memories/${encodeURIComponent(id)}`, {
      query: { ...options },
    });
  }

  /** Sends only the fields that are defined (section 5). */
  async updateMemory(id: string, update: MemoryUpdate): Promise<Memory> {
    const { end_user_id, agent_id, run_id, ...changes } = update;
    return this.call('PUT', `${this.userPath()}/memories/${encodeURIComponent(id)}`, {
      query: { end_user_id, agent_id, run_id },
      body: withoutUndefined(changes),
    });
  }

  /**
   * The receipt says what the memory was learnt from (`source`); with `cascade: 'source'` that chat message or
   * file chunk is deleted too.
   */
  async deleteMemory(
    id: string,
    options: MemoryScope & { readonly cascade?: 'source' } = {},
  ): Promise<MemoryErasureReceipt> {
    return this.call('DELETE', `${this.userPath()}/memories/${encodeURIComponent(id)}`, {
      query: { ...options },
    });
  }

  async getMemoryHistory(id: string, scope: MemoryScope = {}): Promise<MemoryHistory> {
    return this.call('GET', `${this.userPath()}/memories/${encodeURIComponent(id)}/history`, {
      query: { ...scope },
    });
  }

  /**
   * Search (limit 10 by default). When the gateway fails (section 7): the first 100 memories filtered by a case-insensitive
   * substring of their text, as `{ memories, count }`.
   */
  async searchMemories(
    query: string,
    limit: number = DEFAULT_SEARCH_LIMIT,
    filters: SearchFilters = {},
  ): Promise<SearchResponse | FallbackSearchResponse> {
    const path = `${this.userPath()}/search`;
    try {
      return await this.call<SearchResponse>('GET', path, { query: { ...filters, query, limit } });
    } catch (error) {
      if (!isFallbackFailure(error)) throw error;
      const { memories } = await this.listMemories({ ...this.scopeOf(filters), limit: FALLBACK_READ_LIMIT });
      return substringSearch(memories, query, limit);
    }
  }

  /**
   * The search with a JSON body: long `filters` in Mem0's v2 syntax fit, and `top_k` names the limit as Mem0 does.
   * No fallback: this is the call for filters, and a substring match would ignore them.
   */
  async searchMemoriesWithFilters(
    request: Omit<
      SearchRequest,
      'limit' | 'filters' | 'metadata' | 'include_closed' | 'include_embedding'
    > & {
      readonly limit?: number;
      readonly filters?: Record<string, unknown>;
      readonly metadata?: Record<string, string | number | boolean>;
      readonly include_closed?: boolean;
      readonly include_embedding?: boolean;
    },
  ): Promise<SearchResponse> {
    return this.call('POST', `${this.userPath()}/memories/search`, { body: request });
  }

  /** When the gateway fails (section 7): computed from the first 100 memories, concept_count and relation_count 0. */
  async getMemoryStats(scope: MemoryScope = {}): Promise<MemoryStats> {
    const path = `${this.userPath()}/memory_stats`;
    try {
      return await this.call<MemoryStats>('GET', path, { query: { ...scope } });
    } catch (error) {
      if (!isFallbackFailure(error)) throw error;
      const { memories } = await this.listMemories({ ...this.scopeOf(scope), limit: FALLBACK_READ_LIMIT });
      return statsOf(memories);
    }
  }

  /**
   * The server's embedding of a text. When the gateway fails, section 7's client-side fallback: a random vector of 1536
   * numbers (`model: 'random-fallback'`). It is only good for keeping a caller running: never store it.
   */
  async generateEmbedding(text: string): Promise<EmbeddingResponse> {
    try {
      return await this.call<EmbeddingResponse>('POST', '/generate_embedding', { body: { text } });
    } catch (error) {
      if (!isFallbackFailure(error)) throw error;
      return { embedding: randomEmbedding(), dimension: EMBEDDING_SIZE, model: 'random-fallback' };
    }
  }

  /**
   * Every memory of the scope as NDJSON text (one memory JSON a line), ready for importMemories; with
   * `format: 'mem0'`, one JSON text `{"results": [...]}` in Mem0's shape.
   */
  async exportMemories(scope: MemoryScope & { readonly format?: ExportFormat } = {}): Promise<string> {
    return this.call('GET', `${this.userPath()}/memories/export`, { query: { ...scope }, text: true });
  }

  /**
   * Imports an export (NDJSON text or an array of memory objects); importing twice changes nothing. A large
   * import is stored by the server in the background (answered 202): this follows it to its end.
   */
  async importMemories(data: string | readonly object[], scope: MemoryScope = {}): Promise<ImportResult> {
    const path = `${this.userPath()}/memories/import`;
    const answer: ImportResult | ImportJob =
      typeof data === 'string'
        ? await this.call('POST', path, {
            query: { ...scope },
            rawBody: { text: data, contentType: 'application/x-ndjson' },
          })
        : await this.call('POST', path, { query: { ...scope }, body: data });
    if (!('import_id' in answer)) return answer;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, IMPORT_POLL_MS));
      const progress = await this.call<ImportJob>('GET', `${path}/${encodeURIComponent(answer.import_id)}`);
      if (progress.status === 'done')
        return {
          imported: progress.imported ?? 0,
          skipped: progress.skipped ?? 0,
          lines: progress.lines ?? answer.lines ?? 0,
        };
      if (progress.status === 'failed')
        throw new MemboltApiError(
          `Membolt import ${answer.import_id} failed: ${progress.error ?? 'unknown error'}`,
          500,
          'import_failed',
          progress.error ?? undefined,
        );
    }
  }

  // ------------------------------------------------------------------------------------ end users

  async listEndUsers(page: { readonly limit?: number; readonly offset?: number } = {}): Promise<EndUserList> {
    return this.call('GET', `${this.userPath()}/end_users`, { query: { ...page } });
  }

  /** Erases one end user of your app: their memories, conversations, uploads and files; one receipt with counts. */
  async deleteEndUser(endUserId: string): Promise<EndUserDeletion> {
    return this.call('DELETE', `${this.userPath()}/end_users/${encodeURIComponent(endUserId)}`);
  }

  // ------------------------------------------------------------------------ end users' portal

  /**
   * A short-lived signed link (default 15 minutes, at most 1 hour) to the page where one end user sees what your
   * app remembers about them, corrects it, forgets it and downloads it. Hand it to that signed-in end user only.
   */
  async createPortalLink(
    endUserId: string,
    options: { readonly expires_in?: number } = {},
  ): Promise<ApiSchemas['PortalLinkResponse']> {
    return this.call('POST', `${this.userPath()}/end_users/${encodeURIComponent(endUserId)}/portal`, {
      body: { ...options },
    });
  }

  /** What end users did in the portal, newest first: one end user's (`end_user_id`) or the whole account's. */
  async portalAudit(
    options: { readonly end_user_id?: string; readonly limit?: number; readonly offset?: number } = {},
  ): Promise<ApiSchemas['PortalAuditResponse']> {
    const { end_user_id: endUserId, ...page } = options;
    const path =
      endUserId === undefined
        ? `${this.userPath()}/portal/audit`
        : `${this.userPath()}/end_users/${encodeURIComponent(endUserId)}/portal/audit`;
    return this.call('GET', path, { query: { ...page } });
  }

  /** The portal's name, logo and colour, and the origins that may embed it in an iframe. */
  async portalSettings(): Promise<ApiSchemas['PortalSettingsResponse']> {
    return this.call('GET', `${this.userPath()}/portal_settings`);
  }

  /** Changes the fields given; null resets one. */
  async updatePortalSettings(
    change: ApiSchemas['PortalSettingsBody'],
  ): Promise<ApiSchemas['PortalSettingsResponse']> {
    return this.call('PUT', `${this.userPath()}/portal_settings`, { body: change });
  }

  /** Deletes every memory of one scope (end_user_id, agent_id and/or run_id: at least one); one receipt. */
  async deleteScope(scope: MemoryScope): Promise<DeletionReceipt> {
    return this.call('DELETE', `${this.userPath()}/memories`, { query: { ...scope } });
  }

  // ------------------------------------------------------------------------------------ uploads

  /**
   * Uploads a file whose text becomes memories of the scope (an end user's with `end_user_id`). Waits for the
   * processing unless `async`; a long one answers with its `status_url` (follow it with getUpload).
   */
  async uploadFile(
    file: FileToUpload,
    options: MemoryScope & { readonly async?: boolean } = {},
  ): Promise<UploadResult> {
    const { async, ...scope } = options;
    return this.call('POST', '/upload_base64', {
      query: { async },
      body: withoutUndefined({
        ...scope,
        fileName: file.fileName,
        fileType: file.fileType,
        fileSize: file.data.length,
        fileData: base64Of(file.data),
      }),
    });
  }

  async listUploads(options: MemoryScope & ListPage = {}): Promise<UploadList> {
    return this.call('GET', '/uploads', { query: { ...options } });
  }

  async getUpload(id: string, scope: MemoryScope = {}): Promise<Upload> {
    return this.call('GET', `/uploads/${encodeURIComponent(id)}`, { query: { ...scope } });
  }

  /** Deletes the upload, every memory made from it and its file. */
  async deleteUpload(id: string, scope: MemoryScope = {}): Promise<UploadDeletion> {
    return this.call('DELETE', `/uploads/${encodeURIComponent(id)}`, { query: { ...scope } });
  }

  // ------------------------------------------------------------------------------------ conversations

  /** The conversations of the scope: the account's own, or one end user's (those POST /api/chat started). */
  async listConversations(options: MemoryScope & ListPage = {}): Promise<ConversationList> {
    return this.call('GET', `${this.userPath()}/conversations`, { query: { ...options } });
  }

  async getConversation(id: string, scope: MemoryScope = {}): Promise<Conversation> {
    return this.call('GET', `${this.userPath()}/conversations/${encodeURIComponent(id)}`, {
      query: { ...scope },
    });
  }

  async deleteConversation(id: string, scope: MemoryScope = {}): Promise<ConversationDeletion> {
    return this.call('DELETE', `${this.userPath()}/conversations/${encodeURIComponent(id)}`, {
      query: { ...scope },
    });
  }

  // ------------------------------------------------------------------------------------ chat

  /**
   * One exchange with the memory-enabled assistant: the memories that bear on the message are read, the model
   * answers, the exchange is stored in a conversation and learnt from. With `end_user_id` it is that end user's.
   */
  async chat(request: ChatRequest): Promise<ChatResponse> {
    return this.call('POST', '/chat', { body: request });
  }

  /**
   * The same exchange, streamed: a `start` event (the conversation and the memories retrieved), `token` events as
   * the answer is written, then `done` with the whole answer. A failure during the stream throws the
   * MemboltApiError of its `{error, message}`.
   */
  async *chatStream(request: ChatRequest): AsyncGenerator<ChatStreamEvent> {
    const response = await this.send('POST', '/chat', {
      body: request,
      headers: { Accept: 'text/event-stream' },
    });
    if (!response.body)
      throw new MemboltApiError(
        SdkMessages.requestFailed(response.status),
        response.status,
        undefined,
        'empty stream',
      );
    for await (const { event, data } of serverSentEvents(response.body)) {
      if (event === 'error') throw apiErrorOf(errorStatusOf(data), data);
      if (event === 'start' || event === 'token' || event === 'done') {
        yield { type: event, data: JSON.parse(data) } as ChatStreamEvent;
        if (event === 'done') return;
      }
    }
  }

  /** A web search through the server's configured search provider (`web_search_not_configured` when none). */
  async webSearch(request: WebSearchRequest): Promise<WebSearchResponse> {
    return this.call('POST', '/search', { body: request });
  }

  // ------------------------------------------------------------------------------------ usage and plan

  /** What the account used, per day and in total (the current month by default, or `from` to `to`). */
  async getUsage(period: UsagePeriod = {}): Promise<Usage> {
    return this.call('GET', '/usage', { query: { ...period } });
  }

  /** Whether the account's plan allows calls now, and why not. */
  async getSubscription(): Promise<SubscriptionCheck> {
    return this.call('GET', '/subscription');
  }

  /** The plans and their prices (public). */
  async listPlans(): Promise<Plans> {
    return this.call('GET', '/plans');
  }

  // ------------------------------------------------------------------------------------ webhooks

  /** The account's webhook endpoints, newest first (never their secrets). */
  async listWebhooks(): Promise<WebhookList> {
    return this.call('GET', `${this.userPath()}/webhooks`);
  }

  /** Adds an endpoint for the given events; the answer's `secret` signs every delivery and is shown only here. */
  async createWebhook(webhook: NewWebhook): Promise<CreatedWebhook> {
    return this.call('POST', `${this.userPath()}/webhooks`, { body: webhook });
  }

  /** Changes the URL, events or description; `enabled: true` re-enables a disabled endpoint, `false` pauses it. */
  async updateWebhook(webhookId: string, change: WebhookChange): Promise<Webhook> {
    return this.call('PUT', `${this.userPath()}/webhooks/${encodeURIComponent(webhookId)}`, { body: change });
  }

  /** Removes the endpoint and stops its pending deliveries; answers the endpoint removed. */
  async deleteWebhook(webhookId: string): Promise<Webhook> {
    return this.call('DELETE', `${this.userPath()}/webhooks/${encodeURIComponent(webhookId)}`);
  }

  /** The endpoint's delivery log, newest first: state, attempts, last status code, duration, error. */
  async listWebhookDeliveries(
    webhookId: string,
    options: { readonly limit?: number } = {},
  ): Promise<WebhookDeliveryList> {
    return this.call('GET', `${this.userPath()}/webhooks/${encodeURIComponent(webhookId)}/deliveries`, {
      query: { ...options },
    });
  }

  /** Sends a delivery's event again: the same body and event id, a fresh signature, a new series of attempts. */
  async redeliverWebhook(webhookId: string, deliveryId: string): Promise<WebhookDelivery> {
    return this.call(
      'POST',
      `${this.userPath()}/webhooks/${encodeURIComponent(webhookId)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`,
      { body: {} },
    );
  }

  // ------------------------------------------------------------------------------------ diagnostics (when enabled)

  async testMemory(text: string): Promise<DiagnosticResult> {
    return this.call('POST', '/test/memory', { body: { text } });
  }

  async testDatabase(): Promise<DiagnosticResult> {
    return this.call('POST', '/test/database', { body: {} });
  }

  async testStatus(): Promise<Record<string, unknown>> {
    return this.call('GET', '/test/status');
  }

  // ------------------------------------------------------------------------------------ plumbing

  private requireUserId(): string {
    if (this.resolvedUserId === null) throw new Error(SdkMessages.notInitialized);
    return this.resolvedUserId;
  }

  private userPath(): string {
    return `/user/${encodeURIComponent(this.requireUserId())}`;
  }

  private scopeOf(scope: MemoryScope): MemoryScope {
    return withoutUndefined({
      end_user_id: scope.end_user_id,
      agent_id: scope.agent_id,
      run_id: scope.run_id,
    });
  }

  /** One gateway call answered with JSON (or text); a non-OK answer becomes a MemboltApiError. */
  private async call<T>(method: string, path: string, options: CallOptions = {}): Promise<T> {
    const response = await this.send(method, path, options);
    return (options.text ? await response.text() : await response.json()) as T;
  }

  /** Sends a request with the JSON content type and the X-API-Key header; a non-OK answer is thrown. */
  private async send(method: string, path: string, options: CallOptions = {}): Promise<Response> {
    const url = `${this.baseUrl}${path}${queryString(options.query)}`;
    const headers: Record<string, string> = {
      'Content-Type': options.rawBody?.contentType ?? 'application/json',
      'X-API-Key': this.apiKey,
      ...options.headers,
    };
    const body =
      options.rawBody?.text ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined);
    let response: Response;
    try {
      response = await this.fetchImpl(url, { method, headers, ...(body !== undefined ? { body } : {}) });
    } catch (error) {
      this.logger?.error(`Membolt API ${method} ${path} failed:`, error);
      throw error;
    }
    if (!response.ok) {
      const error = apiErrorOf(
        response.status,
        await response.text().catch(() => ''),
        response.headers.get('Retry-After'),
      );
      this.logger?.error(
        `Membolt API ${method} ${path} failed with ${response.status}: ${error.message}`,
        error.detail,
      );
      throw error;
    }
    return response;
  }
}

/** How often a large import's progress is read while it is stored in the background. */
const IMPORT_POLL_MS = 1000;

/** How often a queued learning's state is read while the server works on it. */
const JOB_POLL_MS = 500;

/**
 * One client per API key (section 4): the same key gets the same (initialised) client back; another key
 * replaces it. A client whose initialisation failed is not kept.
 */
export class MemboltClientCache {
  private current: { apiKey: string; baseUrl: string; client: Promise<MemboltClient> } | undefined;

  getClient(apiKey: string, options: Omit<MemboltClientOptions, 'apiKey'>): Promise<MemboltClient> {
    const baseUrl = options.baseUrl.replace(/\/+$/, '');
    if (this.current && this.current.apiKey === apiKey && this.current.baseUrl === baseUrl) {
      return this.current.client;
    }
    const client = new MemboltClient({ ...options, apiKey });
    const initialised = client.initialize().then(() => client);
    const entry = { apiKey, baseUrl, client: initialised };
    this.current = entry;
    initialised.catch(() => {
      if (this.current === entry) this.current = undefined;
    });
    return initialised;
  }

  clear(): void {
    this.current = undefined;
  }
}

const defaultCache = new MemboltClientCache();

/** The client of `apiKey`, initialised; reused while the key stays the same, replaced when it changes. */
export function getClient(
  apiKey: string,
  options: Omit<MemboltClientOptions, 'apiKey'>,
): Promise<MemboltClient> {
  return defaultCache.getClient(apiKey, options);
}

/** Section 5's key check without a client: true when the key answers for `expectedUserId`. */
export function validateApiKey(
  apiKey: string,
  expectedUserId: string,
  options: Omit<MemboltClientOptions, 'apiKey' | 'userId'>,
): Promise<boolean> {
  return new MemboltClient({ ...options, apiKey }).validateApiKey(expectedUserId);
}
