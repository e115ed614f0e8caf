import { isURL, isUUID } from './string-formats.js';
import { z } from 'zod';
import { distinctTexts, mustBeShorter, onStrings } from './wire-schema.js';

/*
 * More field builders of wire-schema.ts's kind: each refuses with the texts, order and number of the
 * class-validator decorators it replaces (written below each), so a request declared as a schema answers what
 * its class answered.
 */

/** A problem found by a check: pushed as one issue whose texts are already in order. */
const pushProblems = (ctx: z.core.ParsePayload<unknown>, problems: readonly string[]): void => {
  if (problems.length > 0)
    ctx.issues.push({ code: 'custom', message: distinctTexts(...problems), input: ctx.value });
};

/** A string matching `pattern` (`@Matches(pattern)`): anything else is told the pattern. */
export const matchingString = (pattern: RegExp) => {
  const text = `$property must match ${String(pattern)} regular expression`;
  return z.string({ error: text }).regex(pattern, onStrings(text));
};

/**
 * A string of `min` to `max` characters (`@IsString() @MinLength(min) @MaxLength(max)`, checked from the last
 * decorator up, as class-validator does): a value that is no string breaks all three.
 */
export const sizedString = (min: number, max: number) => {
  const longer = `$property must be longer than or equal to ${min} characters`;
  return z
    .string({ error: distinctTexts(mustBeShorter(max), longer, '$property must be a string') })
    .max(max, onStrings(mustBeShorter(max)))
    .min(min, onStrings(longer));
};

/**
 * A non-empty string of at most `max` characters in the order `@IsString() @IsNotEmpty() @MaxLength(max)`
 * reports (the last decorator first): for the ids and texts a service checks as given.
 */
export const filledString = (max: number, emptyText = '$property should not be empty') =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null || issue.input === ''
          ? distinctTexts(mustBeShorter(max), emptyText, '$property must be a string')
          : distinctTexts(mustBeShorter(max), '$property must be a string'),
    })
    .max(max, onStrings(mustBeShorter(max)))
    .min(1, onStrings(emptyText));

/**
 * An absolute http(s) URL of at most `max` characters (`@IsUrl({ require_tld: false, require_protocol: true,
 * protocols: ['http', 'https'] }) @MaxLength(max)`), untrimmed.
 */
export const urlString = (max: number) => {
  const url = '$property must be a URL address';
  return z
    .string({ error: distinctTexts(mustBeShorter(max), url) })
    .check((ctx) =>
      pushProblems(ctx, [
        ...(ctx.value.length > max ? [mustBeShorter(max)] : []),
        ...(isURL(ctx.value, { require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
          ? []
          : [url]),
      ]),
    );
};

/** A UUID (`@IsUUID()`). */
export const uuidString = () => {
  const text = '$property must be a UUID';
  return z.string({ error: text }).refine((value) => isUUID(value), text);
};

/**
 * A list of strings (`@IsString({ each: true }) @IsNotEmpty({ each: true }) @MaxLength(maxLength, { each: true })
 * @ArrayMaxSize(maxItems)`, checked from the last decorator up). As class-validator reads `each`, a value that
 * is no list is checked as one item, so only the list's size rule refuses a single string.
 */
export const stringList = (
  maxItems: number,
  maxLength: number,
  options: { readonly notEmpty?: boolean } = {},
) => {
  const tooMany = `$property must contain no more than ${maxItems} elements`;
  return z.unknown().check((ctx) => {
    const value = ctx.value;
    const items: readonly unknown[] = Array.isArray(value) ? value : [value];
    pushProblems(ctx, [
      ...(Array.isArray(value) && value.length <= maxItems ? [] : [tooMany]),
      ...(items.every((item) => typeof item === 'string' && item.length <= maxLength)
        ? []
        : [`each value in ${mustBeShorter(maxLength)}`]),
      ...(options.notEmpty && items.some((item) => item === '' || item === null || item === undefined)
        ? ['each value in $property should not be empty']
        : []),
      ...(items.every((item) => typeof item === 'string')
        ? []
        : ['each value in $property must be a string']),
    ]);
  }) as z.ZodType<string[]>;
};

/** A string matching `pattern`, `message` for anything else (`@Matches(pattern, { message })`). */
export const messageMatching = (pattern: RegExp, message: string) =>
  z.string({ error: message }).regex(pattern, onStrings(message));

/** A string of at most `max` characters told `tooLong` past it (`@IsString() @MaxLength(max, { message })`). */
export const textWithin = (max: number, tooLong: string) =>
  z.string({ error: distinctTexts(tooLong, '$property must be a string') }).max(max, onStrings(tooLong));

/** A whole number, at least 0 (`@IsInt() @Min(0)`): a value that is no number breaks both. */
export const nonNegativeInteger = () => {
  const less = '$property must not be less than 0';
  const integer = '$property must be an integer number';
  return z
    .number({ error: distinctTexts(less, integer) })
    .check((ctx) =>
      pushProblems(ctx, [
        ...(ctx.value < 0 ? [less] : []),
        ...(Number.isInteger(ctx.value) ? [] : [integer]),
      ]),
    );
};

/**
 * A list of strings of at most `maxLength` characters each, `min` to `max` of them (`@IsArray()
 * [@ArrayMinSize(min)] @ArrayMaxSize(max) @IsString({ each: true }) @MaxLength(maxLength, { each: true })`,
 * checked from the last decorator up). A value that is no list is checked as one item, as class-validator's
 * `each` did.
 */
export const eachStringList = (maxLength: number, size: { readonly min?: number; readonly max: number }) => {
  const tooMany = `$property must contain no more than ${size.max} elements`;
  const tooFew = `$property must contain at least ${size.min ?? 0} elements`;
  return z.unknown().check((ctx) => {
    const value = ctx.value;
    const list = Array.isArray(value) ? value : null;
    const items: readonly unknown[] = list ?? [value];
    pushProblems(ctx, [
      ...(items.every((item) => typeof item === 'string' && item.length <= maxLength)
        ? []
        : [`each value in ${mustBeShorter(maxLength)}`]),
      ...(items.every((item) => typeof item === 'string')
        ? []
        : ['each value in $property must be a string']),
      ...(list !== null && list.length <= size.max ? [] : [tooMany]),
      ...(size.min === undefined || (list !== null && list.length >= size.min) ? [] : [tooFew]),
      ...(list !== null ? [] : ['$property must be an array']),
    ]);
  }) as unknown as z.ZodType<string[]>;
};

/**
 * Checks one field of an object against `schema` from a check of the whole object (a rule that applies only
 * when another field is absent, class-validator's `@ValidateIf`): its problems carry the field's path.
 */
export const fieldProblems = (
  ctx: z.core.ParsePayload<unknown>,
  field: string,
  schema: z.ZodType,
  value: unknown,
): void => {
  const result = schema.safeParse(value);
  if (!result.success)
    for (const issue of result.error.issues)
      ctx.issues.push({ ...issue, path: [field, ...issue.path], input: value } as z.core.$ZodRawIssue);
};
