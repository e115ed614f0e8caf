import { apiErrorOf, isFallbackFailure, MemboltApiError, MemboltAuthError, SdkMessages } from './errors.js';
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_SEARCH_LIMIT,
  FALLBACK_READ_LIMIT,
  randomEmbedding,
  statsOf,
  substringSearch,
} from './fallbacks.js';
import type {
  Conversation,
  ConversationDeletion,
  ConversationList,
  DeletionReceipt,
  DiagnosticResult,
  EmbeddingResponse,
  EndUserList,
  FallbackSearchResponse,
  FileToUpload,
  HealthResponse,
  ImportResult,
  ListOptions,
  Memory,
  MemoryBatch,
  MemoryErasureReceipt,
  SearchFilters,
  MemoryHistory,
  MemoryList,
  MemoryScope,
  MemoryStats,
  MemoryUpdate,
  NewMemoryFields,
  RegisteredUser,
  SearchResponse,
  Upload,
  UploadDeletion,
  UploadList,
  UploadResult,
  UserDatabase,
  PrivacyAction,
  PrivacyPolicy,
} from './types.js';

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
}

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
 * The typed client of the REST memory API (gateway-and-accounts.md sections 4, 7 and 8). Not initialised until
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

  // ------------------------------------------------------------------------------------ memories

  /** Stores a memory. Without `embedding`, the server computes a real one. */
  async addMemory(
    text: string,
    metadata?: Record<string, unknown> | string,
    embedding?: number[],
    fields: Omit<NewMemoryFields, 'metadata' | 'embedding'> = {},
  ): Promise<Memory> {
    return this.call('POST', `${this.userPath()}/memories`, {
      body: withoutUndefined({ ...fields, text, metadata, embedding }),
    });
  }

  /** Up to 1,000 memories in one transaction: all of them are stored or none. */
  async addMemories(
    memories: ReadonlyArray<{ readonly text: string } & Omit<NewMemoryFields, keyof MemoryScope>>,
    scope: MemoryScope = {},
  ): Promise<MemoryBatch> {
    return this.call('POST', `${this.userPath()}/memories/batch`, { body: { ...scope, memories } });
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
      return { embedding: randomEmbedding(), model: 'random-fallback' };
    }
  }

  /** Every memory of the scope as NDJSON text (one memory JSON a line), ready for importMemories. */
  async exportMemories(scope: MemoryScope = {}): Promise<string> {
    return this.call('GET', `${this.userPath()}/memories/export`, { query: { ...scope }, text: true });
  }

  /**
   * Imports an export (NDJSON text or an array of memory objects); importing twice changes nothing. A large
   * import is stored by the server in the background (answered 202): this follows it to its end.
   */
  async importMemories(data: string | readonly object[], scope: MemoryScope = {}): Promise<ImportResult> {
    const path = `${this.userPath()}/memories/import`;
    const answer: ImportResult | QueuedImport =
      typeof data === 'string'
        ? await this.call('POST', path, {
            query: { ...scope },
            rawBody: { text: data, contentType: 'application/x-ndjson' },
          })
        : await this.call('POST', path, { query: { ...scope }, body: data });
    if (!('import_id' in answer)) return answer;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, IMPORT_POLL_MS));
      const progress = await this.call<ImportProgress>(
        'GET',
        `${path}/${encodeURIComponent(answer.import_id)}`,
      );
      if (progress.status === 'done')
        return { imported: progress.imported, skipped: progress.skipped, lines: answer.lines };
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
  async deleteEndUser(endUserId: string): Promise<DeletionReceipt> {
    return this.call('DELETE', `${this.userPath()}/end_users/${encodeURIComponent(endUserId)}`);
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

  /** One gateway call: JSON content type and the X-API-Key header; a non-OK answer becomes a MemboltApiError. */
  private async call<T>(method: string, path: string, options: CallOptions = {}): Promise<T> {
    const url = `${this.baseUrl}${path}${queryString(options.query)}`;
    const headers: Record<string, string> = {
      'Content-Type': options.rawBody?.contentType ?? 'application/json',
      'X-API-Key': this.apiKey,
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
      const error = apiErrorOf(response.status, await response.text().catch(() => ''));
      this.logger?.error(
        `Membolt API ${method} ${path} failed with ${response.status}: ${error.message}`,
        error.detail,
      );
      throw error;
    }
    return (options.text ? await response.text() : await response.json()) as T;
  }
}

/** How often a large import's progress is read while it is stored in the background. */
const IMPORT_POLL_MS = 1000;

/** The 202 answer of an import the server stores in the background. */
interface QueuedImport {
  readonly import_id: string;
  readonly lines: number;
}

interface ImportProgress {
  readonly status: 'queued' | 'running' | 'done' | 'failed';
  readonly imported: number;
  readonly skipped: number;
  readonly error: string | null;
}

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
