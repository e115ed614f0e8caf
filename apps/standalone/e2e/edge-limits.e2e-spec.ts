import { describe, expect, it } from '@jest/globals';
import { BusClient } from '@membolt/bus';
import { KeysSubjects } from '@membolt/contracts';
import { request as httpRequest } from 'node:http';
import { standInWebBuild, useStandalone } from './support/standalone.js';

interface GraphqlErrorBody {
  data?: unknown;
  errors: Array<{ message: string; extensions: { code: string } }>;
}

/** The edges' limits (decision 013): GraphQL cost and rate limits, deep JSON, oversized headers, missing assets. */
describe('standalone edges: limits and hostile input', () => {
  const product = useStandalone('edge-limits', (scratchDir) => ({
    WEB_DIST_DIR: standInWebBuild(scratchDir),
    BFF_RATE_LIMIT_PER_MINUTE: '100000',
  }));

  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${product.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
  const graphql = (body: unknown) => post('/graphql', JSON.stringify(body));
  const codesOf = (body: GraphqlErrorBody) => body.errors.map((e) => e.extensions.code);

  describe('GraphQL operation limits', () => {
    it('refuses 5,000 aliases of planCatalogue before executing anything', async () => {
      const aliases = Array.from({ length: 5000 }, (_, i) => `a${i}: planCatalogue { plans { id } }`);
      const response = await graphql({ query: `{ ${aliases.join(' ')} }` });
      expect(response.status).toBe(400);
      const body = (await response.json()) as GraphqlErrorBody;
      expect(body.data).toBeUndefined();
      expect(body.errors).toEqual([
        { message: 'Token limit of 1000 exceeded.', extensions: { code: 'QUERY_TOO_COMPLEX' } },
      ]);
    });

    it('refuses more aliases than the cap even when the document is small', async () => {
      const aliases = Array.from({ length: 16 }, (_, i) => `a${i}: planCatalogue { plans { id } }`);
      const response = await graphql({ query: `{ ${aliases.join(' ')} }` });
      expect(response.status).toBe(400);
      const body = (await response.json()) as GraphqlErrorBody;
      expect(body.data).toBeUndefined();
      expect(body.errors).toContainEqual({
        message: 'Aliases limit of 15 exceeded, found 16.',
        extensions: { code: 'QUERY_TOO_COMPLEX' },
      });
    });

    it('refuses selections nested deeper than the limit', async () => {
      const query = `{ planCatalogue { plans { ${'a { '.repeat(8)}id${' }'.repeat(8)} } } }`;
      const body = (await (await graphql({ query })).json()) as GraphqlErrorBody;
      expect(codesOf(body)).toContain('QUERY_TOO_COMPLEX');
    });

    it('refuses more field selections than the cap, without aliases', async () => {
      const query = `{ planCatalogue { plans { ${'id '.repeat(200)} } } }`;
      const response = await graphql({ query });
      expect(response.status).toBe(400);
      const body = (await response.json()) as GraphqlErrorBody;
      expect(body.errors).toContainEqual({
        message: 'Field limit of 150 exceeded, found 202.',
        extensions: { code: 'QUERY_TOO_COMPLEX' },
      });
    });

    it('still serves an ordinary query', async () => {
      const response = await graphql({ query: '{ planCatalogue { plans { id } } }' });
      expect(response.status).toBe(200);
    });
  });

  describe('GraphQL requests the server does not serve', () => {
    it('answers a subscription with 400 OPERATION_NOT_SUPPORTED', async () => {
      const response = await graphql({ query: 'subscription{x}' });
      expect(response.status).toBe(400);
      expect(codesOf((await response.json()) as GraphqlErrorBody)).toContain('OPERATION_NOT_SUPPORTED');
    });

    it('answers a persisted-query extension with 400 PERSISTED_QUERY_NOT_SUPPORTED', async () => {
      for (const persistedQuery of [
        { version: 1, sha256Hash: 'nope' },
        { version: 'x', sha256Hash: 42 },
        'bogus',
      ]) {
        const response = await graphql({ extensions: { persistedQuery } });
        expect(response.status).toBe(400);
        expect(codesOf((await response.json()) as GraphqlErrorBody)).toEqual([
          'PERSISTED_QUERY_NOT_SUPPORTED',
        ]);
      }
    });

    it('gives no "Did you mean" hints while introspection is off', async () => {
      const response = await graphql({ query: '{ planCatalogu { plans { id } } }' });
      expect(response.status).toBe(400);
      const body = (await response.json()) as GraphqlErrorBody;
      expect(body.errors[0]!.extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
      expect(JSON.stringify(body)).not.toMatch(/did you mean/i);
    });
  });

  describe('HTTP layer', () => {
    const deep = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

    it('refuses JSON nested 6,000 levels deep with 400 validation_error on REST and GraphQL', async () => {
      for (const path of ['/api/register_initial_user', '/graphql', '/api/plans']) {
        const response = await post(path, deep(6000));
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual({
          error: 'validation_error',
          message: 'The request body nests deeper than 64 levels.',
        });
      }
    });

    it('refuses a deep body from a valid API key with 400, where class-transformer used to crash (500)', async () => {
      const signUp = await graphql({
        query: 'mutation($input: SignUpInput!) { signUp(input: $input) { id } }',
        variables: { input: { email: 'deep@example.com', name: 'Deep', password: 'Deep body 7c1e9a Qz!' } },
      });
      const userId = ((await signUp.json()) as { data: { signUp: { id: string } } }).data.signUp.id;
      const { secret } = await product.app
        .get(BusClient)
        .request(KeysSubjects.create, { name: 'deep body' }, { userId });
      const response = await post('/api/register_initial_user', deep(6000), { 'x-api-key': secret });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe('validation_error');
    });

    it('answers a 20 KB header with 431 and a JSON {error, message} body', async () => {
      const { port } = new URL(product.url);
      const { status, contentType, body } = await new Promise<{
        status: number;
        contentType: string | undefined;
        body: string;
      }>((resolve, reject) => {
        const req = httpRequest(
          { host: '127.0.0.1', port, path: '/api/status', headers: { 'x-padding': 'x'.repeat(20_000) } },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (text += chunk));
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, contentType: res.headers['content-type'], body: text }),
            );
          },
        );
        req.on('error', reject);
        req.end();
      });
      expect(status).toBe(431);
      expect(contentType).toContain('application/json');
      expect(JSON.parse(body)).toEqual({
        error: 'validation_error',
        message: 'The request headers are too large.',
      });
    });

    it('answers a missing asset with a JSON 404', async () => {
      const response = await fetch(`${product.url}/assets/missing-1234.js`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        error: 'not_found',
        message: 'No asset at /assets/missing-1234.js',
      });
    });
  });
});

describe('standalone edges: per-address GraphQL rate limit', () => {
  const product = useStandalone('edge-rate', { BFF_RATE_LIMIT_PER_MINUTE: '5' });

  it('answers past the budget with 429 RATE_LIMITED and Retry-After, while REST is unaffected', async () => {
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < 7; i++) {
      const response = await fetch(`${product.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ planCatalogue { plans { id } } }' }),
      });
      statuses.push(response.status);
      if (response.status === 429) refused = response;
      else await response.arrayBuffer();
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = (await refused!.json()) as GraphqlErrorBody;
    expect(body.errors[0]!.extensions.code).toBe('RATE_LIMITED');
    expect((await fetch(`${product.url}/api/status`)).status).toBe(200);
    // Without HTTP_TRUST_PROXY_HOPS a client cannot pick its own address.
    const spoofed = await fetch(`${product.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7' },
      body: JSON.stringify({ query: '{ planCatalogue { plans { id } } }' }),
    });
    expect(spoofed.status).toBe(429);
  });
});
