import type { Type } from '@nestjs/common';
import { ArgsType, Field, type FieldOptions, ID, InputType, type ReturnTypeFuncValue } from '@nestjs/graphql';
import { z } from 'zod';
import { graphqlTypeOf } from './graphql-object-type.js';

type FieldsOf<S extends z.ZodObject> = keyof z.output<S> & string;

/**
 * What a resolver receives for an input built from `S`: the request's fields as the contract reads them, an
 * optional one possibly null (GraphQL lets a client send null for any field it may leave out).
 */
export type GraphqlInput<S extends z.ZodObject> = {
  [K in keyof z.output<S>]: undefined extends z.output<S>[K] ? z.output<S>[K] | null : z.output<S>[K];
};

export interface GraphqlInputTypeOptions<S extends z.ZodObject> {
  readonly description?: string;
  /** Fields typed `ID` rather than `String`. */
  readonly ids?: readonly FieldsOf<S>[];
  /** The GraphQL type of a field the schema alone cannot name: a registered enum, a list checked by hand. */
  readonly types?: { readonly [K in FieldsOf<S>]?: () => ReturnTypeFuncValue };
  /** A field's description where the schema's `meta({ description })` has none, or says it for another edge. */
  readonly descriptions?: { readonly [K in FieldsOf<S>]?: string };
  /** The value GraphQL supplies for a field the client leaves out. */
  readonly defaults?: { readonly [K in FieldsOf<S>]?: z.output<S>[K] };
}

/**
 * A field's schema as a client writes it: the optional, nullable and default wrappers taken off (any of them
 * makes the field optional), and of a pipe the side that reads the input (a preprocess step's target, a
 * transform's source). The first description met on the way is the field's.
 */
function inputSideOf(schema: z.ZodType): { core: z.ZodType; optional: boolean; description?: string } {
  let core = schema;
  let optional = false;
  let description = z.globalRegistry.get(core)?.description;
  for (;;) {
    if (core instanceof z.ZodOptional || core instanceof z.ZodNullable || core instanceof z.ZodDefault) {
      optional = true;
      core = core.unwrap() as z.ZodType;
    } else if (core instanceof z.ZodReadonly) core = core.unwrap() as z.ZodType;
    else if (core instanceof z.ZodPipe)
      core = (core.in instanceof z.ZodTransform ? core.out : core.in) as z.ZodType;
    else break;
    description ??= z.globalRegistry.get(core)?.description;
  }
  return { core, optional, ...(description ? { description } : {}) };
}

/** A class whose fields are the schema's, each declared as a GraphQL input field. */
function inputFields<S extends z.ZodObject>(
  name: string,
  schema: S,
  options: GraphqlInputTypeOptions<S>,
): Type<GraphqlInput<S>> {
  const input = class {};
  // Named after its GraphQL type, for Nest's messages and a debugger.
  Object.defineProperty(input, 'name', { value: name });
  const ids = new Set<string>(options.ids ?? []);
  const types: Partial<Record<string, () => ReturnTypeFuncValue>> = options.types ?? {};
  const descriptions: Partial<Record<string, string>> = options.descriptions ?? {};
  const defaults: Partial<Record<string, unknown>> = options.defaults ?? {};
  for (const [field, fieldSchema] of Object.entries(schema.shape)) {
    const { core, optional, description: described } = inputSideOf(fieldSchema as z.ZodType);
    const named = types[field];
    const type = named ?? (ids.has(field) ? () => ID : () => graphqlTypeOf(core, `${name}.${field}`));
    if (!named) type();
    const description = descriptions[field] ?? described;
    const fieldOptions: FieldOptions = {
      nullable: optional,
      ...(description ? { description } : {}),
      ...(field in defaults ? { defaultValue: defaults[field] } : {}),
    };
    Field(type, fieldOptions)(input.prototype, field);
  }
  return input as Type<GraphqlInput<S>>;
}

/**
 * A GraphQL input type built from a contract's request schema (or a pick, omit or extension of it), so the
 * GraphQL input and the bus request share one definition: one field per schema field, optional (nullable)
 * where the schema accepts it absent or null, described by the schema's `meta({ description })`. GraphQL checks the
 * types; the bus request's schema checks the rest on receipt, with the contract's texts.
 */
export function graphqlInputType<S extends z.ZodObject>(
  name: string,
  schema: S,
  options: GraphqlInputTypeOptions<S> = {},
): Type<GraphqlInput<S>> {
  const input = inputFields(name, schema, options);
  InputType(name, options.description ? { description: options.description } : {})(input);
  return input;
}

/**
 * The same fields as a query's or mutation's own arguments (`@Args()` with no name): `name` names the class
 * only, GraphQL lists the arguments on each field that takes them.
 */
export function graphqlArgsType<S extends z.ZodObject>(
  name: string,
  schema: S,
  options: Omit<GraphqlInputTypeOptions<S>, 'description'> = {},
): Type<GraphqlInput<S>> {
  const args = inputFields(name, schema, options);
  ArgsType()(args);
  return args;
}
