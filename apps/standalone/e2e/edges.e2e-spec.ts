import { describe, expect, it } from '@jest/globals';
import { useStandalone } from './support/standalone.js';

/** The standalone product's two edges (REST /api and GraphQL /graphql) on one port, with bad input. */
describe('standalone edges: REST and GraphQL', () => {
  const product = useStandalone('edges', { HTTP_BODY_LIMIT_BYTES: '65536' });

  const graphql = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${product.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  describe('GET /api/status', () => {
    it('reports all six services healthy through the in-process bus', async () => {
      const response = await fetch(`${product.url}/api/status`);
      expect(response.status).toBe(200);
      const body = (await response.json()) as {
        status: string;
        services: Array<{ name: string; status: string }>;
      };
      expect(body.status).toBe('ok');
      expect(body.services).toHaveLength(7);
      expect(body.services.every((s) => s.status === 'ok')).toBe(true);
    });

    it('rejects unknown query parameters with 400 {error, message}', async () => {
      const response = await fetch(`${product.url}/api/status?verbose=1`);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: 'validation_error',
        message: 'verbose should not exist',
      });
    });

    it('echoes a well-formed correlation id and replaces a malformed one', async () => {
      const kept = await fetch(`${product.url}/api/status`, {
        headers: { 'X-Correlation-Id': 'edge-test-00000001' },
      });
      expect(kept.headers.get('x-correlation-id')).toBe('edge-test-00000001');
      const replaced = await fetch(`${product.url}/api/status`, {
        headers: { 'X-Correlation-Id': 'bad id with spaces' },
      });
      expect(replaced.headers.get('x-correlation-id')).toMatch(/^[0-9a-f-]{36}$/);
    });
  });

  describe('GET /api/plans', () => {
    it('returns the catalogue with prices in cents and the developer API price', async () => {
      const response = await fetch(`${product.url}/api/plans`);
      expect(response.status).toBe(200);
      const body = (await response.json()) as {
        plans: Array<{
          id: string;
          monthlyPriceCents: number | null;
          conversationsPerMonth: number | null;
          retentionDays: number | null;
        }>;
        developerApi: { centsPerMillionTokens: number };
      };
      expect(body.plans.map((p) => p.id)).toEqual(['free', 'basic', 'pro', 'enterprise', 'pay-per-use']);
      expect(body.plans[0]).toMatchObject({
        monthlyPriceCents: 0,
        conversationsPerMonth: 10,
        retentionDays: 7,
      });
      expect(body.developerApi.centsPerMillionTokens).toBe(30);
    });

    it('filters by kind and rejects a kind that does not exist', async () => {
      const payPerUse = (await (await fetch(`${product.url}/api/plans?kind=pay-per-use`)).json()) as {
        plans: Array<{ id: string; ratePerCallCents: number }>;
      };
      expect(payPerUse.plans).toEqual([expect.objectContaining({ id: 'pay-per-use', ratePerCallCents: 1 })]);
      const bad = await fetch(`${product.url}/api/plans?kind=gold`);
      expect(bad.status).toBe(400);
      expect(await bad.json()).toEqual({
        error: 'validation_error',
        message: 'kind must be one of the following values: subscription, pay-per-use',
      });
    });

    it('rejects a repeated parameter (an array where a string is expected)', async () => {
      const response = await fetch(`${product.url}/api/plans?kind=subscription&kind=pay-per-use`);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe('validation_error');
    });
  });

  describe('bad requests at the HTTP layer', () => {
    it('answers an unknown /api route with a JSON 404', async () => {
      for (const [method, path] of [
        ['GET', '/api/nothing-here'],
        ['POST', '/api/status'],
        ['DELETE', '/api/plans'],
      ] as const) {
        const response = await fetch(`${product.url}${path}`, { method });
        expect(response.status).toBe(404);
        expect(await response.json()).toEqual({
          error: 'route_not_found',
          message: `No route matches ${method} ${path}`,
        });
      }
    });

    it('rejects a body over the limit with 413 {error, message} and malformed JSON with 400', async () => {
      const big = await fetch(`${product.url}/api/status`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ padding: 'x'.repeat(70_000) }),
      });
      expect(big.status).toBe(413);
      expect(await big.json()).toEqual({
        error: 'payload_too_large',
        message: 'The request body is too large.',
      });

      const malformed = await fetch(`${product.url}/api/plans`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"kind":',
      });
      expect(malformed.status).toBe(400);
      expect(await malformed.json()).toEqual({
        error: 'validation_error',
        message: 'The request body is not valid JSON.',
      });
    });

    it('sets security headers', async () => {
      const response = await fetch(`${product.url}/api/status`);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(response.headers.get('x-powered-by')).toBeNull();
    });
  });

  describe('POST /graphql', () => {
    it('serves the plan catalogue, optionally by kind', async () => {
      const response = await graphql({
        query:
          '{ planCatalogue(kind: subscription) { plans { id callToAction } developerApi { centsPerMillionTokens } } }',
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as {
        data: { planCatalogue: { plans: Array<{ id: string; callToAction: string }> } };
      };
      expect(body.data.planCatalogue.plans.map((p) => p.id)).toEqual(['free', 'basic', 'pro', 'enterprise']);
      expect(body.data.planCatalogue.plans.at(-1)?.callToAction).toBe('Contact Us');
    });

    it('rejects a wrong argument type and an unknown field as GraphQL validation errors (400)', async () => {
      const wrongType = await graphql({ query: '{ planCatalogue(kind: 5) { plans { id } } }' });
      expect(wrongType.status).toBe(400);
      const wrongBody = (await wrongType.json()) as { errors: Array<{ extensions: { code: string } }> };
      expect(wrongBody.errors[0]!.extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');

      const unknownField = await graphql({ query: '{ planCatalogue { plans { id secretField } } }' });
      expect(unknownField.status).toBe(400);
      expect(
        ((await unknownField.json()) as { errors: Array<{ message: string }> }).errors[0]!.message,
      ).toContain('secretField');
    });

    it('rejects an oversized body and a request without a JSON content type (CSRF prevention)', async () => {
      const big = await graphql({ query: `{ planCatalogue { plans { id } } } #${'x'.repeat(70_000)}` });
      expect(big.status).toBe(413);
      expect(await big.json()).toEqual({
        error: 'payload_too_large',
        message: 'The request body is too large.',
      });

      const simple = await fetch(
        `${product.url}/graphql?query=${encodeURIComponent('{ planCatalogue { plans { id } } }')}`,
      );
      expect(simple.status).toBe(400);
    });
  });
});
