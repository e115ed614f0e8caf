import { CommonErrorCode } from '../rules/error-codes.js';
import { CommonError } from './membolt-error.js';
import { z } from 'zod';
import { distinctTexts } from './wire-schema.js';

/** What a payload is checked against: a wire shape's zod object schema (libs/contracts). */
export type PayloadContract<T extends object = object> = z.ZodType<T, object>;

/**
 * A field named `constructor` (`{"metadata": {"constructor": 1}}`) is refused by name at any depth, the answer
 * the edges give for it (a handler reading such an object as a plain record could be misled). Nesting is
 * bounded by the edges' JSON depth guard; the limit here only keeps a bus payload finite.
 */
function holdsConstructorField(value: unknown, depth = 0): boolean {
  if (typeof value !== 'object' || value === null || depth > 256) return false;
  if (Array.isArray(value)) return value.some((item) => holdsConstructorField(item, depth + 1));
  if (Object.hasOwn(value, 'constructor')) return true;
  return Object.values(value).some((field) => holdsConstructorField(field, depth + 1));
}

/** Unknown fields named in a refusal; the rest are counted. */
const UNKNOWN_FIELDS_NAMED = 5;

/**
 * Many unknown fields are refused in one short message before the schema reports each one (a message per
 * field made a 1.5 MB answer). A few go the usual way, so they are reported with the other problems of the
 * payload.
 */
function refuseManyUnknownFields(known: ReadonlySet<string>, plain: Record<string, unknown>): void {
  const unknown: string[] = [];
  let count = 0;
  for (const key of Object.keys(plain)) {
    if (known.has(key)) continue;
    count++;
    if (unknown.length < UNKNOWN_FIELDS_NAMED) unknown.push(key.length > 40 ? `${key.slice(0, 40)}…` : key);
  }
  if (count <= UNKNOWN_FIELDS_NAMED) return;
  throw new CommonError(
    CommonErrorCode.ValidationError,
    `${unknown.join(', ')} and ${count - unknown.length} more fields should not exist`,
  );
}

/**
 * Validates an untrusted payload against its contract (a `z.strictObject` of libs/contracts): unknown fields and
 * wrong types are rejected with a `validation_error` naming every problem. Used on receipt by every bus handler
 * and edge.
 */
export function validatePayload<S extends z.ZodObject>(contract: S, raw: unknown): z.output<S>;
export function validatePayload<T extends object>(contract: PayloadContract<T>, raw: unknown): T;
export function validatePayload<T extends object>(contract: PayloadContract<T>, raw: unknown): T {
  if (raw !== undefined && (typeof raw !== 'object' || raw === null || Array.isArray(raw))) {
    throw new CommonError(CommonErrorCode.ValidationError, 'The request body must be a JSON object.');
  }
  const plain = (raw ?? {}) as Record<string, unknown>;
  if (holdsConstructorField(plain)) {
    throw new CommonError(CommonErrorCode.ValidationError, '"constructor" cannot be used as a field name.');
  }
  if (!(contract instanceof z.ZodObject))
    throw new TypeError('validatePayload takes a zod object schema (a wire shape of libs/contracts)');
  return parseWithSchema(contract, plain);
}

const PROPERTY = /\$property/g;

/** The text of one problem: `$property` replaced by the field's path. */
function textOf(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys')
    return issue.keys.map((key) => `${key} should not exist`).join('; ');
  return issue.message.replace(PROPERTY, issue.path.map(String).join('.'));
}

/** Each schema's field names, read once (every request and bus message is checked against one). */
const fieldNamesOf = new WeakMap<z.ZodObject, ReadonlySet<string>>();

function fieldNames(schema: z.ZodObject): ReadonlySet<string> {
  let names = fieldNamesOf.get(schema);
  if (!names) fieldNamesOf.set(schema, (names = new Set(Object.keys(schema.shape))));
  return names;
}

/** A schema's problems in class-validator's order: unknown fields first, then each field's, each text once. */
function parseWithSchema<T>(schema: z.ZodObject, plain: Record<string, unknown>): T {
  refuseManyUnknownFields(fieldNames(schema), plain);
  const result = schema.safeParse(plain);
  if (result.success) return result.data as T;
  const unknownFirst = [...result.error.issues].sort(
    (a, b) => Number(b.code === 'unrecognized_keys') - Number(a.code === 'unrecognized_keys'),
  );
  // A field's problems arrive as one text joined by `; `: split, so a text two fields share is said once, as
  // class-validator did (two sign-in fields missing ask for both once).
  throw new CommonError(
    CommonErrorCode.ValidationError,
    distinctTexts(...unknownFirst.flatMap((issue) => textOf(issue).split('; '))),
  );
}
