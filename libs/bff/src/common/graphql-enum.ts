import { registerEnumType } from '@nestjs/graphql';

/** `openai-compatible` → `openaiCompatible`: the GraphQL name of a contract value. */
type CamelCase<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

/** A GraphQL enum as an object: each contract value under its camel-cased GraphQL name. */
export type GraphqlEnum<V extends string> = { readonly [K in V as CamelCase<K>]: K };

const camelCase = (value: string): string =>
  value.replace(/-([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());

/**
 * Registers a GraphQL enum whose values are the contract's constant list: the schema's names are the values
 * camel-cased, resolvers receive and return the contract values themselves, so a contract view's field maps
 * to the GraphQL field with no cast, and a value added to the contract appears in the schema.
 */
export function graphqlEnum<const V extends string>(
  values: readonly V[],
  options: { readonly name: string; readonly description?: string },
): GraphqlEnum<V> {
  const members: Record<string, V> = {};
  for (const value of values) {
    const name = camelCase(value);
    if (!/^[_A-Za-z][_0-9A-Za-z]*$/.test(name) || name in members) {
      throw new Error(`GraphQL enum ${options.name}: "${value}" has no distinct GraphQL name`);
    }
    members[name] = value;
  }
  const enumRef = Object.freeze(members) as GraphqlEnum<V>;
  registerEnumType(enumRef, {
    name: options.name,
    ...(options.description ? { description: options.description } : {}),
  });
  return enumRef;
}
