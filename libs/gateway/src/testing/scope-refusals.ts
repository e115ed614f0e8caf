import type { Refusal } from '@membolt/contracts/testing';
import type { z } from 'zod';

/*
 * The refusals every REST body or query that takes the memory scope (MEMORY_SCOPE_QUERY_FIELDS) answers, as a
 * table a wire-schema spec spreads into its own: the texts are the class-validator classes' (decision 213), an
 * unknown field named first, then the schema's own fields, then the scope's in their order.
 */

const SCOPE_FIELDS = ['end_user_id', 'agent_id', 'run_id'] as const;
const UNKNOWN_FIELD = 'zz should not exist';
const notAScopeId = (field: string): string => `${field} must be a string of at most 200 characters`;

/**
 * Each scope field too long beside the valid `base`, and each pair of scope fields of the wrong type beside an
 * unknown field.
 */
export function scopeRefusals(schema: z.ZodObject, base: Readonly<Record<string, unknown>> = {}): Refusal[] {
  const tooLong = SCOPE_FIELDS.map((field): Refusal => [
    schema,
    { ...base, [field]: 'x'.repeat(201) },
    notAScopeId(field),
  ]);
  const pairs = (
    [
      ['end_user_id', 'agent_id'],
      ['end_user_id', 'run_id'],
      ['agent_id', 'run_id'],
    ] as const
  ).map(([first, second]): Refusal => [
    schema,
    { ...base, [first]: 5, [second]: 5, zz: 1 },
    `${UNKNOWN_FIELD}; ${notAScopeId(first)}; ${notAScopeId(second)}`,
  ]);
  return [...tooLong, ...pairs];
}

/**
 * The same for a schema with one field of its own checked before the scope: `field` is `valid` in the scope's
 * rows; given a number, or a string it does not take, it is refused with `text`, before each scope field of the
 * wrong type (a string is a valid scope id).
 */
export function ownFieldAndScopeRefusals(
  schema: z.ZodObject,
  field: string,
  { valid, text }: { readonly valid: unknown; readonly text: string },
): Refusal[] {
  return [
    ...scopeRefusals(schema, { [field]: valid }),
    ...SCOPE_FIELDS.map((scope): Refusal => [
      schema,
      { [field]: 5, [scope]: 5, zz: 1 },
      `${UNKNOWN_FIELD}; ${text}; ${notAScopeId(scope)}`,
    ]),
    [schema, { [field]: 'zz-not-valid', end_user_id: 'zz-not-valid', zz: 1 }, `${UNKNOWN_FIELD}; ${text}`],
  ];
}
