import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { setupGatewayDocs } from '@membolt/gateway';
import {
  type ApiUser,
  callApi,
  expectError,
  newApiUser,
  ok,
  UNLIMITED_GATEWAY,
} from './support/memory-api.js';
import { useStandalone } from './support/standalone.js';

jest.setTimeout(120_000);

const DIAGNOSTICS: Array<[string, string, unknown]> = [
  ['POST', '/api/test/memory', { text: 'diagnostic probe' }],
  ['POST', '/api/test/database', {}],
  ['GET', '/api/test/status', undefined],
];

describe('REST diagnostics /api/test/*: off by default', () => {
  const product = useStandalone('memory-diag-off', UNLIMITED_GATEWAY);
  let user: ApiUser;
  beforeAll(async () => {
    user = await newApiUser(product);
  });

  it.each(DIAGNOSTICS)('%s %s is 404 route_not_found', async (method, path, body) => {
    expectError(
      await user.call(path, { method, ...(body !== undefined ? { body } : {}) }),
      404,
      'route_not_found',
      `No route matches ${method} ${path}`,
    );
  });
});

describe('REST diagnostics /api/test/*: GATEWAY_DIAGNOSTICS=true', () => {
  const product = useStandalone('memory-diag-on', {
    ...UNLIMITED_GATEWAY,
    GATEWAY_DIAGNOSTICS: 'true',
    GATEWAY_IMPORT_MAX_BYTES: '4096',
  });
  let user: ApiUser;
  beforeAll(async () => {
    setupGatewayDocs(product.app);
    user = await newApiUser(product);
  });

  it('POST /api/test/memory embeds and searches, storing nothing', async () => {
    const answer = ok<{ ok: boolean; check: string; ms: number; details: Record<string, unknown> }>(
      await user.call('/api/test/memory', { method: 'POST', body: { text: 'diagnostic probe' } }),
    );
    expect(answer).toMatchObject({ ok: true, check: 'memory', details: { dimension: 1536, matches: 0 } });
    expect(typeof answer.ms).toBe('number');
    expect(
      ok<{ total_count: number }>(await user.call(`/api/user/${user.userId}/memories`)).total_count,
    ).toBe(0);
    expectError(
      await user.call('/api/test/memory', { method: 'POST', body: { text: '' } }),
      400,
      'validation_error',
      'text is required',
    );
  });

  it("POST /api/test/database reads the caller's statistics", async () => {
    ok(
      await user.call(`/api/user/${user.userId}/memories`, { method: 'POST', body: { text: 'one memory' } }),
      201,
    );
    expect(ok(await user.call('/api/test/database', { method: 'POST', body: {} }))).toMatchObject({
      ok: true,
      check: 'database',
      details: { memory_count: 1 },
    });
  });

  it('GET /api/test/status answers every service', async () => {
    const status = ok<{ status: string }>(await user.call('/api/test/status'));
    expect(status.status).toBe('ok');
  });

  it('needs a key like every other route, and is documented', async () => {
    for (const [method, path] of DIAGNOSTICS) {
      expectError(
        await callApi(product.url, '', path, { method }),
        401,
        'missing_api_key',
        'Missing X-API-Key header.',
      );
    }
    const document = ok<{ paths: Record<string, unknown> }>(await user.call('/api/openapi.json'));
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/test/memory', '/api/test/database', '/api/test/status']),
    );
  });

  it('refuses an import larger than GATEWAY_IMPORT_MAX_BYTES with 413, storing nothing', async () => {
    const line = `${JSON.stringify({ text: 'x'.repeat(200) })}\n`;
    expectError(
      await user.call(`/api/user/${user.userId}/memories/import`, {
        method: 'POST',
        raw: { text: line.repeat(40), contentType: 'application/x-ndjson' },
      }),
      413,
      'payload_too_large',
      'The import is larger than 4096 bytes; split it into several files.',
    );
    expect(
      ok<{ total_count: number }>(await user.call(`/api/user/${user.userId}/memories`)).total_count,
    ).toBe(1);
  });
});
