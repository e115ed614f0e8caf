import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { freePort, startNatsServer, type TestNatsServer } from '@membolt/bus/testing';
import { GraphqlBrowser } from '@membolt/bff/testing';
import { SERVICE_NAMES } from '@membolt/contracts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signUpWithApiKey } from './support/accounts.js';
import { type AppProcess, spawnApp } from './support/app-process.js';

const AUTH_TOKEN_SECRET = 'distributed-portal-secret-0123456789abcdef';
const PORTAL_LINK_SECRET = 'distributed-portal-link-secret-0123456789';

/**
 * The end users' portal in distributed mode: two gateway processes with the same PORTAL_LINK_SECRET (a link
 * minted on one opens on the other), every service in its own process over a real nats-server, the settings and
 * audit log kept by the identity service.
 */
describe("distributed mode: the end users' portal across gateway replicas", () => {
  let nats: TestNatsServer;
  let dataDir: string;
  let gateways: string[] = [];
  let key: string;
  let userId: string;
  const processes: AppProcess[] = [];

  beforeAll(async () => {
    nats = await startNatsServer();
    dataDir = mkdtempSync(join(tmpdir(), 'membolt-distributed-portal-'));
    const serviceEnv = {
      NATS_URL: nats.url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      BUS_TIMEOUT_MS: '5000',
      AUTH_TOKEN_SECRET,
    };
    await Promise.all(
      SERVICE_NAMES.map(async (name) => {
        const proc = spawnApp(name, serviceEnv);
        processes.push(proc);
        await proc.waitForOutput(/listening on NATS/, 90_000);
      }),
    );
    const edgeEnv = { NATS_URL: nats.url, HOST: '127.0.0.1', LOG_LEVEL: 'info', BUS_TIMEOUT_MS: '5000' };
    const ports = [await freePort(), await freePort(), await freePort()];
    const edges = [
      spawnApp('gateway', { ...edgeEnv, PORT: String(ports[0]), PORTAL_LINK_SECRET }, 'gateway-1'),
      spawnApp('gateway', { ...edgeEnv, PORT: String(ports[1]), PORTAL_LINK_SECRET }, 'gateway-2'),
      spawnApp('bff', { ...edgeEnv, PORT: String(ports[2]), AUTH_TOKEN_SECRET }),
    ];
    processes.push(...edges);
    await Promise.all([
      edges[0]!.waitForOutput(/gateway listening/, 90_000),
      edges[1]!.waitForOutput(/gateway listening/, 90_000),
      edges[2]!.waitForOutput(/bff listening/, 90_000),
    ]);
    gateways = [`http://127.0.0.1:${ports[0]}`, `http://127.0.0.1:${ports[1]}`];

    const browser = new GraphqlBrowser(`http://127.0.0.1:${ports[2]}`);
    ({ userId, key } = await signUpWithApiKey(
      browser,
      { email: 'portal@example.com', password: 'distributed pw 1', name: 'Pia' },
      'Portal backend',
    ));
  }, 300_000);

  afterAll(async () => {
    await Promise.all(processes.map((proc) => proc.stop()));
    await nats?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const api = async (base: string, path: string, init: { method?: string; body?: unknown } = {}) => {
    const response = await fetch(`${base}/api/user/${userId}${path}`, {
      method: init.method ?? 'GET',
      headers: { 'X-API-Key': key, 'content-type': 'application/json' },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('a link minted on one replica opens, lists and forgets on the other; the audit log records it', async () => {
    const [first, second] = gateways as [string, string];
    const settings = await api(first, '/portal_settings', {
      method: 'PUT',
      body: { display_name: 'Pia’s app' },
    });
    expect(settings.status).toBe(200);
    const memory = await api(first, '/memories', {
      method: 'POST',
      body: { text: 'I live in Bergen.', end_user_id: 'viewer-1' },
    });
    expect(memory.status).toBe(201);
    const minted = await api(first, '/end_users/viewer-1/portal', { method: 'POST', body: {} });
    expect(minted.status).toBe(201);
    const token = String(minted.body['token']);

    const page = await fetch(`${second}/portal/${token}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('What Pia’s app remembers about you');
    const listed = (await (await fetch(`${second}/portal/${token}/memories`)).json()) as {
      memories: Array<{ id: string; text: string }>;
    };
    expect(listed.memories.map((item) => item.text)).toEqual(['I live in Bergen.']);
    const forgotten = await fetch(`${second}/portal/${token}/memories/${listed.memories[0]!.id}`, {
      method: 'DELETE',
    });
    expect(forgotten.status).toBe(200);
    expect(((await forgotten.json()) as { removed: Record<string, number> }).removed['memories']).toBe(1);

    const audit = await api(first, '/end_users/viewer-1/portal/audit');
    expect((audit.body['entries'] as Array<{ action: string }>).map((entry) => entry.action)).toEqual([
      'forgot',
      'viewed',
    ]);
  });
});
