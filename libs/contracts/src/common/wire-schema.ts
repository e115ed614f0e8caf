import { isStrictIso8601, isURL } from './string-formats.js';
import { z } from 'zod';
import { ENTITY_ID_MAX_LENGTH } from './request-limits.js';

/*
 * A wire shape written once, as a zod schema: its TypeScript type, the validation on receipt, the GraphQL
 * object type (libs/bff graphqlObjectType) and its JSON Schema (z.toJSONSchema) all come from it
 * (docs/decisions/174-one-schema-per-wire-shape.md). The field builders below refuse with the texts the
 * class-validator contracts use, in the same order and number, so an edge answers the same message whichever
 * way a payload is declared. `$property` in a text stands for the field's path.
 */

export const mustBeShorter = (maxLength: number) =>
  `$property must be shorter than or equal to ${maxLength} characters`;
export const distinctTexts = (...texts: readonly string[]) => [...new Set(texts)].join('; ');

/**
 * A length bound for strings only: zod checks one on any value with a length (a list included), even after the
 * type failed, and class-validator's `@MaxLength` / `@IsNotEmpty` never told a list. zod reads `when` though
 * its types omit it here.
 */
export const onStrings = (error: string) =>
  ({ error, when: (payload: { readonly value: unknown }) => typeof payload.value === 'string' }) as {
    error: string;
  };

/** A value the server handed out and the client echoes back: a non-empty string of bounded length. */
export const issuedString = (maxLength: number) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? distinctTexts(
              '$property must be a string',
              '$property should not be empty',
              mustBeShorter(maxLength),
            )
          : distinctTexts('$property must be a string', mustBeShorter(maxLength)),
    })
    // Only a string is told it is empty: class-validator's `@IsNotEmpty` never said so of a list.
    .min(1, onStrings('$property should not be empty'))
    .max(maxLength, onStrings(mustBeShorter(maxLength)));

/** The id of a stored entity (key, endpoint, delivery). */
export const entityId = () => issuedString(ENTITY_ID_MAX_LENGTH);

/** Text a person types where something is required: trimmed, then required with `message`, then bounded. */
export const requiredText = (message: string, maxLength: number) =>
  z
    .string({ error: distinctTexts(message, mustBeShorter(maxLength)) })
    .trim()
    .min(1, onStrings(message))
    .max(maxLength, onStrings(mustBeShorter(maxLength)));

/**
 * A string of bounded length; `trim` removes surrounding spaces before the bound is checked. A value that is
 * no string breaks both rules, named type first, or length first where the class it replaces said so.
 */
export const boundedString = (
  maxLength: number,
  options: { readonly trim?: boolean; readonly lengthTextFirst?: boolean } = {},
) => {
  const texts = ['$property must be a string', mustBeShorter(maxLength)];
  const text = z.string({ error: distinctTexts(...(options.lengthTextFirst ? texts.reverse() : texts)) });
  return (options.trim ? text.trim() : text).max(maxLength, onStrings(mustBeShorter(maxLength)));
};

/** An http(s) URL (a host without a top-level domain allowed), trimmed; `message` when missing or no string. */
export const httpUrl = (maxLength: number, message: string) =>
  z
    .string({ error: distinctTexts('$property must be an http(s) URL', mustBeShorter(maxLength), message) })
    .trim()
    .refine(
      (url) =>
        isURL(url, {
          protocols: ['http', 'https'],
          require_protocol: true,
          require_tld: false,
          allow_underscores: true,
        }),
      '$property must be an http(s) URL',
    )
    .max(maxLength, mustBeShorter(maxLength));

/** An ISO 8601 date or date-time, checked strictly (class-validator's `@IsISO8601({ strict: true })`). */
export const isoDate = () => {
  const text = '$property must be a valid ISO 8601 date string';
  return z.string({ error: text }).refine((value) => isStrictIso8601(value), text);
};

/** A JSON object (not null, not a list), passed on as it is; `message` otherwise. */
export const plainObject = <T extends Record<string, unknown> = Record<string, unknown>>(
  message = '$property must be an object',
) =>
  z.custom<T>((value) => typeof value === 'object' && value !== null && !Array.isArray(value), {
    error: message,
  });

/** A finite number from `min` to `max` (class-validator's `@IsNumber` with `@Min` and `@Max`). */
export const boundedNumber = (min: number, max: number) => {
  const greater = `$property must not be greater than ${max}`;
  const less = `$property must not be less than ${min}`;
  return z
    .number({
      error: distinctTexts(
        greater,
        less,
        '$property must be a number conforming to the specified constraints',
      ),
    })
    .max(max, greater)
    .min(min, less);
};

export const booleanField = () => z.boolean({ error: '$property must be a boolean value' });

/** An integer between `min` and `max`; a value that is no number breaks all three rules. */
export const integerField = (min: number, max: number) => {
  const greater = `$property must not be greater than ${max}`;
  const less = `$property must not be less than ${min}`;
  const integer = '$property must be an integer number';
  return z.number({ error: distinctTexts(greater, less, integer) }).check((ctx) => {
    const value = ctx.value;
    const problems = [
      ...(value > max ? [greater] : []),
      ...(value < min ? [less] : []),
      ...(Number.isInteger(value) ? [] : [integer]),
    ];
    if (problems.length > 0)
      ctx.issues.push({ code: 'custom', message: distinctTexts(...problems), input: value });
  });
};

/**
 * A list of distinct values out of `values`, at least one: `notOneOf` and `empty` are the texts of a value
 * outside the list and of an empty list.
 */
export const distinctValuesOf = <const V extends string>(
  values: readonly [V, ...V[]],
  texts: { readonly notOneOf: string; readonly empty: string },
) => {
  const unique = "All $property's elements must be unique";
  const tooMany = `$property must contain no more than ${values.length} elements`;
  const allowed = new Set<unknown>(values);
  return z
    .array(z.unknown(), {
      error: distinctTexts(texts.notOneOf, unique, tooMany, texts.empty, '$property must be an array'),
    })
    .check((ctx) => {
      const list = ctx.value;
      const problems = [
        ...(list.some((value) => !allowed.has(value)) ? [texts.notOneOf] : []),
        ...(new Set(list).size !== list.length ? [unique] : []),
        ...(list.length > values.length ? [tooMany] : []),
        ...(list.length < 1 ? [texts.empty] : []),
      ];
      if (problems.length > 0)
        ctx.issues.push({ code: 'custom', message: distinctTexts(...problems), input: list });
    })
    .transform((list) => list as V[]);
};

/** The texts of a list's size rules: more than `max`, fewer than `min`, not a list. */
export interface ListSizeTexts {
  readonly tooMany: string;
  readonly tooFew: string;
  readonly notArray: string;
}

/**
 * What a value breaks of a list's size rules, in the order the class-validator rules they replace were checked:
 * `maxFirst` (the default) for `@IsArray @ArrayMinSize @ArrayMaxSize` written on a property (decorators apply
 * from the last), `arrayFirst` for the same rules applied in that order.
 */
export const listSizeProblems =
  (texts: ListSizeTexts, min: number, max: number, order: 'maxFirst' | 'arrayFirst' = 'maxFirst') =>
  (value: unknown): string[] => {
    const problems = [
      ...(!Array.isArray(value) || value.length > max ? [texts.tooMany] : []),
      ...(!Array.isArray(value) || value.length < min ? [texts.tooFew] : []),
      ...(Array.isArray(value) ? [] : [texts.notArray]),
    ];
    return order === 'maxFirst' ? problems : problems.reverse();
  };

const NOT_AN_ITEM = 'each value in nested property $property must be either object or array';

/**
 * A list of `min` to `max` objects, each checked against `item` (class-validator's `@ValidateNested` of a
 * class): the list's size texts, then each item's problems in the items' order, a field's own text or an
 * unknown field by its path (`memories.0.endUserId should not exist`). An item that is no object (a list
 * included) is refused; a present value that is no list is no list of items either, an absent one breaks
 * only the size rules. `field` is the list's name in those paths; `order` that of the size texts
 * (listSizeProblems).
 */
export const listOfObjects = <T>(
  field: string,
  item: z.ZodType<T>,
  texts: ListSizeTexts,
  min: number,
  max: number,
  order: 'maxFirst' | 'arrayFirst' = 'maxFirst',
) => {
  const sizeProblems = listSizeProblems(texts, min, max, order);
  return z.unknown().transform((value, ctx) => {
    const problems = sizeProblems(value);
    const items: T[] = [];
    if (!Array.isArray(value)) {
      if (value !== undefined) problems.push(NOT_AN_ITEM);
    } else {
      value.forEach((raw: unknown, index) => {
        if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
          problems.push(NOT_AN_ITEM);
          return;
        }
        const result = item.safeParse(raw);
        if (result.success) items.push(result.data);
        else
          // An item's unknown fields first, as for a whole payload (validate-payload.ts).
          for (const issue of [...result.error.issues].sort(
            (a, b) => Number(b.code === 'unrecognized_keys') - Number(a.code === 'unrecognized_keys'),
          ))
            problems.push(
              issue.code === 'unrecognized_keys'
                ? issue.keys.map((key) => `${field}.${index}.${key} should not exist`).join('; ')
                : issue.message.replace(/\$property/g, String(issue.path.at(-1) ?? field)),
            );
      });
    }
    if (problems.length > 0)
      ctx.issues.push({ code: 'custom', message: distinctTexts(...problems), input: value });
    return items;
  });
};

/** An optional field: absent or null (null reads as absent). */
export const optional = <T extends z.ZodType>(schema: T) =>
  schema
    .nullable()
    .transform((value) => (value === null ? undefined : value) as Exclude<z.output<T>, null> | undefined)
    .optional();

/** One value out of `values` (class-validator's `@IsIn`): anything else, absent included, names the list. */
export const oneOf = <const V extends string>(values: readonly [V, ...V[]]) =>
  z.enum(values, { error: `$property must be one of the following values: ${values.join(', ')}` });

/**
 * An instant, as class-transformer's `@Type(() => Date)` read it: a Date, or a string or number `new Date`
 * reads (the bus carries a Date as its ISO string); anything else, or an invalid date, is refused.
 */
export const instant = () =>
  z.preprocess(
    (value) =>
      typeof value === 'string'
        ? new Date(value)
        : typeof value === 'number' || typeof value === 'boolean'
          ? new Date(Number(value))
          : value,
    z.date({ error: '$property must be a Date instance' }),
  );

/**
 * The fields of `value` that `schema` names, and only those: a view handed to an edge whose shape leaves some
 * fields out (the owner id, an embedding) carries none of them further.
 */
export function fieldsOf<S extends z.ZodObject | z.ZodReadonly<z.ZodObject>>(
  schema: S,
  value: Readonly<Record<string, unknown>>,
): z.output<S> {
  const object: z.ZodObject = schema instanceof z.ZodReadonly ? (schema.unwrap() as z.ZodObject) : schema;
  const shape = object.shape;
  const fields: Record<string, unknown> = {};
  for (const field of Object.keys(shape)) if (value[field] !== undefined) fields[field] = value[field];
  return fields as z.output<S>;
}
