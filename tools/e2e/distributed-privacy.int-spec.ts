import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { freePort, startNatsServer, type TestNatsServer } from '@membolt/bus/testing';
import { GraphqlBrowser } from '@membolt/bff/testing';
import {
  type LoopbackLlmResponder,
  type LoopbackLlmServer,
  startLoopbackLlmServer,
} from '@membolt/chat/testing';
import { SERVICE_NAMES } from '@membolt/contracts';
import { unzipSync } from 'fflate';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signUpWithApiKey } from './support/accounts.js';
import { type AppProcess, eventually, spawnApp } from './support/app-process.js';

const AUTH_TOKEN_SECRET = 'distributed-privacy-secret-0123456789abcdef';
/** Nine processes start at once: on a loaded two-core machine one may take minutes to listen. */
const STARTUP_MS = 240_000;

/** The files under a directory whose bytes hold the text. */
function filesHolding(dir: string, text: string): string[] {
  const needle = Buffer.from(text, 'utf8');
  const found: string[] = [];
  const walk = (path: string) => {
    for (const name of readdirSync(path)) {
      const full = join(path, name);
      const stat = statSync(full);
      if (stat.isDirectory()) walk(full);
      else if (stat.isFile() && readFileSync(full).includes(needle)) found.push(full);
    }
  };
  walk(dir);
  return found;
}

const isClassification = (system: string) => system.includes('special categories of personal data');

/** A model that classes a counsellor after a burnout as health and learns "My email is …" as a fact. */
const modelResponder: LoopbackLlmResponder = (request) => {
  const prompt = request.messages.at(-1)?.content ?? '';
  if (isClassification(request.system)) {
    const sentences = [...prompt.matchAll(/^\d+\. (.*)$/gm)].map((match) => match[1] ?? '');
    const lists = sentences.map((sentence) => (/counsellor|burnout/.test(sentence) ? ['health'] : []));
    return { kind: 'stream', tokens: [JSON.stringify({ sentences: lists })] };
  }
  // The queued job's messages were screened before it was queued: the model reads the placeholder.
  const email = /My email is (.+?)\.?$/m.exec(prompt)?.[1];
  const facts = email
    ? [
        {
          text: `User's email is ${email}.`,
          category: 'personal',
          importance: 0.7,
          subject: 'email',
          value: email,
          kind: 'fact',
        },
      ]
    : [];
  return { kind: 'stream', tokens: [JSON.stringify({ facts })] };
};

/**
 * The write-time privacy policy, the portal and "Download my data" in distributed mode: every service in its
 * own process over a real nats-server. The policy is set through the gateway and kept by the memory service;
 * the memory service asks the chat service (another process) for the model's classification; an asynchronous
 * add is screened before the chat service's job holds it; the portal and the export (the ingestion service's
 * job) show what the policy let through.
 */
describe('distributed mode: the privacy policy, the portal and the data export', () => {
  let nats: TestNatsServer;
  let llm: LoopbackLlmServer;
  let dataDir: string;
  let gateway: string;
  let browser: GraphqlBrowser;
  let bffUrl: string;
  let key: string;
  let userId: string;
  const processes: AppProcess[] = [];

  beforeAll(async () => {
    nats = await startNatsServer();
    llm = await startLoopbackLlmServer('openai', modelResponder);
    dataDir = mkdtempSync(join(tmpdir(), 'membolt-distributed-privacy-'));
    const serviceEnv = {
      NATS_URL: nats.url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      BUS_TIMEOUT_MS: '15000',
      AUTH_TOKEN_SECRET,
      OPENAI_COMPATIBLE_BASE_URL: llm.baseUrl,
      OPENAI_COMPATIBLE_API_KEY: 'loopback',
      OPENAI_COMPATIBLE_MODELS: 'loopback-llama',
      CHAT_DEFAULT_MODEL: 'loopback-llama',
    };
    await Promise.all(
      SERVICE_NAMES.map(async (name) => {
        const proc = spawnApp(name, serviceEnv);
        processes.push(proc);
        await proc.waitForOutput(/listening on NATS/, STARTUP_MS);
      }),
    );
    const edgeEnv = { NATS_URL: nats.url, HOST: '127.0.0.1', LOG_LEVEL: 'info', BUS_TIMEOUT_MS: '15000' };
    // The tests poll the gateway until a queued job is done: they test no rate limit.
    const unlimited = {
      GATEWAY_RATE_LIMIT_PER_MINUTE: '1000000',
      GATEWAY_RATE_LIMIT_PER_USER_PER_MINUTE: '1000000',
    };
    const [gatewayPort, bffPort] = [await freePort(), await freePort()];
    const edges = [
      spawnApp('gateway', { ...edgeEnv, ...unlimited, PORT: String(gatewayPort) }),
      spawnApp('bff', { ...edgeEnv, PORT: String(bffPort), AUTH_TOKEN_SECRET }),
    ];
    processes.push(...edges);
    await Promise.all([
      edges[0]!.waitForOutput(/gateway listening/, STARTUP_MS),
      edges[1]!.waitForOutput(/bff listening/, STARTUP_MS),
    ]);
    gateway = `http://127.0.0.1:${gatewayPort}`;
    bffUrl = `http://127.0.0.1:${bffPort}`;

    browser = new GraphqlBrowser(bffUrl);
    ({ userId, key } = await signUpWithApiKey(
      browser,
      { email: 'privacy@example.com', password: 'distributed pw 1', name: 'Pri' },
      'Privacy backend',
    ));
  }, 3 * STARTUP_MS);

  afterAll(async () => {
    await Promise.all(processes.map((proc) => proc.stop()));
    await llm?.close();
    await nats?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const api = async (path: string, init: { method?: string; body?: unknown } = {}) => {
    const response = await fetch(`${gateway}/api/user/${userId}${path}`, {
      method: init.method ?? 'GET',
      headers: { 'X-API-Key': key, 'content-type': 'application/json' },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const memoryTexts = async (scope = '') =>
    ((await api(`/memories?limit=100${scope}`)).body['memories'] as Array<{ text: string }>).map(
      (memory) => memory.text,
    );

  it('the policy set on the gateway governs the memory process, with the model classifying in the chat process', async () => {
    const put = await api('/privacy-policy', {
      method: 'PUT',
      body: { actions: { email: 'redact', health: 'redact', card_number: 'refuse' } },
    });
    expect(put.status).toBe(200);
    expect((await api('/privacy-policy')).body['policy']).toMatchObject({
      email: 'redact',
      health: 'redact',
      card_number: 'refuse',
    });

    const added = await api('/memories', {
      method: 'POST',
      body: { text: 'Mail ann@example.com. I see a counsellor since the burnout.', end_user_id: 'viewer-1' },
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      text: 'Mail [e-mail address]. [health information].',
      redactions: ['email', 'health'],
    });
    expect(llm.requests.some((request) => isClassification(request.system))).toBe(true);

    const refused = await api('/memories', { method: 'POST', body: { text: 'Card 4111 1111 1111 1111.' } });
    expect(refused).toEqual({
      status: 400,
      body: {
        error: 'sensitive_data_refused',
        message: 'The privacy policy refuses to store this: it holds card_number.',
      },
    });

    const queued = await api('/memories', {
      method: 'POST',
      body: {
        async: true,
        end_user_id: 'viewer-2',
        messages: [{ role: 'user', content: 'My email is bo@example.com.' }],
        metadata: { contact: 'bo@example.com' },
      },
    });
    expect(queued.status).toBe(202);
    await eventually(
      async () => (await memoryTexts('&end_user_id=viewer-2')).includes("User's email is [e-mail address]."),
      60_000,
      'the fact learnt by the queued job',
    );
    // Only the chat's own conversations keep what was said; no store or queue of another process does.
    for (const original of ['ann@example.com', 'bo@example.com', 'counsellor', '4111 1111 1111 1111'])
      expect({
        original,
        files: filesHolding(dataDir, original).filter((f) => !/chat\.sqlite/.test(f)),
      }).toEqual({
        original,
        files: [],
      });
  }, 180_000);

  it('the portal shows an end user the memory as the policy stored it', async () => {
    const minted = await api('/end_users/viewer-1/portal', { method: 'POST', body: {} });
    expect(minted.status).toBe(201);
    const token = String(minted.body['token']);
    const listed = (await (await fetch(`${gateway}/portal/${token}/memories`)).json()) as {
      memories: Array<{ text: string }>;
    };
    expect(listed.memories.map((memory) => memory.text)).toEqual([
      'Mail [e-mail address]. [health information].',
    ]);
  });

  it('"Download my data" (the ingestion process) exports the memories as stored, never the originals', async () => {
    const started = await browser.request<{ startDataExport: { id: string } }>(
      'mutation { startDataExport { id state } }',
    );
    expect(started.errors).toBeUndefined();
    const id = started.data!.startDataExport.id;
    let downloadUrl: string | null = null;
    await eventually(
      async () => {
        const polled = await browser.request<{ dataExport: { state: string; downloadUrl: string | null } }>(
          'query ($id: ID!) { dataExport(id: $id) { state downloadUrl } }',
          { id },
        );
        downloadUrl = polled.data?.dataExport.downloadUrl ?? null;
        return polled.data?.dataExport.state === 'done';
      },
      120_000,
      'the export built',
    );
    const path = new URL(downloadUrl!, bffUrl).pathname;
    const response = await fetch(`${bffUrl}${path}`, { headers: { cookie: browser.jar.header(path) } });
    expect(response.status).toBe(200);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const memoriesJson = Buffer.from(files['memories.json']!).toString('utf8');
    const texts = (JSON.parse(memoriesJson) as Array<{ text: string }>).map((memory) => memory.text);
    expect(texts).toEqual(
      expect.arrayContaining([
        'Mail [e-mail address]. [health information].',
        "User's email is [e-mail address].",
      ]),
    );
    expect(memoriesJson).not.toMatch(/ann@example\.com|bo@example\.com|counsellor/);
  }, 180_000);
});
