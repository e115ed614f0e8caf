import { describe, expect, it } from '@jest/globals';
import { BusClient } from '@membolt/bus';
import { KeysSubjects, MemboltError } from '@membolt/contracts';
import { prometheusSample } from '@membolt/platform/testing';
import { standInWebBuild, useStandalone } from './support/standalone.js';

const METRICS_TOKEN = 'e2e-metrics-token-0123456789';

/**
 * Metrics and probes of the standalone product (every service, both edges, the in-process bus): the
 * request histograms move, labels stay bounded, /metrics is JSON-refused without the token instead of
 * serving the web app's HTML, and the private METRICS_PORT listener serves the same registry.
 */
describe('standalone: metrics and probes', () => {
  // A stand-in web build: /metrics used to fall through to the web app's index.html.
  const product = useStandalone('observability', (scratchDir) => ({
    WEB_DIST_DIR: standInWebBuild(scratchDir),
    METRICS_TOKEN,
    METRICS_PORT: '0',
  }));

  const scrape = async (): Promise<string> => {
    const response = await fetch(`${product.url}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(response.status).toBe(200);
    return response.text();
  };
  const graphql = (query: string) =>
    fetch(`${product.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    });

  it('refuses /metrics on the public port without the token, as JSON and never the web app', async () => {
    expect((await fetch(`${product.url}/`)).headers.get('content-type')).toMatch(/^text\/html/);
    const response = await fetch(`${product.url}/metrics`);
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({
      error: 'unauthorized',
      message: 'A valid metrics bearer token is required.',
    });
  });

  it('answers /livez and /readyz on the public port', async () => {
    const live = await fetch(`${product.url}/livez`);
    expect({ status: live.status, body: await live.json() }).toEqual({ status: 200, body: { status: 'ok' } });
    const ready = await fetch(`${product.url}/readyz`);
    expect({ status: ready.status, body: await ready.json() }).toEqual({
      status: 200,
      body: { status: 'ready' },
    });
  });

  it('serves metrics and detailed readiness (the embedded stores) on the private METRICS_PORT', async () => {
    expect(product.opsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const metrics = await fetch(`${product.opsUrl}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toMatch(/^process_resident_memory_bytes\{app="standalone"\} \d+/m);
    const ready = (await (await fetch(`${product.opsUrl}/readyz`)).json()) as {
      status: string;
      checks: Record<string, { ok: boolean }>;
    };
    expect(ready.status).toBe('ready');
    expect(ready.checks).toMatchObject({ 'sqlite:identity': { ok: true }, 'sqlite:keys': { ok: true } });
  });

  it('counts an HTTP request under its route pattern and status, never the raw path', async () => {
    const route = { method: 'GET', route: '/api/plans', status: '200' };
    const before = prometheusSample(await scrape(), 'membolt_http_request_duration_seconds_count', route);
    expect((await fetch(`${product.url}/api/plans?kind=subscription`)).status).toBe(200);
    const after = await scrape();
    expect(prometheusSample(after, 'membolt_http_request_duration_seconds_count', route)).toBe(before + 1);

    await fetch(`${product.url}/api/user/raw-user-id-123/create`, { method: 'POST' });
    await fetch(`${product.url}/no/such/page/xyz-987`, { method: 'POST' });
    const text = await scrape();
    expect(text).not.toContain('raw-user-id-123');
    expect(text).not.toContain('xyz-987');
    expect(
      prometheusSample(text, 'membolt_http_request_duration_seconds_count', {
        route: '/api/user/:userId/create',
      }),
    ).toBeGreaterThan(0);
    expect(
      prometheusSample(text, 'membolt_http_request_duration_seconds_count', {
        route: '(unmatched)',
        status: '404',
      }),
    ).toBeGreaterThan(0);
  });

  it('counts a bus request under its subject and outcome: ok, or the error code', async () => {
    const ok = { subject: 'billing.plans.list.v1', outcome: 'ok' };
    const before = prometheusSample(await scrape(), 'membolt_bus_request_duration_seconds_count', ok);
    await fetch(`${product.url}/api/plans?kind=subscription`);
    expect(prometheusSample(await scrape(), 'membolt_bus_request_duration_seconds_count', ok)).toBe(
      before + 1,
    );

    const invalid = { subject: KeysSubjects.create.name, outcome: 'validation_error' };
    const invalidBefore = prometheusSample(
      await scrape(),
      'membolt_bus_request_duration_seconds_count',
      invalid,
    );
    const bus = product.app.get(BusClient);
    await expect(bus.request(KeysSubjects.create, { name: '' }, { userId: 'metrics-user' })).rejects.toThrow(
      MemboltError,
    );
    expect(prometheusSample(await scrape(), 'membolt_bus_request_duration_seconds_count', invalid)).toBe(
      invalidBefore + 1,
    );
  });

  it('counts GraphQL operations by name and outcome; anonymous and unparseable ones collapse', async () => {
    const named = { operation: 'E2EPlans', type: 'query', outcome: 'ok' };
    const metric = 'membolt_graphql_operation_duration_seconds_count';
    const before = await scrape();
    expect((await graphql('query E2EPlans { planCatalogue { plans { id } } }')).status).toBe(200);
    await graphql('{ planCatalogue { plans { id } } }');
    await graphql('query Broken {');
    const after = await scrape();
    expect(prometheusSample(after, metric, named)).toBe(prometheusSample(before, metric, named) + 1);
    expect(prometheusSample(after, metric, { operation: 'anonymous', type: 'query', outcome: 'ok' })).toBe(
      prometheusSample(before, metric, { operation: 'anonymous', type: 'query', outcome: 'ok' }) + 1,
    );
    expect(prometheusSample(after, metric, { operation: 'unknown', outcome: 'GRAPHQL_PARSE_FAILED' })).toBe(
      prometheusSample(before, metric, { operation: 'unknown', outcome: 'GRAPHQL_PARSE_FAILED' }) + 1,
    );
  });

  it("reports queue depths: the keys service's pending last_used writes and identity's outbox", async () => {
    const text = await scrape();
    expect(text).toMatch(/^membolt_queue_depth\{queue="keys_last_used_pending",app="standalone"\} \d+$/m);
    expect(text).toMatch(/^membolt_queue_depth\{queue="identity_outbox_pending",app="standalone"\} \d+$/m);
  });
});
