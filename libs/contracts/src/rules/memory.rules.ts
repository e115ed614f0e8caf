/**
 * Memory rules shared by the server and the web app (browser-safe: no class-validator, no Node imports).
 * docs/requirements/rest-gateway.md, Shapes and Limits, docs/requirements/web-app.md, States and Limits and constants.
 */

/**
 * The built-in categories every account has; a memory without a category is "uncategorised" (stored as null,
 * "none" on the wire). An account may add its own categories beside them (decision 159).
 */
export const MEMORY_CATEGORIES = ['personal', 'work', 'preference', 'interest'] as const;
export type BuiltInMemoryCategory = (typeof MEMORY_CATEGORIES)[number];
/** A memory's category: a built-in one or the name of one of its account's custom categories. */
export type MemoryCategory = string;

/** Custom categories (decision 159): a lowercase slug name and a description the classifiers read. */
export const MEMORY_CATEGORY_NAME_PATTERN = /^[a-z][a-z0-9_-]*$/;
export const MEMORY_CATEGORY_NAME_MAX_LENGTH = 40;
export const MEMORY_CATEGORY_DESCRIPTION_MAX_LENGTH = 300;
/** Custom categories one account may hold. */
export const CUSTOM_MEMORY_CATEGORIES_MAX = 50;
/** Names no custom category may take: the built-in ones and "none" (no category). */
export const RESERVED_MEMORY_CATEGORY_NAMES: readonly string[] = [...MEMORY_CATEGORIES, 'none'];

/** Where a memory came from. `memory` is the default (the spec's "source (default memory)"). */
export const MEMORY_SOURCES = ['memory', 'chat', 'file', 'api'] as const;
export type MemorySource = (typeof MEMORY_SOURCES)[number];
export const DEFAULT_MEMORY_SOURCE: MemorySource = 'memory';

/** Sort orders of a memory list (docs/requirements/web-app.md: Importance, Most Recent, Oldest First). */
export const MEMORY_SORTS = ['importance', 'recent', 'oldest'] as const;
export type MemorySort = (typeof MEMORY_SORTS)[number];
export const DEFAULT_MEMORY_SORT: MemorySort = 'recent';

export const DEFAULT_IMPORTANCE = 0.5;
/** Importance colour thresholds of the screens (docs/requirements/web-app.md, Limits and constants). */
export const IMPORTANCE_HIGH_THRESHOLD = 0.8;
export const IMPORTANCE_MEDIUM_THRESHOLD = 0.5;
/**
 * A memory of this importance is pinned: a plan's retention never deletes it (decision 102); only its expiry, its
 * own deletion or the account's does.
 */
export const PINNED_IMPORTANCE = 1;

/** The embedding size on the wire, unless the operator configures another (EMBEDDING_DIMENSION). */
export const DEFAULT_EMBEDDING_DIMENSION = 1536;
export const MAX_EMBEDDING_DIMENSION = 8192;

export const MEMORY_LIST_DEFAULT_LIMIT = 10;
export const MEMORY_LIST_MAX_LIMIT = 1000;
export const MEMORY_SEARCH_DEFAULT_LIMIT = 10;
export const MEMORY_SEARCH_MAX_LIMIT = 100;
/** Memories in one batch create or one import call. */
export const MEMORY_BATCH_MAX = 1000;
/** Longest memory text, in characters (a file chunk or a long note fits; a whole book does not). */
export const MEMORY_TEXT_MAX_LENGTH = 20_000;
/** Longest search query, in characters. */
export const MEMORY_QUERY_MAX_LENGTH = 2_000;
/** Largest metadata object, as compact JSON, in characters. */
export const MEMORY_METADATA_MAX_LENGTH = 16_384;
/** Default of MEMORY_METADATA_MAX_KEYS: fields of a metadata object, counted at every level. */
export const DEFAULT_MEMORY_METADATA_MAX_KEYS = 256;
/** Default of MEMORY_METADATA_MAX_DEPTH: nesting of a metadata object (the object itself is level 1). */
export const DEFAULT_MEMORY_METADATA_MAX_DEPTH = 16;
/** Most metadata fields one list or search may filter on. */
export const MEMORY_METADATA_FILTER_MAX_FIELDS = 10;
/** End-user, agent and run ids chosen by a developer's app. */
export const MEMORY_SCOPE_ID_MAX_LENGTH = 200;
export const CONVERSATION_TITLE_MAX_LENGTH = 200;
/** The highest search `threshold`: it cuts on a result's calibrated `relevance`, 0 to 1 (decision 104). */
export const MEMORY_SEARCH_THRESHOLD_MAX = 1;
/** The highest `sentenceLoadWaitMs` a search may ask: the memory service's own bound is lower (1.5 s). */
export const MEMORY_SEARCH_SENTENCE_LOAD_WAIT_MAX_MS = 5_000;
/**
 * The relevance the web app's search and the assistant's retrieval ask for: below it a memory bears on the
 * query too weakly to show, so a query nothing bears on answers nothing (decision 104). REST asks for none
 * unless the caller does.
 */
export const MEMORY_SEARCH_DEFAULT_THRESHOLD = 0.1;
/** Messages one "learn from messages" add may carry, and their characters together. */
export const MEMORY_MESSAGES_MAX = 100;
export const MEMORY_MESSAGES_TEXT_MAX_LENGTH = 50_000;
/** Metadata sent with messages leaves room for what each learnt memory adds (subject, value, kind, role). */
export const MEMORY_MESSAGES_METADATA_MAX_LENGTH = 15_360;
/** The roles a message to learn from may have (as in a chat: the user, the assistant, system instructions). */
export const MEMORY_MESSAGE_ROLES = ['user', 'assistant', 'system'] as const;
export type MemoryMessageRole = (typeof MEMORY_MESSAGE_ROLES)[number];
/** Most concept nodes one graph answer holds (the Memory Graph tab draws up to this many). */
export const MEMORY_GRAPH_MAX_NODES = 2000;

/** Fetch limits of the screens (docs/requirements/web-app.md, Limits and constants). */
export const MemoryScreenLimits = {
  dashboard: 10,
  chatPanel: 5,
  memoriesPage: 20,
  /** The dashboard's memory storage bar shows this maximum. */
  storageDisplayMax: 200,
} as const;

export const MemoryMessages = {
  textRequired: 'text is required',
  textTooLong: `text must be at most ${MEMORY_TEXT_MAX_LENGTH} characters`,
  queryRequired: 'query is required',
  categoryFormat:
    `category must be one of: ${MEMORY_CATEGORIES.join(', ')}, none, or the name of one of the account's ` +
    `custom categories (a lowercase slug of at most ${MEMORY_CATEGORY_NAME_MAX_LENGTH} characters)`,
  unknownCategory: (name: string) =>
    `category "${name}" is neither a built-in category (${MEMORY_CATEGORIES.join(', ')}, none) nor one of the ` +
    `account's custom categories`,
  categoryNameFormat:
    `name must be a lowercase slug (a letter, then letters, digits, - or _) of at most ` +
    `${MEMORY_CATEGORY_NAME_MAX_LENGTH} characters`,
  categoryNameReserved: (name: string) => `name "${name}" is a built-in category`,
  categoryDescriptionRequired: 'description is required',
  categoryDescriptionTooLong: `description must be at most ${MEMORY_CATEGORY_DESCRIPTION_MAX_LENGTH} characters`,
  categoryExists: (name: string) => `a custom category named "${name}" already exists`,
  categoryNotFound: 'Category not found',
  tooManyCategories: `an account may hold at most ${CUSTOM_MEMORY_CATEGORIES_MAX} custom categories`,
  unknownSource: `source must be one of: ${MEMORY_SOURCES.join(', ')}`,
  unknownSort: `sort must be one of: ${MEMORY_SORTS.join(', ')}`,
  importanceRange: 'importance must be a number from 0 to 1',
  metadataNotObject: 'metadata must be a JSON object or a string holding one',
  metadataTooLarge: `metadata must be at most ${MEMORY_METADATA_MAX_LENGTH} characters as JSON`,
  metadataTooManyKeys: (maxKeys: number) => `metadata must have at most ${maxKeys} fields`,
  metadataTooDeep: (maxDepth: number) => `metadata must nest at most ${maxDepth} levels`,
  embeddingDimension: (expected: number, got: number) =>
    `embedding must have exactly ${expected} numbers (got ${got})`,
  memoryNotFound: 'Memory not found',
  nothingToUpdate:
    'Nothing to update: give text, metadata, importance, category, embedding, valid_from or valid_to.',
  deleteConfirmation: 'Are you sure you want to delete this memory? This action cannot be undone.',
  emptyTitle: 'No memories found',
  emptyHint: 'Try adjusting your search or filter criteria',
  loadFailed: 'Failed to load memories. Please try again later.',
  chatPanelLoadFailed: 'Failed to load memories. Please try again or check your connection.',
  searchFailed: 'Failed to search memories. Please try again.',
  deleteFailed: 'Failed to delete memory. Please try again.',
  chatPanelEmpty: 'No memories yet. Start a conversation to create some!',
} as const;

/** "none" on the wire means "no category". */
export const isBuiltInMemoryCategory = (value: unknown): value is BuiltInMemoryCategory =>
  typeof value === 'string' && (MEMORY_CATEGORIES as readonly string[]).includes(value);

/** Whether a value has the shape of a category name (built-in or custom); existence is the account's matter. */
export const isMemoryCategoryName = (value: unknown): value is string =>
  typeof value === 'string' &&
  value.length <= MEMORY_CATEGORY_NAME_MAX_LENGTH &&
  MEMORY_CATEGORY_NAME_PATTERN.test(value);

/**
 * Which metadata limit a value breaks: fields counted at every level, or nesting (the object itself is level
 * 1). One walk with an explicit stack, stopping at the first problem, so a hostile value costs no more than
 * the limits and cannot overflow the call stack.
 */
export function metadataShapeProblem(
  value: unknown,
  limits: { readonly maxKeys: number; readonly maxDepth: number },
): 'keys' | 'depth' | undefined {
  let keys = 0;
  const stack: Array<{ readonly value: unknown; readonly depth: number }> = [{ value, depth: 0 }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { value: current, depth } = item;
    if (current === null || typeof current !== 'object') continue;
    if (depth + 1 > limits.maxDepth) return 'depth';
    const children: unknown[] = Array.isArray(current) ? current : Object.values(current);
    if (!Array.isArray(current)) {
      keys += children.length;
      if (keys > limits.maxKeys) return 'keys';
    }
    for (const child of children)
      if (child !== null && typeof child === 'object') stack.push({ value: child, depth: depth + 1 });
  }
  return undefined;
}
