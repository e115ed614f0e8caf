import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Metrics, Readiness } from '@membolt/platform';
import { createServer, type Server } from 'node:http';
import { handleOpsRequest, type RunningOpsServer, startOpsServer } from './ops-endpoints.js';

describe('the private ops listener', () => {
  const metrics = new Metrics({ app: 'ops-unit' });
  const readiness = new Readiness(false);
  let natsUp = true;
  readiness.add('nats', () => {
    if (!natsUp) throw new Error('connection disconnected');
  });
  let ops: RunningOpsServer;

  beforeAll(async () => {
    ops = await startOpsServer('127.0.0.1', 0, { metrics, readiness });
  });
  afterAll(() => ops.close());

  it('serves Prometheus text on /metrics without credentials', async () => {
    const response = await fetch(`${ops.url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await response.text()).toContain('process_resident_memory_bytes{app="ops-unit"}');
  });

  it('answers /livez while the event loop turns', async () => {
    const response = await fetch(`${ops.url}/livez`);
    expect({ status: response.status, body: await response.json() }).toEqual({
      status: 200,
      body: { status: 'ok' },
    });
  });

  it('answers /readyz 503 with the failing check while a dependency is down, 200 once it is back', async () => {
    natsUp = false;
    const down = await fetch(`${ops.url}/readyz`);
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('5');
    expect(await down.json()).toEqual({
      error: 'service_unavailable',
      message: 'Not ready: nats unreachable.',
      checks: { nats: { ok: false, error: 'connection disconnected' } },
    });
    natsUp = true;
    const up = await fetch(`${ops.url}/readyz`);
    expect({ status: up.status, body: await up.json() }).toEqual({
      status: 200,
      body: { status: 'ready', checks: { nats: { ok: true } } },
    });
  });

  it('answers anything else with a JSON 404, and other methods with 405', async () => {
    const missing = await fetch(`${ops.url}/api/status`);
    expect({ status: missing.status, body: await missing.json() }).toEqual({
      status: 404,
      body: { error: 'route_not_found', message: 'No route matches GET /api/status' },
    });
    const post = await fetch(`${ops.url}/metrics`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(await post.json()).toEqual({ error: 'method_not_allowed', message: '/metrics answers GET only.' });
  });
});

describe('ops endpoints on a public edge port', () => {
  const metrics = new Metrics({ app: 'edge-unit', processMetrics: false });
  const readiness = new Readiness(false);
  readiness.add('nats', () => {
    throw new Error('connection disconnected');
  });
  const servers: Server[] = [];

  const serve = async (token: string | undefined): Promise<string> => {
    const server = createServer((req, res) => {
      void handleOpsRequest(req, res, {
        metrics,
        readiness,
        metricsAccess: { kind: 'token', token },
        detailedReadiness: false,
      }).then((handled) => {
        if (!handled) res.writeHead(418).end();
      });
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  };
  afterAll(async () => {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });

  it('refuses /metrics when no token is configured', async () => {
    const url = await serve(undefined);
    const response = await fetch(`${url}/metrics`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: 'route_not_found' });
  });

  it('serves /metrics only to the configured bearer token', async () => {
    const url = await serve('a-long-metrics-token');
    const without = await fetch(`${url}/metrics`);
    expect(without.status).toBe(401);
    expect(without.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    expect(await without.json()).toEqual({
      error: 'unauthorized',
      message: 'A valid metrics bearer token is required.',
    });
    const wrong = await fetch(`${url}/metrics`, {
      headers: { authorization: 'Bearer a-long-metrics-tokeN' },
    });
    expect(wrong.status).toBe(401);
    const right = await fetch(`${url}/metrics`, {
      headers: { authorization: 'Bearer a-long-metrics-token' },
    });
    expect(right.status).toBe(200);
    expect(await right.text()).toContain('# TYPE membolt_http_request_duration_seconds histogram');
  });

  it('says only "not ready" on /readyz, without naming dependencies or errors', async () => {
    const url = await serve(undefined);
    const response = await fetch(`${url}/readyz`);
    expect({ status: response.status, body: await response.json() }).toEqual({
      status: 503,
      body: { error: 'service_unavailable', message: 'Not ready: a dependency is unreachable.' },
    });
  });

  it('passes every other path on', async () => {
    const url = await serve(undefined);
    expect((await fetch(`${url}/metricsx`)).status).toBe(418);
    expect((await fetch(`${url}/api/health`)).status).toBe(418);
  });
});
