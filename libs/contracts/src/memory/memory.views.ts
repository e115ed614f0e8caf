import type { MemoryCategory, MemorySort, MemorySource } from '../rules/memory.rules.js';
import type { PrivacyAction, PrivacyPolicy, SensitiveKind } from '../rules/privacy.rules.js';

/** One memory as the memory service answers it (camelCase; the REST gateway maps it to the spec's shape). */
export interface MemoryView {
  readonly id: string;
  readonly userId: string;
  readonly endUserId: string | null;
  readonly agentId: string | null;
  readonly runId: string | null;
  readonly text: string;
  /** The stored metadata object, with `importance`, `category`, `source` and the conversation folded in. */
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly importance: number;
  readonly category: MemoryCategory | null;
  readonly source: MemorySource;
  readonly conversationId: string | null;
  readonly conversationTitle: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly validFrom: string;
  readonly validTo: string | null;
  /** After it the memory is hidden from every read and deleted by the retention sweep; null: never. */
  readonly expirationDate?: string | null;
  /** 1 at creation, +1 on every update. */
  readonly version: number;
  /** The kinds of sensitive data the privacy policy replaced by placeholders in this memory (empty: none). */
  readonly redactions: readonly SensitiveKind[];
  /** Present only when asked for (`includeEmbedding`). */
  readonly embedding?: readonly number[];
}

export interface MemoryListView {
  readonly memories: readonly MemoryView[];
  readonly limit: number;
  readonly offset: number;
  /** Memories in this page. */
  readonly count: number;
  /** Memories matching the filters in all pages. */
  readonly totalCount: number;
  readonly sort: MemorySort;
}

/** A memory a create answers: stored now, or (`deduplicated`) already held in the same words. */
export interface StoredMemoryView extends MemoryView {
  readonly deduplicated: boolean;
}

export interface MemoryBatchView {
  /** One per item, in the items' order. */
  readonly memories: readonly StoredMemoryView[];
  readonly count: number;
}

export interface MemoryImportView {
  readonly imported: number;
  /** Lines whose id was already imported into this scope (a repeated import changes nothing). */
  readonly skipped: number;
  readonly memoryIds: readonly string[];
}

/** A large import's progress: its parts are stored one durable job each. */
export interface ImportJobView {
  readonly importId: string;
  /** queued (no part started), running, done (every part stored), failed (a part gave up; `error` says why). */
  readonly state: 'queued' | 'running' | 'done' | 'failed';
  readonly percent: number;
  readonly parts: number;
  readonly partsDone: number;
  readonly imported: number;
  readonly skipped: number;
  readonly error: string | null;
}

/** Why a search result ranked where it did: each signal's score and the final blend. */
export interface MemoryScoreBreakdown {
  /** Cosine similarity of the query and memory vectors (0 to 1), or null when not among the dense candidates. */
  readonly semantic: number | null;
  /** BM25 keyword score (unbounded, higher is better), or null when no query word matched. */
  readonly keyword: number | null;
  /** Fused rank score before the rerank. */
  readonly fused: number;
  readonly importance: number;
  /** 1 for a memory made now, falling towards 0 with age. */
  readonly recency: number;
  /** A concept named in the query is linked to this memory. */
  readonly conceptMatch: boolean;
  /** The query named a time and the memory falls in it. */
  readonly timeMatch: boolean;
  /** The final score results are sorted by. */
  readonly final: number;
  /**
   * How much of the query the memory reaches by meaning rather than spelling (a synonym or a kind of a query
   * word: "drink" reaches "coffee"), 0 to 1.
   */
  readonly meaning: number;
  /** The query asks about a personal-fact slot (occupation, residence, pet...) the memory states. */
  readonly slotMatch: boolean;
  /** The share of the query's content words the memory contains (any inflection), 0 to 1. */
  readonly coverage: number;
  /** Short human explanation, e.g. "matched words: paris, moved; high importance". */
  readonly reasons: readonly string[];
}

export interface MemorySearchResultView {
  readonly memory: MemoryView;
  readonly score: number;
  /** Calibrated relevance to the query, 0 to 1 (what `threshold` cuts on). */
  readonly relevance: number;
  readonly scores: MemoryScoreBreakdown;
}

export interface MemorySearchView {
  readonly results: readonly MemorySearchResultView[];
  readonly count: number;
  readonly query: string;
  /** `exact` (scan of the user's vectors) or `ann` (HNSW index), for the curious and the benchmarks. */
  readonly strategy: 'exact' | 'ann';
}

/** Why a version was recorded: the memory was created, updated, or closed (its validity ended, `validTo`). */
export const MEMORY_VERSION_EVENTS = ['created', 'updated', 'closed'] as const;
export type MemoryVersionEvent = (typeof MEMORY_VERSION_EVENTS)[number];

/** A previous state of a memory; the newest version is the memory itself. */
export interface MemoryVersionView {
  readonly version: number;
  readonly text: string;
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly importance: number;
  readonly category: MemoryCategory | null;
  readonly validFrom: string;
  readonly validTo: string | null;
  /** When this version was replaced (or, for the current version, last updated). */
  readonly recordedAt: string;
  readonly event: MemoryVersionEvent;
}

export interface MemoryHistoryView {
  readonly memoryId: string;
  /** Oldest first; the last item is the current state. */
  readonly versions: readonly MemoryVersionView[];
}

/** What a delete removed, counted by kind (memories, vectors, keywordEntries, versions, conceptLinks...). */
export interface MemoryDeletionReceipt {
  readonly memoryIds: readonly string[];
  readonly removed: Readonly<Record<string, number>>;
  readonly deletedAt: string;
}

/** Memories learnt per conversation: every conversation asked for, 0 when it taught none. */
export interface ConversationMemoryCountsView {
  readonly counts: Readonly<Record<string, number>>;
}

export interface MemoryStatsView {
  /** Open memories of the scope: the count every screen and route shows, the same as a list's total. */
  readonly memoryCount: number;
  /** Facts closed since they were stored (kept for questions about the past), apart from memoryCount. */
  readonly closedCount: number;
  readonly avgImportance: number;
  /** Oldest memory's creation time; now when there are none (the spec's fallback). */
  readonly oldestTimestamp: string;
  readonly conceptCount: number;
  readonly relationCount: number;
}

export interface EmbeddingView {
  readonly embedding: readonly number[];
  readonly dimension: number;
  /** The embedder that made it, e.g. `hashed-tfidf-v1` or `openai:text-embedding-3-small`. */
  readonly model: string;
}

export interface MemoryExportPageView {
  readonly memories: readonly MemoryView[];
  /** Absent on the last page. */
  readonly nextCursor?: string;
}

export interface EndUserView {
  readonly endUserId: string;
  readonly memoryCount: number;
  readonly lastActivityAt: string;
}

/** Which scope of the account holds a memory: its end user, or null for the account's own memories. */
export interface MemoryLocationView {
  readonly memoryId: string;
  readonly endUserId: string | null;
}

export interface EndUserListView {
  readonly endUsers: readonly EndUserView[];
  readonly total: number;
}

export const CONCEPT_KINDS = ['person', 'place', 'organization', 'thing', 'topic'] as const;
export type ConceptKind = (typeof CONCEPT_KINDS)[number];

export const CONCEPT_RELATION_KINDS = ['co-occurrence', 'similarity'] as const;
export type ConceptRelationKind = (typeof CONCEPT_RELATION_KINDS)[number];

export interface ConceptView {
  readonly id: string;
  readonly name: string;
  readonly kind: ConceptKind;
  /** The most frequent category of the memories linked to it, for colouring. */
  readonly category: MemoryCategory | null;
  readonly memoryCount: number;
}

export interface ConceptRelationView {
  readonly source: string;
  readonly target: string;
  /** Co-occurrences within memories (and similarity), higher is stronger. */
  readonly weight: number;
  readonly kind: ConceptRelationKind;
}

export interface ConceptGraphView {
  readonly concepts: readonly ConceptView[];
  readonly relations: readonly ConceptRelationView[];
  /** True when the graph was cut to `maxNodes` (the strongest concepts kept). */
  readonly truncated: boolean;
}

/** The concepts extracted from one memory (the details dialog of the Memories screen). */
export interface MemoryConceptsView {
  readonly memoryId: string;
  readonly concepts: readonly ConceptView[];
}

export interface RetentionPreviewView {
  readonly retentionDays: number | null;
  /** Memories older than that retention now: what it would remove. */
  readonly memoriesRemoved: number;
}

/** The account's write-time privacy policy, the keys overriding it and the redactions counted per kind. */
export interface PrivacyPolicyView {
  readonly policy: PrivacyPolicy;
  readonly keyOverrides: ReadonlyArray<{
    readonly keyId: string;
    readonly actions: Readonly<Partial<Record<SensitiveKind, PrivacyAction>>>;
  }>;
  readonly redactionCounts: Readonly<Record<SensitiveKind, number>>;
}

/** Texts screened by the policy before a durable job holds them (the asynchronous adds). */
export interface ScreenedTextsView {
  readonly texts: readonly string[];
  readonly redactions: ReadonlyArray<readonly SensitiveKind[]>;
  /** The metadata as the policy lets it be kept (absent when none was sent). */
  readonly metadata?: Record<string, unknown>;
}
