import type { Type } from '@nestjs/common';
import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';
import { z } from 'zod';

/*
 * A REST answer's OpenAPI component derived from a contract's wire-shape schema
 * (docs/decisions/190-memory-and-search-shapes.md): the schema's JSON Schema, each field renamed to the REST
 * API's snake_case, described by its `meta({ description })` unless `meta({ rest: {...} })` says what the
 * document shows instead (another description, an example, a format). The class carries no behaviour; the
 * gateway's mappers build plain objects of its type.
 */

type ObjectSchema = z.ZodObject | z.ZodReadonly<z.ZodObject>;

/** `conceptMatch` → `concept_match`, as a type. */
export type SnakeCase<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Tail>}`
  : S;

/** An object's fields under their REST names. */
export type SnakeCased<T> = { -readonly [K in keyof T as K extends string ? SnakeCase<K> : K]: T[K] };

export const snakeCase = (name: string): string =>
  name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * Each field of a schema with its REST name, in the schema's order, worked out once per schema: every answer
 * of a list or a search maps each of its items' fields (a regular expression per field name per item cost
 * about 3 % of a REST search over 100 memories).
 */
const restNamesBySchema = new WeakMap<ObjectSchema, ReadonlyArray<readonly [string, string]>>();

/** Each field of a schema with its REST name, in the schema's order (worked out once per schema). */
export function restNamesOf(schema: ObjectSchema): ReadonlyArray<readonly [string, string]> {
  let names = restNamesBySchema.get(schema);
  if (!names) {
    // The fields `fieldsOf` reads: the object's shape, in its order.
    const object =
      schema instanceof z.ZodReadonly ? (schema.unwrap() as z.ZodObject) : (schema as z.ZodObject);
    names = Object.keys(object.shape).map((field) => [field, snakeCase(field)] as const);
    restNamesBySchema.set(schema, names);
  }
  return names;
}

/** The fields of `view` named by `schema` (and only those, as `fieldsOf`), under their REST names. */
export function snakeCasedFields<S extends ObjectSchema>(
  schema: S,
  view: z.output<S>,
): SnakeCased<z.output<S>> {
  const fields: Record<string, unknown> = {};
  const values = view as Readonly<Record<string, unknown>>;
  for (const [field, rest] of restNamesOf(schema))
    if (values[field] !== undefined) fields[rest] = values[field];
  return fields as SnakeCased<z.output<S>>;
}

/**
 * `schema` showing `value` as its example in the REST document (a contract's view holds no examples: they are
 * the REST document's). It replaces any other `rest` override the schema had.
 */
export const restExample = <S extends z.ZodType>(schema: S, value: unknown): S =>
  schema.meta({ rest: { example: value } }) as S;

export interface RestObjectTypeOptions<S extends ObjectSchema> {
  /** The type of a field the JSON Schema alone cannot name: a nested component, `[Component]` for a list. */
  readonly types?: { readonly [K in keyof z.output<S> & string]?: () => Type<unknown> | [Type<unknown>] };
  /** A request body's component (rest-request.ts): the JSON Schema of what is read, not of what is answered. */
  readonly io?: 'input' | 'output';
  /**
   * `contract`: the fields keep the contract's camelCase names, for the few answers the REST API has always
   * sent as the bus view (the public plan catalogue); `snake` (the default) renames them.
   */
  readonly casing?: 'snake' | 'contract';
}

interface JsonSchemaNode {
  [keyword: string]: unknown;
}

/**
 * zod's integer bounds and read-only marks say nothing a REST client needs; nor, in a request, does the null an
 * optional field takes as absent (`request`): only a `rest` override marks a field nullable there. The same holds
 * at every depth: a nested object's properties, a list's items and a record's values are documented alike.
 */
function documented(node: JsonSchemaNode, request = false): JsonSchemaNode {
  const {
    readOnly: _readOnly,
    rest,
    examples: _examples,
    minimum,
    maximum,
    items,
    properties,
    additionalProperties,
    nullable,
    ...kept
  } = node as JsonSchemaNode & { rest?: JsonSchemaNode };
  const nested = (child: unknown): JsonSchemaNode => documented(child as JsonSchemaNode, request);
  return {
    ...kept,
    ...(nullable !== undefined && !request ? { nullable } : {}),
    ...(minimum !== undefined && minimum !== Number.MIN_SAFE_INTEGER ? { minimum } : {}),
    ...(maximum !== undefined && maximum !== Number.MAX_SAFE_INTEGER ? { maximum } : {}),
    ...(items ? { items: nested(items) } : {}),
    ...(properties
      ? {
          properties: Object.fromEntries(
            Object.entries(properties as Record<string, unknown>).map(([name, child]) => [
              name,
              nested(child),
            ]),
          ),
        }
      : {}),
    // `additionalProperties: false` (a closed object) is kept as it is; a schema is a record's values.
    ...(additionalProperties !== undefined
      ? {
          additionalProperties:
            typeof additionalProperties === 'object' && additionalProperties !== null
              ? nested(additionalProperties)
              : additionalProperties,
        }
      : {}),
    ...(rest ?? {}),
  };
}

/**
 * Nest reads a property's `required` both as "the parent requires this property" (a boolean) and as a nested
 * object's own list of required properties (an array); given both, the boolean would erase the list. A nested
 * object keeps its list, and its place in the parent's `required` goes through `selfRequired`, the key Nest's
 * schema factory itself uses for object literals (it reads it for the parent's list and leaves it out of the
 * document).
 */
function requiredOptions(node: JsonSchemaNode, required: boolean): Record<string, unknown> {
  return Array.isArray(node.required) ? { selfRequired: required } : { required };
}

/**
 * A class whose OpenAPI component is `schema`'s fields under their snake_case names; answers typed by it are
 * the view's fields renamed (`SnakeCased`). A field that differs on the REST wire (a JSON string for an
 * object, a flag shown only when true) is the schema's `.extend(...)` at the gateway.
 */
export function restObjectType<S extends ObjectSchema>(
  name: string,
  schema: S,
  options: RestObjectTypeOptions<S> = {},
): Type<SnakeCased<z.output<S>>> {
  return restObjectTypeOf<SnakeCased<z.output<S>>>(name, schema, options);
}

/** The same, for a component with nested components (`types`): `T` is the answer's type, nested ones renamed. */
export function restObjectTypeOf<T>(
  name: string,
  schema: ObjectSchema,
  options: RestObjectTypeOptions<ObjectSchema> = {},
): Type<T> {
  const model = class {};
  // Named after its component: Nest's document names the component after the class.
  Object.defineProperty(model, 'name', { value: name });
  const io = options.io ?? 'output';
  const restName = options.casing === 'contract' ? (field: string) => field : snakeCase;
  const json = z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' }) as {
    properties: Record<string, JsonSchemaNode>;
    required?: string[];
  };
  const required = new Set(json.required ?? []);
  const types: Partial<Record<string, () => Type<unknown> | [Type<unknown>]>> = options.types ?? {};
  for (const [field, property] of Object.entries(json.properties)) {
    const named = types[field];
    const node = documented(property, io === 'input');
    const propertyOptions = named
      ? {
          type: named(),
          ...(typeof node.description === 'string' ? { description: node.description } : {}),
          ...(node.nullable === true ? { nullable: true } : {}),
          ...(node.minItems !== undefined ? { minItems: node.minItems } : {}),
          ...(node.maxItems !== undefined ? { maxItems: node.maxItems } : {}),
        }
      : node.type === undefined && node.$ref === undefined
        ? // A value of any JSON type (an object or a JSON string): Nest needs a type, and `Object` adds none.
          { ...node, type: Object }
        : node;
    ApiProperty({
      ...propertyOptions,
      ...requiredOptions(propertyOptions as JsonSchemaNode, required.has(field)),
    } as ApiPropertyOptions)(model.prototype, restName(field));
  }
  return model as Type<T>;
}
