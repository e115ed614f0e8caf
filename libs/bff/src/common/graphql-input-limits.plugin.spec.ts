import { describe, expect, it } from '@jest/globals';
import { buildSchema, Kind, parse, type OperationDefinitionNode } from 'graphql';
import { malformedVariables } from './graphql-input-limits.plugin.js';

const schema = buildSchema(`
  enum Mood { HAPPY SAD }
  input Inner { tags: [String!]! mood: Mood }
  input Outer { name: String! count: Int inner: Inner }
  type Query { echo(input: Outer!, other: Int): String }
`);

function check(source: string, variables: Record<string, unknown>, maxErrors = 10): string[] {
  const operation = parse(source).definitions.find(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  );
  return malformedVariables(schema, operation?.variableDefinitions ?? [], variables, {
    maxErrors,
    hideSuggestions: true,
  });
}

const QUERY = 'query($input: Outer!, $other: Int) { echo(input: $input, other: $other) }';

describe('malformedVariables', () => {
  it('accepts well-formed variables', () => {
    expect(check(QUERY, { input: { name: 'x', inner: { tags: ['a'], mood: 'HAPPY' } }, other: 3 })).toEqual(
      [],
    );
  });

  it('names the path and the problem, never the value', () => {
    const secret = 'secret-value-7c1e';
    const messages = check(QUERY, {
      input: { name: { secret }, inner: { tags: [secret, 1], mood: secret } },
    });
    expect(messages).toEqual([
      'Variable "$input" got an invalid value at "input.name": String cannot represent a non string value.',
    ]);
    expect(check(QUERY, { input: { name: 'x', inner: { tags: ['a'], mood: secret } } })).toEqual([
      'Variable "$input" got an invalid value at "input.inner.mood": The value does not exist in "Mood" enum.',
    ]);
    expect(check(QUERY, { input: { name: 'x', inner: { tags: [{ secret }, 1] } } })).toEqual([
      'Variable "$input" got an invalid value at "input.inner.tags[0]": String cannot represent a non string value.',
    ]);
  });

  it('counts unknown fields and names three', () => {
    const extra = Object.fromEntries(Array.from({ length: 60_000 }, (_, i) => [`f${i}`, 'x']));
    expect(check(QUERY, { input: { name: 'x', ...extra } })).toEqual([
      'Variable "$input" got an invalid value at "input": 60000 fields are not defined by type "Outer" (f0, f1, f2, …).',
    ]);
    expect(check(QUERY, { input: { name: 'x', f0: 1 } })).toEqual([
      'Variable "$input" got an invalid value at "input": Field "f0" is not defined by type "Outer".',
    ]);
  });

  it('answers one error per malformed variable, at most maxErrors', () => {
    expect(check(QUERY, { input: { count: 'x' }, other: 'y' })).toHaveLength(2);
    expect(check(QUERY, { input: { count: 'x' }, other: 'y' }, 1)).toHaveLength(1);
    expect(check(QUERY, {})).toEqual(['Variable "$input" of required type "Outer!" was not provided.']);
    expect(check(QUERY, { input: null })).toEqual([
      'Variable "$input" of non-null type "Outer!" must not be null.',
    ]);
  });
});
