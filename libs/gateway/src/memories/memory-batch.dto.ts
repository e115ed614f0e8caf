import {
  distinctTexts,
  ENTITY_ID_MAX_LENGTH,
  listOfObjects,
  listSizeProblems,
  MEMORY_BATCH_MAX,
  UpdateMemoryRequest,
} from '@membolt/contracts';
import { z } from 'zod';
import { restObjectTypeOf, type SnakeCased } from '../common/rest-object-type.js';
import { queryDoc, restQueryType } from '../common/rest-query.js';
import {
  MEMORY_SCOPE_QUERY_FIELDS,
  MemoryDeletionResponse,
  MemoryDeletionRestShape,
  MemoryResponse,
  MemoryRestShape,
} from './memory.dto.js';
import { CATEGORY_VALUE_SCHEMA, restMemoryText, restMetadata } from './memory-rest.validators.js';

/*
 * `PUT` and `DELETE /api/user/{userId}/memories/batch`: up to MEMORY_BATCH_MAX memories changed or deleted in
 * one call, each on its own (one missing id does not stop the others), answered item by item.
 */

const batchSizeTexts = (what: string) => ({
  notArray: `${what} must be an array`,
  tooFew: `${what} must hold at least 1 item`,
  tooMany: `${what} must hold at most ${MEMORY_BATCH_MAX} items`,
});

const ID_NOT_A_STRING = 'memory_id must be a string';
const ID_TOO_LONG = `memory_id must be at most ${ENTITY_ID_MAX_LENGTH} characters`;
/** A memory's id: a string of bounded length; a value that is no string breaks both rules, length first. */
const memoryIdField = () =>
  z
    .string({ error: distinctTexts(ID_TOO_LONG, ID_NOT_A_STRING) })
    .max(ENTITY_ID_MAX_LENGTH, ID_TOO_LONG)
    .meta(queryDoc(String, { example: '6f1c2a9e-3b7d-4e51-9a0c-2d8f4b6e1a73' }));

/*
 * An item's fields may be left out but not given as null (null reached the memory service and failed there):
 * the update's own rules, which refuse null.
 */
const updateItem = {
  memory_id: memoryIdField(),
  text: restMemoryText()
    .optional()
    .meta(queryDoc(String, { example: 'I moved to Porto in June 2026.' })),
  metadata: restMetadata()
    .optional()
    .meta(
      queryDoc(Object, { type: 'object', additionalProperties: true, description: 'Replaces the metadata.' }),
    ),
  importance: UpdateMemoryRequest.shape.importance.meta(queryDoc(Number, { minimum: 0, maximum: 1 })),
  category: UpdateMemoryRequest.shape.category.meta(queryDoc(String, CATEGORY_VALUE_SCHEMA)),
};
export const MemoryUpdateItemSchema = z.strictObject(updateItem);
export const MemoryUpdateItem = restQueryType('MemoryUpdateItem', updateItem);
export type MemoryUpdateItem = z.output<typeof MemoryUpdateItemSchema>;

const batchUpdate = {
  memories: listOfObjects(
    'memories',
    MemoryUpdateItemSchema,
    batchSizeTexts('memories'),
    1,
    MEMORY_BATCH_MAX,
    'arrayFirst',
  ).meta(queryDoc(Array, { type: [MemoryUpdateItem], minItems: 1, maxItems: MEMORY_BATCH_MAX })),
};
/** `PUT /api/user/{userId}/memories/batch`. */
export const BatchUpdateBodySchema = z.strictObject({ ...batchUpdate, ...MEMORY_SCOPE_QUERY_FIELDS });
export const BatchUpdateBody = restQueryType('BatchUpdateBody', {
  ...MEMORY_SCOPE_QUERY_FIELDS,
  ...batchUpdate,
});
export type BatchUpdateBody = z.output<typeof BatchUpdateBodySchema>;

const IDS_NOT_STRINGS = 'memory_ids must hold strings';
const IDS_TOO_LONG = `memory_ids must hold ids of at most ${ENTITY_ID_MAX_LENGTH} characters`;
const idListSize = listSizeProblems(batchSizeTexts('memory_ids'), 1, MEMORY_BATCH_MAX, 'arrayFirst');
/**
 * 1 to MEMORY_BATCH_MAX ids, the rules in the order the class this replaces checked them. A rule for each id is checked on the value itself when it is no list, as
 * class-validator's `each` did, so a lone string breaks only the list's rules.
 */
const memoryIdList = () =>
  z.unknown().transform((value, ctx) => {
    const each = (holds: (item: unknown) => boolean) =>
      Array.isArray(value) ? value.every(holds) : holds(value);
    const problems = [
      ...(each((item) => typeof item === 'string' && item.length <= ENTITY_ID_MAX_LENGTH)
        ? []
        : [IDS_TOO_LONG]),
      ...(each((item) => typeof item === 'string') ? [] : [IDS_NOT_STRINGS]),
      ...idListSize(value),
    ];
    if (problems.length > 0) {
      ctx.issues.push({ code: 'custom', message: distinctTexts(...problems), input: value });
      return z.NEVER;
    }
    return value as string[];
  });

const batchDelete = {
  memory_ids: memoryIdList().meta(
    queryDoc(Array, { type: [String], minItems: 1, maxItems: MEMORY_BATCH_MAX }),
  ),
};
/** `DELETE /api/user/{userId}/memories/batch`. */
export const BatchDeleteBodySchema = z.strictObject({ ...batchDelete, ...MEMORY_SCOPE_QUERY_FIELDS });
export const BatchDeleteBody = restQueryType('BatchDeleteBody', {
  ...MEMORY_SCOPE_QUERY_FIELDS,
  ...batchDelete,
});
export type BatchDeleteBody = z.output<typeof BatchDeleteBodySchema>;

const BATCH_ITEM_STATUSES = ['updated', 'deleted', 'not_found', 'invalid'] as const;
export type BatchItemStatus = (typeof BATCH_ITEM_STATUSES)[number];

/*
 * A batch's results are composed by the gateway's batch service (each item run on its own, its failure caught),
 * so their one definition is this schema; the memory and the receipt inside are the memory routes' own answers.
 */
const BatchItemShape = z.object({
  memoryId: z.string().meta({ rest: { example: '6f1c2a9e-3b7d-4e51-9a0c-2d8f4b6e1a73' } }),
  status: z.enum(BATCH_ITEM_STATUSES).meta({
    description:
      'updated / deleted: done; not_found: no such memory in this scope (nothing changed); invalid: the ' +
      'change was refused (`message` says why; nothing changed).',
  }),
  memory: MemoryRestShape.optional().meta({ description: 'After an update: the memory as it is now.' }),
  receipt: MemoryDeletionRestShape.optional().meta({ description: 'After a delete: its receipt.' }),
  error: z
    .string()
    .optional()
    .meta({ description: 'The error code, when not done.', rest: { example: 'not_found' } }),
  message: z
    .string()
    .optional()
    .meta({ description: 'Why, when not done.', rest: { example: 'Memory not found' } }),
});
export const BatchItemResponse = restObjectTypeOf<
  Omit<SnakeCased<z.output<typeof BatchItemShape>>, 'memory' | 'receipt'> & {
    memory?: MemoryResponse;
    receipt?: MemoryDeletionResponse;
  }
>('BatchItemResponse', BatchItemShape, {
  types: { memory: () => MemoryResponse, receipt: () => MemoryDeletionResponse },
});
export type BatchItemResponse = InstanceType<typeof BatchItemResponse>;

export const BatchResponse = restObjectTypeOf<{
  results: BatchItemResponse[];
  succeeded: number;
  failed: number;
}>(
  'BatchResponse',
  z.object({
    results: z.array(BatchItemShape).meta({ description: 'One result per item, in the order sent.' }),
    succeeded: z.int().meta({ description: 'Items done (updated or deleted).', rest: { example: 2 } }),
    failed: z.int().meta({ description: 'Items not done.', rest: { example: 0 } }),
  }),
  { types: { results: () => [BatchItemResponse] } },
);
export type BatchResponse = InstanceType<typeof BatchResponse>;
