import {
  distinctTexts,
  ENTITY_ID_MAX_LENGTH,
  listOfObjects,
  MEMORY_BATCH_MAX,
  MEMORY_LIST_MAX_LIMIT,
  MEMORY_SEARCH_MAX_LIMIT,
  MEMORY_SEARCH_THRESHOLD_MAX,
  optional,
  PAGE_OFFSET_MAX,
  plainObject,
} from '@membolt/contracts';
import { z } from 'zod';
import {
  accepted,
  queryDecimal,
  queryDoc,
  queryFlag,
  queryInteger,
  restQueryType,
} from '../common/rest-query.js';
import {
  restFlag,
  restMemoryText,
  restMetadata,
  restScopeId,
  restSearchQuery,
  restTime,
} from '../memories/memory-rest.validators.js';

/*
 * The bodies and queries of the Mem0-compatible routes, named as Mem0's clients send them (snake_case).
 * Options of Mem0's platform that Membolt has no counterpart for are accepted (so an unchanged client keeps
 * working) and have no effect; docs/rest-api.md ("Coming from Mem0") lists them. Each is a zod schema
 * (`…Schema`) checked in the order the class it replaced checked its fields, with the texts that class answered
 * (docs/decisions/213-rest-bodies-and-queries-as-zod-schemas.md), and a document class (restQueryType) that
 * shows the documented fields as that class did; the accepted options are left out of the document.
 */

const SCOPE_DOC = {
  user_id: 'A Membolt end user of the key’s account (Membolt’s end_user_id).',
  agent_id: 'An agent scope.',
  run_id: 'A run (session) scope.',
} as const;

/** `filters`: Mem0's v2 filter object ({AND: [...], OR: [...], user_id: ...}). */
const FILTERS_DOC = {
  type: 'object',
  additionalProperties: true,
  description:
    'Mem0 filters, e.g. {"AND": [{"user_id": "alex"}, {"agent_id": "support"}]}. The scope keys user_id, ' +
    'agent_id and run_id choose the scope.',
  example: { AND: [{ user_id: 'alex' }] },
} as const;

/** The same object both ways: the schema's fields and the document's (those it shows). */
const mem0Shape = <
  D extends Readonly<Record<string, z.ZodType>>,
  A extends Readonly<Record<string, z.ZodType>> = Record<never, never>,
>(
  name: string,
  documented: D,
  acceptedFields: A = {} as A,
) => {
  const schema = z.strictObject({ ...documented, ...acceptedFields });
  return { schema, type: restQueryType(name, documented) };
};
const acceptedAll = <K extends string>(...names: K[]) =>
  Object.fromEntries(names.map((name) => [name, accepted()])) as Record<K, ReturnType<typeof accepted>>;

const filtersObject = () => plainObject('filters must be a JSON object');
/** An expiry: a date or date-time, or null for never (kept as null). */
const expiry = () => restTime().nullable().optional();

const addBody = mem0Shape(
  'Mem0AddBody',
  {
    messages: accepted().meta(
      queryDoc(Object, {
        required: true,
        oneOf: [
          { type: 'string' },
          {
            type: 'array',
            items: {
              type: 'object',
              required: ['role', 'content'],
              properties: {
                role: { type: 'string', enum: ['user', 'assistant', 'system'] },
                content: { type: 'string' },
              },
            },
          },
        ],
        description: 'The conversation: {role, content} objects (user, assistant, system), or one string.',
        example: [{ role: 'user', content: 'I am a vegetarian and I live in Lisbon.' }],
      }),
    ),
    user_id: restScopeId().meta(queryDoc(String, { description: SCOPE_DOC.user_id, example: 'alex' })),
    agent_id: restScopeId().meta(queryDoc(String, { description: SCOPE_DOC.agent_id })),
    run_id: restScopeId().meta(queryDoc(String, { description: SCOPE_DOC.run_id })),
    app_id: accepted().meta(
      queryDoc(Object, {
        type: String,
        description: 'Not supported: Membolt has no app scope (400 when given).',
      }),
    ),
    // A null metadata is refused: the class this replaces read its JSON before its optional rule.
    metadata: restMetadata()
      .optional()
      .meta(queryDoc(Object, { type: 'object', additionalProperties: true })),
    infer: restFlag().meta(
      queryDoc(Boolean, { default: true, description: 'false stores the messages as they are.' }),
    ),
    async_mode: restFlag().meta(
      queryDoc(Boolean, {
        default: false,
        description:
          'true: answered at once with an event_id (status PENDING); the learning runs as a durable job, read at ' +
          'GET …/v1/event/{event_id}/. Mem0’s platform defaults to true; Membolt answers synchronously unless asked.',
      }),
    ),
    expiration_date: expiry().meta(
      queryDoc(String, {
        type: String,
        nullable: true,
        example: '2027-01-31',
        description:
          'When the memories this add creates expire (a date or date-time): hidden from reads after it and deleted ' +
          'by the retention sweep; null or absent: never.',
      }),
    ),
  },
  // Accepted for compatibility, no effect (see docs/rest-api.md, "Coming from Mem0").
  acceptedAll(
    'output_format',
    'version',
    'custom_categories',
    'custom_instructions',
    'agent_custom_instructions',
    'includes',
    'excludes',
    'enable_graph',
    'immutable',
    'timestamp',
    'structured_data_schema',
    'org_id',
    'project_id',
  ),
);
export const Mem0AddBodySchema = addBody.schema;
export const Mem0AddBody = addBody.type;
export type Mem0AddBody = z.output<typeof Mem0AddBodySchema>;

const searchBody = mem0Shape(
  'Mem0SearchBody',
  {
    query: restSearchQuery().meta(queryDoc(String, { example: 'What does Alex eat?' })),
    filters: optional(filtersObject()).meta(queryDoc(Object, FILTERS_DOC)),
    top_k: optional(queryInteger(1, MEMORY_SEARCH_MAX_LIMIT)).meta(
      queryDoc(Number, { default: 10, minimum: 1, maximum: MEMORY_SEARCH_MAX_LIMIT }),
    ),
    threshold: optional(queryDecimal(0, MEMORY_SEARCH_THRESHOLD_MAX)).meta(
      queryDoc(Number, {
        minimum: 0,
        maximum: MEMORY_SEARCH_THRESHOLD_MAX,
        description: 'The least query match (Membolt’s scores.fused, decision 093) a result must have.',
      }),
    ),
  },
  acceptedAll(
    'output_format',
    'rerank',
    'keyword_search',
    'fields',
    'latest_only',
    'show_expired',
    'reference_date',
    'source',
    'org_id',
    'project_id',
  ),
);
export const Mem0SearchBodySchema = searchBody.schema;
export const Mem0SearchBody = searchBody.type;
export type Mem0SearchBody = z.output<typeof Mem0SearchBodySchema>;

const getAllBody = mem0Shape(
  'Mem0GetAllBody',
  { filters: optional(filtersObject()).meta(queryDoc(Object, FILTERS_DOC)) },
  acceptedAll(
    'output_format',
    'fields',
    'latest_only',
    'show_expired',
    'start_date',
    'end_date',
    'org_id',
    'project_id',
  ),
);
export const Mem0GetAllBodySchema = getAllBody.schema;
export const Mem0GetAllBody = getAllBody.type;
export type Mem0GetAllBody = z.output<typeof Mem0GetAllBodySchema>;

const pageQuery = mem0Shape('Mem0PageQuery', {
  page: optional(queryInteger(1, PAGE_OFFSET_MAX)).meta(queryDoc(Number, { default: 1, minimum: 1 })),
  page_size: optional(queryInteger(1, MEMORY_LIST_MAX_LIMIT)).meta(
    queryDoc(Number, { default: 100, minimum: 1, maximum: MEMORY_LIST_MAX_LIMIT }),
  ),
});
export const Mem0PageQuerySchema = pageQuery.schema;
export const Mem0PageQuery = pageQuery.type;
export type Mem0PageQuery = z.output<typeof Mem0PageQuerySchema>;

const updateBody = mem0Shape(
  'Mem0UpdateBody',
  {
    text: restMemoryText()
      .optional()
      .meta(queryDoc(String, { example: 'Alex lives in Porto.' })),
    metadata: restMetadata()
      .optional()
      .meta(
        queryDoc(Object, {
          type: 'object',
          additionalProperties: true,
          description: 'Replaces the metadata.',
        }),
      ),
    expiration_date: expiry().meta(
      queryDoc(String, {
        type: String,
        nullable: true,
        example: '2027-01-31',
        description:
          'After it the memory is hidden from reads and deleted by the retention sweep; null: never.',
      }),
    ),
  },
  acceptedAll('timestamp'),
);
export const Mem0UpdateBodySchema = updateBody.schema;
export const Mem0UpdateBody = updateBody.type;
export type Mem0UpdateBody = z.output<typeof Mem0UpdateBodySchema>;

/** `DELETE /v1/memories/{id}/`: Mem0's `delete_linked` has no counterpart (versions are one memory here). */
const deleteQuery = mem0Shape('Mem0DeleteQuery', {}, { delete_linked: optional(queryFlag()) });
export const Mem0DeleteQuerySchema = deleteQuery.schema;
export const Mem0DeleteQuery = deleteQuery.type;
export type Mem0DeleteQuery = z.output<typeof Mem0DeleteQuerySchema>;

const scopeQuery = mem0Shape('Mem0ScopeQuery', {
  user_id: restScopeId().meta(queryDoc(String, { description: SCOPE_DOC.user_id })),
  agent_id: restScopeId().meta(queryDoc(String, { description: SCOPE_DOC.agent_id })),
  run_id: restScopeId().meta(queryDoc(String, { description: SCOPE_DOC.run_id })),
  app_id: accepted().meta(queryDoc(Object, { type: String, description: 'Not supported (400 when given).' })),
});
export const Mem0ScopeQuerySchema = scopeQuery.schema;
export const Mem0ScopeQuery = scopeQuery.type;
export type Mem0ScopeQuery = z.output<typeof Mem0ScopeQuerySchema>;

const ID_NOT_A_STRING = 'memory_id must be a string';
const ID_TOO_LONG = `memory_id must be at most ${ENTITY_ID_MAX_LENGTH} characters`;
/** A memory's id: a string of bounded length; a value that is no string breaks both rules, length first. */
const memoryId = () =>
  z
    .string({ error: distinctTexts(ID_TOO_LONG, ID_NOT_A_STRING) })
    .max(ENTITY_ID_MAX_LENGTH, ID_TOO_LONG)
    .meta(queryDoc(String));

const batchUpdateItem = mem0Shape('Mem0BatchUpdateItem', {
  memory_id: memoryId(),
  text: restMemoryText().meta(queryDoc(String)),
});
const Mem0BatchUpdateItemSchema = batchUpdateItem.schema;
export const Mem0BatchUpdateItem = batchUpdateItem.type;
export type Mem0BatchUpdateItem = z.output<typeof Mem0BatchUpdateItemSchema>;

const batchDeleteItem = mem0Shape('Mem0BatchDeleteItem', { memory_id: memoryId() });
const Mem0BatchDeleteItemSchema = batchDeleteItem.schema;
export const Mem0BatchDeleteItem = batchDeleteItem.type;
export type Mem0BatchDeleteItem = z.output<typeof Mem0BatchDeleteItemSchema>;

/** 1 to MEMORY_BATCH_MAX items, the size rules in the order the classes these replace checked them. */
const batchOf = <T>(item: z.ZodType<T>) =>
  listOfObjects(
    'memories',
    item,
    {
      notArray: 'memories must be an array',
      tooFew: 'memories must hold at least 1 item',
      tooMany: `memories must hold at most ${MEMORY_BATCH_MAX} items`,
    },
    1,
    MEMORY_BATCH_MAX,
    'arrayFirst',
  );

const batchUpdateBody = mem0Shape('Mem0BatchUpdateBody', {
  memories: batchOf(Mem0BatchUpdateItemSchema).meta(
    queryDoc(Array, { type: [Mem0BatchUpdateItem], maxItems: MEMORY_BATCH_MAX }),
  ),
});
export const Mem0BatchUpdateBodySchema = batchUpdateBody.schema;
export const Mem0BatchUpdateBody = batchUpdateBody.type;
export type Mem0BatchUpdateBody = z.output<typeof Mem0BatchUpdateBodySchema>;

const batchDeleteBody = mem0Shape('Mem0BatchDeleteBody', {
  memories: batchOf(Mem0BatchDeleteItemSchema).meta(
    queryDoc(Array, { type: [Mem0BatchDeleteItem], maxItems: MEMORY_BATCH_MAX }),
  ),
});
export const Mem0BatchDeleteBodySchema = batchDeleteBody.schema;
export const Mem0BatchDeleteBody = batchDeleteBody.type;
export type Mem0BatchDeleteBody = z.output<typeof Mem0BatchDeleteBodySchema>;

const MEM0_FEEDBACK = ['POSITIVE', 'NEGATIVE', 'VERY_NEGATIVE'] as const;
export type Mem0Feedback = (typeof MEM0_FEEDBACK)[number];

const REASON_NOT_A_STRING = 'feedback_reason must be a string';
const REASON_TOO_LONG = 'feedback_reason must be at most 1000 characters';
const feedbackBody = mem0Shape('Mem0FeedbackBody', {
  memory_id: memoryId(),
  // null clears the feedback, as Mem0 reads it: kept as null.
  feedback: z
    .enum(MEM0_FEEDBACK, { error: `feedback must be one of: ${MEM0_FEEDBACK.join(', ')}` })
    .nullable()
    .optional()
    .meta(queryDoc(String, { enum: MEM0_FEEDBACK, nullable: true })),
  feedback_reason: z
    .string({ error: distinctTexts(REASON_TOO_LONG, REASON_NOT_A_STRING) })
    .max(1000, REASON_TOO_LONG)
    .nullable()
    .optional()
    .meta(queryDoc(String, { type: String, nullable: true, maxLength: 1000 })),
});
export const Mem0FeedbackBodySchema = feedbackBody.schema;
export const Mem0FeedbackBody = feedbackBody.type;
export type Mem0FeedbackBody = z.output<typeof Mem0FeedbackBodySchema>;

const exportBody = mem0Shape(
  'Mem0ExportBody',
  {
    schema: plainObject('schema must be a JSON object').meta(
      queryDoc(Object, {
        type: 'object',
        additionalProperties: true,
        description: 'Recorded; not used to shape.',
      }),
    ),
    filters: filtersObject().meta(queryDoc(Object, FILTERS_DOC)),
  },
  acceptedAll('export_instructions', 'org_id', 'project_id'),
);
export const Mem0ExportBodySchema = exportBody.schema;
export const Mem0ExportBody = exportBody.type;
export type Mem0ExportBody = z.output<typeof Mem0ExportBodySchema>;

const EXPORT_ID_NOT_A_STRING = 'memory_export_id must be a string';
const EXPORT_ID_TOO_LONG = 'memory_export_id is too long';
const getExportBody = mem0Shape(
  'Mem0GetExportBody',
  {
    memory_export_id: optional(
      z
        .string({ error: distinctTexts(EXPORT_ID_TOO_LONG, EXPORT_ID_NOT_A_STRING) })
        .max(4096, EXPORT_ID_TOO_LONG),
    ).meta(queryDoc(String, { description: 'The id createMemoryExport answered.' })),
    filters: optional(filtersObject()).meta(queryDoc(Object, FILTERS_DOC)),
  },
  acceptedAll('org_id', 'project_id'),
);
export const Mem0GetExportBodySchema = getExportBody.schema;
export const Mem0GetExportBody = getExportBody.type;
export type Mem0GetExportBody = z.output<typeof Mem0GetExportBodySchema>;
