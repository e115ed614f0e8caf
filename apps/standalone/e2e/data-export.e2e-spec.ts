import { describe, expect, it, jest } from '@jest/globals';
import { GraphqlBrowser } from '@membolt/bff/testing';
import { DATA_EXPORT_FILES } from '@membolt/contracts';
import { buildJobsLib, CRASH_WORKER, eventually } from '@membolt/jobs/testing';
import { createJobQueue, type JobsConfig } from '@membolt/jobs';
import { DATA_EXPORT_JOB, dataExportJobId } from '@membolt/ingestion';
import type { RunningHttpEdge } from '@membolt/runtime';
import { unzipSync } from 'fflate';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadStandaloneConfig } from '../src/standalone.config.js';
import { startStandalone } from '../src/standalone.js';
import { signInOverGraphql, signUpOverGraphql, useStandalone } from './support/standalone.js';

jest.setTimeout(240_000);

const EXPORT_FIELDS = 'id state stage percent createdAt expiresAt bytes downloadUrl error';
const START = `mutation { startDataExport { ${EXPORT_FIELDS} } }`;
const GET = `query ($id: ID!) { dataExport(id: $id) { ${EXPORT_FIELDS} } }`;
const LATEST = `query { latestDataExport { ${EXPORT_FIELDS} } }`;
const CREATE_MEMORY = `mutation ($input: CreateMemoryInput!) { createMemory(input: $input) { id } }`;
const UPDATE_MEMORY = `mutation ($id: ID!, $input: UpdateMemoryInput!) { updateMemory(id: $id, input: $input) { id version } }`;
const SEND = `mutation ($input: SendChatMessageInput!) { sendChatMessage(input: $input) { conversationId } }`;

interface DataExport {
  id: string;
  state: string;
  stage: string | null;
  percent: number;
  expiresAt: string | null;
  bytes: number | null;
  downloadUrl: string | null;
  error: string | null;
}

let sequence = 0;
const anAccount = () => ({
  email: `export-${Date.now().toString(36)}-${++sequence}@example.com`,
  password: 'correct horse 1',
  name: 'Ada',
});

async function graphql<T>(browser: GraphqlBrowser, query: string, variables: Record<string, unknown> = {}) {
  const result = await browser.request<T>(query, variables);
  if (result.errors) throw new Error(JSON.stringify(result.errors));
  return result.data!;
}

/** Reads the export until it is finished, keeping every state seen on the way. */
async function followExport(browser: GraphqlBrowser, id: string): Promise<DataExport[]> {
  const seen: DataExport[] = [];
  await eventually(
    async () => {
      const { dataExport } = await graphql<{ dataExport: DataExport }>(browser, GET, { id });
      seen.push(dataExport);
      return !['queued', 'running'].includes(dataExport.state);
    },
    180_000,
    `export ${id} to finish`,
  );
  return seen;
}

const download = (url: string, browser: GraphqlBrowser | null, path: string) =>
  fetch(`${url}${path}`, { headers: browser ? { cookie: browser.jar.header(path) } : {} });

type Zip = Record<string, unknown>;
const filesOf = (zip: Uint8Array): Zip => {
  const files = unzipSync(zip);
  return Object.fromEntries(
    Object.entries(files).map(([name, bytes]) => [name, JSON.parse(Buffer.from(bytes).toString('utf8'))]),
  );
};

/** Signs up and stores two memories (one changed, so it has a history) and one chat exchange. */
async function anAccountWithData(url: string) {
  const account = anAccount();
  const { browser, userId } = await signUpOverGraphql(url, account);
  const first = await graphql<{ createMemory: { id: string } }>(browser, CREATE_MEMORY, {
    input: { text: 'I moved to Lisbon in March 2025.' },
  });
  await graphql(browser, UPDATE_MEMORY, {
    id: first.createMemory.id,
    input: { text: 'I moved to Porto in June 2026.' },
  });
  await graphql(browser, CREATE_MEMORY, { input: { text: 'Has a dog called Miso.' } });
  const chat = await graphql<{ sendChatMessage: { conversationId: string } }>(browser, SEND, {
    input: { message: 'Hello, what do you remember about me?' },
  });
  return {
    account,
    browser,
    userId,
    memoryId: first.createMemory.id,
    conversationId: chat.sendChatMessage.conversationId,
  };
}

function expectAccountData(files: Zip, expected: { memoryId: string; conversationId: string }) {
  expect(Object.keys(files).sort()).toEqual([...DATA_EXPORT_FILES].sort());
  const memories = files['memories.json'] as Array<{
    id: string;
    text: string;
    history: Array<{ text: string }>;
  }>;
  expect(memories.map((memory) => memory.text).sort()).toEqual([
    'Has a dog called Miso.',
    'I moved to Porto in June 2026.',
  ]);
  const changed = memories.find((memory) => memory.id === expected.memoryId)!;
  expect(changed.history.map((version) => version.text)).toEqual([
    'I moved to Lisbon in March 2025.',
    'I moved to Porto in June 2026.',
  ]);
  const conversations = files['conversations.json'] as Array<{
    id: string;
    messages: Array<{ role: string; content: string }>;
  }>;
  const conversation = conversations.find((one) => one.id === expected.conversationId)!;
  expect(conversation.messages[0]).toMatchObject({
    role: 'user',
    content: 'Hello, what do you remember about me?',
  });
  expect(conversation.messages.some((message) => message.role === 'assistant')).toBe(true);
  expect(files['uploads.json']).toEqual([]);
  const usage = files['usage.json'] as {
    summary: { rows: unknown[]; totals: { calls: number } };
    ledger: unknown[];
  };
  expect(usage.summary.totals.calls).toBeGreaterThan(0);
  expect(files['export.json']).toMatchObject({
    counts: { memories: 2, conversations: conversations.length },
  });
}

describe('Download my data (standalone)', () => {
  const product = useStandalone('data-export', { BUS_TIMEOUT_MS: '30000' });

  it('builds the zip as a job with progress; only its owner downloads it, and bad ids change nothing', async () => {
    const ada = await anAccountWithData(product.url);
    expect(await graphql<{ latestDataExport: DataExport | null }>(ada.browser, LATEST)).toEqual({
      latestDataExport: null,
    });

    const { startDataExport: started } = await graphql<{ startDataExport: DataExport }>(ada.browser, START);
    expect(['queued', 'running', 'done']).toContain(started.state);
    const seen = await followExport(ada.browser, started.id);
    const done = seen.at(-1)!;
    expect(done).toMatchObject({ id: started.id, state: 'done', percent: 100, error: null });
    expect(done.downloadUrl).toBe(`/downloads/data-exports/${started.id}`);
    // Progress only moves forward.
    const percents = seen.map((state) => state.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(Date.parse(done.expiresAt!)).toBeGreaterThan(Date.now() + 23 * 3600_000);
    expect((await graphql<{ latestDataExport: DataExport }>(ada.browser, LATEST)).latestDataExport.id).toBe(
      started.id,
    );

    const response = await download(product.url, ada.browser, done.downloadUrl!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toContain('attachment');
    const zip = new Uint8Array(await response.arrayBuffer());
    expect(zip.length).toBe(done.bytes);
    expect(response.headers.get('content-length')).toBe(String(done.bytes));
    expectAccountData(filesOf(zip), ada);

    // Another account: the export does not exist for it, over GraphQL and HTTP; without a session: 401.
    const bob = (await signUpOverGraphql(product.url, anAccount())).browser;
    const foreign = await bob.request(GET, { id: started.id });
    expect(foreign.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const foreignDownload = await download(product.url, bob, done.downloadUrl!);
    expect(foreignDownload.status).toBe(404);
    expect(await foreignDownload.json()).toEqual({ error: 'not_found', message: 'Data export not found' });
    expect(await graphql(bob, LATEST)).toEqual({ latestDataExport: null });
    expect((await download(product.url, null, done.downloadUrl!)).status).toBe(401);

    // Ids that are not export ids: 400 on HTTP and a validation error on GraphQL, nothing read.
    const badDownload = await download(product.url, ada.browser, '/downloads/data-exports/..%2F..%2Fetc');
    expect(badDownload.status).toBe(400);
    expect(await badDownload.json()).toMatchObject({ error: 'validation_error' });
    expect((await ada.browser.request(GET, { id: 'x'.repeat(32) })).errors?.[0]?.extensions?.code).toBe(
      'BAD_USER_INPUT',
    );
    const unknown = await download(
      product.url,
      ada.browser,
      `/downloads/data-exports/${randomBytes(16).toString('hex')}`,
    );
    expect(unknown.status).toBe(404);

    // Starting again makes a new export; a second start while it runs answers the same one.
    const again = await graphql<{ startDataExport: DataExport }>(ada.browser, START);
    expect(again.startDataExport.id).not.toBe(started.id);
    const twice = await graphql<{ startDataExport: DataExport }>(ada.browser, START);
    if (twice.startDataExport.id !== again.startDataExport.id) {
      // Only an export that had already finished lets a start make a new one.
      const { dataExport } = await graphql<{ dataExport: DataExport }>(ada.browser, GET, {
        id: again.startDataExport.id,
      });
      expect(['queued', 'running']).not.toContain(dataExport.state);
      await followExport(ada.browser, twice.startDataExport.id);
    }
    await followExport(ada.browser, again.startDataExport.id);
  });

  it('deleting the account deletes its export zips, counted in the receipt', async () => {
    const account = anAccount();
    const { browser } = await signUpOverGraphql(product.url, account);
    await graphql(browser, CREATE_MEMORY, { input: { text: 'Leaving soon.' } });
    const { startDataExport: started } = await graphql<{ startDataExport: DataExport }>(browser, START);
    expect((await followExport(browser, started.id)).at(-1)?.state).toBe('done');
    const zipPath = join(product.scratchDir, 'data', 'uploads', `data-export-${started.id}`);
    expect(existsSync(zipPath)).toBe(true);
    const { deleteAccount } = await graphql<{
      deleteAccount: {
        services: Array<{ service: string; removed: Array<{ kind: string; count: number }> }>;
      };
    }>(
      browser,
      `
        mutation {
          deleteAccount {
            services {
              service
              removed {
                kind
                count
              }
            }
          }
        }
      `,
    );
    const ingestion = deleteAccount.services.find((service) => service.service === 'ingestion');
    expect(ingestion?.removed).toContainEqual({ kind: 'dataExports', count: 1 });
    expect(existsSync(zipPath)).toBe(false);
    const signIn = await new GraphqlBrowser(product.url).request(
      `mutation ($input: SignInInput!) { signIn(input: $input) { id } }`,
      { input: { email: account.email, password: account.password, remember: false } },
    );
    expect(signIn.errors?.[0]).toMatchObject({ message: 'Invalid email or password' });
  });
});

describe('Download my data: retention', () => {
  // Ten seconds of retention: long enough to read the export once it is done on a loaded machine.
  const product = useStandalone('data-export-expiry', {
    BUS_TIMEOUT_MS: '30000',
    DATA_EXPORT_RETENTION_HOURS: '0.003',
  });

  it('deletes the zip when the retention time is over; the export then reads expired and downloads 404', async () => {
    const { browser } = await signUpOverGraphql(product.url, anAccount());
    await graphql(browser, CREATE_MEMORY, { input: { text: 'Short-lived export.' } });
    const { startDataExport: started } = await graphql<{ startDataExport: DataExport }>(browser, START);
    expect((await followExport(browser, started.id)).at(-1)!.state).toBe('done');
    const zipPath = join(product.scratchDir, 'data', 'uploads', `data-export-${started.id}`);
    await eventually(() => !existsSync(zipPath), 60_000, 'the expiry job to delete the zip');
    const { dataExport } = await graphql<{ dataExport: DataExport }>(browser, GET, { id: started.id });
    expect(dataExport).toMatchObject({ state: 'expired', downloadUrl: null });
    const response = await download(product.url, browser, `/downloads/data-exports/${started.id}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: 'not_found' });
  });
});

describe('Download my data: a process killed mid-job', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'membolt-data-export-crash-'));
  const dataDir = join(scratch, 'data');
  const start = () =>
    startStandalone(
      loadStandaloneConfig({
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        BUS_TIMEOUT_MS: '30000',
        JOBS_LEASE_MS: '5000',
      }),
    );
  const jobs: JobsConfig = {
    backend: { kind: 'embedded', dataDir },
    leaseMs: 5000,
    pollMs: 25,
    keepFinishedMs: 600_000,
    closeTimeoutMs: 1000,
  };

  it('kill -9 during the build: the restarted product builds the export again, whole', async () => {
    let running: RunningHttpEdge = await start();
    const ada = await anAccountWithData(running.url);
    await running.app.close();

    buildJobsLib();
    const child = spawn(process.execPath, [CRASH_WORKER], {
      env: {
        ...process.env,
        JOBS_CRASH_CONFIG: JSON.stringify({ service: 'ingestion', config: jobs }),
        JOBS_CRASH_JOB: DATA_EXPORT_JOB,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exportId = randomBytes(16).toString('hex');
    try {
      await eventually(() => output.includes('ready'), 60_000, 'the worker process to start');
      const producer = await createJobQueue('ingestion', jobs);
      const { id } = await producer.enqueue(
        DATA_EXPORT_JOB,
        { userId: ada.userId, exportId },
        { jobId: dataExportJobId(ada.userId, exportId), attempts: 3 },
      );
      await eventually(() => output.includes(`started ${id} 1`), 60_000, 'the worker to take the job');
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
      await producer.close();

      running = await start();
      const browser = await signInOverGraphql(running.url, {
        email: ada.account.email,
        password: ada.account.password,
        remember: false,
      });
      const done = (await followExport(browser, exportId)).at(-1)!;
      expect(done.state).toBe('done');
      const response = await download(running.url, browser, done.downloadUrl!);
      expect(response.status).toBe(200);
      expectAccountData(filesOf(new Uint8Array(await response.arrayBuffer())), ada);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await running.app.close();
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
