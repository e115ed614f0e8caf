import { describe, expect, it } from '@jest/globals';
import { DEFAULT_GRAPHQL_QUERY_LIMITS, queryLimitRules } from '@membolt/bff';
import {
  buildSchema,
  type DocumentNode,
  getIntrospectionQuery,
  parse,
  specifiedRules,
  validate,
} from 'graphql';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const schema = buildSchema(
  readFileSync(fileURLToPath(new URL('../../schema.graphql', import.meta.url)), 'utf8'),
);

/** Parses and validates as the BFF does: token limit first, then graphql's rules and the edge's. */
function refusalsOf(source: string, limits = DEFAULT_GRAPHQL_QUERY_LIMITS): string[] {
  let document: DocumentNode;
  try {
    document = parse(source, { maxTokens: limits.maxTokens });
  } catch (error) {
    return [(error as Error).message];
  }
  return validate(schema, document, [...specifiedRules, ...queryLimitRules(limits)]).map((e) => e.message);
}

/**
 * Every operation the web app sends, read from its `graphql(`…`)` sources (the files codegen reads), each
 * with the fragments it spreads, as the generated documents carry them.
 */
function webAppOperations(): Array<[string, string]> {
  const modules = fileURLToPath(new URL('../../apps/web/src/modules', import.meta.url));
  const sources = readdirSync(modules, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') || file.endsWith('.tsx'))
    .flatMap((file) =>
      [...readFileSync(join(modules, file), 'utf8').matchAll(/graphql\(`([^`]*)`\)/g)].map((m) => m[1]!),
    );
  const fragments = new Map<string, string>();
  for (const source of sources) {
    const name = /^\s*fragment (\w+)/.exec(source)?.[1];
    if (name) fragments.set(name, source);
  }
  const withFragments = (source: string, seen = new Set<string>()): string => {
    const spreads = [...source.matchAll(/\.\.\.(\w+)/g)].map((m) => m[1]!).filter((n) => !seen.has(n));
    for (const name of spreads) seen.add(name);
    return [source, ...spreads.map((name) => withFragments(fragments.get(name) ?? '', seen))].join('\n');
  };
  return sources
    .filter((source) => /^\s*(query|mutation)\b/.test(source))
    .map((source) => [/(query|mutation) (\w+)/.exec(source)?.[2] ?? source, withFragments(source)]);
}

const documents = webAppOperations();

describe('GraphQL query limits', () => {
  it('let every operation of the web app through, with room to grow', () => {
    expect(documents.length).toBeGreaterThan(10);
    const halved = {
      maxTokens: DEFAULT_GRAPHQL_QUERY_LIMITS.maxTokens / 2,
      maxDepth: DEFAULT_GRAPHQL_QUERY_LIMITS.maxDepth / 2,
      maxAliases: 0,
      maxFields: DEFAULT_GRAPHQL_QUERY_LIMITS.maxFields / 2,
      maxCost: DEFAULT_GRAPHQL_QUERY_LIMITS.maxCost / 2,
    };
    for (const [name, source] of documents) expect([name, refusalsOf(source, halved)]).toEqual([name, []]);
  });

  it('let the standard introspection query through (development with GRAPHQL_INTROSPECTION)', () => {
    expect(refusalsOf(getIntrospectionQuery(), DEFAULT_GRAPHQL_QUERY_LIMITS)).toEqual([]);
  });

  it('refuse by cost a query within the alias, depth and field caps', () => {
    const query = `{ ${Array.from({ length: 15 }, (_, i) => `a${i}: viewer { notifications { newFeatures marketingEmails } settings { theme defaultModel } memoryGraph { id status } }`).join(' ')} }`;
    expect(refusalsOf(query)).toEqual([]);
    expect(refusalsOf(query, { ...DEFAULT_GRAPHQL_QUERY_LIMITS, maxCost: 200 })).toEqual([
      expect.stringMatching(/^Query Cost limit of 200 exceeded, found \d+/),
    ]);
  });

  it('count fields inside fragments wherever the fragment is spread', () => {
    const query = `{ a: planCatalogue { ...P } b: planCatalogue { ...P } } fragment P on PlanCatalogue { plans { ${'id '.repeat(40)} } }`;
    expect(refusalsOf(query, { ...DEFAULT_GRAPHQL_QUERY_LIMITS, maxFields: 83 })).toEqual([
      'Field limit of 83 exceeded, found 84.',
    ]);
    expect(refusalsOf(query, { ...DEFAULT_GRAPHQL_QUERY_LIMITS, maxFields: 84 })).toEqual([]);
  });

  it('refuse subscriptions while validating (the schema has no Subscription type)', () => {
    expect(refusalsOf('subscription { x }')).toEqual(['This server does not serve subscription operations.']);
  });

  describe('one mutation per operation', () => {
    const SIGN_OUT = 'mutation { signOut }';
    const refusal = (found: number, named: string) =>
      `A mutation operation may hold one mutation field, found ${found} (${named}). Send each mutation as its ` +
      'own request, so that each answer says whether its mutation was applied.';

    it('serve one mutation field, with __typename beside it', () => {
      expect(refusalsOf(SIGN_OUT)).toEqual([]);
      expect(refusalsOf('mutation { __typename signOut }')).toEqual([]);
      expect(refusalsOf('mutation { ...S } fragment S on Mutation { signOut }')).toEqual([]);
    });

    it('refuse aliases of one mutation, naming them', () => {
      expect(refusalsOf('mutation { a: signOut b: signOut }')).toEqual([
        refusal(2, 'a: signOut, b: signOut'),
      ]);
    });

    it('refuse two different mutations, also when one comes through a fragment or an inline fragment', () => {
      const both = refusal(2, 'signOut, openBillingPortal');
      expect(refusalsOf('mutation { signOut openBillingPortal }')).toEqual([both]);
      expect(refusalsOf('mutation { signOut ...R } fragment R on Mutation { openBillingPortal }')).toEqual([
        both,
      ]);
      expect(refusalsOf('mutation { signOut ... on Mutation { openBillingPortal } }')).toEqual([both]);
      expect(refusalsOf('mutation ($s: Boolean!) { signOut openBillingPortal @skip(if: $s) }')).toEqual([
        both,
      ]);
    });

    it('name the first five of many', () => {
      const document = `mutation { ${Array.from({ length: 7 }, (_, i) => `m${i}: signOut`).join(' ')} }`;
      expect(refusalsOf(document)).toEqual([
        refusal(7, 'm0: signOut, m1: signOut, m2: signOut, m3: signOut, m4: signOut, …'),
      ]);
    });

    it('leave queries of several fields alone', () => {
      expect(refusalsOf('{ a: planCatalogue { plans { id } } b: planCatalogue { plans { id } } }')).toEqual(
        [],
      );
    });
  });
});
