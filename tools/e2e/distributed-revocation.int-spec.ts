import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { freePort, startNatsServer, type TestNatsServer } from '@membolt/bus/testing';
import { GraphqlBrowser } from '@membolt/bff/testing';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { untilSetupComplete } from './support/accounts.js';
import { type AppProcess, spawnApp } from './support/app-process.js';

const AUTH_TOKEN_SECRET = 'distributed-revocation-secret-0123456789';
const PASSWORD = 'distributed pw 1';
/** The services these flows touch (sign-up setup, keys, account deletion); chat holds no user data. */
const SERVICES = ['identity', 'keys', 'billing', 'memory', 'ingestion', 'chat', 'webhooks'] as const;
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Revocation in distributed mode: two gateway replicas and two BFF replicas (and a third that starts
 * late), each its own process, on a real nats-server. A revoked key or session must be refused by every
 * replica on the very next request, though each gateway caches key validations for 60 s.
 */
describe('distributed mode: revocations and upload progress reach every replica at once', () => {
  let nats: TestNatsServer;
  let dataDir: string;
  const processes: AppProcess[] = [];
  let edgeEnv: Record<string, string>;
  const gateways: string[] = [];
  const bffs: string[] = [];

  const startEdge = async (app: 'gateway' | 'bff', extra: Record<string, string> = {}) => {
    const port = await freePort();
    const proc = spawnApp(app, { ...edgeEnv, PORT: String(port), ...extra });
    processes.push(proc);
    await proc.waitForOutput(new RegExp(`${app} listening`));
    return `http://127.0.0.1:${port}`;
  };

  beforeAll(async () => {
    nats = await startNatsServer();
    dataDir = mkdtempSync(join(tmpdir(), 'membolt-distributed-revocation-'));
    const serviceEnv = {
      NATS_URL: nats.url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      BUS_TIMEOUT_MS: '5000',
      AUTH_TOKEN_SECRET,
    };
    // Two billing replicas: each caches subscription checks for 5 minutes.
    await Promise.all(
      [...SERVICES, 'billing' as const].map(async (name) => {
        const proc = spawnApp(name, serviceEnv);
        processes.push(proc);
        await proc.waitForOutput(/listening on NATS/);
      }),
    );
    edgeEnv = {
      NATS_URL: nats.url,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      BUS_TIMEOUT_MS: '5000',
      AUTH_TOKEN_SECRET,
      // The longest cache allowed: only the broadcast can make a revocation show on the next request.
      GATEWAY_API_KEY_CACHE_TTL_MS: '60000',
      // Upload progress re-read hourly: only the broadcast can bring a stage to a following browser.
      BFF_UPLOAD_EVENTS_RECHECK_SECONDS: '3600',
    };
    gateways.push(...(await Promise.all([startEdge('gateway'), startEdge('gateway')])));
    bffs.push(...(await Promise.all([startEdge('bff'), startEdge('bff')])));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(processes.map((proc) => proc.stop()));
    await nats?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  let seq = 0;
  const signUp = async () => {
    const browser = new GraphqlBrowser(bffs[0]!);
    const result = await browser.request<{ signUp: { id: string } }>(
      'mutation ($input: SignUpInput!) { signUp(input: $input) { id } }',
      { input: { email: `revoked${++seq}@example.com`, password: PASSWORD, name: 'Rev' } },
    );
    expect(result.errors).toBeUndefined();
    return browser;
  };
  const createKey = async (browser: GraphqlBrowser) => {
    const created = await browser.request<{ createApiKey: { secret: string; apiKey: { id: string } } }>(
      'mutation { createApiKey(input: { name: "Replicated" }) { secret apiKey { id } } }',
    );
    expect(created.errors).toBeUndefined();
    return created.data!.createApiKey;
  };
  const statusAt = async (gateway: string, key: string) =>
    (await fetch(`${gateway}/api/health`, { headers: { 'X-API-Key': key } })).status;
  /** The same access cookie, presented to another BFF replica. */
  const atReplica = (browser: GraphqlBrowser, bff: string) => {
    const copy = new GraphqlBrowser(bff);
    copy.jar.store(
      new Response(null, {
        headers: { 'set-cookie': `mb_at=${encodeURIComponent(browser.jar.get('mb_at')!.value)}; Path=/` },
      }),
    );
    return copy;
  };
  const viewerCode = async (browser: GraphqlBrowser) =>
    (await browser.request('{ viewer { id } }')).errors?.[0]?.extensions?.code ?? 'ok';

  it('a revoked key is refused by both gateway replicas on the very next request', async () => {
    const browser = await signUp();
    const { secret, apiKey } = await createKey(browser);
    for (const gateway of gateways) {
      expect(await statusAt(gateway, secret)).toBe(200);
      expect(await statusAt(gateway, secret)).toBe(200);
    }
    const revoked = await browser.request('mutation ($id: ID!) { revokeApiKey(id: $id) { id } }', {
      id: apiKey.id,
    });
    expect(revoked.errors).toBeUndefined();
    for (const gateway of gateways) expect(await statusAt(gateway, secret)).toBe(401);
  });

  it('operator CLI changes over NATS reach every gateway and billing replica on the very next request', async () => {
    const membolt = (...args: string[]) =>
      new Promise<Record<string, unknown>>((resolve, reject) =>
        execFile(
          process.execPath,
          ['apps/standalone/bin/membolt.js', ...args],
          { cwd: ROOT, env: { PATH: process.env['PATH'] ?? '', NATS_URL: nats.url }, timeout: 60_000 },
          (error, stdout, stderr) =>
            error
              ? reject(new Error(stderr || error.message))
              : resolve(JSON.parse(stdout) as Record<string, unknown>),
        ),
      );
    const { userId, apiKey } = (await membolt(
      'user:create',
      '--email',
      'cli-distributed@example.com',
      '--name',
      'Ops',
      '--password',
      PASSWORD,
    )) as { userId: string; apiKey: string };
    // Several calls per gateway: NATS spreads them over both billing replicas, so both caches hold the check.
    const checks = async () => {
      const bodies: Array<Record<string, unknown>> = [];
      for (const gateway of gateways) {
        for (let i = 0; i < 4; i++) {
          const response = await fetch(`${gateway}/api/subscription`, { headers: { 'X-API-Key': apiKey } });
          bodies.push({ status: response.status, ...((await response.json()) as Record<string, unknown>) });
        }
      }
      return bodies;
    };
    expect(new Set((await checks()).map((body) => body['valid']))).toEqual(new Set([true]));
    await membolt('subscription:status', '--user', userId, '--status', 'inactive');
    expect(new Set((await checks()).map((body) => body['reason']))).toEqual(new Set(['inactive_account']));
    await membolt('subscription:status', '--user', userId, '--status', 'active');
    await membolt('subscription:plan', '--user', userId, '--plan', 'pro');
    expect(new Set((await checks()).map((body) => body['plan']))).toEqual(new Set(['pro']));
    await membolt('key:revoke', '--key', apiKey);
    expect(new Set((await checks()).map((body) => body['status']))).toEqual(new Set([401]));
  }, 120_000);

  it('a signed-out session is refused by every BFF replica at once, and by one that starts later', async () => {
    const browser = await signUp();
    const elsewhere = atReplica(browser, bffs[1]!);
    expect(await viewerCode(elsewhere)).toBe('ok');
    await browser.request('mutation { signOut }');
    expect(await viewerCode(elsewhere)).toBe('UNAUTHENTICATED');

    const late = await startEdge('bff');
    expect(await viewerCode(atReplica(elsewhere, late))).toBe('UNAUTHENTICATED');
  });

  it('account deletion ends its keys on both gateways and its sessions on every BFF replica at once', async () => {
    const browser = await signUp();
    await untilSetupComplete(browser);
    const { secret } = await createKey(browser);
    for (const gateway of gateways) expect(await statusAt(gateway, secret)).toBe(200);
    const elsewhere = atReplica(browser, bffs[1]!);
    const deleted = await browser.request('mutation { deleteAccount { userId } }');
    expect(deleted.errors).toBeUndefined();
    for (const gateway of gateways) expect(await statusAt(gateway, secret)).toBe(401);
    expect(await viewerCode(elsewhere)).toBe('UNAUTHENTICATED');
    const minted = await elsewhere.request('mutation { createApiKey(input: { name: "after" }) { secret } }');
    expect(minted.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it("an upload's progress, broadcast by the ingestion process, reaches the browser following it on another BFF replica", async () => {
    const browser = await signUp();
    await untilSetupComplete(browser);
    const bytes = Buffer.from('The lighthouse keeper logs the tides at dawn.');
    const begun = await browser.request<{ beginUpload: { id: string } }>(
      'mutation ($input: BeginUploadInput!) { beginUpload(input: $input) { id } }',
      { input: { fileName: 'tides.txt', fileSize: bytes.length } },
    );
    expect(begun.errors).toBeUndefined();
    const id = begun.data!.beginUpload.id;
    const part = await browser.request(
      'mutation ($id: ID!, $data: String!) { uploadPart(uploadId: $id, index: 0, data: $data) }',
      { id, data: bytes.toString('base64') },
    );
    expect(part.errors).toBeUndefined();

    const elsewhere = atReplica(browser, bffs[1]!);
    const stream = await fetch(`${bffs[1]}/events/uploads/${id}`, {
      headers: { accept: 'text/event-stream', cookie: elsewhere.jar.header('/events') },
    });
    expect(stream.status).toBe(200);
    const body = stream.text();
    const completed = await browser.request('mutation ($id: ID!) { completeUpload(uploadId: $id) { id } }', {
      id,
    });
    expect(completed.errors).toBeUndefined();
    const states = (await body)
      .split('\n\n')
      .filter((block) => block.startsWith('event: upload'))
      .map((block) => (JSON.parse(block.split('\ndata: ')[1]!) as { state: string }).state);
    expect(states[0]).toBe('receiving');
    expect(states.at(-1)).toBe('done');
  });
});
