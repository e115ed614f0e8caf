import {
  MEMORY_CATEGORIES,
  MEMORY_CATEGORY_NAME_MAX_LENGTH,
  MEMORY_CATEGORY_NAME_PATTERN,
  MEMORY_LIST_DEFAULT_LIMIT,
  MEMORY_LIST_MAX_LIMIT,
  MEMORY_MESSAGE_ROLES,
  MEMORY_MESSAGES_MAX,
  MEMORY_SEARCH_DEFAULT_LIMIT,
  MEMORY_SEARCH_MAX_LIMIT,
  MEMORY_SEARCH_THRESHOLD_MAX,
  MEMORY_SORTS,
  MEMORY_SOURCES,
  MEMORY_TEXT_MAX_LENGTH,
  PAGE_OFFSET_MAX,
} from '@membolt/contracts';
import { z } from 'zod';

/*
 * The input schemas of the MCP tools (zod, as the SDK expects). They give an MCP client the shape and the
 * model a description of each argument; the REST DTOs then check the values by the same rules and with the
 * same messages as the REST routes, so both edges accept exactly the same input.
 */

export const scopeShape = {
  end_user_id: z
    .string()
    .optional()
    .describe(
      'One end user of your app (an id you choose, up to 200 characters). Without it, the tool acts on the ' +
        "account's own memories. Memories of one end user are never visible with another end user's id.",
    ),
  agent_id: z.string().optional().describe('Narrows to (and records) one agent of your app.'),
  run_id: z.string().optional().describe('Narrows to (and records) one run or session.'),
};

const metadataSchema = z
  .record(z.string(), z.unknown())
  .describe('Free-form JSON object kept with the memory (e.g. {"topic":"travel"}).');

/** Built in or one of the account's own: the REST rules then check that a custom name exists. */
const categorySchema = z.string().max(MEMORY_CATEGORY_NAME_MAX_LENGTH).regex(MEMORY_CATEGORY_NAME_PATTERN);
const CATEGORY_WORDS = `a built-in category (${MEMORY_CATEGORIES.join(', ')}) or one of the account's custom categories`;

const filtersSchema = z
  .object({
    category: categorySchema.optional().describe(`${CATEGORY_WORDS}; \`none\`: memories without a category.`),
    source: z.enum(MEMORY_SOURCES).optional().describe('Where the memory came from.'),
    created_after: z.string().optional().describe('ISO 8601 time: only memories created at or after it.'),
    created_before: z.string().optional().describe('ISO 8601 time: only memories created before it.'),
    conversation_id: z.string().optional().describe('Only memories learnt in this conversation.'),
    metadata: z
      .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
      .optional()
      .describe('Exact matches on metadata fields, e.g. {"topic":"travel"}.'),
    include_closed: z
      .boolean()
      .optional()
      .describe('Include facts that no longer hold (closed with valid_to). Default false.'),
    as_of: z
      .string()
      .optional()
      .describe('ISO 8601 time: the facts as they held at that instant (includes facts closed since).'),
  })
  .describe('Optional filters; all given filters must match.');

const memoryIdSchema = z
  .string()
  .describe('The memory id (from add_memory, search_memories or list_memories).');

const messageSchema = z.object({
  role: z.enum(MEMORY_MESSAGE_ROLES),
  content: z.string().describe('What was said.'),
});

export const addMemoryShape = {
  text: z
    .string()
    .optional()
    .describe(
      `A memory to store as it is (at most ${MEMORY_TEXT_MAX_LENGTH} characters). An open memory of the same ` +
        'scope in the same words is answered instead of a second copy. Give either text or messages.',
    ),
  messages: z
    .union([z.string(), z.array(messageSchema).max(MEMORY_MESSAGES_MAX)])
    .optional()
    .describe(
      'A conversation to learn from (a list of {role, content}, or one string said by the user). With infer ' +
        '(the default) the facts the user states are extracted and reconciled with what is already known: new ' +
        'facts are added, repeats change nothing, and a contradicted fact is closed before the new one is added.',
    ),
  infer: z
    .boolean()
    .optional()
    .describe('With messages: false stores each user and assistant message as said instead. Default true.'),
  metadata: metadataSchema.optional(),
  category: categorySchema
    .optional()
    .describe(
      `With text: the category of the memory, ${CATEGORY_WORDS} (classified automatically when absent).`,
    ),
  importance: z.number().min(0).max(1).optional().describe('With text: 0 to 1 (1 keeps it always).'),
  ...scopeShape,
};

export const searchMemoriesShape = {
  query: z.string().describe('What to look for, in plain words (e.g. "where does the user live?").'),
  limit: z
    .number()
    .int()
    .min(1)
    .max(MEMORY_SEARCH_MAX_LIMIT)
    .optional()
    .describe(`How many memories at most (default ${MEMORY_SEARCH_DEFAULT_LIMIT}).`),
  threshold: z
    .number()
    .min(0)
    .max(MEMORY_SEARCH_THRESHOLD_MAX)
    .optional()
    .describe(
      'The least relevance (`scores.fused`) a result must have; with it, nothing relevant answers an empty ' +
        'list. About 0.3 keeps related memories and drops unrelated ones.',
    ),
  filters: filtersSchema.optional(),
  ...scopeShape,
};

export const listMemoriesShape = {
  limit: z
    .number()
    .int()
    .min(1)
    .max(MEMORY_LIST_MAX_LIMIT)
    .optional()
    .describe(`Page size (default ${MEMORY_LIST_DEFAULT_LIMIT}).`),
  offset: z.number().int().min(0).max(PAGE_OFFSET_MAX).optional().describe('Memories to skip (default 0).'),
  sort: z.enum(MEMORY_SORTS).optional().describe('Order (default recent: newest first).'),
  filters: filtersSchema.optional(),
  ...scopeShape,
};

export const memoryIdShape = { memory_id: memoryIdSchema, ...scopeShape };

export const updateMemoryShape = {
  memory_id: memoryIdSchema,
  text: z.string().optional().describe('The new text (the previous version stays in the history).'),
  metadata: metadataSchema.optional(),
  category: categorySchema.optional().describe(`${CATEGORY_WORDS}; \`none\` removes the category.`),
  importance: z.number().min(0).max(1).optional(),
  valid_from: z.string().optional().describe('ISO 8601 time the fact started to hold.'),
  valid_to: z
    .string()
    .nullable()
    .optional()
    .describe('ISO 8601 time the fact stopped holding (closes it); null reopens it.'),
  ...scopeShape,
};

export const memoryStatsShape = { ...scopeShape };

type Shape = Record<string, z.ZodType>;
export type ToolArguments<S extends Shape> = z.infer<z.ZodObject<S>>;
