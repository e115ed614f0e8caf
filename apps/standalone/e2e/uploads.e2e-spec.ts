import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { type LoopbackLlmServer, startLoopbackLlmServer } from '@membolt/chat/testing';
import { IngestFileJob, INGESTION_STORE, IngestionService, type IngestionStore } from '@membolt/ingestion';
import { sampleDocx, sampleExecutable, samplePdf, truncatedPdf } from '@membolt/ingestion/testing';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import S3rver from 's3rver';
import { join } from 'node:path';
import { type ApiUser, expectError, newApiUser, ok, UNLIMITED_GATEWAY } from './support/memory-api.js';
import { useStandalone } from './support/standalone.js';

jest.setTimeout(180_000);

const MAX_BYTES = 1024 * 1024;

interface UploadJson {
  summary: string;
  memory_id: string;
  upload_id: string;
  kind: string;
  chunks: number;
  pages: number | null;
}
interface StateJson {
  id: string;
  file_name: string;
  kind: string | null;
  size: number;
  state: string;
  percent: number;
  pages: number | null;
  chunks: number | null;
  summary: string | null;
  memory_id: string | null;
  error: string | null;
}
interface MemoryJson {
  id: string;
  text: string;
  source: string;
  metadata: string;
}

const b64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');
const body = (fileName: string, bytes: Uint8Array, fileType?: string) => ({
  fileName,
  fileSize: bytes.length,
  fileData: b64(bytes),
  ...(fileType ? { fileType } : {}),
});

/** Uploads through the real standalone product: REST upload, the durable job, memories, the files resource. */
describe('uploads: POST /api/upload_base64, /api/uploads', () => {
  // A generous bus deadline: sign-up (argon2) and batch creates run long on a loaded 2-core machine.
  const product = useStandalone('uploads', {
    ...UNLIMITED_GATEWAY,
    UPLOAD_MAX_BYTES: String(MAX_BYTES),
    BUS_TIMEOUT_MS: '30000',
  });
  let alice: ApiUser;
  let bob: ApiUser;

  beforeAll(async () => {
    alice = await newApiUser(product);
    bob = await newApiUser(product);
  });

  const upload = (user: ApiUser, payload: unknown, query = '') =>
    user.call(`/api/upload_base64${query}`, { method: 'POST', body: payload });
  const memoriesOf = async (user: ApiUser, uploadId: string): Promise<MemoryJson[]> => {
    const filter = encodeURIComponent(JSON.stringify({ uploadId }));
    const list = ok<{ memories: MemoryJson[] }>(
      await user.call(`/api/user/${user.userId}/memories?limit=1000&metadata=${filter}`),
    );
    return list.memories;
  };

  // A job stores "done" just before it deletes the original, so an answer can come while the file is still there.
  const untilStoredFileGone = async (uploadId: string): Promise<void> => {
    const dir = join(product.scratchDir, 'data', 'uploads', uploadId);
    for (let waited = 0; existsSync(dir) && waited < 30_000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it('turns a PDF into page-aware chunk memories and a summary memory, and finds its text by search', async () => {
    const pdf = await samplePdf([
      ['Quarterly report of the Zanzibar orchard cooperative.', 'Mango harvest grew by twelve percent.'],
      ['The pomegranate trial in the northern valley failed after an early frost.'],
      ['Next year the cooperative plans a cold storage warehouse near the harbour.'],
    ]);
    const answer = ok<UploadJson>(await upload(alice, body('report.pdf', pdf, 'application/pdf')));
    expect(answer).toMatchObject({ kind: 'pdf', pages: 3 });
    expect(answer.chunks).toBeGreaterThanOrEqual(3);
    expect(answer.summary.length).toBeGreaterThan(20);

    const summary = ok<MemoryJson>(
      await alice.call(`/api/user/${alice.userId}/memories/${answer.memory_id}`),
    );
    expect(summary.text).toContain('Summary of the file "report.pdf"');
    expect(summary.source).toBe('file');
    expect(JSON.parse(summary.metadata)).toMatchObject({ uploadId: answer.upload_id, kind: 'summary' });

    const memories = await memoriesOf(alice, answer.upload_id);
    expect(memories).toHaveLength(answer.chunks + 1);
    const search = ok<{ results: Array<{ text: string; metadata: string }> }>(
      await alice.call(
        `/api/user/${alice.userId}/search?query=${encodeURIComponent('pomegranate frost')}&limit=3`,
      ),
    );
    // The file's summary may mention it too; the chunk is the memory that carries the page.
    const hit = search.results.find(
      (r) => r.text.includes('pomegranate') && JSON.parse(r.metadata).kind === 'chunk',
    );
    expect(hit).toBeDefined();
    expect(JSON.parse(hit?.metadata ?? '{}')).toMatchObject({
      uploadId: answer.upload_id,
      fileName: 'report.pdf',
      kind: 'chunk',
      page: 2,
    });

    const state = ok<StateJson>(await alice.call(`/api/uploads/${answer.upload_id}`));
    expect(state).toMatchObject({
      state: 'done',
      percent: 100,
      kind: 'pdf',
      pages: 3,
      memory_id: answer.memory_id,
    });
    // The original is not kept once processed (INGESTION_KEEP_FILES is off).
    await untilStoredFileGone(answer.upload_id);
    expect(existsSync(join(product.scratchDir, 'data', 'uploads', answer.upload_id))).toBe(false);
  });

  it('reads DOCX (headings become sections), plain text and Markdown', async () => {
    const docx = await sampleDocx([
      { heading: 'Sourdough method', paragraphs: ['Feed the starter twice a day with rye flour.'] },
      {
        heading: 'Baking',
        paragraphs: ['Bake the loaf in a cast iron pot at 250 degrees for forty minutes.'],
      },
    ]);
    const fromDocx = ok<UploadJson>(await upload(alice, body('bread.docx', docx)));
    expect(fromDocx).toMatchObject({ kind: 'docx', pages: null });
    const sections = (await memoriesOf(alice, fromDocx.upload_id))
      .map((m) => JSON.parse(m.metadata) as { kind: string; section?: string })
      .filter((m) => m.kind === 'chunk')
      .map((m) => m.section);
    expect(sections).toEqual(expect.arrayContaining(['Sourdough method', 'Baking']));

    const text = new TextEncoder().encode(
      'My cat Miso likes tuna.\n\nShe sleeps on the radiator all winter.',
    );
    expect(ok<UploadJson>(await upload(alice, body('cat.txt', text, 'text/plain')))).toMatchObject({
      kind: 'txt',
    });
    const md = new TextEncoder().encode('# Trip\n\nWe hiked the Kungsleden trail in August.\n');
    expect(ok<UploadJson>(await upload(alice, body('trip.md', md)))).toMatchObject({ kind: 'md' });
  });

  it('refuses by content: a renamed executable is 415 naming what it is, and nothing is stored', async () => {
    const before = ok<{ total_count: number }>(await alice.call('/api/uploads')).total_count;
    const answer = await upload(alice, body('invoice.pdf', sampleExecutable(), 'application/pdf'));
    expectError(answer, 415, 'unsupported_file_type', /elf/i);
    const mismatch = await upload(alice, body('photo.png', new TextEncoder().encode('just some text')));
    expectError(answer, 415, 'unsupported_file_type', /elf/i);
    expectError(
      mismatch,
      415,
      'unsupported_file_type',
      "The file's content is txt, but its name or type says .png.",
    );
    expect(ok<{ total_count: number }>(await alice.call('/api/uploads')).total_count).toBe(before);
    expect(readdirSync(join(product.scratchDir, 'data', 'uploads'))).toEqual([]);
  });

  it('checks sizes before decoding: 413 over the limit, 400 when fileSize disagrees with the data', async () => {
    const big = new Uint8Array(MAX_BYTES + 1).fill(0x61);
    expectError(await upload(alice, body('big.txt', big)), 413, 'payload_too_large', /upload limit \(1 MB\)/);
    expectError(
      await upload(alice, { fileName: 'a.txt', fileSize: MAX_BYTES + 5, fileData: 'aGk=' }),
      413,
      'payload_too_large',
      'The file is larger than the upload limit (1 MB).',
    );
    expectError(
      await upload(alice, { fileName: 'a.txt', fileSize: 7, fileData: 'aGk=' }),
      400,
      'validation_error',
      'fileSize says 7 bytes but fileData holds 2',
    );
    expectError(
      await upload(alice, { fileName: 'a.txt', fileSize: 2, fileData: '@@not base64@@' }),
      400,
      'validation_error',
      'fileData must be base64',
    );
    expectError(await upload(alice, { fileSize: 2, fileData: 'aGk=' }), 400, 'validation_error', /fileName/);
  });

  it('fails a truncated PDF with a clear message (422), and the upload shows it failed', async () => {
    const answer = await upload(alice, body('broken.pdf', await truncatedPdf()));
    expectError(answer, 422, 'unreadable_file', /PDF could not be read|No text could be found/);
    const list = ok<{ uploads: StateJson[] }>(await alice.call('/api/uploads'));
    const failed = list.uploads.find((u) => u.file_name === 'broken.pdf');
    expect(failed).toMatchObject({ state: 'failed' });
    expect(failed?.error).toBe((answer.body as { message: string }).message);
  });

  it('answers 202 with a status URL when asked not to wait, and the state reaches done', async () => {
    const text = new TextEncoder().encode('Async upload about the lighthouse keeper of Hvar island.');
    const answer = await upload(alice, body('keeper.txt', text), '?async=true');
    const accepted = ok<{ upload_id: string; status: string; status_url: string }>(answer, 202);
    expect(answer.headers.get('location')).toBe(accepted.status_url);
    expect(accepted.status_url).toBe(`/api/uploads/${accepted.upload_id}`);
    let state: StateJson | undefined;
    for (let i = 0; i < 300 && state?.state !== 'done'; i++) {
      state = ok<StateJson>(await alice.call(accepted.status_url));
      if (state.state !== 'done') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(state).toMatchObject({ state: 'done', percent: 100, chunks: 1 });
  });

  it("never shows or deletes another user's upload, and deletes one with every memory made from it", async () => {
    const text = new TextEncoder().encode('Bob must not see that Alice keeps bees on the roof.');
    const mine = ok<UploadJson>(await upload(alice, body('bees.txt', text)));
    expectError(await bob.call(`/api/uploads/${mine.upload_id}`), 404, 'not_found', 'Upload not found');
    expectError(
      await bob.call(`/api/uploads/${mine.upload_id}`, { method: 'DELETE' }),
      404,
      'not_found',
      'Upload not found',
    );
    expect(ok<{ total_count: number }>(await bob.call('/api/uploads')).total_count).toBe(0);

    const made = await memoriesOf(alice, mine.upload_id);
    await untilStoredFileGone(mine.upload_id);
    const receipt = ok(await alice.call(`/api/uploads/${mine.upload_id}`, { method: 'DELETE' }));
    expect(receipt).toEqual({
      deleted: true,
      upload_id: mine.upload_id,
      memories_deleted: made.length,
      file_deleted: false,
    });
    expect(await memoriesOf(alice, mine.upload_id)).toEqual([]);
    expectError(await alice.call(`/api/uploads/${mine.upload_id}`), 404, 'not_found', 'Upload not found');
    expectError(
      await alice.call(`/api/user/${alice.userId}/memories/${mine.memory_id}`),
      404,
      'not_found',
      'Memory not found',
    );
  });

  it('learns what a file says about its owner through the chat rules, once, and deletes it with the upload', async () => {
    const user = await newApiUser(product);
    const text = new TextEncoder().encode(
      'About me\n\nMy name is Dave and I live in Oslo.\n\nI am allergic to peanuts. The weather was grey.',
    );
    const first = ok<UploadJson>(await upload(user, body('about-me.txt', text)));
    const facts = (await memoriesOf(user, first.upload_id)).filter((m) => {
      const metadata = JSON.parse(m.metadata) as Record<string, unknown>;
      return typeof metadata['subject'] === 'string';
    });
    expect(facts.map((m) => m.text).sort()).toEqual([
      'User is allergic to peanuts.',
      'User lives in Oslo.',
      "User's name is Dave.",
    ]);
    expect(facts.every((m) => m.source === 'file')).toBe(true);
    expect(JSON.parse(facts[0]!.metadata)).toMatchObject({ fileName: 'about-me.txt', extractedBy: 'rules' });
    // The same statements in a second file are known already: skipped, not stored twice.
    const second = ok<UploadJson>(await upload(user, body('again.txt', text)));
    const secondFacts = (await memoriesOf(user, second.upload_id)).filter(
      (m) => typeof (JSON.parse(m.metadata) as Record<string, unknown>)['subject'] === 'string',
    );
    expect(secondFacts).toEqual([]);
    // Deleting the first upload deletes the facts learned from it with its chunks and summary.
    const made = await memoriesOf(user, first.upload_id);
    const receipt = ok<{ memories_deleted: number }>(
      await user.call(`/api/uploads/${first.upload_id}`, { method: 'DELETE' }),
    );
    expect(receipt.memories_deleted).toBe(made.length);
    expect(await memoriesOf(user, first.upload_id)).toEqual([]);
    const search = ok<{ results: Array<{ text: string }> }>(
      await user.call(`/api/user/${user.userId}/search?query=${encodeURIComponent('allergic to peanuts')}`),
    );
    expect(search.results.map((r) => r.text)).not.toContain('User is allergic to peanuts.');
  });

  it('a job run again (after a crash mid-way) stores no chunk twice', async () => {
    const pdf = await samplePdf([
      ['Chapter one about the tide pools of Brittany.'],
      ['Chapter two about kelp forests.'],
    ]);
    const first = ok<UploadJson>(await upload(alice, body('tides.pdf', pdf)));
    const before = await memoriesOf(alice, first.upload_id);
    // As if the process died after storing the chunks: the upload is mid-way and its job runs again.
    const store = product.app.get<IngestionStore>(INGESTION_STORE);
    await store.uploads.update(
      first.upload_id,
      { state: 'embedding', percent: 50 },
      new Date().toISOString(),
    );
    const { userId } = alice;
    const job = product.app.get(IngestFileJob);
    // The file is gone after the first run: keep a copy the way a crash before the end would have.
    const dir = join(product.scratchDir, 'data', 'uploads', first.upload_id);
    await untilStoredFileGone(first.upload_id);
    const { mkdirSync, writeFileSync } = await import('node:fs');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'file'), pdf);
    const result = await job.run({
      id: first.upload_id,
      name: 'ingest-file',
      data: { uploadId: first.upload_id, userId },
      attempt: 2,
      progress: async () => undefined,
    });
    expect(result).toMatchObject({ summaryMemoryId: first.memory_id, chunks: first.chunks });
    const after = await memoriesOf(alice, first.upload_id);
    expect(after.map((m) => m.id).sort()).toEqual(before.map((m) => m.id).sort());
  });

  it('leaves no `receiving` row and no part behind when an upload is cut off half-way', async () => {
    const carol = await newApiUser(product);
    const ingestion = product.app.get(IngestionService);
    const uploadsDir = join(product.scratchDir, 'data', 'uploads');
    const stored = () => (existsSync(uploadsDir) ? readdirSync(uploadsDir).sort() : []);
    const before = stored();
    // The second part fails to store (a full disk, a lost connection): the relay gives up half-way.
    const original = ingestion.part.bind(ingestion);
    let calls = 0;
    const spy = jest.spyOn(ingestion, 'part').mockImplementation(async (userId, request) => {
      if (++calls === 2) throw new Error('No space left on device');
      return original(userId, request);
    });
    try {
      const bytes = new TextEncoder().encode('Half of a diary. '.repeat(40_000));
      const answer = await upload(carol, body('diary.txt', bytes));
      expect(answer.status).toBeGreaterThanOrEqual(500);
      expect(calls).toBe(2);
    } finally {
      spy.mockRestore();
    }
    const list = ok<{ total_count: number }>(await carol.call('/api/uploads'));
    expect(list.total_count).toBe(0);
    expect(stored()).toEqual(before);
  });

  it('purges uploads whose parts never all arrived, with their parts', async () => {
    const ingestion = product.app.get(IngestionService);
    const open = await ingestion.begin(alice.userId, { fileName: 'half.txt', fileSize: 600_000 });
    await ingestion.part(alice.userId, {
      uploadId: open.id,
      index: 0,
      data: Buffer.from('partial').toString('base64'),
    });
    const dir = join(product.scratchDir, 'data', 'uploads', open.id);
    expect(existsSync(dir)).toBe(true);
    // A fresh upload is not abandoned yet.
    expect(await ingestion.purgeAbandoned(60_000)).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await ingestion.purgeAbandoned(0)).toBe(1);
    expect(existsSync(dir)).toBe(false);
    expectError(await alice.call(`/api/uploads/${open.id}`), 404, 'not_found', 'Upload not found');
  });
});

describe('uploads: the summary by the language model when one is configured', () => {
  // A real server speaking OpenAI's protocol on loopback, as a local Ollama or vLLM would.
  let llm: LoopbackLlmServer;
  beforeAll(async () => {
    llm = await startLoopbackLlmServer('openai', (request) =>
      request.system.includes('You summarise a document')
        ? { kind: 'stream', tokens: ['Notes on ', 'keeping bees ', 'on a Lisbon roof.'] }
        : { kind: 'stream', tokens: ['OK.'] },
    );
  });
  afterAll(async () => {
    await llm.close();
  });
  const product = useStandalone('uploads-llm', () => ({
    ...UNLIMITED_GATEWAY,
    BUS_TIMEOUT_MS: '30000',
    OPENAI_COMPATIBLE_BASE_URL: llm.baseUrl,
    OPENAI_COMPATIBLE_MODELS: 'loopback-llama',
    CHAT_DEFAULT_MODEL: 'loopback-llama',
  }));

  it('stores the model’s summary as the summary memory, and says which model wrote it', async () => {
    const user = await newApiUser(product);
    const text = new TextEncoder().encode(
      'Bees\n\nThe hives sit on the roof of our flat in Lisbon. We harvest honey twice a year.',
    );
    const answer = ok<UploadJson>(
      await user.call('/api/upload_base64', { method: 'POST', body: body('bees.txt', text) }),
    );
    expect(answer.summary).toBe('Notes on keeping bees on a Lisbon roof.');
    const summaryMemory = ok<MemoryJson>(
      await user.call(`/api/user/${user.userId}/memories/${answer.memory_id}`),
    );
    expect(summaryMemory.text).toBe(
      'Summary of the file "bees.txt": Notes on keeping bees on a Lisbon roof.',
    );
    expect(JSON.parse(summaryMemory.metadata)).toMatchObject({
      kind: 'summary',
      summarisedBy: 'model',
      model: 'loopback-llama',
    });
    const request = llm.requests.find((r) => r.system.includes('You summarise a document'));
    expect(request?.messages[0]?.content).toContain('We harvest honey twice a year.');
  });
});

describe('uploads: files kept in an S3-compatible bucket (a loopback S3 server)', () => {
  let s3: S3rver;
  let s3Dir: string;
  let endpoint = '';
  beforeAll(async () => {
    s3Dir = mkdtempSync(join(tmpdir(), 'membolt-uploads-s3-'));
    s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: 'membolt-files', configs: [] }],
    });
    const { port } = (await s3.run()) as { port: number };
    endpoint = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await s3.close();
    rmSync(s3Dir, { recursive: true, force: true });
  });
  const product = useStandalone('uploads-s3', () => ({
    ...UNLIMITED_GATEWAY,
    BUS_TIMEOUT_MS: '30000',
    INGESTION_FILE_STORE: 's3',
    S3_BUCKET: 'membolt-files',
    S3_ENDPOINT: endpoint,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    INGESTION_KEEP_FILES: 'true',
  }));

  it('stores the file in the bucket, makes its memories, and deletes it from the bucket with the upload', async () => {
    const user = await newApiUser(product);
    const pdf = await samplePdf([['A page about the tide pools of Brittany.'], ['And one about kelp.']]);
    const answer = ok<UploadJson>(
      await user.call('/api/upload_base64', { method: 'POST', body: body('tides.pdf', pdf) }),
    );
    expect(answer).toMatchObject({ kind: 'pdf', pages: 2 });
    const files = () => readdirSync(s3Dir, { recursive: true }).map(String);
    expect(files().some((path) => path.includes(`uploads/${answer.upload_id}/file`))).toBe(true);
    expect(existsSync(join(product.scratchDir, 'data', 'uploads', answer.upload_id))).toBe(false);
    const receipt = ok(await user.call(`/api/uploads/${answer.upload_id}`, { method: 'DELETE' }));
    expect(receipt).toMatchObject({ deleted: true, file_deleted: true });
    expect(files().some((path) => path.includes(`uploads/${answer.upload_id}/`))).toBe(false);
  });
});
