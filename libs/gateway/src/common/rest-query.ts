import type { Type } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import { z } from 'zod';

/*
 * The query-string variant of rest-request.ts (docs/decisions/209-rest-queries-as-zod-schemas.md): a query
 * parameter arrives as a string, so its rule reads the string first (digits as a number, `true`/`false` as a
 * flag, a JSON text as an object; rest-request.ts and memory-rest.validators.ts) and refuses with the REST
 * API's text, `$property` standing for the parameter's name. The same rules read a JSON body that repeats a
 * query (the search body), where the number or flag arrives as itself.
 *
 * The OpenAPI document describes what a client sends (strings), which a schema's JSON Schema (what the rule
 * reads a value into) cannot say: each field states its parameter with `meta(queryDoc(type, options))`, the
 * options `@ApiProperty` takes and the type its declaration had, and `restQueryType` declares them in the
 * order given.
 */

/** Decimal digits, read as a number; anything else is left for the rule to refuse. */
const INTEGER_TEXT = /^-?\d{1,15}$/;
/** Plain digits with an optional fraction (no sign, no exponent). */
const DECIMAL_TEXT = /^\d{1,15}(\.\d{1,15})?$/;

/** An integer from `min` to `max`, given as digits or a number; `$property must be an integer from min to max`. */
export const queryInteger = (min: number, max: number) => {
  const text = `$property must be an integer from ${min} to ${max}`;
  return z.preprocess(
    (value) => (typeof value === 'string' && INTEGER_TEXT.test(value) ? Number(value) : value),
    z
      .number({ error: text })
      .refine((value) => Number.isInteger(value) && value >= min && value <= max, text),
  );
};

/** A number from `min` to `max`, given as digits (an optional fraction) or a number. */
export const queryDecimal = (min: number, max: number) => {
  const text = `$property must be a number from ${min} to ${max}`;
  return z.preprocess(
    (value) => (typeof value === 'string' && DECIMAL_TEXT.test(value) ? Number(value) : value),
    z.number({ error: text }).refine((value) => value >= min && value <= max, text),
  );
};

/** A flag: `true` or `false`, as text or as a boolean. */
export const queryFlag = () =>
  z.preprocess(
    (value) => (value === 'true' ? true : value === 'false' ? false : value),
    z.boolean({ error: '$property must be true or false' }),
  );

/** A rule of `checked`: its text (`$property` the field's name) and what holds when it is kept. */
export type Rule = readonly [text: string, holds: (value: unknown) => boolean];

/**
 * A field checked by `rules` in the order given (the order the class-validator class it replaces checked them:
 * its decorators from the last), answering every broken rule's text; the value passes on as it is.
 */
export const checked = <T>(...rules: readonly Rule[]) =>
  z.unknown().transform((value, ctx) => {
    const problems = rules.filter(([, holds]) => !holds(value)).map(([text]) => text);
    if (problems.length > 0) {
      ctx.issues.push({ code: 'custom', message: [...new Set(problems)].join('; '), input: value });
      return z.NEVER;
    }
    return value as T;
  });

/** What a query field's parameter shows: the type its declaration had and `@ApiProperty`'s options. */
export interface QueryDoc {
  readonly query: {
    readonly type: Type<unknown> | (new (...args: never[]) => unknown);
    readonly options: ApiPropertyOptions;
  };
}

/** The `meta` of a query field (`.meta(queryDoc(String, { description }))`). */
export const queryDoc = (
  type: QueryDoc['query']['type'],
  options: ApiPropertyOptions = {},
): QueryDoc & Record<string, unknown> => ({ query: { type, options } });

type Fields = Readonly<Record<string, z.ZodType>>;

/** A field accepted as it is and passed on untouched (an option a compatible client sends); null included. */
export const accepted = () => z.unknown().optional();

/**
 * The class naming a query's parameters (Nest's document reads a `@Query()` argument's class) or a body's
 * component: each field of `fields`, in their order, declared as a property of its `queryDoc` type with its
 * options; a field the schema reads as absent when missing is optional unless its options say `required`. A
 * field without a `queryDoc` is an error at start, so no parameter goes undocumented by mistake: a field the
 * schema accepts but the document leaves out (a compatibility option without effect) is left out of `fields`.
 */
export function restQueryType<F extends Fields>(
  name: string,
  fields: F,
): Type<z.output<z.ZodObject<{ -readonly [K in keyof F]: F[K] }>>> {
  const model = class {};
  // Named after its component: Nest's document names a body's component after the class.
  Object.defineProperty(model, 'name', { value: name });
  for (const [field, schema] of Object.entries(fields)) {
    const doc = (schema.meta() as Partial<QueryDoc> | undefined)?.query;
    if (doc === undefined) throw new Error(`${name}.${field} has no queryDoc meta`);
    // The type a declaration records for a decorator, which the document reads when the options name none.
    Reflect.defineMetadata('design:type', doc.type, model.prototype, field);
    // A field accepted as it is (`accepted()`) is still shown as required where the API needs it.
    const { required = !schema.safeParse(undefined).success, ...options } = doc.options;
    (required ? ApiProperty : ApiPropertyOptional)(options)(model.prototype, field);
  }
  return model as Type<z.output<z.ZodObject<{ -readonly [K in keyof F]: F[K] }>>>;
}
