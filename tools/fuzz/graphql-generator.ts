import {
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
} from 'graphql';
import type { FuzzPrincipal, FuzzRequest } from './fuzz-request.js';
import { deeplyNested, type Draw } from './random-values.js';

/** Operations the authenticated fuzz user may not run: they would end the session the rest relies on. */
const SESSION_ENDING = new Set(['deleteAccount', 'signOut']);

/**
 * GraphQL inputs from schema.graphql: real operations with schema-typed arguments (inline or as
 * variables) and selections, then bent: wrong argument types, unknown fields, aliases, deep nesting,
 * syntax garbage, batches, persisted-query extensions, GET and form posts, bad cookies.
 */
export class GraphqlGenerator {
  constructor(
    private readonly schema: GraphQLSchema,
    private readonly principal: FuzzPrincipal,
  ) {}

  generate(draw: Draw): FuzzRequest {
    const authenticated = draw.chance(0.5);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const cookie = this.cookie(draw, authenticated);
    if (cookie) headers['cookie'] = cookie;
    const shape = draw.int(0, 19);
    if (shape === 0) return this.transportOddity(draw, headers);
    const { family, body, mayWrite } =
      shape === 1 ? this.hostileDocument(draw) : this.operation(draw, authenticated);
    return { kind: 'http', family, method: 'POST', path: '/graphql', headers, body, mayWrite };
  }

  private cookie(draw: Draw, authenticated: boolean): string | undefined {
    if (authenticated) return this.principal.sessionCookie;
    switch (draw.int(0, 4)) {
      case 0:
        return `mb_at=${draw
          .hostileString()
          .replace(/[^\x21-\x7e]/g, '')
          .replace(/;/g, '')
          .slice(0, 3000)}`;
      case 1:
        return `mb_at=${this.principal.sessionCookie.slice(6, -3)}abc; mb_rt=x`;
      case 2:
        return 'mb_at=; mb_at=a; =; ;;; mb_rt';
      default:
        return undefined;
    }
  }

  private operation(draw: Draw, authenticated: boolean): { family: string; body: string; mayWrite: boolean } {
    const isMutation = draw.chance(0.5);
    const root = isMutation ? this.schema.getMutationType()! : this.schema.getQueryType()!;
    const fields = Object.values(root.getFields()).filter(
      (f) => !(authenticated && SESSION_ENDING.has(f.name)),
    );
    const field = draw.pick(fields);
    const variables: Record<string, unknown> = {};
    const definitions: string[] = [];
    const args = field.args
      .filter((arg) => isNonNullType(arg.type) || draw.chance(0.5))
      .map((arg) => `${arg.name}: ${this.argument(draw, arg, variables, definitions)}`);
    if (draw.chance(0.05)) args.push(`unknownArgument: ${JSON.stringify(draw.hostileString().slice(0, 50))}`);
    const aliases = draw.chance(0.1) ? draw.pick([2, 15, 16, 50]) : 1;
    const selection = this.selection(draw, field, 0);
    const call = `${field.name}${args.length ? `(${args.join(', ')})` : ''}${selection}`;
    const calls =
      aliases === 1 ? call : Array.from({ length: aliases }, (_, i) => `a${i}: ${call}`).join(' ');
    const header = `${isMutation ? 'mutation' : 'query'} Fuzz${definitions.length ? `(${definitions.join(', ')})` : ''}`;
    const body: Record<string, unknown> = { query: `${header} { ${calls} }` };
    if (definitions.length || draw.chance(0.05))
      body['variables'] = draw.chance(0.95) ? variables : draw.anyJson();
    if (draw.chance(0.05))
      body['operationName'] = draw.pick(['Fuzz', 'Other', draw.hostileString().slice(0, 30)]);
    return {
      family: `graphql ${isMutation ? 'mutation' : 'query'} ${field.name}${authenticated ? ' (signed in)' : ''}`,
      body: JSON.stringify(body),
      mayWrite: isMutation,
    };
  }

  private argument(
    draw: Draw,
    arg: GraphQLArgument,
    variables: Record<string, unknown>,
    definitions: string[],
  ): string {
    if (draw.chance(0.4)) {
      const name = `v${definitions.length}`;
      definitions.push(`$${name}: ${String(arg.type)}`);
      variables[name] = draw.chance(0.9) ? this.inputValue(draw, arg.type, 0) : draw.anyJson();
      return `$${name}`;
    }
    return this.literal(draw.chance(0.9) ? this.inputValue(draw, arg.type, 0) : draw.anyJson(), arg.type);
  }

  /** A JSON value for an input type, sometimes of the wrong type or missing a required field. */
  private inputValue(draw: Draw, type: GraphQLInputType, depth: number): unknown {
    if (draw.chance(0.05)) return null;
    const inner = isNonNullType(type) ? type.ofType : type;
    if (isListType(inner))
      return Array.from({ length: draw.int(0, 3) }, () => this.inputValue(draw, inner.ofType, depth + 1));
    if (isEnumType(inner))
      return draw.chance(0.9) ? draw.pick(inner.getValues()).name : draw.hostileString().slice(0, 20);
    if (isInputObjectType(inner)) {
      const object: Record<string, unknown> = {};
      for (const field of Object.values(inner.getFields())) {
        if (!isNonNullType(field.type) && draw.chance(0.4)) continue;
        if (isNonNullType(field.type) && draw.chance(0.05)) continue;
        object[field.name] = this.inputValue(draw, field.type, depth + 1);
      }
      if (draw.chance(0.05)) object['unknownField'] = 1;
      return object;
    }
    if (isScalarType(inner)) {
      switch (inner.name) {
        case 'Boolean':
          return draw.chance(0.5);
        case 'Int':
          return draw.pick([0, 1, -1, 2 ** 31, 1.5]);
        case 'Float':
          return draw.pick([0, 1.5, -1e308]);
        default:
          return draw.chance(0.2)
            ? draw.pick([this.principal.userId, 'fuzz@example.com', 'correct horse battery staple'])
            : draw.hostileString();
      }
    }
    return draw.anyJson(depth);
  }

  /** A JSON value written as a GraphQL literal (enums bare when the type expects one). */
  private literal(value: unknown, type: GraphQLInputType): string {
    const named = getNamedType(type);
    if (typeof value === 'string' && isEnumType(named) && /^[_A-Za-z][_0-9A-Za-z]*$/.test(value))
      return value;
    if (Array.isArray(value)) return `[${value.map((v) => this.literal(v, named)).join(', ')}]`;
    if (value !== null && typeof value === 'object') {
      const fields = isInputObjectType(named) ? named.getFields() : {};
      return `{${Object.entries(value)
        .filter(([name]) => /^[_A-Za-z][_0-9A-Za-z]*$/.test(name))
        .map(([name, v]) => `${name}: ${this.literal(v, fields[name]?.type ?? named)}`)
        .join(', ')}}`;
    }
    if (typeof value === 'number' && !Number.isFinite(value)) return '0';
    return JSON.stringify(value) ?? 'null';
  }

  private selection(draw: Draw, field: GraphQLField<unknown, unknown>, depth: number): string {
    const type = getNamedType(field.type);
    if (!isObjectType(type)) return draw.chance(0.03) ? ' { id }' : '';
    const fields = Object.values(type.getFields());
    const chosen =
      depth > 3 ? fields.filter((f) => !isObjectType(getNamedType(f.type))).slice(0, 1) : draw.subset(fields);
    const parts = chosen.map((f) => `${f.name}${this.selection(draw, f, depth + 1)}`);
    if (draw.chance(0.05))
      parts.push(draw.pick(['__typename', 'secretField', 'password', '__schema { types { name } }']));
    if (parts.length === 0) parts.push('__typename');
    return ` { ${parts.join(' ')} }`;
  }

  private hostileDocument(draw: Draw): { family: string; body: string; mayWrite: boolean } {
    const shapes: Array<[string, () => unknown]> = [
      [
        'alias amplification',
        () => {
          // A distinct document each time (prefix and count vary), as a fuzzer or attacker would send: each
          // one that passed validation used to stay in Apollo's document cache.
          const prefix = `p${draw.int(0, 1e9)}_`;
          const count = draw.pick([100, 1000, 5000]);
          return {
            query: `{ ${Array.from({ length: count }, (_, i) => `${prefix}${i}: planCatalogue { plans { id name features } }`).join(' ')} }`,
          };
        },
      ],
      ['deep selection', () => ({ query: `{ ${'viewer { memoryGraph { '.repeat(draw.int(3, 300))} id } }` })],
      ['deep braces', () => ({ query: '{'.repeat(draw.int(10, 20_000)) })],
      ['syntax garbage', () => ({ query: draw.hostileString() })],
      ['subscription', () => ({ query: 'subscription{x}' })],
      ['introspection', () => ({ query: '{ __schema { types { name fields { name } } } }' })],
      [
        'persisted query',
        () => ({
          extensions: {
            persistedQuery: draw.pick([{ version: 1, sha256Hash: 'x' }, 'bogus', { version: 2 }, null, []]),
          },
        }),
      ],
      ['non-string query', () => ({ query: draw.anyJson() })],
      [
        'batch',
        () => [{ query: '{ authConfig { password } }' }, { query: '{ planCatalogue { plans { id } } }' }],
      ],
      [
        'fragment cycle',
        () => ({ query: 'query { ...A } fragment A on Query { ...B } fragment B on Query { ...A }' }),
      ],
      [
        'many directives',
        () => ({ query: `{ authConfig ${'@include(if: true) '.repeat(draw.int(10, 500))} { password } }` }),
      ],
      ['deep JSON body', () => deeplyNested(draw.pick([100, 6_000]), draw.chance(0.5))],
      [
        'deep variables',
        () => ({
          query: 'mutation($i: UpdateProfileInput!) { updateProfile(input: $i) { id } }',
          variables: { i: JSON.parse(deeplyNested(50, false)) as unknown },
        }),
      ],
      [
        'many unknown input fields',
        () => ({
          query: 'mutation($input: SignInInput!) { signIn(input: $input) { id } }',
          variables: {
            input: {
              email: 'fuzz@example.com',
              password: 'not the password',
              ...Object.fromEntries(
                Array.from({ length: draw.pick([5, 900, 5_000, 60_000]) }, (_, i) => [`f${i}`, 'x']),
              ),
            },
          },
        }),
      ],
      [
        'wrongly typed variables',
        () => ({
          query: 'mutation($input: SignInInput!) { signIn(input: $input) { id } }',
          variables: {
            input: draw.pick<unknown>([
              { email: { nested: 'x'.repeat(10_000) }, password: 1 },
              { email: ['a', 'b'], password: null, remember: 'yes' },
              'not an object',
              [1, 2, 3],
              {
                email: 'x@example.com',
                password: 'p',
                remember: { deep: JSON.parse(deeplyNested(60, false)) },
              },
            ]),
          },
        }),
      ],
      [
        'huge variables',
        () => ({
          query: 'mutation($input: SignInInput!) { signIn(input: $input) { id } }',
          variables: { input: { email: `${'a'.repeat(draw.pick([700_000, 900_000]))}@x.io`, password: 'p' } },
        }),
      ],
      [
        'huge string argument',
        () => ({
          query: `mutation { requestPasswordReset(email: "${'a'.repeat(draw.pick([1000, 500_000]))}@x.io") }`,
        }),
      ],
    ];
    const [name, build] = draw.pick(shapes);
    const value = build();
    return {
      family: `graphql hostile ${name}`,
      body: typeof value === 'string' ? value : JSON.stringify(value),
      mayWrite: true,
    };
  }

  private transportOddity(draw: Draw, headers: Record<string, string>): FuzzRequest {
    const query = '{ planCatalogue { plans { id } } }';
    switch (draw.int(0, 3)) {
      case 0:
        return {
          kind: 'http',
          family: 'graphql GET',
          method: 'GET',
          path: `/graphql?query=${encodeURIComponent(draw.chance(0.5) ? query : draw.hostileString().slice(0, 3000))}`,
          headers: draw.chance(0.5) ? { 'apollo-require-preflight': 'true' } : {},
          mayWrite: false,
        };
      case 1:
        return {
          kind: 'http',
          family: 'graphql form post',
          method: 'POST',
          path: '/graphql',
          headers: {
            ...headers,
            'content-type': draw.pick([
              'text/plain',
              'application/x-www-form-urlencoded',
              'multipart/form-data; boundary=x',
            ]),
          },
          body: `query=${encodeURIComponent(query)}`,
          mayWrite: true,
        };
      case 2:
        return {
          kind: 'http',
          family: 'graphql other method',
          method: draw.pick(['PUT', 'DELETE', 'PATCH', 'OPTIONS']),
          path: '/graphql',
          headers,
          body: JSON.stringify({ query }),
          mayWrite: true,
        };
      default:
        return {
          kind: 'http',
          family: 'graphql empty body',
          method: 'POST',
          path: '/graphql',
          headers,
          body: draw.pick(['', '{}', '[]', 'null', '{"query":""}']),
          mayWrite: false,
        };
    }
  }
}
