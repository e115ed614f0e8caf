import type { Type } from '@nestjs/common';
import { Field, Float, ID, Int, ObjectType, type ReturnTypeFuncValue } from '@nestjs/graphql';
import { z } from 'zod';

type ObjectSchema = z.ZodObject | z.ZodReadonly<z.ZodObject>;
type FieldsOf<S extends ObjectSchema> = keyof z.output<S> & string;

export interface GraphqlObjectTypeOptions<S extends ObjectSchema> {
  readonly description?: string;
  /** Fields typed `ID` rather than `String`. */
  readonly ids?: readonly FieldsOf<S>[];
  /** The GraphQL type of a field the schema alone cannot name: a nested object type, a registered enum. */
  readonly types?: { readonly [K in FieldsOf<S>]?: () => ReturnTypeFuncValue };
  /**
   * A field's description where the schema's `meta({ description })` has none, or words it for another edge
   * (the REST wording stays the contract's).
   */
  readonly descriptions?: { readonly [K in FieldsOf<S>]?: string };
}

const objectOf = (schema: ObjectSchema): z.ZodObject =>
  schema instanceof z.ZodReadonly ? (schema.unwrap() as z.ZodObject) : schema;

/** A field's schema without its wrappers, whether it may be null, and the first description met. */
function unwrapped(schema: z.ZodType): { core: z.ZodType; nullable: boolean; description?: string } {
  let core = schema;
  let nullable = false;
  let description = z.globalRegistry.get(core)?.description;
  while (core instanceof z.ZodNullable || core instanceof z.ZodOptional || core instanceof z.ZodReadonly) {
    nullable ||= !(core instanceof z.ZodReadonly);
    core = core.unwrap() as z.ZodType;
    description ??= z.globalRegistry.get(core)?.description;
  }
  return { core, nullable, ...(description ? { description } : {}) };
}

/** The GraphQL type of a scalar or list schema; objects and enums are named through `types`. */
export function graphqlTypeOf(schema: z.ZodType, path: string): ReturnTypeFuncValue {
  if (schema instanceof z.ZodString) return String;
  if (schema instanceof z.ZodBoolean) return Boolean;
  if (schema instanceof z.ZodNumber) return schema.format === 'safeint' ? Int : Float;
  if (schema instanceof z.ZodEnum || schema instanceof z.ZodLiteral) return String;
  if (schema instanceof z.ZodArray) return [graphqlTypeOf(unwrapped(schema.element as z.ZodType).core, path)];
  throw new Error(`${path}: no GraphQL type for this schema; name one in \`types\``);
}

/**
 * A GraphQL object type built from a contract's wire-shape schema: one field per schema field, nullable
 * where the schema allows null, described by `descriptions` or else the schema's `meta({ description })`. The class carries no
 * behaviour: resolvers return plain objects of the schema's type.
 */
export function graphqlObjectType<S extends ObjectSchema>(
  name: string,
  schema: S,
  options: GraphqlObjectTypeOptions<S> = {},
): Type<z.output<S>> {
  const model = class {};
  // Named after its GraphQL type, for Nest's messages and a debugger.
  Object.defineProperty(model, 'name', { value: name });
  const ids = new Set<string>(options.ids ?? []);
  const types: Partial<Record<string, () => ReturnTypeFuncValue>> = options.types ?? {};
  const descriptions: Partial<Record<string, string>> = options.descriptions ?? {};
  const fields = objectOf(schema).shape;
  for (const field of Object.keys(descriptions)) {
    // A description for no field is a misspelt name: the schema would silently keep its own wording.
    if (!(field in fields)) throw new Error(`${name}.${field}: no such field to describe`);
  }
  for (const [field, fieldSchema] of Object.entries(fields)) {
    const { core, nullable, description: described } = unwrapped(fieldSchema as z.ZodType);
    const description = descriptions[field] ?? described;
    const named = types[field];
    const type = named ?? (ids.has(field) ? () => ID : () => graphqlTypeOf(core, `${name}.${field}`));
    if (!named) type();
    Field(type, { nullable, ...(description ? { description } : {}) })(model.prototype, field);
  }
  ObjectType(name, options.description ? { description: options.description } : {})(model);
  return model as Type<z.output<S>>;
}
