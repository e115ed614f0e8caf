import { z } from 'zod';
import { MEMORY_SORTS, MEMORY_SOURCES } from '../rules/memory.rules.js';
import { PRIVACY_ACTIONS, SENSITIVE_KINDS, type SensitiveKind } from '../rules/privacy.rules.js';

/*
 * The memory and the search result are zod schemas (docs/decisions/190-memory-and-search-shapes.md): the BFF's
 * GraphQL types and the gateway's REST components are derived from them. A field's `description` is shown by
 * both; `rest` holds what the REST document shows otherwise (its own description, an example), read only by
 * the gateway's restObjectType.
 */

/** The memory scope (decision 101) a conversation or an upload belongs to, as its view shows it. */
export const memoryScopeViewFields = {
  endUserId: z.string().nullable().meta({
    description: "The end user of the account's app it belongs to (decision 101); null: the account's own.",
  }),
  agentId: z.string().nullable(),
  runId: z.string().nullable(),
};

const time = (rest: { readonly description?: string; readonly example?: string } = {}) =>
  z.string().meta({ rest: { format: 'date-time', ...rest } });
const EXAMPLE_TIME = '2026-11-23T08:15:00.000Z';

/** One memory as the memory service answers it (camelCase; the REST gateway renames its fields to snake_case). */
export const MemoryView = z
  .object({
    id: z.string().meta({ rest: { example: '6f1c2a9e-3b7d-4e51-9a0c-2d8f4b6e1a73' } }),
    userId: z.string(),
    endUserId: z
      .string()
      .nullable()
      .meta({ rest: { example: 'customer-42' } }),
    agentId: z.string().nullable(),
    runId: z.string().nullable(),
    text: z.string().meta({ rest: { example: 'I moved to Lisbon in March 2025.' } }),
    /** The stored metadata object, with `importance`, `category`, `source` and the conversation folded in. */
    metadata: z.record(z.string(), z.unknown()).readonly(),
    importance: z.number().meta({
      description: 'From 0 to 1 (default 0.5); weighs in search ranking.',
      rest: { example: 0.8 },
    }),
    /** A built-in category or the name of one of the account's custom categories (decision 159). */
    category: z.string().nullable(),
    source: z.enum(MEMORY_SOURCES).meta({ rest: { example: 'api' } }),
    conversationId: z.string().nullable(),
    conversationTitle: z.string().nullable(),
    createdAt: time({ example: EXAMPLE_TIME }),
    updatedAt: time({ example: EXAMPLE_TIME }),
    validFrom: time({ example: EXAMPLE_TIME }).meta({ description: 'When the fact started to hold.' }),
    validTo: time().nullable().meta({ description: 'When the fact stopped holding (null: it still does).' }),
    /** After it the memory is hidden from every read and deleted by the retention sweep; null: never. */
    expirationDate: time({ description: 'When the memory expires (hidden, then deleted); null: never.' })
      .nullable()
      .optional()
      .meta({
        description: 'After this time the memory is hidden from every read and then deleted (null: never).',
      }),
    version: z.int().meta({ description: '1 at creation, +1 on every update.', rest: { example: 1 } }),
    redactions: z
      .array(z.enum(SENSITIVE_KINDS))
      .readonly()
      .meta({
        description:
          'The kinds of sensitive data the privacy policy replaced by placeholders in this memory.',
        rest: {
          description:
            'The kinds of sensitive data the privacy policy replaced by placeholders (such as [card number]) when this text was written; empty: none.',
          example: ['card_number'],
        },
      }),
    /** Present only when asked for (`includeEmbedding`). */
    embedding: z
      .array(z.number())
      .readonly()
      .optional()
      .meta({ rest: { description: 'Only with include_embedding=true.' } }),
  })
  .readonly();
export type MemoryView = z.output<typeof MemoryView>;

export const MemoryListView = z
  .object({
    memories: z.array(MemoryView).readonly(),
    limit: z.int().meta({ rest: { example: 10 } }),
    offset: z.int().meta({ rest: { example: 0 } }),
    count: z.int().meta({ description: 'Memories in this page.', rest: { example: 1 } }),
    totalCount: z
      .int()
      .meta({ description: 'Memories matching the filters in all pages.', rest: { example: 1 } }),
    sort: z.enum(MEMORY_SORTS),
  })
  .readonly();
export type MemoryListView = z.output<typeof MemoryListView>;

/** A memory a create answers: stored now, or (`deduplicated`) already held in the same words. */
export const StoredMemoryView = z
  .object({ ...MemoryView.unwrap().shape, deduplicated: z.boolean() })
  .readonly();
export type StoredMemoryView = z.output<typeof StoredMemoryView>;

export const MemoryBatchView = z
  .object({
    memories: z
      .array(StoredMemoryView)
      .readonly()
      .meta({ rest: { description: 'One per item, in the items’ order.' } }),
    count: z.int().meta({ rest: { example: 2 } }),
  })
  .readonly();
export type MemoryBatchView = z.output<typeof MemoryBatchView>;

export const MemoryImportView = z
  .object({
    imported: z.int().meta({
      description: 'Memories stored by this call.',
      rest: { example: 120 },
    }),
    /** Lines whose id was already imported into this scope (a repeated import changes nothing). */
    skipped: z.int().meta({
      description: 'Lines already imported before (skipped: importing twice changes nothing).',
    }),
    memoryIds: z.array(z.string()).readonly(),
  })
  .readonly();
export type MemoryImportView = z.output<typeof MemoryImportView>;

export const IMPORT_JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;

/** A large import's progress: its parts are stored one durable job each. */
export const ImportJobView = z
  .object({
    importId: z.string().meta({ rest: { example: 'imp_8f0c1d2e3a4b5c6d7e8f9a0b1c2d3e4f_60' } }),
    state: z.enum(IMPORT_JOB_STATES).meta({
      description:
        'queued (no part started), running, done (every part stored), failed (a part gave up; `error` says why).',
    }),
    percent: z.int().meta({ description: 'Parts stored, in percent.', rest: { example: 40 } }),
    parts: z.int(),
    partsDone: z.int(),
    imported: z.int().meta({ description: 'Memories stored so far.', rest: { example: 4800 } }),
    skipped: z.int().meta({ description: 'Lines imported before, skipped.' }),
    error: z.string().nullable().meta({ description: 'Why it failed.' }),
  })
  .readonly();
export type ImportJobView = z.output<typeof ImportJobView>;

/** Why a search result ranked where it did: each signal's score and the final blend. */
export const MemoryScoreBreakdown = z
  .object({
    /** Cosine similarity of the query and memory vectors (0 to 1), or null when not among the dense candidates. */
    semantic: z
      .number()
      .nullable()
      .meta({
        description: 'Cosine similarity (0 to 1); null when not among the dense candidates.',
        rest: { description: 'Cosine similarity (0 to 1).', example: 0.62 },
      }),
    /** BM25 keyword score (unbounded, higher is better), or null when no query word matched. */
    keyword: z
      .number()
      .nullable()
      .meta({
        description: 'BM25 keyword score; null when no query word matched.',
        rest: { description: 'BM25 keyword score.', example: 3.1 },
      }),
    fused: z.number().meta({ description: 'Fused rank score before the rerank.', rest: { example: 0.032 } }),
    importance: z.number().meta({ rest: { example: 0.8 } }),
    recency: z.number().meta({
      description: '1 for a memory made now, falling towards 0 with age.',
      rest: { description: '1 for a memory made now, towards 0 with age.', example: 0.97 },
    }),
    conceptMatch: z.boolean().meta({ description: 'A concept named in the query is linked to this memory.' }),
    timeMatch: z.boolean().meta({ description: 'The query named a time and the memory falls in it.' }),
    final: z
      .number()
      .meta({ description: 'The final score results are sorted by.', rest: { example: 0.71 } }),
    /**
     * How much of the query the memory reaches by meaning rather than spelling (a synonym or a kind of a query
     * word: "drink" reaches "coffee"), 0 to 1.
     */
    meaning: z.number().meta({
      description:
        'How much of the query the memory reaches by meaning rather than spelling (WordNet), 0 to 1.',
      rest: {
        description:
          'How much of the query the memory reaches by meaning rather than spelling (WordNet: a synonym, a kind ' +
          'or a definition of a query word, as "drink" reaches "coffee"), 0 to 1.',
        example: 0.9,
      },
    }),
    slotMatch: z.boolean().meta({
      description: 'The query asks about a personal-fact slot (occupation, pet...) the memory states.',
      rest: {
        description:
          'The query asks about a personal-fact slot (occupation, residence, pet...) the memory states.',
      },
    }),
    coverage: z.number().meta({
      description: "The share of the query's content words the memory holds, 0 to 1.",
      rest: { example: 0.5 },
    }),
    /** Short human explanation, e.g. "matched words: paris, moved; high importance". */
    reasons: z
      .array(z.string())
      .readonly()
      .meta({ rest: { example: ['matched words: lisbon, moved', 'high importance'] } }),
  })
  .readonly();
export type MemoryScoreBreakdown = z.output<typeof MemoryScoreBreakdown>;

export const MemorySearchResultView = z
  .object({
    memory: MemoryView,
    score: z
      .number()
      .meta({ rest: { description: 'The final score results are sorted by.', example: 0.71 } }),
    relevance: z.number().meta({
      description: 'Calibrated relevance to the query, 0 to 1 (what `threshold` cuts on).',
      rest: {
        description:
          'Calibrated relevance to the query, 0 to 1: what `threshold` cuts on. Unlike `score`, it leaves out ' +
          'length, importance and recency.',
        example: 0.82,
      },
    }),
    scores: MemoryScoreBreakdown,
  })
  .readonly();
export type MemorySearchResultView = z.output<typeof MemorySearchResultView>;

export const MEMORY_SEARCH_STRATEGIES = ['exact', 'ann'] as const;

export const MemorySearchView = z
  .object({
    results: z.array(MemorySearchResultView).readonly(),
    count: z.int().meta({ rest: { example: 1 } }),
    query: z.string(),
    /** For the curious and the benchmarks. */
    strategy: z
      .enum(MEMORY_SEARCH_STRATEGIES)
      .meta({ description: '`exact` (scan of the user’s vectors) or `ann` (HNSW index).' }),
  })
  .readonly();
export type MemorySearchView = z.output<typeof MemorySearchView>;

/** Why a version was recorded: the memory was created, updated, or closed (its validity ended, `validTo`). */
export const MEMORY_VERSION_EVENTS = ['created', 'updated', 'closed'] as const;
export type MemoryVersionEvent = (typeof MEMORY_VERSION_EVENTS)[number];

/** A previous state of a memory; the newest version is the memory itself. */
export const MemoryVersionView = z
  .object({
    version: z.int().meta({ rest: { example: 1 } }),
    text: z.string(),
    metadata: z.record(z.string(), z.unknown()).readonly(),
    importance: z.number().meta({ rest: { example: 0.5 } }),
    category: z.string().nullable(),
    validFrom: time(),
    validTo: time().nullable(),
    /** When this version was replaced (or, for the current version, last updated). */
    recordedAt: time(),
    event: z.enum(MEMORY_VERSION_EVENTS),
  })
  .readonly();
export type MemoryVersionView = z.output<typeof MemoryVersionView>;

export const MemoryHistoryView = z
  .object({
    memoryId: z.string().meta({ rest: { example: '6f1c2a9e-3b7d-4e51-9a0c-2d8f4b6e1a73' } }),
    versions: z
      .array(MemoryVersionView)
      .readonly()
      .meta({ description: 'Oldest first; the last is the current state.' }),
  })
  .readonly();
export type MemoryHistoryView = z.output<typeof MemoryHistoryView>;

/** What a delete removed, counted by kind (memories, vectors, keywordEntries, versions, conceptLinks...). */
export const MemoryDeletionReceipt = z
  .object({
    memoryIds: z
      .array(z.string())
      .readonly()
      .meta({ rest: { example: ['6f1c2a9e-3b7d-4e51-9a0c-2d8f4b6e1a73'] } }),
    removed: z.record(z.string(), z.int()).readonly().meta({ description: 'What was removed, by kind.' }),
    deletedAt: time({ example: EXAMPLE_TIME }),
  })
  .readonly();
export type MemoryDeletionReceipt = z.output<typeof MemoryDeletionReceipt>;

/** Memories learnt per conversation: every conversation asked for, 0 when it taught none. */
export interface ConversationMemoryCountsView {
  readonly counts: Readonly<Record<string, number>>;
}

export const MemoryStatsView = z
  .object({
    memoryCount: z.int().meta({
      description:
        'Open memories of the scope: the count every screen and route shows, the same as a list’s total.',
      rest: {
        description: 'Open memories of the scope: the same count as the total_count of an unfiltered list.',
        example: 42,
      },
    }),
    closedCount: z.int().meta({
      description:
        'Facts closed since they were stored (kept for questions about the past), apart from memoryCount.',
      rest: {
        description:
          'Facts closed since they were stored (valid_to passed), counted apart from memory_count.',
        example: 3,
      },
    }),
    avgImportance: z.number().meta({ rest: { example: 0.56 } }),
    oldestTimestamp: time({ description: 'Now when there are no memories.', example: EXAMPLE_TIME }).meta({
      description: 'The oldest memory’s creation time; now when there are none.',
    }),
    conceptCount: z.int().meta({ rest: { example: 17 } }),
    relationCount: z.int().meta({ rest: { example: 23 } }),
  })
  .readonly();
export type MemoryStatsView = z.output<typeof MemoryStatsView>;

export const EmbeddingView = z
  .object({
    embedding: z
      .array(z.number())
      .readonly()
      .meta({ rest: { description: 'The configured dimension (1536 by default).' } }),
    dimension: z.int().meta({ rest: { example: 1536 } }),
    model: z.string().meta({
      description: 'The embedder that made it, e.g. `hashed-tfidf-v1` or `openai:text-embedding-3-small`.',
      rest: { example: 'hashed-tfidf-v1' },
    }),
  })
  .readonly();
export type EmbeddingView = z.output<typeof EmbeddingView>;

export interface MemoryExportPageView {
  readonly memories: readonly MemoryView[];
  /** Absent on the last page. */
  readonly nextCursor?: string;
}

export const EndUserView = z
  .object({
    endUserId: z.string().meta({ rest: { example: 'customer-42' } }),
    memoryCount: z.int().meta({ rest: { example: 12 } }),
    lastActivityAt: time({ example: EXAMPLE_TIME }),
  })
  .readonly();
export type EndUserView = z.output<typeof EndUserView>;

/** Which scope of the account holds a memory: its end user, or null for the account's own memories. */
export interface MemoryLocationView {
  readonly memoryId: string;
  readonly endUserId: string | null;
}

export const EndUserListView = z
  .object({
    endUsers: z.array(EndUserView).readonly(),
    total: z.int().meta({ description: 'End users in all pages.', rest: { example: 1 } }),
  })
  .readonly();
export type EndUserListView = z.output<typeof EndUserListView>;

export const CONCEPT_KINDS = ['person', 'place', 'organization', 'thing', 'topic'] as const;
export type ConceptKind = (typeof CONCEPT_KINDS)[number];

export const CONCEPT_RELATION_KINDS = ['co-occurrence', 'similarity'] as const;
export type ConceptRelationKind = (typeof CONCEPT_RELATION_KINDS)[number];

export const ConceptView = z
  .object({
    id: z.string(),
    name: z.string(),
    kind: z.enum(CONCEPT_KINDS),
    category: z
      .string()
      .nullable()
      .meta({ description: 'The most frequent category of its memories, for colouring.' }),
    memoryCount: z.int(),
  })
  .readonly();
export type ConceptView = z.output<typeof ConceptView>;

export const ConceptRelationView = z
  .object({
    source: z.string().meta({ description: 'A concept id.' }),
    target: z.string().meta({ description: 'A concept id.' }),
    /** Co-occurrences within memories (and similarity), higher is stronger. */
    weight: z.number(),
    kind: z.enum(CONCEPT_RELATION_KINDS),
  })
  .readonly();
export type ConceptRelationView = z.output<typeof ConceptRelationView>;

export const ConceptGraphView = z
  .object({
    concepts: z.array(ConceptView).readonly(),
    relations: z.array(ConceptRelationView).readonly(),
    truncated: z
      .boolean()
      .meta({ description: 'True when the graph was cut to maxNodes (the strongest concepts kept).' }),
  })
  .readonly();
export type ConceptGraphView = z.output<typeof ConceptGraphView>;

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

/** One value per sensitive kind, each kind required (`.partial()` for a policy's overrides). */
const perSensitiveKind = <T extends z.ZodType>(value: () => T) =>
  z.object(Object.fromEntries(SENSITIVE_KINDS.map((kind) => [kind, value()])) as { [K in SensitiveKind]: T });
const privacyActions = () => perSensitiveKind(() => z.enum(PRIVACY_ACTIONS));

/** The whole write-time privacy policy: an action for every kind. */
export const PrivacyPolicyActionsView = privacyActions()
  .readonly()
  .meta({ description: 'The account policy, every kind.' });

/** One API key's overrides of the account's policy: only the kinds it changes. */
export const KeyPrivacyOverrideView = z
  .object({
    keyId: z.string(),
    actions: privacyActions().partial().readonly().meta({ description: 'The kinds this key overrides.' }),
  })
  .readonly();
export type KeyPrivacyOverrideView = z.output<typeof KeyPrivacyOverrideView>;

/** The account's write-time privacy policy, the keys overriding it and the redactions counted per kind. */
export const PrivacyPolicyView = z
  .object({
    policy: PrivacyPolicyActionsView,
    keyOverrides: z.array(KeyPrivacyOverrideView).readonly(),
    redactionCounts: perSensitiveKind(() => z.int())
      .readonly()
      .meta({ description: 'Memories stored with each kind redacted, since the account began.' }),
  })
  .readonly();
export type PrivacyPolicyView = z.output<typeof PrivacyPolicyView>;

/** Texts screened by the policy before a durable job holds them (the asynchronous adds). */
export interface ScreenedTextsView {
  readonly texts: readonly string[];
  readonly redactions: ReadonlyArray<readonly SensitiveKind[]>;
  /** The metadata as the policy lets it be kept (absent when none was sent). */
  readonly metadata?: Record<string, unknown>;
}
