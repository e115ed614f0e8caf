import { z } from 'zod';
import { ENTITY_ID_MAX_LENGTH, PAGE_OFFSET_MAX } from '../common/request-limits.js';
import {
  booleanField,
  boundedNumber,
  boundedString,
  distinctTexts,
  entityId,
  integerField,
  isoDate,
  listOfObjects,
  listSizeProblems,
  mustBeShorter,
  optional,
  plainObject,
} from '../common/wire-schema.js';
import { CONVERSATION_LIST_MAX_LIMIT } from '../rules/chat.rules.js';
import { MemoryFilterError, parseMemoryFilter } from './memory-filter.js';
import {
  CONVERSATION_TITLE_MAX_LENGTH,
  MAX_EMBEDDING_DIMENSION,
  MEMORY_BATCH_MAX,
  MEMORY_CATEGORIES,
  MEMORY_GRAPH_MAX_NODES,
  MEMORY_LIST_MAX_LIMIT,
  MEMORY_QUERY_MAX_LENGTH,
  MEMORY_SCOPE_ID_MAX_LENGTH,
  MEMORY_SEARCH_MAX_LIMIT,
  MEMORY_SEARCH_SENTENCE_LOAD_WAIT_MAX_MS,
  MEMORY_SEARCH_THRESHOLD_MAX,
  MEMORY_SORTS,
  MEMORY_SOURCES,
  MEMORY_TEXT_MAX_LENGTH,
  MemoryMessages,
  isMemoryCategoryName,
  type MemoryCategory,
} from '../rules/memory.rules.js';

/**
 * The built-in category values; "none" clears the category and travels on the bus as the literal "none". A
 * value may also name one of the account's custom categories: the memory service checks that it exists.
 */
export const MEMORY_CATEGORY_VALUES = [...MEMORY_CATEGORIES, 'none'] as const;
export type MemoryCategoryValue = MemoryCategory | 'none';

/*
 * The write requests, the search and list requests and the id requests are zod schemas (value and type under
 * one name; docs/decisions/198-memory-requests-as-zod-schemas.md). Their refusals are the texts the
 * class-validator classes they replace answered, in the same order: a class listed its own fields before the
 * ones it inherited, so each schema's fields are in that order
 * (docs/decisions/209-rest-queries-as-zod-schemas.md for the requests from the stats request on).
 */

const memoryText = () =>
  z
    .string({ error: distinctTexts(MemoryMessages.textRequired, MemoryMessages.textTooLong) })
    .trim()
    .min(1, MemoryMessages.textRequired)
    .max(MEMORY_TEXT_MAX_LENGTH, MemoryMessages.textTooLong);
const memoryMetadata = () => plainObject(MemoryMessages.metadataNotObject);
const importance = () =>
  z
    .number({ error: MemoryMessages.importanceRange })
    .min(0, MemoryMessages.importanceRange)
    .max(1, MemoryMessages.importanceRange);
const memoryCategory = () =>
  z.custom<MemoryCategoryValue>(isMemoryCategoryName, { error: MemoryMessages.categoryFormat });
const memorySource = () => z.enum(MEMORY_SOURCES, { error: MemoryMessages.unknownSource });

const EMBEDDING_TEXTS = {
  array: '$property must be an array',
  size: `$property must contain no more than ${MAX_EMBEDDING_DIMENSION} elements`,
  numbers: 'each value in $property must be a number conforming to the specified constraints',
};
/** At most MAX_EMBEDDING_DIMENSION finite numbers; the configured dimension is the memory service's check. */
const embedding = () =>
  z
    .array(z.unknown(), {
      // A value that is no list fails the list's rules, and the number rule unless it is a number itself.
      error: (issue) =>
        typeof issue.input === 'number' && Number.isFinite(issue.input)
          ? distinctTexts(EMBEDDING_TEXTS.array, EMBEDDING_TEXTS.size)
          : distinctTexts(EMBEDDING_TEXTS.array, EMBEDDING_TEXTS.size, EMBEDDING_TEXTS.numbers),
    })
    .check((ctx) => {
      const list = ctx.value;
      const problems = [
        ...(list.length > MAX_EMBEDDING_DIMENSION ? [EMBEDDING_TEXTS.size] : []),
        ...(list.every((value) => typeof value === 'number' && Number.isFinite(value))
          ? []
          : [EMBEDDING_TEXTS.numbers]),
      ];
      if (problems.length > 0)
        ctx.issues.push({ code: 'custom', message: distinctTexts(...problems), input: list });
    })
    .transform((list) => list as number[]);

const SIZE_TEXTS = {
  tooMany: `$property must contain no more than ${MEMORY_BATCH_MAX} elements`,
  tooFew: '$property must contain at least 1 elements',
  notArray: '$property must be an array',
};
const sizeProblems = listSizeProblems(SIZE_TEXTS, 1, MEMORY_BATCH_MAX);
const isObjectValue = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `memories` of an import: 1 to MEMORY_BATCH_MAX objects, whose fields the gateway's import checked. */
const importItems = () =>
  z.unknown().check((ctx) => {
    const value = ctx.value;
    const problems = [
      ...(Array.isArray(value) && value.every(isObjectValue)
        ? []
        : ['each value in $property must be an object']),
      ...sizeProblems(value),
    ];
    if (problems.length > 0)
      ctx.issues.push({ code: 'custom', message: distinctTexts(...problems), input: value });
  }) as unknown as z.ZodType<BatchMemoryItem[]>;

/** The scope fields of a request (see `MemoryScopeFields`), to spread into a request's shape. */
export const memoryScopeRequestFields = {
  endUserId: optional(boundedString(MEMORY_SCOPE_ID_MAX_LENGTH)),
  agentId: optional(boundedString(MEMORY_SCOPE_ID_MAX_LENGTH)),
  runId: optional(boundedString(MEMORY_SCOPE_ID_MAX_LENGTH)),
};

/**
 * Who a memory belongs to inside the acting account (Mem0-style scopes). The owner is always the acting
 * user (bus `meta.userId`). Without `endUserId` a call acts on the account's own memories (those with no end
 * user); with it, only on that end user's memories. `agentId` and `runId` narrow further when given, and are
 * recorded on memories created with them. A request spreads `memoryScopeRequestFields` after its own fields.
 */
export const MemoryScopeFields = z.strictObject(memoryScopeRequestFields);
export type MemoryScopeFields = z.output<typeof MemoryScopeFields>;

/** What one new memory holds (create, batch create, import), without its scope. */
export const memoryContentFields = {
  text: memoryText(),
  /** Free JSON object. `importance` inside it is honoured when the top-level field is absent. */
  metadata: optional(memoryMetadata()),
  importance: optional(importance()),
  category: optional(memoryCategory()),
  source: optional(memorySource()),
  conversationId: optional(entityId()),
  conversationTitle: optional(boundedString(CONVERSATION_TITLE_MAX_LENGTH, { lengthTextFirst: true })),
  /** Computed by the server when absent; when given it must have the configured dimension. */
  embedding: optional(embedding()),
  /** When the fact started to hold (default: now). */
  validFrom: optional(isoDate()),
  /** When the fact stopped holding; a closed fact leaves default search but stays answerable for the past. */
  validTo: optional(isoDate()),
  /** After this instant the memory is hidden from every read and the retention sweep deletes it. */
  expirationDate: optional(isoDate()),
};

/**
 * When an open memory of the same scope (end user, agent and run alike) holds the same words (case, spacing and
 * punctuation aside), answer it instead of storing a copy. Default false. In a batch, per item (an earlier item
 * of the batch counts too).
 */
const dedupe = () => optional(booleanField());

export const CreateMemoryRequest = z.strictObject({
  dedupe: dedupe(),
  ...memoryContentFields,
  ...memoryScopeRequestFields,
});
export type CreateMemoryRequest = z.output<typeof CreateMemoryRequest>;

/** One item of a batch: the scope comes from the batch request, not from each item. */
export const BatchMemoryItem = z.strictObject({
  /** Import only: the id the memory had in the exported file; a repeat import of the same id is skipped. */
  id: optional(entityId()),
  /** Import only: the original creation time. */
  createdAt: optional(isoDate()),
  ...memoryContentFields,
});
export type BatchMemoryItem = z.output<typeof BatchMemoryItem>;

/** Up to MEMORY_BATCH_MAX memories in one transaction, in one scope: all are stored or none. */
export const CreateMemoryBatchRequest = z.strictObject({
  dedupe: dedupe(),
  ...memoryScopeRequestFields,
  memories: listOfObjects('memories', BatchMemoryItem, SIZE_TEXTS, 1, MEMORY_BATCH_MAX),
});
export type CreateMemoryBatchRequest = z.output<typeof CreateMemoryBatchRequest>;

/**
 * Import of an exported file's lines (the gateway sends an NDJSON upload in batches of this size). Each line
 * was checked by the gateway's import against the rules of a new memory (stricter than `BatchMemoryItem`,
 * with the line's number in the refusal) before anything was sent; on receipt only the batch itself is checked
 * (its scope, 1 to MEMORY_BATCH_MAX objects), so an import's lines are validated once
 * (docs/decisions/194-an-import-line-is-validated-once.md).
 */
export const ImportMemoriesRequest = z.strictObject({
  ...memoryScopeRequestFields,
  memories: importItems(),
});
export type ImportMemoriesRequest = z.output<typeof ImportMemoriesRequest>;

/**
 * A large import is sent as parts, each stored by a durable job of the memory service. The id is made by
 * the gateway and ends with the number of parts (`imp_<32 hex>_<parts>`), so the status is read without a
 * record of its own; jobs are named by their owner, so another account's import is never found.
 */
export const IMPORT_ID_PATTERN = /^imp_[0-9a-f]{32}_[1-9]\d{0,4}$/;
const importId = () =>
  z
    .string({ error: 'importId is not an import id' })
    .regex(IMPORT_ID_PATTERN, 'importId is not an import id');

export const ImportPartRequest = z.strictObject({
  importId: importId(),
  index: integerField(0, 99_999),
  ...memoryScopeRequestFields,
  memories: importItems(),
});
export type ImportPartRequest = z.output<typeof ImportPartRequest>;

export const ImportJobRequest = z.strictObject({ importId: importId() });
export type ImportJobRequest = z.output<typeof ImportJobRequest>;

export const MemoryIdRequest = z.strictObject({ memoryId: entityId(), ...memoryScopeRequestFields });
export type MemoryIdRequest = z.output<typeof MemoryIdRequest>;

/** A memory named by its id alone, in any scope of the acting account (the Mem0-compatible API's calls). */
export const LocateMemoryRequest = z.strictObject({ memoryId: entityId() });
export type LocateMemoryRequest = z.output<typeof LocateMemoryRequest>;

export const GetMemoryRequest = z.strictObject({
  includeEmbedding: optional(booleanField()),
  memoryId: entityId(),
  ...memoryScopeRequestFields,
});
export type GetMemoryRequest = z.output<typeof GetMemoryRequest>;

/** A filter object in Mem0's v2 syntax (memory-filter.ts); the message names the bad part. */
const problemOfFilter = (value: unknown): string | null => {
  try {
    parseMemoryFilter(value);
    return null;
  } catch (error) {
    if (error instanceof MemoryFilterError) return error.message;
    throw error;
  }
};
const memoryFilter = () =>
  z.unknown().check((ctx) => {
    const problem = problemOfFilter(ctx.value);
    if (problem !== null) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
  }) as unknown as z.ZodType<Record<string, unknown>>;

/** Filters shared by list and search. Times are ISO 8601; the range applies to `createdAt`. */
export const memoryFilterFields = {
  ...memoryScopeRequestFields,
  category: optional(memoryCategory()),
  source: optional(memorySource()),
  createdAfter: optional(isoDate()),
  createdBefore: optional(isoDate()),
  conversationId: optional(entityId()),
  /**
   * Exact matches on metadata fields (string, number or boolean values), all of which must hold. At most
   * MEMORY_METADATA_FILTER_MAX_FIELDS fields.
   */
  metadata: optional(plainObject<Record<string, string | number | boolean>>()),
  /**
   * Conditions in Mem0's v2 filter syntax (AND / OR / NOT, operators, metadata keys; memory-filter.ts), ANDed
   * with the fields above and always inside the request's scope: a filter never widens what the call reads.
   */
  filters: optional(memoryFilter()),
  /** Include closed facts (`validTo` in the past). Default false. */
  includeClosed: optional(booleanField()),
  /** Facts as they held at this instant (includes facts closed later): "where did I live in 2023?". */
  asOf: optional(isoDate()),
  includeEmbedding: optional(booleanField()),
};
export type MemoryFilterFields = z.output<z.ZodObject<typeof memoryFilterFields>>;

export const ListMemoriesRequest = z.strictObject({
  limit: integerField(1, MEMORY_LIST_MAX_LIMIT),
  offset: integerField(0, PAGE_OFFSET_MAX),
  sort: z.enum(MEMORY_SORTS, { error: MemoryMessages.unknownSort }),
  ...memoryFilterFields,
});
export type ListMemoriesRequest = z.output<typeof ListMemoriesRequest>;

export const SearchMemoriesRequest = z.strictObject({
  /** Sent as given: not trimmed, and may be empty (the edges require words). */
  query: z
    .string({ error: distinctTexts(mustBeShorter(MEMORY_QUERY_MAX_LENGTH), MemoryMessages.queryRequired) })
    .max(MEMORY_QUERY_MAX_LENGTH, mustBeShorter(MEMORY_QUERY_MAX_LENGTH)),
  limit: integerField(1, MEMORY_SEARCH_MAX_LIMIT),
  /**
   * The least relevance a result must have (`scores.fused`: how well it matches the query in meaning and
   * words, before importance, recency and length weigh in). With it, a query nothing matches answers no
   * results rather than the nearest memories.
   */
  threshold: optional(boundedNumber(0, MEMORY_SEARCH_THRESHOLD_MAX)),
  /**
   * The longest the search waits for the sentence channel while the encoder's model must load first (its
   * thread ended after idling), in ms, when shorter than the memory service's own bound: past it the search
   * is ranked without the channel. Set by the chat for its turns (`CHAT_SENTENCE_LOAD_WAIT_MS`); the edges
   * never send it.
   */
  sentenceLoadWaitMs: optional(integerField(0, MEMORY_SEARCH_SENTENCE_LOAD_WAIT_MAX_MS)),
  ...memoryFilterFields,
});
export type SearchMemoriesRequest = z.output<typeof SearchMemoriesRequest>;

/**
 * Only the fields given change; a text change re-embeds; the previous version is kept in the history. A field
 * that is present is validated, null included: only absence means "leave it as it is" (a null text reaching
 * the service failed there with a 500). `validTo` and `expirationDate` take null: reopen the fact, never expire.
 */
export const UpdateMemoryRequest = z.strictObject({
  text: memoryText().optional(),
  /** Replaces the metadata object (importance inside it is honoured when `importance` is absent). */
  metadata: memoryMetadata().optional(),
  importance: importance().optional(),
  category: memoryCategory().optional(),
  embedding: embedding().optional(),
  validFrom: isoDate().optional(),
  /** Closes the fact (or reopens it with null). */
  validTo: isoDate().nullable().optional(),
  /** Sets when the memory expires (null: never). */
  expirationDate: isoDate().nullable().optional(),
  ...memoryScopeRequestFields,
  memoryId: entityId(),
});
export type UpdateMemoryRequest = z.output<typeof UpdateMemoryRequest>;

export const MemoryStatsRequest = z.strictObject(memoryScopeRequestFields);
export type MemoryStatsRequest = z.output<typeof MemoryStatsRequest>;

const CONVERSATION_ID_TEXTS = {
  length: `each value in $property must be shorter than or equal to ${ENTITY_ID_MAX_LENGTH} characters`,
  empty: 'each value in $property should not be empty',
  string: 'each value in $property must be a string',
  size: `$property must contain no more than ${CONVERSATION_LIST_MAX_LIMIT} elements`,
  array: '$property must be an array',
};
/**
 * At most a page of conversation ids. A rule for "each value" is checked on the value itself when it is no
 * list, as class-validator's `each` did, so a lone string breaks only the list's rules.
 */
const conversationIdList = () =>
  z.unknown().check((ctx) => {
    const value = ctx.value;
    const each = (holds: (item: unknown) => boolean) =>
      Array.isArray(value) ? value.every(holds) : holds(value);
    const problems = [
      ...(each((item) => typeof item === 'string' && item.length <= ENTITY_ID_MAX_LENGTH)
        ? []
        : [CONVERSATION_ID_TEXTS.length]),
      ...(each((item) => item !== '' && item !== null && item !== undefined)
        ? []
        : [CONVERSATION_ID_TEXTS.empty]),
      ...(each((item) => typeof item === 'string') ? [] : [CONVERSATION_ID_TEXTS.string]),
      ...(Array.isArray(value) && value.length <= CONVERSATION_LIST_MAX_LIMIT
        ? []
        : [CONVERSATION_ID_TEXTS.size]),
      ...(Array.isArray(value) ? [] : [CONVERSATION_ID_TEXTS.array]),
    ];
    if (problems.length > 0)
      ctx.issues.push({ code: 'custom', message: distinctTexts(...problems), input: value });
  }) as unknown as z.ZodType<string[]>;

/** How many memories each conversation taught: the open memories of the scope whose conversation it is. */
export const ConversationMemoryCountsRequest = z.strictObject({
  /** At most a page of conversations. */
  conversationIds: conversationIdList(),
  ...memoryScopeRequestFields,
});
export type ConversationMemoryCountsRequest = z.output<typeof ConversationMemoryCountsRequest>;

/** One page of a user's memories for export (the gateway streams the pages as NDJSON). Oldest first. */
export const ExportMemoriesRequest = z.strictObject({
  /** The `nextCursor` of the previous page; absent for the first. */
  cursor: optional(boundedString(200, { lengthTextFirst: true })),
  limit: integerField(1, MEMORY_BATCH_MAX),
  ...memoryScopeRequestFields,
});
export type ExportMemoriesRequest = z.output<typeof ExportMemoriesRequest>;

export const GenerateEmbeddingRequest = z.strictObject({ text: memoryContentFields.text });
export type GenerateEmbeddingRequest = z.output<typeof GenerateEmbeddingRequest>;

export const ListEndUsersRequest = z.strictObject({
  limit: integerField(1, MEMORY_LIST_MAX_LIMIT),
  offset: integerField(0, PAGE_OFFSET_MAX),
});
export type ListEndUsersRequest = z.output<typeof ListEndUsersRequest>;

export const DeleteEndUserRequest = z.strictObject({
  endUserId: boundedString(MEMORY_SCOPE_ID_MAX_LENGTH, { lengthTextFirst: true }),
});
export type DeleteEndUserRequest = z.output<typeof DeleteEndUserRequest>;

/**
 * Every memory of one scope: an end user's (all their agents and runs), or the memories of an agent or a run
 * (of the end user when one is named, else of the account's own). At least one of the three is required:
 * the account's own memories are not erased wholesale by this call.
 */
export const DeleteScopeRequest = z.strictObject(memoryScopeRequestFields);
export type DeleteScopeRequest = z.output<typeof DeleteScopeRequest>;

export const ConceptGraphRequest = z.strictObject({
  maxNodes: integerField(1, MEMORY_GRAPH_MAX_NODES),
  ...memoryScopeRequestFields,
});
export type ConceptGraphRequest = z.output<typeof ConceptGraphRequest>;

export const ConceptMemoriesRequest = z.strictObject({
  conceptId: entityId(),
  limit: integerField(1, MEMORY_LIST_MAX_LIMIT),
  ...memoryScopeRequestFields,
});
export type ConceptMemoriesRequest = z.output<typeof ConceptMemoriesRequest>;

/**
 * `memory.retention.preview.v1` (user): how many of the account's memories (end users included) a plan's
 * retention would remove now: the warning before a downgrade. `retentionDays` null: unlimited (none).
 */
export const RetentionPreviewRequest = z.strictObject({
  retentionDays: integerField(1, 36_500).nullable().optional(),
});
export type RetentionPreviewRequest = z.output<typeof RetentionPreviewRequest>;
