import { type ApiPropertyOptions } from '@nestjs/swagger';
import {
  DEFAULT_MEMORY_SORT,
  MEMORY_BATCH_MAX,
  MEMORY_LIST_DEFAULT_LIMIT,
  MEMORY_LIST_MAX_LIMIT,
  MEMORY_SEARCH_DEFAULT_LIMIT,
  MEMORY_SEARCH_MAX_LIMIT,
  MEMORY_SEARCH_THRESHOLD_MAX,
  MEMORY_SORTS,
  MEMORY_SOURCES,
  PAGE_OFFSET_MAX,
  ListMemoriesRequest,
  EmbeddingView,
  EndUserListView,
  EndUserView,
  IMPORT_JOB_STATES,
  ImportJobView,
  MemoryBatchView,
  MemoryDeletionReceipt,
  MemoryHistoryView,
  MemoryImportView,
  MemoryListView,
  MemoryStatsView,
  MemoryVersionView,
  MemoryScoreBreakdown,
  MemorySearchResultView,
  MemorySearchView,
  MemoryView,
  listOfObjects,
  memoryContentFields,
  memoryFilterFields,
  memoryScopeRequestFields,
  optional,
  UpdateMemoryRequest,
} from '@membolt/contracts';
import { z } from 'zod';
import { restObjectType, restObjectTypeOf, type SnakeCased } from '../common/rest-object-type.js';
import { queryDecimal, queryDoc, queryFlag, queryInteger, restQueryType } from '../common/rest-query.js';
import { restFields, restRequestType } from '../common/rest-request.js';
import {
  CATEGORY_VALUE_SCHEMA,
  restEmbedding,
  restFlag,
  restMemoryFilters,
  restMemoryText,
  restMetadata,
  restMetadataFilter,
  restScopeId,
  restSearchQuery,
  restTime,
} from './memory-rest.validators.js';

/*
 * The REST memory API's bodies, queries and answers (docs/requirements/rest-gateway.md, Shapes and Routes, decision 022):
 * snake_case on the wire, `metadata` in as an object or JSON string and out as a JSON string.
 */

const EXAMPLE_TIME = '2026-11-23T08:15:00.000Z';

// ---------------------------------------------------------------------------------------------- scopes

/*
 * The read queries are zod schemas over the contract's filter fields under their snake_case names
 * (rest-request.ts), read from a query string (rest-query.ts): a rule is written here only where the REST API
 * reads or refuses a field otherwise (scope ids, flags, times, the metadata and filter JSON, page numbers). A
 * schema lists its fields in the order the classes it replaces validated them (a class's own fields, then its
 * bases' from the first), so a refusal names its problems in the same order; its document class (`…Query`)
 * declares them in the order the document showed them (a base's fields first).
 */

const SCOPE_QUERY_DOCS = {
  endUserId: {
    description:
      "One end user of your app (a string you choose). Without it, calls act on the account's own memories.",
    example: 'customer-42',
  },
  agentId: { description: 'Narrows to (and records) one agent of your app.', example: 'support-bot' },
  runId: { description: 'Narrows to (and records) one run or session.', example: 'run-2026-11-23' },
} as const;
const JSON_OBJECT_OR_TEXT = [{ type: 'object', additionalProperties: true }, { type: 'string' }];

const filterQuery = restFields(memoryFilterFields, {
  endUserId: restScopeId().meta(queryDoc(String, SCOPE_QUERY_DOCS.endUserId)),
  agentId: restScopeId().meta(queryDoc(String, SCOPE_QUERY_DOCS.agentId)),
  runId: restScopeId().meta(queryDoc(String, SCOPE_QUERY_DOCS.runId)),
  includeEmbedding: optional(queryFlag()).meta(
    queryDoc(Boolean, { description: 'Include the 1536-number embedding.', enum: ['true', 'false'] }),
  ),
  category: memoryFilterFields.category.meta(queryDoc(String, { ...CATEGORY_VALUE_SCHEMA, example: 'none' })),
  source: memoryFilterFields.source.meta(queryDoc(String, { enum: MEMORY_SOURCES })),
  createdAfter: optional(restTime()).meta(
    queryDoc(String, { format: 'date-time', description: 'Only memories created at or after this time.' }),
  ),
  createdBefore: optional(restTime()).meta(
    queryDoc(String, { format: 'date-time', description: 'Only memories created before this time.' }),
  ),
  conversationId: memoryFilterFields.conversationId.meta(
    queryDoc(String, { description: 'Only memories of this conversation.' }),
  ),
  // A null metadata filter is refused, as the class this replaces read it (null is no JSON object).
  metadata: restMetadataFilter()
    .optional()
    .meta(
      queryDoc(Object, {
        oneOf: JSON_OBJECT_OR_TEXT,
        description: 'Exact matches on metadata fields, as a JSON object (URL-encoded).',
        example: '{"topic":"travel"}',
      }),
    ),
  filters: optional(restMemoryFilters()).meta(
    queryDoc(Object, {
      oneOf: JSON_OBJECT_OR_TEXT,
      description:
        "Conditions in Mem0's v2 filter syntax, as URL-encoded JSON: `AND`, `OR`, `NOT` (arrays of filters), " +
        'fields `created_at`, `updated_at`, `valid_from`, `valid_to`, `expiration_date`, `categories`, ' +
        '`memory_ids`, `user_id` (= end_user_id), `agent_id`, `run_id`, `metadata.<key>`, each a value (eq), ' +
        '`"*"` (present), null (absent) or `{op: value}` with op in eq, ne, in, nin, gt, gte, lt, lte, ' +
        'contains, icontains. ANDed with the other filters, always inside the scope of the call; without ' +
        'end_user_id, a top-level `user_id` names the end user.',
      example: '{"AND":[{"user_id":"customer-42"},{"created_at":{"gte":"2026-01-01"}}]}',
    }),
  ),
  includeClosed: optional(queryFlag()).meta(
    queryDoc(Boolean, {
      description: 'Include closed facts (valid_to in the past).',
      enum: ['true', 'false'],
    }),
  ),
  asOf: optional(restTime()).meta(
    queryDoc(String, {
      format: 'date-time',
      description: 'Facts as they held at this instant (includes facts closed since).',
    }),
  ),
});
const { end_user_id, agent_id, run_id, include_embedding, ...filterOnlyQuery } = filterQuery;
const scopeQuery = { end_user_id, agent_id, run_id };

/** `end_user_id`, `agent_id`, `run_id`: as query parameters on every route, or as body fields on writes. */
export const MemoryScopeQuerySchema = z.strictObject(scopeQuery);
export const MemoryScopeQuery = restQueryType('MemoryScopeQuery', scopeQuery);
export type MemoryScopeQuery = z.output<typeof MemoryScopeQuerySchema>;
/** The scope fields of a query or body that holds more, checked after that query's or body's own fields. */
export const MEMORY_SCOPE_QUERY_FIELDS = scopeQuery;

/** `GET /api/user/{userId}/memories/{id}`: the scope, and whether to include the embedding. */
const getMemoryQuery = { ...scopeQuery, include_embedding };
export const GetMemoryQuerySchema = z.strictObject({ include_embedding, ...scopeQuery });
export const GetMemoryQuery = restQueryType('GetMemoryQuery', getMemoryQuery);
export type GetMemoryQuery = z.output<typeof GetMemoryQuerySchema>;

/** Filters of list and search, in the document's order. */
const memoryFilterQuery = { ...getMemoryQuery, ...filterOnlyQuery };
/** The same, in the order they are checked (a class's inherited fields from its first base on). */
const memoryFilterChecks = { ...scopeQuery, include_embedding, ...filterOnlyQuery };
export type MemoryFilterQuery = z.output<z.ZodObject<typeof memoryFilterQuery>>;

const pageQuery = (defaultLimit: number, maxLimit: number) => ({
  limit: optional(queryInteger(1, maxLimit)).meta(
    queryDoc(Number, { default: defaultLimit, minimum: 1, maximum: maxLimit }),
  ),
  offset: optional(queryInteger(0, PAGE_OFFSET_MAX)).meta(
    queryDoc(Number, { default: 0, minimum: 0, maximum: PAGE_OFFSET_MAX }),
  ),
});

const listQuery = {
  ...pageQuery(MEMORY_LIST_DEFAULT_LIMIT, MEMORY_LIST_MAX_LIMIT),
  sort: optional(ListMemoriesRequest.shape.sort).meta(
    queryDoc(String, { enum: MEMORY_SORTS, default: DEFAULT_MEMORY_SORT }),
  ),
};
/** `GET /api/user/{userId}/memories`. */
export const ListMemoriesQuerySchema = z.strictObject({ ...listQuery, ...memoryFilterChecks });
export const ListMemoriesQuery = restQueryType('ListMemoriesQuery', { ...memoryFilterQuery, ...listQuery });
export type ListMemoriesQuery = z.output<typeof ListMemoriesQuerySchema>;

const searchQuery = {
  query: restSearchQuery().meta(
    queryDoc(String, { description: 'What to look for.', example: 'where do I live?' }),
  ),
  limit: optional(queryInteger(1, MEMORY_SEARCH_MAX_LIMIT)).meta(
    queryDoc(Number, { default: MEMORY_SEARCH_DEFAULT_LIMIT, minimum: 1, maximum: MEMORY_SEARCH_MAX_LIMIT }),
  ),
  threshold: optional(queryDecimal(0, MEMORY_SEARCH_THRESHOLD_MAX)).meta(
    queryDoc(Number, {
      type: Number,
      minimum: 0,
      maximum: MEMORY_SEARCH_THRESHOLD_MAX,
      example: 0.1,
      description:
        'The least `relevance` a result must have (0 to 1, calibrated: how likely the memory answers the query, ' +
        'from the share of its words the memory holds, the cosine, meaning and slot matches; length, importance ' +
        'and recency do not count). With it, a query that nothing bears on answers an empty list; without it ' +
        '(the default), every memory that matches at all comes back. The web app and the assistant use 0.1.',
    }),
  ),
};
/** `GET /api/user/{userId}/search`. */
export const SearchMemoriesQuerySchema = z.strictObject({ ...searchQuery, ...memoryFilterChecks });
export const SearchMemoriesQuery = restQueryType('SearchMemoriesQuery', {
  ...memoryFilterQuery,
  ...searchQuery,
});
export type SearchMemoriesQuery = z.output<typeof SearchMemoriesQuerySchema>;

const topK = {
  top_k: optional(queryInteger(1, MEMORY_SEARCH_MAX_LIMIT)).meta(
    queryDoc(Number, {
      minimum: 1,
      maximum: MEMORY_SEARCH_MAX_LIMIT,
      description: "The same as `limit` (Mem0's name); given both, they must agree.",
    }),
  ),
};
/**
 * `POST /api/user/{userId}/memories/search`: the search of GET .../search as a JSON body (long filters fit),
 * with `top_k` as Mem0 names the limit.
 */
export const SearchMemoriesBodySchema = z.strictObject({ ...topK, ...memoryFilterChecks, ...searchQuery });
export const SearchMemoriesBody = restQueryType('SearchMemoriesBody', {
  ...memoryFilterQuery,
  ...searchQuery,
  ...topK,
});
export type SearchMemoriesBody = z.output<typeof SearchMemoriesBodySchema>;

const EXPORT_FORMATS = ['ndjson', 'mem0'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const exportQuery = {
  format: optional(
    z.enum(EXPORT_FORMATS, { error: `format must be one of: ${EXPORT_FORMATS.join(', ')}` }),
  ).meta(
    queryDoc(String, {
      enum: EXPORT_FORMATS,
      default: 'ndjson',
      description:
        'ndjson: one memory JSON a line. mem0: one JSON object {"results": [...]} of memories in Mem0’s shape ' +
        '(memory, user_id, agent_id, run_id, metadata, categories, created_at...), as Mem0 exports and lists them.',
    }),
  ),
};
/** `GET /api/user/{userId}/memories/export`. */
export const ExportMemoriesQuerySchema = z.strictObject({ ...exportQuery, ...scopeQuery });
export const ExportMemoriesQuery = restQueryType('ExportMemoriesQuery', { ...scopeQuery, ...exportQuery });
export type ExportMemoriesQuery = z.output<typeof ExportMemoriesQuerySchema>;

/** `POST /api/user/{userId}/memories/import`: the scope the lines go into. */
export const ImportMemoriesQuerySchema = MemoryScopeQuerySchema;
export const ImportMemoriesQuery = restQueryType('ImportMemoriesQuery', scopeQuery);
export type ImportMemoriesQuery = MemoryScopeQuery;

const endUsersQuery = pageQuery(MEMORY_LIST_DEFAULT_LIMIT, MEMORY_LIST_MAX_LIMIT);
/** `GET /api/user/{userId}/end_users`. */
export const ListEndUsersQuerySchema = z.strictObject(endUsersQuery);
export const ListEndUsersQuery = restQueryType('ListEndUsersQuery', endUsersQuery);
export type ListEndUsersQuery = z.output<typeof ListEndUsersQuerySchema>;

/** Routes that take no query parameters refuse any. */
export const NoQuerySchema = z.strictObject({});
export const NoQuery = restQueryType('NoQuery', {});
export type NoQuery = z.output<typeof NoQuerySchema>;

// ---------------------------------------------------------------------------------------------- bodies

const CATEGORY_VALUE_DOC = { ...CATEGORY_VALUE_SCHEMA, type: 'string' };

const METADATA_DOC: ApiPropertyOptions = {
  description:
    'A JSON object, or a string holding one. `importance` inside it is used when the top-level field is absent.',
  oneOf: [{ type: 'object', additionalProperties: true }, { type: 'string' }],
  example: { topic: 'travel', importance: 0.8 },
};

const contentFields = memoryContentFields;
const time = (description?: string) =>
  restTime().meta({ rest: { format: 'date-time', ...(description ? { description } : {}) } });
const scopeDoc = {
  endUserId: restScopeId().meta({
    rest: {
      description:
        "One end user of your app (a string you choose). Without it, calls act on the account's own memories.",
      example: 'customer-42',
    },
  }),
  agentId: restScopeId().meta({
    rest: { description: 'Narrows to (and records) one agent of your app.', example: 'support-bot' },
  }),
  runId: restScopeId().meta({
    rest: { description: 'Narrows to (and records) one run or session.', example: 'run-2026-11-23' },
  }),
};

/*
 * The write bodies are the contract's request fields (memoryContentFields, memoryScopeRequestFields) under
 * their snake_case names (rest-request.ts). A rule is written here only where the REST API reads or refuses a
 * field otherwise: text (one text per failure), metadata (an object or a JSON string), embedding, times, scope
 * ids and flags (their own texts); the rest are the contract's rules. Fields are in the order the classes these
 * replace listed them, so a refusal names its problems in the same order.
 */
const newMemoryFields = restFields(contentFields, {
  text: restMemoryText().meta({ rest: { example: 'I moved to Lisbon in March 2025.' } }),
  metadata: restMetadata().optional().meta({ rest: METADATA_DOC }),
  importance: contentFields.importance.meta({ rest: { default: 0.5, example: 0.8 } }),
  category: contentFields.category.meta({ rest: { ...CATEGORY_VALUE_DOC, example: 'personal' } }),
  source: contentFields.source.meta({ rest: { default: 'memory' } }),
  embedding: optional(restEmbedding()).meta({
    rest: {
      items: { type: 'number' },
      description: 'Exactly the configured dimension (1536 by default). Computed by the server when absent.',
    },
  }),
  validFrom: optional(time('When the fact started to hold (default: now).')),
  validTo: optional(time('When the fact stopped holding.')),
  expirationDate: optional(
    time(
      'After this time the memory is hidden from every read (get, list, search, chat, export) and the ' +
        'retention sweep deletes it.',
    ),
  ),
});

/** The fields of one new memory in a batch. */
export const NewMemoryBodySchema = z.strictObject(newMemoryFields);
export const NewMemoryBody = restRequestType('NewMemoryBody', NewMemoryBodySchema);
export type NewMemoryBody = z.output<typeof NewMemoryBodySchema>;

/** `POST /api/user/{userId}/memories`. */
export const CreateMemoryBodySchema = z.strictObject({
  ...restFields(memoryScopeRequestFields, {
    endUserId: restScopeId().meta({ rest: { example: 'customer-42' } }),
    agentId: restScopeId(),
    runId: restScopeId(),
  }),
  dedupe: restFlag().meta({
    rest: {
      default: true,
      description:
        'When an open memory of the same scope (end user, agent and run alike) already holds these words ' +
        '(case, spacing and punctuation aside), answer it (200, `deduplicated: true`) instead of storing a ' +
        'copy. false always stores.',
    },
  }),
  ...newMemoryFields,
});
export const CreateMemoryBody = restRequestType('CreateMemoryBody', CreateMemoryBodySchema);
export type CreateMemoryBody = z.output<typeof CreateMemoryBodySchema>;

/** `POST /api/user/{userId}/memories/batch`: up to 1,000 memories, all stored or none. */
export const CreateMemoryBatchBodySchema = z.strictObject({
  memories: listOfObjects(
    'memories',
    NewMemoryBodySchema,
    {
      tooMany: `$property must hold at most ${MEMORY_BATCH_MAX} memories`,
      tooFew: '$property must hold at least 1 memory',
      notArray: '$property must be an array',
    },
    1,
    MEMORY_BATCH_MAX,
  ).meta({ rest: { minItems: 1, maxItems: MEMORY_BATCH_MAX } }),
  dedupe: restFlag().meta({
    rest: {
      default: true,
      description:
        'Per item: an item whose words an open memory of the scope, or an earlier item, already holds is ' +
        'answered with that memory (`deduplicated: true`) and not stored. false stores every item.',
    },
  }),
  ...restFields(memoryScopeRequestFields, scopeDoc),
});
export const CreateMemoryBatchBody = restRequestType('CreateMemoryBatchBody', CreateMemoryBatchBodySchema, {
  types: { memories: () => [NewMemoryBody] },
});
export type CreateMemoryBatchBody = z.output<typeof CreateMemoryBatchBodySchema>;

/**
 * `PUT /api/user/{userId}/memories/{id}`: only the fields given change. The contract's update fields but the
 * memory id (a path parameter) and the scope (query or body); a present field may not be null, but for
 * `valid_to` and `expiration_date`, where null reopens the fact or removes the expiry.
 */
const {
  memoryId: _memoryId,
  endUserId: _e,
  agentId: _a,
  runId: _r,
  ...updateFields
} = UpdateMemoryRequest.shape;
/** The contract's update fields an update body carries (what `toUpdateMemoryRequest` maps back). */
export const UPDATE_BODY_FIELDS = updateFields;
export const UpdateMemoryBodySchema = z.strictObject({
  ...restFields(updateFields, {
    text: restMemoryText()
      .optional()
      .meta({ rest: { example: 'I moved to Porto in June 2026.' } }),
    metadata: restMetadata()
      .optional()
      .meta({ rest: { ...METADATA_DOC, description: 'Replaces the metadata object.' } }),
    category: updateFields.category.meta({ rest: CATEGORY_VALUE_DOC }),
    embedding: restEmbedding().optional(),
    validFrom: time().optional(),
    validTo: restTime()
      .nullable()
      .optional()
      .meta({
        rest: { format: 'date-time', nullable: true, description: 'Closes the fact; null reopens it.' },
      }),
    expirationDate: restTime()
      .nullable()
      .optional()
      .meta({
        rest: {
          format: 'date-time',
          nullable: true,
          description: 'Sets when the memory expires; null: it never expires.',
        },
      }),
  }),
  ...restFields(memoryScopeRequestFields, scopeDoc),
});
export const UpdateMemoryBody = restRequestType('UpdateMemoryBody', UpdateMemoryBodySchema);
export type UpdateMemoryBody = z.output<typeof UpdateMemoryBodySchema>;

const textBody = {
  text: restMemoryText().meta(queryDoc(String, { example: 'I moved to Lisbon in March 2025.' })),
};
/** `POST /api/generate_embedding` and `POST /api/test/memory`. */
export const TextBodySchema = z.strictObject(textBody);
export const TextBody = restQueryType('TextBody', textBody);
export type TextBody = z.output<typeof TextBodySchema>;

/** `POST /api/test/database` takes no fields. */
export const EmptyBodySchema = z.strictObject({});
export const EmptyBody = restQueryType('EmptyBody', {});
export type EmptyBody = z.output<typeof EmptyBodySchema>;

// ---------------------------------------------------------------------------------------------- answers

/*
 * A memory and a search result on the REST wire: the contract's views (libs/contracts memory.views.ts) under
 * snake_case names (restObjectType). Only what the REST API shows otherwise is written here: the metadata as a
 * JSON string, `timestamp`, the category's name rule, `expiration_date` always present, `deduplicated` only
 * when true, a search result's memory fields beside its scores, and the numbered text block.
 */
const memoryFields = MemoryView.unwrap().shape;
export const MemoryRestShape = MemoryView.unwrap()
  .omit({ userId: true })
  .extend({
    metadata: z.string().meta({
      rest: {
        description: 'A JSON string (importance, category and source are folded in).',
        example: '{"topic":"travel","importance":0.8,"category":"personal","source":"api"}',
      },
    }),
    category: memoryFields.category.meta({
      rest: {
        pattern: CATEGORY_VALUE_SCHEMA.pattern,
        maxLength: CATEGORY_VALUE_SCHEMA.maxLength,
        description: 'A built-in or custom category; null: none.',
      },
    }),
    timestamp: z.string().meta({
      rest: { format: 'date-time', description: 'The same as created_at.', example: EXAMPLE_TIME },
    }),
    expirationDate: memoryFields.expirationDate.unwrap(),
  });

export const MemoryResponse = restObjectType('MemoryResponse', MemoryRestShape);
export type MemoryResponse = InstanceType<typeof MemoryResponse>;

/** What a create answers: the memory, marked when it was already stored in the same words. */
export const StoredMemoryResponse = restObjectType(
  'StoredMemoryResponse',
  MemoryRestShape.extend({
    deduplicated: z
      .literal(true)
      .optional()
      .meta({
        rest: {
          description:
            'Present (true) when an open memory already held these words: it is answered, nothing was stored.',
        },
      }),
  }),
);
export type StoredMemoryResponse = InstanceType<typeof StoredMemoryResponse>;

export const MemoryListResponse = restObjectTypeOf<
  Omit<SnakeCased<MemoryListView>, 'sort' | 'memories'> & { memories: MemoryResponse[] }
>('MemoryListResponse', MemoryListView.unwrap().omit({ sort: true }), {
  types: { memories: () => [MemoryResponse] },
});
export type MemoryListResponse = InstanceType<typeof MemoryListResponse>;

export const MemoryBatchResponse = restObjectTypeOf<{ memories: StoredMemoryResponse[]; count: number }>(
  'MemoryBatchResponse',
  MemoryBatchView,
  {
    types: { memories: () => [StoredMemoryResponse] },
  },
);
export type MemoryBatchResponse = InstanceType<typeof MemoryBatchResponse>;

/** A deletion's receipt: the removed kinds under snake_case names, and `deleted` always true. */
export const MemoryDeletionRestShape = z.object({
  deleted: z.literal(true),
  ...MemoryDeletionReceipt.unwrap().shape,
  removed: MemoryDeletionReceipt.unwrap().shape.removed.meta({
    rest: {
      description: 'What was removed, by kind.',
      example: { memories: 1, vectors: 1, keyword_entries: 1, versions: 0, concept_links: 2 },
    },
  }),
});
export const MemoryDeletionResponse = restObjectType('MemoryDeletionResponse', MemoryDeletionRestShape);
export type MemoryDeletionResponse = InstanceType<typeof MemoryDeletionResponse>;

/** A version with its metadata as a JSON string, as a memory shows it. */
export const MemoryVersionResponse = restObjectType(
  'MemoryVersionResponse',
  MemoryVersionView.unwrap().extend({
    metadata: z.string().meta({ rest: { description: 'A JSON string.', example: '{"importance":0.5}' } }),
  }),
);
export type MemoryVersionResponse = InstanceType<typeof MemoryVersionResponse>;

export const MemoryHistoryResponse = restObjectTypeOf<{
  memory_id: string;
  versions: MemoryVersionResponse[];
}>('MemoryHistoryResponse', MemoryHistoryView, { types: { versions: () => [MemoryVersionResponse] } });
export type MemoryHistoryResponse = InstanceType<typeof MemoryHistoryResponse>;

export const ScoreBreakdownResponse = restObjectType('ScoreBreakdownResponse', MemoryScoreBreakdown);
export type ScoreBreakdownResponse = InstanceType<typeof ScoreBreakdownResponse>;

const searchResultFields = MemorySearchResultView.unwrap().shape;
export const SearchResultResponse = restObjectTypeOf<
  MemoryResponse & { score: number; relevance: number; scores: ScoreBreakdownResponse }
>(
  'SearchResultResponse',
  MemoryRestShape.extend({
    score: searchResultFields.score,
    relevance: searchResultFields.relevance,
    scores: searchResultFields.scores,
  }),
  { types: { scores: () => ScoreBreakdownResponse } },
);
export type SearchResultResponse = InstanceType<typeof SearchResultResponse>;

export const SearchResponse = restObjectTypeOf<{
  results: SearchResultResponse[];
  formatted_results: string;
  count: number;
}>(
  'SearchResponse',
  MemorySearchView.unwrap()
    .pick({ results: true })
    .extend({
      formattedResults: z.string().meta({
        rest: {
          description: 'The results as a numbered text block: one line per memory, with its text and date.',
          example: '1. I moved to Lisbon in March 2025. (2026-11-23)',
        },
      }),
      count: MemorySearchView.unwrap().shape.count,
    }),
  { types: { results: () => [SearchResultResponse] } },
);
export type SearchResponse = InstanceType<typeof SearchResponse>;

export const MemoryStatsResponse = restObjectType('MemoryStatsResponse', MemoryStatsView);
export type MemoryStatsResponse = InstanceType<typeof MemoryStatsResponse>;

export const EmbeddingResponse = restObjectType('EmbeddingResponse', EmbeddingView);
export type EmbeddingResponse = InstanceType<typeof EmbeddingResponse>;

const importFields = MemoryImportView.unwrap().shape;
/** An import done in the call: what it stored and skipped, and the lines it read (its ids are not answered). */
export const MemoryImportResponse = restObjectType(
  'MemoryImportResponse',
  z.object({
    imported: importFields.imported,
    skipped: importFields.skipped,
    lines: z.int().meta({ description: 'Lines read.', rest: { example: 120 } }),
  }),
);
export type MemoryImportResponse = InstanceType<typeof MemoryImportResponse>;

const importJobFields = ImportJobView.unwrap().shape;
/**
 * A large import, queued: the 202 answer of the import (with the lines read and where to follow it), and its
 * status route (with what is stored so far); the parts are not answered.
 */
export const ImportJobResponse = restObjectType(
  'ImportJobResponse',
  z.object({
    importId: importJobFields.importId,
    status: z.enum(IMPORT_JOB_STATES),
    percent: importJobFields.percent,
    lines: z
      .int()
      .optional()
      .meta({ rest: { description: 'Lines read (in the 202 answer).', example: 12000 } }),
    imported: importJobFields.imported
      .optional()
      .meta({ rest: { description: 'Memories stored so far (status).', example: 4800 } }),
    skipped: importJobFields.skipped
      .optional()
      .meta({ rest: { description: 'Lines imported before, skipped (status).' } }),
    error: importJobFields.error.optional().meta({ rest: { description: 'Why it failed (status).' } }),
    statusUrl: z
      .string()
      .optional()
      .meta({ rest: { description: 'Where to follow it (in the 202 answer, also its Location).' } }),
  }),
);
export type ImportJobResponse = InstanceType<typeof ImportJobResponse>;

export const EndUserResponse = restObjectType('EndUserResponse', EndUserView);
export type EndUserResponse = InstanceType<typeof EndUserResponse>;

const endUserListFields = EndUserListView.unwrap().shape;
/** A page of end users: the view's list and total, with the page asked for and its size. */
export const EndUserListResponse = restObjectTypeOf<{
  end_users: EndUserResponse[];
  limit: number;
  offset: number;
  count: number;
  total_count: number;
}>(
  'EndUserListResponse',
  z.object({
    endUsers: endUserListFields.endUsers,
    limit: z.int().meta({ rest: { example: 10 } }),
    offset: z.int().meta({ rest: { example: 0 } }),
    count: z.int().meta({ rest: { example: 1 } }),
    totalCount: endUserListFields.total,
  }),
  { types: { endUsers: () => [EndUserResponse] } },
);
export type EndUserListResponse = InstanceType<typeof EndUserListResponse>;

/** A diagnostic check's answer, composed by the diagnostics controller (no service has a view of it). */
export const DiagnosticResponse = restObjectType(
  'DiagnosticResponse',
  z.object({
    ok: z.literal(true),
    check: z.string().meta({ description: 'What was checked.', rest: { example: 'embedding' } }),
    ms: z.number().meta({ description: 'How long the check took, in milliseconds.', rest: { example: 3.2 } }),
    details: z.record(z.string(), z.unknown()).optional().meta({ description: 'Details of the check.' }),
  }),
);
export type DiagnosticResponse = InstanceType<typeof DiagnosticResponse>;
