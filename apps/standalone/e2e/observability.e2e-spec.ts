import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BusClient } from '@membolt/bus';
import { KeysSubjects, MemboltError } from '@membolt/contracts';
import type { RunningHttpEdge } from '@membolt/runtime';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadStandaloneConfig } from '../src/standalone.config.js';
import { startStandalone } from '../src/standalone.js';

const METRICS_TOKEN = 'e2e-metrics-token-0123456789';

/** The value of one series in Prometheus text (labels matched as a subset), or 0 when it is absent. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  for (const line of text.split('\n')) {
    const [, metric, labelText = '', value = ''] = /^([a-z_:]+)\{(.*)\} (\S+)$/.exec(line) ?? [];
    if (metric !== name) continue;
    const found = new Map([...labelText.matchAll(/([a-z_]+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, expected]) => found.get(key) === expected)) return Number(value);
  }
  return 0;
}

/**
 * Metrics and probes of the standalone product (every service, both edges, the in-process bus): the
 * request histograms move, labels stay bounded, /metrics is JSON-refused without the token instead of
 * serving the web app's HTML, and the private METRICS_PORT listener serves the same registry.
 */
describe('standalone: metrics and probes', () => {
  let running: RunningHttpEdge;
  let url: string;
  let dataDir: string;
  let webDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'membolt-observability-'));
    // A stand-in web build: /metrics used to fall through to the web app's index.html.
    webDir = mkdtempSync(join(tmpdir(), 'membolt-observability-web-'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Membolt</title>');
    running = await startStandalone(
      loadStandaloneConfig({
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        WEB_DIST_DIR: webDir,
        METRICS_TOKEN,
        METRICS_PORT: '0',
      }),
    );
    url = running.url;
  });

  afterAll(async () => {
    await running?.app.close();
    for (const dir of [dataDir, webDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const scrape = async (): Promise<string> => {
    const response = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(response.status).toBe(200);
    return response.text();
  };
  const graphql = (query: string) =>
    fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    });

  it('refuses /metrics on the public port without the token, as JSON and never the web app', async () => {
    expect((await fetch(`${url}/`)).headers.get('content-type')).toMatch(/^text\/html/);
    const response = await fetch(`${url}/metrics`);
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({
      error: 'unauthorized',
      message: 'A valid metrics bearer token is required.',
    });
  });

  it('answers /livez and /readyz on the public port', async () => {
    const live = await fetch(`${url}/livez`);
    expect({ status: live.status, body: await live.json() }).toEqual({ status: 200, body: { status: 'ok' } });
    const ready = await fetch(`${url}/readyz`);
    expect({ status: ready.status, body: await ready.json() }).toEqual({
      status: 200,
      body: { status: 'ready' },
    });
  });

  it('serves metrics and detailed readiness (the embedded stores) on the private METRICS_PORT', async () => {
    expect(running.opsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const metrics = await fetch(`${running.opsUrl}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toMatch(/^process_resident_memory_bytes\{app="standalone"\} \d+/m);
    const ready = (await (await fetch(`${running.opsUrl}/readyz`)).json()) as {
      status: string;
      checks: Record<string, { ok: boolean }>;
    };
    expect(ready.status).toBe('ready');
    expect(ready.checks).toMatchObject({ 'sqlite:identity': { ok: true }, 'sqlite:keys': { ok: true } });
  });

  it('counts an HTTP request under its route pattern and status, never the raw path', async () => {
    const route = { method: 'GET', route: '/api/plans', status: '200' };
    const before = sample(await scrape(), 'membolt_http_request_duration_seconds_count', route);
    expect((await fetch(`${url}/api/plans?kind=subscription`)).status).toBe(200);
    const after = await scrape();
    expect(sample(after, 'membolt_http_request_duration_seconds_count', route)).toBe(before + 1);

    await fetch(`${url}/api/user/raw-user-id-123/create`, { method: 'POST' });
    await fetch(`${url}/no/such/page/xyz-987`, { method: 'POST' });
    const text = await scrape();
    expect(text).not.toContain('raw-user-id-123');
    expect(text).not.toContain('xyz-987');
    expect(
      sample(text, 'membolt_http_request_duration_seconds_count', { route: '/api/user/:userId/create' }),
    ).toBeGreaterThan(0);
    expect(
      sample(text, 'membolt_http_request_duration_seconds_count', { route: '(unmatched)', status: '404' }),
    ).toBeGreaterThan(0);
  });

  it('counts a bus request under its subject and outcome: ok, or the error code', async () => {
    const ok = { subject: 'billing.plans.list.v1', outcome: 'ok' };
    const before = sample(await scrape(), 'membolt_bus_request_duration_seconds_count', ok);
    await fetch(`${url}/api/plans?kind=subscription`);
    expect(sample(await scrape(), 'membolt_bus_request_duration_seconds_count', ok)).toBe(before + 1);

    const invalid = { subject: KeysSubjects.create.name, outcome: 'validation_error' };
    const invalidBefore = sample(await scrape(), 'membolt_bus_request_duration_seconds_count', invalid);
    const bus = running.app.get(BusClient);
    await expect(bus.request(KeysSubjects.create, { name: '' }, { userId: 'metrics-user' })).rejects.toThrow(
      MemboltError,
    );
    expect(sample(await scrape(), 'membolt_bus_request_duration_seconds_count', invalid)).toBe(
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
    expect(sample(after, metric, named)).toBe(sample(before, metric, named) + 1);
    expect(sample(after, metric, { operation: 'anonymous', type: 'query', outcome: 'ok' })).toBe(
      sample(before, metric, { operation: 'anonymous', type: 'query', outcome: 'ok' }) + 1,
    );
    expect(sample(after, metric, { operation: 'unknown', outcome: 'GRAPHQL_PARSE_FAILED' })).toBe(
      sample(before, metric, { operation: 'unknown', outcome: 'GRAPHQL_PARSE_FAILED' }) + 1,
    );
  });

  it("reports queue depths: the keys service's pending last_used writes and identity's outbox", async () => {
    const text = await scrape();
    expect(text).toMatch(/^membolt_queue_depth\{queue="keys_last_used_pending",app="standalone"\} \d+$/m);
    expect(text).toMatch(/^membolt_queue_depth\{queue="identity_outbox_pending",app="standalone"\} \d+$/m);
  });
});
