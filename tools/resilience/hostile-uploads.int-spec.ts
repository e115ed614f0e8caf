import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { freePort } from '@membolt/bus/testing';
import { GraphqlBrowser } from '@membolt/bff/testing';
import { docxBomb, hugePng } from '@membolt/ingestion/testing';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { type AppProcess, eventually, spawnApp } from '../e2e/support/app-process.js';
import { printFigures } from './support/load.js';

/**
 * Hostile files against the real standalone process: a DOCX that inflates to hundreds of MB (honest and
 * lying about its sizes), a PDF with more pages than allowed, a PNG whose header claims 20000 x 20000
 * pixels, a text file that would make more memories than allowed. Each upload must end `failed` with a
 * reason that names the limit, once (never retried into a crash loop), while the process stays up and
 * answers `/api/status`, and no memory is left from a refused file.
 */

const MiB = 1024 * 1024;
const BOMB_XML_BYTES = 320 * MiB;
const PDF_MAX_PAGES = 40;
const MEMORIES_PER_FILE = 20;

async function manyPagesPdf(pages: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) {
    pdf
      .addPage([300, 200])
      .drawText(`Page ${i}: the orchard ledger line ${i}.`, { x: 20, y: 100, size: 10, font });
  }
  return Buffer.from(await pdf.save());
}

/** Resident memory of a process from /proc, in MiB. */
function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return line ? Math.round(Number(line[1]) / 1024) : 0;
}

describe('resilience, standalone: hostile uploads', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'membolt-resilience-uploads-'));
  let app: AppProcess;
  let url = '';
  let key = '';
  let userId = '';
  let rssAtStart = 0;

  let env: Record<string, string> = {};
  const start = async (): Promise<void> => {
    app = spawnApp('standalone', env);
    await eventually(async () => (await fetch(`${url}/api/plans`)).status === 200, 120_000, 'standalone');
  };

  beforeAll(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // A modest heap, so a file that grows the serving process's heap ends it here quickly.
      NODE_OPTIONS: '--max-old-space-size=1536',
      GATEWAY_RATE_LIMIT_PER_MINUTE: '1000000',
      GATEWAY_RATE_LIMIT_PER_USER_PER_MINUTE: '1000000',
      BUS_TIMEOUT_MS: '30000',
      INGESTION_PDF_MAX_PAGES: String(PDF_MAX_PAGES),
      INGESTION_MEMORIES_PER_FILE: String(MEMORIES_PER_FILE),
      // One run per upload: a run cut short by a crash leaves its job dead at the next start.
      INGESTION_JOB_ATTEMPTS: '1',
    };
    await start();
    const browser = new GraphqlBrowser(url);
    const signUp = await browser.request<{ signUp: { id: string } }>(
      'mutation ($input: SignUpInput!) { signUp(input: $input) { id } }',
      {
        input: {
          email: `${randomUUID()}@hostile.membolt.test`,
          name: 'Hostile',
          password: `pw-${randomUUID()}`,
        },
      },
    );
    if (!signUp.data) throw new Error(`sign-up failed: ${JSON.stringify(signUp.errors)}`);
    userId = signUp.data.signUp.id;
    const created = await browser.request<{ createApiKey: { secret: string } }>(
      'mutation ($input: CreateApiKeyInput!) { createApiKey(input: $input) { secret } }',
      { input: { name: 'hostile' } },
    );
    if (!created.data) throw new Error(`key failed: ${JSON.stringify(created.errors)}`);
    key = created.data.createApiKey.secret;
    rssAtStart = rssMiB(app.pid);
  }, 180_000);

  afterAll(async () => {
    await app?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const api = async (path: string, init: { method?: string; body?: unknown } = {}) => {
    const response = await fetch(`${url}${path}`, {
      method: init.method ?? 'GET',
      headers: { 'X-API-Key': key, ...(init.body ? { 'content-type': 'application/json' } : {}) },
      ...(init.body ? { body: JSON.stringify(init.body) } : {}),
      signal: AbortSignal.timeout(60_000),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  /** Uploads without waiting, then follows the upload while probing /api/status; the worst probe is returned. */
  async function uploadAndFollow(fileName: string, bytes: Buffer) {
    const rssBefore = rssMiB(app.pid);
    const answer = await api('/api/upload_base64?async=true', {
      method: 'POST',
      body: { fileName, fileSize: bytes.length, fileData: bytes.toString('base64') },
    });
    expect(answer.status).toBe(202);
    const uploadId = String(answer.body['upload_id']);
    let worstStatusMs = 0;
    let state: Record<string, unknown>;
    const deadline = Date.now() + 240_000;
    for (;;) {
      const started = Date.now();
      const status = await fetch(`${url}/api/status`, { signal: AbortSignal.timeout(60_000) });
      worstStatusMs = Math.max(worstStatusMs, Date.now() - started);
      expect(status.status).toBe(200);
      if (!app.alive()) throw new Error(`the product died:\n${app.output.slice(-20).join('\n')}`);
      state = (await api(`/api/uploads/${uploadId}`)).body;
      if (state['state'] === 'done' || state['state'] === 'failed') break;
      if (Date.now() > deadline) throw new Error(`upload ${fileName} still ${String(state['state'])}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const memories = await api(
      `/api/user/${userId}/memories?limit=1&metadata=${encodeURIComponent(JSON.stringify({ uploadId }))}`,
    );
    const figures = {
      file: fileName,
      bytes: bytes.length,
      state: state['state'],
      error: state['error'],
      worstStatusMs,
      rssBeforeMiB: rssBefore,
      rssAfterMiB: rssMiB(app.pid),
      memories: memories.body['total_count'],
    };
    printFigures(`hostile upload ${fileName}`, figures);
    return { uploadId, state, memories: Number(memories.body['total_count']) };
  }

  /** Once failed, an upload stays failed: its job is not run again (no retry, no crash loop). */
  async function staysFailed(uploadId: string): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(app.alive()).toBe(true);
    expect((await api(`/api/uploads/${uploadId}`)).body['state']).toBe('failed');
  }

  it('a DOCX that inflates to hundreds of MB fails with the archive limit, the process stays up', async () => {
    const bomb = await docxBomb(BOMB_XML_BYTES);
    expect(bomb.length).toBeLessThan(2 * MiB);
    const { uploadId, state, memories } = await uploadAndFollow('bomb.docx', bomb);
    expect(state).toMatchObject({ state: 'failed' });
    expect(String(state['error'])).toMatch(/INGESTION_ARCHIVE_MAX_BYTES/);
    expect(memories).toBe(0);
    await staysFailed(uploadId);
  });

  it('a DOCX whose headers lie about its sizes is stopped while inflating', async () => {
    const { uploadId, state, memories } = await uploadAndFollow(
      'liar.docx',
      await docxBomb(BOMB_XML_BYTES, { declaredXmlBytes: 2_000 }),
    );
    expect(state).toMatchObject({ state: 'failed' });
    expect(String(state['error'])).toMatch(/INGESTION_ARCHIVE_MAX_BYTES/);
    expect(memories).toBe(0);
    await staysFailed(uploadId);
  });

  it('a PDF with more pages than INGESTION_PDF_MAX_PAGES fails naming the limit, with no memory', async () => {
    const { uploadId, state, memories } = await uploadAndFollow(
      'ledger.pdf',
      await manyPagesPdf(PDF_MAX_PAGES * 3),
    );
    expect(state).toMatchObject({ state: 'failed' });
    expect(String(state['error'])).toMatch(new RegExp(`${PDF_MAX_PAGES * 3} pages.*INGESTION_PDF_MAX_PAGES`));
    expect(memories).toBe(0);
    await staysFailed(uploadId);
  });

  it('a PNG whose header claims 20000 x 20000 pixels fails before it is decoded', async () => {
    const { uploadId, state, memories } = await uploadAndFollow('huge.png', await hugePng(20_000, 20_000));
    expect(state).toMatchObject({ state: 'failed' });
    expect(String(state['error'])).toMatch(/20000 x 20000.*INGESTION_IMAGE_MAX_PIXELS/);
    expect(memories).toBe(0);
    await staysFailed(uploadId);
  });

  it('a text that would make more memories than INGESTION_MEMORIES_PER_FILE fails, storing none', async () => {
    const text = Array.from(
      { length: 400 },
      (_, i) => `Paragraph ${i}: the cooperative planted ${i} new apricot trees along the river terrace.`,
    ).join('\n\n');
    const { uploadId, state, memories } = await uploadAndFollow('long.txt', Buffer.from(text));
    expect(state).toMatchObject({ state: 'failed' });
    expect(String(state['error'])).toMatch(/INGESTION_MEMORIES_PER_FILE/);
    expect(memories).toBe(0);
    await staysFailed(uploadId);
  });

  it('gives back the memory the files took: RSS returns near its level before them', async () => {
    // Loose on purpose (allocators keep some pages): the point is that no file's working set stays resident.
    const bound = Math.round(rssAtStart * 1.5);
    let rss = rssMiB(app.pid);
    const deadline = Date.now() + 60_000;
    while (rss > bound && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      rss = rssMiB(app.pid);
    }
    printFigures('hostile uploads: RSS', { atStartMiB: rssAtStart, nowMiB: rss, boundMiB: bound });
    expect(rss).toBeLessThanOrEqual(bound);
  });

  it('an upload whose run a crash cut short is failed, in its state and in the list, never left extracting', async () => {
    const image = await hugePng(1_600, 1_200);
    const answer = await api('/api/upload_base64?async=true', {
      method: 'POST',
      body: { fileName: 'scan.png', fileSize: image.length, fileData: image.toString('base64') },
    });
    const uploadId = String(answer.body['upload_id']);
    await eventually(
      async () => (await api(`/api/uploads/${uploadId}`)).body['state'] === 'extracting',
      60_000,
      'the upload to be read',
    );
    await app.kill();
    await start();
    // The list first (the web app's files page): it must not show the stage the crash left.
    const list = (await api('/api/uploads?limit=50')).body as { uploads: Array<Record<string, unknown>> };
    expect(list.uploads.find((u) => u['id'] === uploadId)).toMatchObject({ state: 'failed' });
    expect(list.uploads.filter((u) => !['done', 'failed'].includes(String(u['state'])))).toEqual([]);
    const state = (await api(`/api/uploads/${uploadId}`)).body;
    expect(state).toMatchObject({ state: 'failed', error: expect.stringMatching(/stopped/) });
    // Up to a minute for the read to start, then a kill and a restart of the whole product: on a loaded
    // machine that outlasts the default minute.
  }, 240_000);

  it('leaves no stored file behind for the failed uploads', async () => {
    const dir = join(dataDir, 'uploads');
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
  });
});
