import { z } from 'zod';
import {
  distinctTexts,
  isStrictIso8601,
  optional,
  MEMORY_QUERY_MAX_LENGTH,
  MAX_EMBEDDING_DIMENSION,
  MEMORY_CATEGORY_VALUES,
  MEMORY_CATEGORY_NAME_MAX_LENGTH,
  MEMORY_CATEGORY_NAME_PATTERN,
  MEMORY_METADATA_FILTER_MAX_FIELDS,
  MEMORY_METADATA_MAX_LENGTH,
  MEMORY_SCOPE_ID_MAX_LENGTH,
  MEMORY_TEXT_MAX_LENGTH,
  MemoryMessages,
  MemoryFilterError,
  metadataShapeProblem,
  parseMemoryFilter,
  parseMemoryFilterJson,
} from '@membolt/contracts';
import { DEFAULT_MAX_JSON_DEPTH } from '@membolt/edge';

/**
 * Validators of the REST memory bodies and queries. They check the snake_case names a developer sends, with
 * the texts of memory.rules.ts, so a 400 names the field as it was written; the memory service checks the
 * mapped request again on receipt.
 */

/** Why a `metadata` value could not be used; the parsed object otherwise. */
const NOT_AN_OBJECT = Symbol('metadata-not-an-object');
const TOO_LARGE = Symbol('metadata-too-large');
const TOO_DEEP = Symbol('metadata-too-deep');

/**
 * A JSON string is parsed here, past the edge's checks of the body: it gets the same depth limit as a body
 * (a string nested 5,000 deep overflowed the stack, one nested 2,000 deep was stored). Its fields are bounded
 * by the length limit; the memory service applies the configured field and depth limits to every path.
 */
const METADATA_STRING_MAX_DEPTH = DEFAULT_MAX_JSON_DEPTH;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The metadata rule of decision 022: an object, or a string holding a JSON object; anything else (an array,
 * null, a number, malformed JSON) is refused; the compact JSON may hold at most MEMORY_METADATA_MAX_LENGTH
 * characters.
 */
function parseMetadataValue(
  value: unknown,
): Record<string, unknown> | typeof NOT_AN_OBJECT | typeof TOO_LARGE | typeof TOO_DEEP {
  let parsed: unknown = value;
  if (typeof value === 'string') {
    // Whitespace aside, a longer string cannot hold metadata within the length limit.
    if (value.length > 4 * MEMORY_METADATA_MAX_LENGTH) return TOO_LARGE;
    try {
      parsed = JSON.parse(value);
    } catch {
      return NOT_AN_OBJECT;
    }
    if (!isPlainObject(parsed)) return NOT_AN_OBJECT;
    if (
      metadataShapeProblem(parsed, {
        maxKeys: Number.POSITIVE_INFINITY,
        maxDepth: METADATA_STRING_MAX_DEPTH,
      })
    )
      return TOO_DEEP;
  }
  if (!isPlainObject(parsed)) return NOT_AN_OBJECT;
  if (JSON.stringify(parsed).length > MEMORY_METADATA_MAX_LENGTH) return TOO_LARGE;
  return parsed;
}

/** What is wrong with a `filters` value (a JSON object, or a string holding one), or null. */
function filterProblem(value: unknown): string | null {
  try {
    if (typeof value === 'string') parseMemoryFilterJson(value);
    else parseMemoryFilter(value);
    return null;
  } catch (error) {
    if (error instanceof MemoryFilterError) return error.message;
    throw error;
  }
}

/** The OpenAPI schema of a category value: a built-in one, none, or one of the account's custom names. */
export const CATEGORY_VALUE_SCHEMA = {
  type: String,
  pattern: MEMORY_CATEGORY_NAME_PATTERN.source,
  maxLength: MEMORY_CATEGORY_NAME_MAX_LENGTH,
  description:
    `A built-in category (${MEMORY_CATEGORY_VALUES.join(', ')}; none: no category) or the name of one of ` +
    "the account's custom categories (GET /api/user/{userId}/categories).",
} as const;

/*
 * The rules as zod field schemas, for the REST bodies derived from the contract's requests (memory.dto.ts,
 * rest-request.ts): only the rules whose texts or reading differ from the contract's. `$property` is the field
 * as the body spells it.
 */

const METADATA_TEXTS = new Map<unknown, string>([
  [TOO_LARGE, MemoryMessages.metadataTooLarge],
  [TOO_DEEP, `metadata nests deeper than ${METADATA_STRING_MAX_DEPTH} levels`],
]);

/** `metadata`: an object or a JSON string holding one (decision 022), read as the object. */
export const restMetadata = () =>
  z.unknown().transform((value, ctx) => {
    const parsed = parseMetadataValue(value);
    if (typeof parsed === 'symbol') {
      ctx.issues.push({
        code: 'custom',
        message: METADATA_TEXTS.get(parsed) ?? MemoryMessages.metadataNotObject,
        input: value,
      });
      return z.NEVER;
    }
    return parsed;
  });

/** Memory text, trimmed first; one text per failure. */
export const restMemoryText = () =>
  z
    .string({ error: MemoryMessages.textRequired })
    .trim()
    .min(1, MemoryMessages.textRequired)
    .max(MEMORY_TEXT_MAX_LENGTH, MemoryMessages.textTooLong);

const EMBEDDING_NUMBERS = '$property must be an array of numbers';
const EMBEDDING_SIZE = `$property must have at most ${MAX_EMBEDDING_DIMENSION} numbers`;
/** At most MAX_EMBEDDING_DIMENSION finite numbers (the configured dimension is the memory service's check). */
export const restEmbedding = () =>
  z
    .array(z.unknown(), { error: distinctTexts(EMBEDDING_NUMBERS, EMBEDDING_SIZE) })
    .check((ctx) => {
      const list = ctx.value;
      const problems = [
        ...(list.length > MAX_EMBEDDING_DIMENSION ? [EMBEDDING_SIZE] : []),
        ...(list.every((value) => typeof value === 'number' && Number.isFinite(value))
          ? []
          : [EMBEDDING_NUMBERS]),
      ];
      if (problems.length > 0)
        ctx.issues.push({ code: 'custom', message: distinctTexts(...problems), input: list });
    })
    .transform((list) => list as number[])
    .meta({ rest: { items: { type: 'number' } } });

/** An ISO 8601 date or date-time, checked strictly. */
export const restTime = () => {
  const text = '$property must be an ISO 8601 date-time';
  return z.string({ error: text }).refine((value) => isStrictIso8601(value), text);
};

/** `end_user_id`, `agent_id`, `run_id`: absent or null, or a string of bounded length. */
export const restScopeId = () => {
  const text = `$property must be a string of at most ${MEMORY_SCOPE_ID_MAX_LENGTH} characters`;
  return optional(z.string({ error: text }).max(MEMORY_SCOPE_ID_MAX_LENGTH, text));
};

/** An optional body flag: JSON `true` or `false` only (null: absent). */
export const restFlag = () => optional(z.boolean({ error: '$property must be true or false' }));

const METADATA_FILTER_TEXT = `metadata must be a JSON object of at most ${MEMORY_METADATA_FILTER_MAX_FIELDS} string, number or boolean values`;
/** A metadata filter: a JSON object (or a JSON text holding one) of string, number or boolean values. */
export const restMetadataFilter = () =>
  z.unknown().transform((value, ctx) => {
    const parsed = parseMetadataValue(value);
    if (
      typeof parsed === 'symbol' ||
      Object.keys(parsed).length > MEMORY_METADATA_FILTER_MAX_FIELDS ||
      !Object.values(parsed).every((field) => ['string', 'number', 'boolean'].includes(typeof field))
    ) {
      ctx.issues.push({ code: 'custom', message: METADATA_FILTER_TEXT, input: value });
      return z.NEVER;
    }
    return parsed as Record<string, string | number | boolean>;
  });

/**
 * `filters` in Mem0's v2 syntax (AND / OR / NOT, operators): a JSON object in a body, a URL-encoded JSON
 * string in a query, read as the object. The 400 names the bad part (`filters.AND[1].created_at: unknown
 * operator "gtx"`).
 */
export const restMemoryFilters = () =>
  z.unknown().transform((value, ctx) => {
    const problem = filterProblem(value);
    if (problem !== null) {
      ctx.issues.push({ code: 'custom', message: problem, input: value });
      return z.NEVER;
    }
    return (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;
  });

/** A search query, sent as given (not trimmed): 1 to MEMORY_QUERY_MAX_LENGTH characters. */
export const restSearchQuery = () =>
  z
    .string({ error: MemoryMessages.queryRequired })
    .min(1, MemoryMessages.queryRequired)
    .max(MEMORY_QUERY_MAX_LENGTH, `query must be at most ${MEMORY_QUERY_MAX_LENGTH} characters`);
