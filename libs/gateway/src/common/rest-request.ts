import type { Type } from '@nestjs/common';
import { z } from 'zod';
import { restObjectTypeOf, snakeCase, type SnakeCase } from './rest-object-type.js';

/*
 * A REST request derived from a contract's request fields (docs/decisions/198-memory-requests-as-zod-schemas.md):
 * each field of the contract under its snake_case name, checked by the contract's own rule unless the REST API
 * has one of its own (another text, a JSON string read as an object). The contract's texts name a field as
 * `$property`, which the validation replaces with the name the body spells, so a contract rule needs no REST
 * copy. A field added to the contract's fields is in the REST body, its OpenAPI component and the SDK's types
 * without an edit here; `contractFields` maps a parsed body back to the contract's names.
 */

type Fields = Readonly<Record<string, z.ZodType>>;
type Rules<F extends Fields> = { readonly [K in keyof F]?: z.ZodType };

/** The contract's fields under their REST names, each with its REST rule where one is given. */
export type RestFields<F extends Fields, R extends Rules<F>> = {
  -readonly [K in keyof F & string as SnakeCase<K>]: K extends keyof R
    ? R[K] extends z.ZodType
      ? R[K]
      : F[K]
    : F[K];
};

export function restFields<F extends Fields, R extends Rules<F> = Record<never, never>>(
  contract: F,
  rules: R = {} as R,
): RestFields<F, R> {
  return Object.fromEntries(
    Object.entries(contract).map(([field, rule]) => [snakeCase(field), rules[field] ?? rule]),
  ) as RestFields<F, R>;
}

/**
 * Each contract field with its REST name, worked out once per set of fields: a batch or an import maps 1,000
 * items, and a regular expression per field name per item was a third of an import line's check.
 */
const restNamesByFields = new WeakMap<Fields, ReadonlyArray<readonly [string, string]>>();

function restNamesOfFields(fields: Fields): ReadonlyArray<readonly [string, string]> {
  let names = restNamesByFields.get(fields);
  if (!names) {
    names = Object.keys(fields).map((field) => [field, snakeCase(field)] as const);
    restNamesByFields.set(fields, names);
  }
  return names;
}

/** The values of a parsed body for the contract's `fields`, under the contract's names; absent ones left out. */
export function contractFields<F extends Fields>(
  fields: F,
  body: Readonly<Record<string, unknown>>,
): Partial<{ -readonly [K in keyof F]: z.output<F[K]> }> {
  const values: Record<string, unknown> = {};
  for (const [field, rest] of restNamesOfFields(fields)) {
    const value = body[rest];
    if (value !== undefined) values[field] = value;
  }
  return values as Partial<{ -readonly [K in keyof F]: z.output<F[K]> }>;
}

/**
 * The class naming a request body's OpenAPI component (`@ApiBody({ type })`, `@ApiExtraModels`): the schema's
 * JSON Schema as a request reads it. Optional fields that take null as absent are not shown as nullable; a field
 * that means something by null says so in its `meta({ rest: { nullable: true } })`.
 */
export function restRequestType<S extends z.ZodObject>(
  name: string,
  schema: S,
  options: { readonly types?: Readonly<Record<string, () => Type<unknown> | [Type<unknown>]>> } = {},
): Type<z.output<S>> {
  return restObjectTypeOf<z.output<S>>(name, schema, { ...options, io: 'input' });
}
