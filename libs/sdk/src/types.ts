/** The REST memory API's shapes (gateway-and-accounts.md sections 3 and 7; decision 022). */

export type MemoryCategory = 'personal' | 'work' | 'preference' | 'interest';
export type MemorySource = 'memory' | 'chat' | 'file' | 'api';
export type MemorySort = 'importance' | 'recent' | 'oldest';

/** `end_user_id`, `agent_id`, `run_id`: one end user, agent or run of your own app. */
export interface MemoryScope {
  readonly end_user_id?: string;
  readonly agent_id?: string;
  readonly run_id?: string;
}

export interface Memory {
  readonly id: string;
  readonly text: string;
  /** A JSON string (importance, category and source are folded in). */
  readonly metadata: string;
  readonly importance: number;
  readonly category: MemoryCategory | null;
  readonly source: MemorySource;
  readonly conversation_id: string | null;
  readonly conversation_title: string | null;
  /** The same as created_at. */
  readonly timestamp: string;
  readonly created_at: string;
  readonly updated_at: string;
  readonly valid_from: string;
  readonly valid_to: string | null;
  /** After it the memory is hidden and then deleted; null: never. */
  readonly expiration_date: string | null;
  readonly end_user_id: string | null;
  readonly agent_id: string | null;
  readonly run_id: string | null;
  readonly version: number;
  /** The kinds of sensitive data the privacy policy replaced by placeholders (`["card_number"]`; empty: none). */
  readonly redactions: string[];
  /** Only when asked for (`include_embedding`). */
  readonly embedding?: number[];
}

/** The fields of a new memory besides its text (the spec's `metadata` and `embedding`, and the rest). */
export interface NewMemoryFields extends MemoryScope {
  /** An object or a JSON string holding one. */
  readonly metadata?: Record<string, unknown> | string;
  /** Exactly the server's dimension (1536 by default); the server computes it when absent. */
  readonly embedding?: number[];
  readonly importance?: number;
  readonly category?: MemoryCategory | 'none';
  readonly source?: MemorySource;
  readonly conversation_id?: string;
  readonly conversation_title?: string;
  readonly valid_from?: string;
  readonly valid_to?: string;
  /** After this time the memory is hidden from every read and deleted by the retention sweep. */
  readonly expiration_date?: string;
}

export interface MemoryUpdate extends MemoryScope {
  readonly text?: string;
  readonly metadata?: Record<string, unknown> | string;
  readonly importance?: number;
  readonly category?: MemoryCategory | 'none';
  readonly embedding?: number[];
  readonly valid_from?: string;
  /** null reopens a closed fact. */
  readonly valid_to?: string | null;
  /** null: never expires. */
  readonly expiration_date?: string | null;
}

export interface MemoryFilters extends MemoryScope {
  readonly category?: MemoryCategory | 'none';
  readonly source?: MemorySource;
  readonly created_after?: string;
  readonly created_before?: string;
  readonly conversation_id?: string;
  /** Exact matches on metadata fields. */
  readonly metadata?: Record<string, string | number | boolean>;
  /** Mem0's v2 filter syntax (AND / OR / NOT, operators, metadata keys); see the README's "Filters". */
  readonly filters?: Record<string, unknown>;
  readonly include_closed?: boolean;
  readonly as_of?: string;
  readonly include_embedding?: boolean;
}

export interface SearchFilters extends MemoryFilters {
  /** The least `relevance` (0 to 1) a result must have; none by default. */
  readonly threshold?: number;
}

export interface ListOptions extends MemoryFilters {
  /** Default 10. */
  readonly limit?: number;
  /** Default 0. */
  readonly offset?: number;
  readonly sort?: MemorySort;
}

export interface MemoryList {
  readonly memories: Memory[];
  readonly limit: number;
  readonly offset: number;
  readonly count: number;
  readonly total_count: number;
}

export interface ScoreBreakdown {
  readonly semantic: number | null;
  readonly keyword: number | null;
  readonly fused: number;
  readonly importance: number;
  readonly recency: number;
  readonly concept_match: boolean;
  readonly time_match: boolean;
  readonly final: number;
  /** How much of the query the memory reaches by meaning rather than spelling, 0 to 1. */
  readonly meaning: number;
  /** The query asks about a personal-fact slot the memory states. */
  readonly slot_match: boolean;
  /** The share of the query's content words the memory holds, 0 to 1. */
  readonly coverage: number;
  readonly reasons: string[];
}

export interface SearchResult extends Memory {
  readonly score: number;
  /** Calibrated relevance to the query, 0 to 1: what `threshold` cuts on. */
  readonly relevance: number;
  readonly scores: ScoreBreakdown;
}

/** The gateway's search answer. */
export interface SearchResponse {
  readonly results: SearchResult[];
  readonly formatted_results: string;
  readonly count: number;
}

/** What search answers when the gateway's search failed (section 7): a substring match over the first 100. */
export interface FallbackSearchResponse {
  readonly memories: Memory[];
  readonly count: number;
}

export interface MemoryStats {
  readonly memory_count: number;
  readonly avg_importance: number;
  readonly oldest_timestamp: string;
  readonly concept_count: number;
  readonly relation_count: number;
}

export interface MemoryBatch {
  readonly memories: Memory[];
  readonly count: number;
}

export interface DeletionReceipt {
  readonly deleted: true;
  readonly memory_ids: string[];
  readonly removed: Record<string, number>;
  readonly deleted_at: string;
}

export interface MemoryVersion {
  readonly version: number;
  readonly text: string;
  readonly metadata: string;
  readonly importance: number;
  readonly category: MemoryCategory | null;
  readonly valid_from: string;
  readonly valid_to: string | null;
  readonly recorded_at: string;
  readonly event: 'created' | 'updated' | 'closed';
}

export interface MemoryHistory {
  readonly memory_id: string;
  readonly versions: MemoryVersion[];
}

export interface ImportResult {
  readonly imported: number;
  readonly skipped: number;
  readonly lines: number;
}

export interface EndUser {
  readonly end_user_id: string;
  readonly memory_count: number;
  readonly last_activity_at: string;
}

export interface EndUserList {
  readonly end_users: EndUser[];
  readonly limit: number;
  readonly offset: number;
  readonly count: number;
  readonly total_count: number;
}

export interface EmbeddingResponse {
  readonly embedding: number[];
  /** Absent on the client-side fallback. */
  readonly dimension?: number;
  /** `random-fallback` when the gateway failed and the client made one up (section 7). */
  readonly model?: string;
}

export interface HealthResponse {
  readonly status: 'ok';
  readonly user_id: string;
}

export interface UserDatabase {
  readonly user_id: string;
  readonly graph_id: string;
  readonly status: 'active';
  readonly created_at: string;
}

export interface RegisteredUser {
  readonly registered: true;
  readonly user_id: string;
}

export interface DiagnosticResult {
  readonly ok: true;
  readonly check: string;
  readonly ms: number;
  readonly details?: Record<string, unknown>;
}

/** What a memory was learnt from (decision 102): a chat message, a chunk of an uploaded file, or the file. */
export interface MemorySourceRef {
  readonly kind: 'message' | 'chunk' | 'file';
  readonly conversation_id?: string;
  readonly message_id?: string;
  readonly upload_id?: string;
  readonly file_name?: string | null;
  readonly chunk_index?: number;
}

/** A memory's deletion receipt: what it was learnt from, and with `cascade: 'source'` what became of that. */
export interface MemoryErasureReceipt extends DeletionReceipt {
  readonly source: MemorySourceRef | null;
  readonly source_deleted?: { readonly deleted: boolean; readonly memory_id: string | null };
}

/** A file to upload (its text becomes memories of the scope). */
export interface FileToUpload {
  readonly fileName: string;
  readonly data: Uint8Array;
  /** The MIME type you know; the server decides by the content. */
  readonly fileType?: string;
}

export interface Upload {
  readonly id: string;
  readonly file_name: string;
  readonly file_type: string | null;
  readonly kind: string | null;
  readonly size: number;
  readonly state: string;
  readonly percent: number;
  readonly pages: number | null;
  readonly chunks: number | null;
  readonly summary: string | null;
  readonly memory_id: string | null;
  readonly error: string | null;
  readonly end_user_id: string | null;
  readonly agent_id: string | null;
  readonly run_id: string | null;
  readonly created_at: string;
  readonly updated_at: string;
}

/** `POST /api/upload_base64`: done (200, with the summary) or still running (202, follow `status_url`). */
export type UploadResult =
  | {
      readonly summary: string;
      readonly memory_id: string;
      readonly upload_id: string;
      readonly kind: string;
      readonly chunks: number;
      readonly pages: number | null;
    }
  | {
      readonly upload_id: string;
      readonly status: string;
      readonly percent: number;
      readonly status_url: string;
    };

export interface UploadList {
  readonly uploads: Upload[];
  readonly limit: number;
  readonly offset: number;
  readonly count: number;
  readonly total_count: number;
}

export interface UploadDeletion {
  readonly deleted: boolean;
  readonly upload_id: string;
  readonly memories_deleted: number;
  readonly file_deleted: boolean;
}

export interface ConversationSummary {
  readonly id: string;
  readonly title: string;
  readonly preview: string;
  readonly model: string | null;
  readonly message_count: number;
  readonly memory_count: number;
  readonly end_user_id: string | null;
  readonly agent_id: string | null;
  readonly run_id: string | null;
  readonly created_at: string;
  readonly updated_at: string;
}

export interface Conversation extends ConversationSummary {
  readonly messages: Array<{
    readonly id: string;
    readonly role: 'user' | 'assistant';
    readonly content: string;
    readonly created_at: string;
    readonly model: string | null;
  }>;
}

export interface ConversationList {
  readonly conversations: ConversationSummary[];
  readonly limit: number;
  readonly offset: number;
  readonly count: number;
  readonly total_count: number;
}

export interface ConversationDeletion {
  readonly conversation_id: string;
  readonly removed_messages: number;
  readonly memories_kept: true;
  readonly message: string;
}

export type PrivacyAction = 'allow' | 'redact' | 'refuse';

/** The account's write-time privacy policy (docs/privacy.md). */
export interface PrivacyPolicy {
  readonly policy: Record<string, PrivacyAction>;
  readonly defaults: Record<string, PrivacyAction>;
  readonly key_overrides: Array<{ readonly key_id: string; readonly actions: Record<string, PrivacyAction> }>;
  readonly redaction_counts: Record<string, number>;
}
