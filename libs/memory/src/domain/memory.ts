import type {
  ConceptKind,
  MemoryCategory,
  MemoryFilterNode,
  MemorySort,
  MemorySource,
  SensitiveKind,
} from '@membolt/contracts';

/**
 * Who a memory belongs to. `userId` is the account (the acting user); `endUserId` is one end user of that
 * account's own app, or '' for the account's own memories. Every store query filters on both first.
 */
export interface MemoryScope {
  readonly userId: string;
  /** '' = the account's own memories (no end user). */
  readonly endUserId: string;
}

/** A scope narrowed by the optional agent and run ids (absent = any agent, any run). */
export interface MemoryScopeFilter extends MemoryScope {
  readonly agentId?: string | undefined;
  readonly runId?: string | undefined;
  /** Hides memories whose expiration is at or before this instant (every read the service makes). */
  readonly visibleAt?: Date | undefined;
}

export interface Memory {
  readonly id: string;
  readonly userId: string;
  /** null = the account's own memory. */
  readonly endUserId: string | null;
  readonly agentId: string | null;
  readonly runId: string | null;
  readonly text: string;
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly importance: number;
  readonly category: MemoryCategory | null;
  readonly source: MemorySource;
  readonly conversationId: string | null;
  readonly conversationTitle: string | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly validFrom: Date;
  readonly validTo: Date | null;
  readonly version: number;
  /**
   * After this instant the memory is hidden from every read (get, list, search, export, counts) and the
   * retention sweep deletes it. Absent or null: it never expires.
   */
  readonly expiresAt?: Date | null | undefined;
  /** The embedder that made the stored vector (`hashed-tfidf-v1`, `openai:...`). */
  readonly embeddingModel: string;
  /** The kinds of sensitive data the privacy policy replaced in the text when it was written (absent: none). */
  readonly redactions?: readonly SensitiveKind[] | undefined;
  /** Only when asked for. */
  readonly embedding?: Float32Array | undefined;
}

/** A concept extracted from a memory's text (people, places, organisations, things, topics). */
export interface ConceptMention {
  /** Normalised (lowercase, trimmed) name: the concept's identity within a scope. */
  readonly name: string;
  readonly kind: ConceptKind;
}

/** Everything one new memory stores, atomically: the row, its keyword entry, its vector, its concepts. */
export interface NewMemoryRecord {
  readonly memory: Omit<Memory, 'embedding'>;
  readonly embedding: Float32Array;
  /**
   * The concepts of the text, linked in the same transaction; absent = pending: the concept linker extracts
   * and links them shortly after (bulk writes stay fast), and reads of concept data settle the scope first.
   */
  readonly concepts?: readonly ConceptMention[] | undefined;
  /** Import only: the id the memory had in the exported file (idempotent re-import within the scope). */
  readonly originId?: string | undefined;
  /**
   * `duplicateFingerprint(memory.text)` when the writer computed it already (its duplicate check did): the
   * store then does not hash the text again. Absent: the store computes it.
   */
  readonly duplicateFingerprint?: string | undefined;
}

/** The fields an update changes; absent = unchanged. */
export interface MemoryChanges {
  readonly text?: string | undefined;
  readonly metadata?: Readonly<Record<string, unknown>> | undefined;
  readonly importance?: number | undefined;
  /** null clears the category. */
  readonly category?: MemoryCategory | null | undefined;
  readonly validFrom?: Date | undefined;
  /** null reopens a closed fact. */
  readonly validTo?: Date | null | undefined;
  /** Given with a text change (re-embedded) or when the caller sends one. */
  readonly embedding?: Float32Array | undefined;
  readonly embeddingModel?: string | undefined;
  /** null: never expires. */
  readonly expiresAt?: Date | null | undefined;
  /** Given with a text change: the concepts of the new text replace the old links. */
  readonly concepts?: readonly ConceptMention[] | undefined;
  /** Given with a text change: the kinds redacted from the new text. */
  readonly redactions?: readonly SensitiveKind[] | undefined;
  readonly updatedAt: Date;
}

/** A memory whose concepts are still to be extracted. */
export interface PendingConcepts {
  readonly scope: MemoryScope;
  readonly id: string;
  readonly text: string;
}

/** A previous state of a memory (the current state is the memory itself). */
export interface MemoryVersion {
  readonly version: number;
  readonly text: string;
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly importance: number;
  readonly category: MemoryCategory | null;
  readonly validFrom: Date;
  readonly validTo: Date | null;
  readonly recordedAt: Date;
  readonly event: 'created' | 'updated' | 'closed';
}

/** Filters shared by list, search candidates and counts. */
export interface MemoryFilter {
  /** undefined = any; null = uncategorised only. */
  readonly category?: MemoryCategory | null | undefined;
  readonly source?: MemorySource | undefined;
  readonly createdAfter?: Date | undefined;
  readonly createdBefore?: Date | undefined;
  readonly conversationId?: string | undefined;
  readonly metadata?: Readonly<Record<string, string | number | boolean>> | undefined;
  /** A filter in Mem0's v2 syntax (parseMemoryFilter), ANDed with the fields above. */
  readonly expression?: MemoryFilterNode | undefined;
  /**
   * Which facts count by their validity: `open` (default: validTo null or in the future of `now`), `all`
   * (closed facts too), or `asOf` an instant (validFrom <= t and (validTo null or > t)).
   */
  readonly validity:
    | { readonly kind: 'open'; readonly now: Date }
    | { readonly kind: 'all' }
    | { readonly kind: 'asOf'; readonly at: Date };
}

/** The open memories as of `now`, nothing else filtered: what the account counts as its memories. */
export const OPEN_ONLY = (now: Date): MemoryFilter => ({ validity: { kind: 'open', now } });

/** What a delete removed, counted by kind. */
export interface MemoryRemoval {
  readonly memoryIds: readonly string[];
  readonly removed: {
    readonly memories: number;
    readonly vectors: number;
    readonly keywordEntries: number;
    readonly versions: number;
    readonly conceptLinks: number;
    readonly concepts: number;
    readonly relations: number;
  };
}

/**
 * The account's memory figures, one definition everywhere: `memoryCount` is the open memories of the scope
 * (those a default list shows: no `validTo`, or one still ahead), `closedCount` the facts closed since
 * (kept for questions about the past). Importance and the oldest time are of the open memories.
 */
export interface MemoryStats {
  readonly memoryCount: number;
  readonly closedCount: number;
  readonly avgImportance: number;
  readonly oldestCreatedAt: Date | null;
  readonly conceptCount: number;
  readonly relationCount: number;
}

export interface EndUserSummary {
  readonly endUserId: string;
  readonly memoryCount: number;
  readonly lastActivityAt: Date;
}

export interface Concept {
  readonly id: string;
  readonly name: string;
  readonly kind: ConceptKind;
  readonly category: MemoryCategory | null;
  readonly memoryCount: number;
}

export interface ConceptRelation {
  readonly source: string;
  readonly target: string;
  readonly weight: number;
  readonly kind: 'co-occurrence' | 'similarity';
}

export interface ConceptGraph {
  readonly concepts: readonly Concept[];
  readonly relations: readonly ConceptRelation[];
  readonly truncated: boolean;
}

/** One scored candidate of a retrieval channel. */
/**
 * What the ranker reads of a candidate memory, times in epoch milliseconds: a search loads this for its ~100
 * candidates and the whole memory only for the results it answers.
 */
export interface RankableMemory {
  readonly importance: number;
  readonly createdAt: number;
  readonly validFrom: number;
  readonly validTo: number | null;
  readonly conversationId: string | null;
  readonly text: string;
  /**
   * The personal-fact slot the learner typed it with (`metadata.slot`, FACT_SLOTS), null when none: search
   * maps a question to slots, so a typed fact is reached whatever words it uses.
   */
  readonly slot: string | null;
}

/** A memory's ranked fields with its id (a search candidate as the store reads it). */
export type RankableWithId = RankableMemory & { readonly id: string };

export interface ScoredId {
  readonly id: string;
  readonly score: number;
  /**
   * What the ranker reads of the memory, when the store read its row anyway to check the candidate against
   * the scope and the filter (the service then skips that memory's lookup).
   */
  readonly memory?: RankableMemory;
}

export type { MemorySort };
