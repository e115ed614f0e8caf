import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SERVICE_NAMES } from '@membolt/contracts';
import { freePort, startNatsServer, type TestNatsServer } from '@membolt/bus/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GraphqlBrowser } from '@membolt/bff/testing';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { untilSetupComplete } from './support/accounts.js';
import { type AppProcess, eventually, spawnApp } from './support/app-process.js';

const AUTH_TOKEN_SECRET = 'distributed-test-secret-0123456789abcdef';

// Set before the client module loads (it reads the flag once): the client must not post usage to Mem0.
process.env['MEM0_TELEMETRY'] = 'false';
const { MemoryClient } = await import('mem0ai');

/**
 * Distributed mode for real: each of the six services, the gateway and the BFF in its own process,
 * joined by a real nats-server. Runs the plan-catalogue slice through both edges, then stops the
 * billing process and starts it again without touching the others.
 */
describe('distributed mode: every service its own process over NATS', () => {
  let nats: TestNatsServer;
  let dataDir: string;
  let gatewayUrl: string;
  let bffUrl: string;
  const processes = new Map<string, AppProcess>();
  let serviceEnv: Record<string, string>;
  let apiKey: string;

  const startService = async (name: string) => {
    const proc = spawnApp(name, serviceEnv);
    processes.set(name, proc);
    await proc.waitForOutput(/listening on NATS/);
  };

  beforeAll(async () => {
    nats = await startNatsServer();
    dataDir = mkdtempSync(join(tmpdir(), 'membolt-distributed-'));
    serviceEnv = {
      NATS_URL: nats.url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'debug',
      BUS_TIMEOUT_MS: '15000',
      AUTH_TOKEN_SECRET,
    };
    await Promise.all(SERVICE_NAMES.map((name) => startService(name)));
    const [gatewayPort, bffPort] = [await freePort(), await freePort()];
    const edgeEnv = { NATS_URL: nats.url, HOST: '127.0.0.1', LOG_LEVEL: 'info', BUS_TIMEOUT_MS: '15000' };
    const gateway = spawnApp('gateway', { ...edgeEnv, PORT: String(gatewayPort) });
    const bff = spawnApp('bff', { ...edgeEnv, PORT: String(bffPort), AUTH_TOKEN_SECRET });
    processes.set('gateway', gateway).set('bff', bff);
    await Promise.all([gateway.waitForOutput(/gateway listening/), bff.waitForOutput(/bff listening/)]);
    gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    bffUrl = `http://127.0.0.1:${bffPort}`;
    // Nine processes start at once: on a loaded 2-core machine that can take well over a minute.
  }, 180_000);

  afterAll(async () => {
    await Promise.all([...processes.values()].map((proc) => proc.stop()));
    await nats?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const planCatalogueQuery = (url: string) =>
    fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ planCatalogue { plans { id name monthlyPriceCents } } }' }),
    });

  it('GET /api/status asks every service over NATS and reports each one healthy', async () => {
    const response = await fetch(`${gatewayUrl}/api/status`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      status: string;
      services: Array<{ name: string; status: string; version: string }>;
    };
    expect(body.status).toBe('ok');
    expect(body.services.map((s) => s.name)).toEqual([...SERVICE_NAMES]);
    for (const service of body.services)
      expect(service).toMatchObject({ status: 'ok', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
  });

  it('serves the plan catalogue from the billing process through the gateway and the BFF', async () => {
    const rest = await fetch(`${gatewayUrl}/api/plans?kind=subscription`, {
      headers: { 'X-Correlation-Id': 'distributed-slice-0001' },
    });
    expect(rest.status).toBe(200);
    expect(rest.headers.get('x-correlation-id')).toBe('distributed-slice-0001');
    const restBody = (await rest.json()) as { plans: Array<{ id: string }> };
    expect(restBody.plans.map((p) => p.id)).toEqual(['free', 'basic', 'pro', 'enterprise']);

    const graphql = await planCatalogueQuery(bffUrl);
    expect(graphql.status).toBe(200);
    const gqlBody = (await graphql.json()) as {
      data: { planCatalogue: { plans: Array<{ id: string; monthlyPriceCents: number | null }> } };
    };
    expect(gqlBody.data.planCatalogue.plans.find((p) => p.id === 'basic')?.monthlyPriceCents).toBe(2000);
  });

  it('carries the correlation id from the edge into the service logs', async () => {
    await eventually(
      async () =>
        processes
          .get('billing')!
          .output.some((line) => line.includes('"correlationId":"distributed-slice-0001"')),
      10_000,
      'the billing log line with the correlation id',
    );
  });

  it('signs up through the BFF, finishes setup across identity, keys and billing, and serves the key at the gateway', async () => {
    const browser = new GraphqlBrowser(bffUrl);
    const signUp = await browser.request<{ signUp: { id: string } }>(
      'mutation ($input: SignUpInput!) { signUp(input: $input) { id } }',
      { input: { email: 'distributed@example.com', password: 'distributed pw 1', name: 'Dee' } },
    );
    expect(signUp.errors).toBeUndefined();
    const userId = signUp.data!.signUp.id;

    await untilSetupComplete(browser);
    const viewer = await browser.request<{ viewer: { plan: string } }>('{ viewer { plan } }');
    expect(viewer.data!.viewer.plan).toBe('free');
    const keys = await browser.request<{ apiKeys: Array<{ name: string }> }>('{ apiKeys { name } }');
    // Sign-up makes no key whose secret nobody is shown (decision 088).
    expect(keys.data!.apiKeys).toEqual([]);

    const created = await browser.request<{ createApiKey: { secret: string } }>(
      'mutation { createApiKey(input: { name: "Distributed" }) { secret } }',
    );
    apiKey = created.data!.createApiKey.secret;
    const health = await fetch(`${gatewayUrl}/api/health`, {
      headers: { 'X-API-Key': apiKey },
    });
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', user_id: userId });
    const foreign = await fetch(`${gatewayUrl}/api/user/someone-else/create`, {
      method: 'POST',
      headers: { 'X-API-Key': created.data!.createApiKey.secret },
    });
    expect(foreign.status).toBe(403);
  });

  it('serves MCP at the gateway: the SDK client learns a fact for an end user and finds it', async () => {
    const client = new Client({ name: 'distributed-e2e', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL('/mcp', gatewayUrl), {
        requestInit: { headers: { Authorization: `Bearer ${apiKey}` } },
      }),
    );
    try {
      const text = (result: unknown) => {
        const [content] = (result as CallToolResult).content;
        return JSON.parse(content?.type === 'text' ? content.text : 'null') as unknown;
      };
      expect((await client.listTools()).tools).toHaveLength(7);
      const learned = text(
        await client.callTool({
          name: 'add_memory',
          arguments: { end_user_id: 'dana', messages: 'I live in Paris.' },
        }),
      ) as { results: Array<{ event: string; text: string }> };
      expect(learned.results.map(({ event, text: fact }) => [event, fact])).toEqual([
        ['ADD', 'User lives in Paris.'],
      ]);
      const found = text(
        await client.callTool({
          name: 'search_memories',
          arguments: { query: 'Where does the user live?', end_user_id: 'dana' },
        }),
      ) as { results: Array<{ text: string }> };
      expect(found.results.map((result) => result.text)).toEqual(['User lives in Paris.']);
      const others = text(
        await client.callTool({ name: 'search_memories', arguments: { query: 'Where does the user live?' } }),
      ) as { results: unknown[] };
      expect(others.results).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it('serves the Mem0-compatible API: an async add learns in the chat process’s durable job, then search finds it', async () => {
    const client = new MemoryClient({ apiKey, host: `${gatewayUrl}/api/mem0` });
    await client.ping();
    const queued = (await client.add([{ role: 'user', content: 'I live in Oslo.' }], {
      userId: 'dee-customer',
      asyncMode: true,
    })) as unknown as { results: Array<{ eventId: string }> };
    const eventId = queued.results[0]?.eventId ?? '';
    await eventually(
      async () => {
        const answer = await fetch(`${gatewayUrl}/api/mem0/v1/event/${eventId}/`, {
          headers: { Authorization: `Token ${apiKey}` },
        });
        return ((await answer.json()) as { status: string }).status === 'SUCCEEDED';
      },
      30_000,
      'the queued learning to succeed',
    );
    const found = await client.search('Where does the customer live?', {
      filters: { user_id: 'dee-customer' },
    });
    expect(found.results.map((result) => result.memory)).toEqual(['User lives in Oslo.']);
  });

  it('fails fast with service_unavailable while billing is down, and recovers when it restarts', async () => {
    // The BFF keeps billing's catalogue (decision 222): read it once so the copy is there.
    const catalogue = await (await planCatalogueQuery(bffUrl)).json();
    expect(catalogue).toMatchObject({ data: { planCatalogue: { plans: expect.any(Array) } } });
    await processes.get('billing')!.stop();

    const started = Date.now();
    const rest = await fetch(`${gatewayUrl}/api/plans`);
    expect(rest.status).toBe(503);
    expect(await rest.json()).toMatchObject({
      error: 'service_unavailable',
      message: expect.stringContaining('billing'),
    });
    // NATS answers "no responders" at once: far below the 15 s bus timeout configured here (the margin is
    // for a loaded machine; waiting out the timeout would take 15 s).
    expect(Date.now() - started).toBeLessThan(10_000);

    // The web app's plan screen still shows the catalogue from the BFF's copy while billing is down.
    const graphql = await planCatalogueQuery(bffUrl);
    expect(graphql.status).toBe(200);
    expect(await graphql.json()).toEqual(catalogue);

    const status = (await (await fetch(`${gatewayUrl}/api/status`)).json()) as {
      status: string;
      services: Array<{ name: string; status: string }>;
    };
    expect(status.status).toBe('degraded');
    expect(status.services.find((s) => s.name === 'billing')?.status).toBe('unavailable');
    expect(status.services.filter((s) => s.status === 'ok')).toHaveLength(6);

    await startService('billing');
    const again = await fetch(`${gatewayUrl}/api/plans`);
    expect(again.status).toBe(200);
    expect((await planCatalogueQuery(bffUrl)).status).toBe(200);
  });
});
