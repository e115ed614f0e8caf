import { describe, expect, it, jest } from '@jest/globals';
import { UploadFollowers } from '@membolt/bff';
import type { GraphqlBrowser } from '@membolt/bff/testing';
import { UPLOAD_PART_BYTES, UPLOAD_STATES } from '@membolt/contracts';
import { signUpOverGraphql, useStandalone } from './support/standalone.js';

jest.setTimeout(120_000);

const UPLOAD_FIELDS = 'id fileName kind size state percent pages chunks summary summaryMemoryId error';
const BEGIN = `mutation ($input: BeginUploadInput!) { beginUpload(input: $input) { ${UPLOAD_FIELDS} } }`;
const PART = `mutation ($uploadId: ID!, $index: Int!, $data: String!) { uploadPart(uploadId: $uploadId, index: $index, data: $data) }`;
const COMPLETE = `mutation ($uploadId: ID!) { completeUpload(uploadId: $uploadId) { ${UPLOAD_FIELDS} } }`;
const GET = `query ($id: ID!) { upload(id: $id) { ${UPLOAD_FIELDS} } }`;
const LIST = `query { uploads { totalCount uploads { id fileName state } } }`;
const DELETE = `mutation ($id: ID!) { deleteUpload(id: $id) { uploadId memoriesDeleted fileDeleted } }`;
const MEMORY = `query ($id: ID!) { memory(id: $id) { id text source } }`;

interface Upload {
  id: string;
  fileName: string;
  kind: string | null;
  size: number;
  state: string;
  percent: number;
  pages: number | null;
  chunks: number | null;
  summary: string | null;
  summaryMemoryId: string | null;
  error: string | null;
}

let sequence = 0;
const anEmail = () => `uploads-${Date.now().toString(36)}-${++sequence}@example.com`;

/** The web app's file API (Files tab, chat upload) through the BFF, the ingestion job and the memory service. */
describe('BFF uploads over GraphQL (standalone)', () => {
  // INGESTION_CHUNK_CHARS is the operator's: 2000 fits the twenty entries below in one chunk.
  // The pushed progress is re-read only every hour here: what the event stream shows was pushed.
  const product = useStandalone('bff-uploads', {
    INGESTION_CHUNK_CHARS: '2000',
    BUS_TIMEOUT_MS: '30000',
    BFF_UPLOAD_EVENTS_RECHECK_SECONDS: '3600',
  });
  const signedIn = async (): Promise<GraphqlBrowser> =>
    (await signUpOverGraphql(product.url, { email: anEmail(), password: 'correct horse 1', name: 'Ada' }))
      .browser;

  /** Opens an upload and sends its bytes, without completing it. */
  async function sendFile(browser: GraphqlBrowser, fileName: string, bytes: Uint8Array): Promise<string> {
    const begun = await browser.request<{ beginUpload: Upload }>(BEGIN, {
      input: { fileName, fileSize: bytes.length },
    });
    expect(begun.errors).toBeUndefined();
    const id = begun.data!.beginUpload.id;
    for (let index = 0; index * UPLOAD_PART_BYTES < bytes.length; index++) {
      const data = Buffer.from(
        bytes.subarray(index * UPLOAD_PART_BYTES, (index + 1) * UPLOAD_PART_BYTES),
      ).toString('base64');
      const part = await browser.request<{ uploadPart: number }>(PART, { uploadId: id, index, data });
      expect(part.errors).toBeUndefined();
    }
    return id;
  }

  async function uploadFile(browser: GraphqlBrowser, fileName: string, bytes: Uint8Array): Promise<Upload> {
    const id = await sendFile(browser, fileName, bytes);
    const completed = await browser.request<{ completeUpload: Upload }>(COMPLETE, { uploadId: id });
    expect(completed.errors).toBeUndefined();
    let upload = completed.data!.completeUpload;
    for (let i = 0; i < 600 && upload.state !== 'done' && upload.state !== 'failed'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      upload = (await browser.request<{ upload: Upload }>(GET, { id })).data!.upload;
    }
    return upload;
  }

  it('uploads a file in parts larger than one request, follows its job to done, and reads the summary memory', async () => {
    const browser = await signedIn();
    // Over one part (600 KB), most of it blank lines between twenty short entries: the transfer in parts is
    // what this test is about, not the memory service's speed on a long text.
    const blank = `\n\n${' '.repeat(30_000)}\n\n`;
    const entries = Array.from(
      { length: 20 },
      (_, i) => `Entry ${i + 1} of the Vltava ferry log: crossing ${i * 7}.`,
    );
    const text = new TextEncoder().encode(entries.join(blank));
    expect(text.length).toBeGreaterThan(UPLOAD_PART_BYTES);
    const upload = await uploadFile(browser, 'ferry.txt', text);
    expect(upload).toMatchObject({ state: 'done', percent: 100, kind: 'txt', size: text.length });
    expect(upload.chunks).toBe(1);
    const memory = await browser.request<{ memory: { text: string; source: string } }>(MEMORY, {
      id: upload.summaryMemoryId,
    });
    expect(memory.data!.memory).toMatchObject({ source: 'file' });
    expect(memory.data!.memory.text).toContain('ferry.txt');
  });

  it("refuses bad files with the ingestion codes, and never reaches another user's upload", async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const refused = await alice.request(BEGIN, {
      input: { fileName: 'huge.pdf', fileSize: 11 * 1024 * 1024 },
    });
    expect(refused.errors?.[0]?.extensions?.['code']).toBe('PAYLOAD_TOO_LARGE');

    const begun = await alice.request<{ beginUpload: Upload }>(BEGIN, {
      input: { fileName: 'tool.png', fileSize: 4 },
    });
    const id = begun.data!.beginUpload.id;
    await alice.request(PART, {
      uploadId: id,
      index: 0,
      data: Buffer.from([0x4d, 0x5a, 0x90, 0x00]).toString('base64'),
    });
    const wrongType = await alice.request(COMPLETE, { uploadId: id });
    expect(wrongType.errors?.[0]?.extensions?.['code']).toBe('UNSUPPORTED_FILE_TYPE');

    const mine = await uploadFile(
      alice,
      'note.txt',
      new TextEncoder().encode('Alice waters the ferns on Sundays.'),
    );
    expect(mine.state).toBe('done');
    for (const [query, variables] of [
      [GET, { id: mine.id }],
      [DELETE, { id: mine.id }],
      [COMPLETE, { uploadId: mine.id }],
      [PART, { uploadId: mine.id, index: 0, data: 'aGk=' }],
    ] as const) {
      const answer = await bob.request(query, variables);
      expect(answer.errors?.[0]?.extensions?.['code']).toBe('NOT_FOUND');
    }
    expect((await bob.request<{ uploads: { totalCount: number } }>(LIST)).data!.uploads.totalCount).toBe(0);

    const receipt = await alice.request<{ deleteUpload: { memoriesDeleted: number } }>(DELETE, {
      id: mine.id,
    });
    expect(receipt.data!.deleteUpload.memoriesDeleted).toBe(2);
    const list = (await alice.request<{ uploads: { uploads: Upload[] } }>(LIST)).data!.uploads.uploads;
    expect(list.map((u) => u.fileName)).toEqual([]);
  });

  const followEvents = (browser: GraphqlBrowser | null, id: string) =>
    fetch(`${product.url}/events/uploads/${id}`, {
      headers: { accept: 'text/event-stream', ...(browser ? { cookie: browser.jar.header('/events') } : {}) },
    });

  /** The whole event stream (the server ends it once the upload is done or failed). */
  async function eventsOf(response: Response): Promise<Array<{ event: string; data: Upload }>> {
    const text = await response.text();
    return text
      .split('\n\n')
      .filter((block) => block.startsWith('event:'))
      .map((block) => {
        const [eventLine = '', dataLine = ''] = block.split('\n');
        return {
          event: eventLine.slice('event: '.length),
          data: JSON.parse(dataLine.slice('data: '.length)),
        };
      });
  }

  it('pushes the progress of an upload as server-sent events until it is done, then ends the stream', async () => {
    const browser = await signedIn();
    const id = await sendFile(
      browser,
      'tides.txt',
      new TextEncoder().encode('High tide at Brest was 7.2 m.'),
    );
    const stream = await followEvents(browser, id);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const events = eventsOf(stream);
    // The stream is open before the job exists: everything after `receiving` reaches it as a push (the
    // stored state is re-read only hourly in this product).
    const completed = await browser.request<{ completeUpload: Upload }>(COMPLETE, { uploadId: id });
    expect(completed.errors).toBeUndefined();

    const received = await events;
    expect(received.every((e) => e.event === 'upload')).toBe(true);
    expect(received[0]!.data).toMatchObject({ id, state: 'receiving' });
    const last = received.at(-1)!.data;
    expect(last).toMatchObject({ id, state: 'done', percent: 100, chunks: 1 });
    expect(last.summaryMemoryId).toEqual(expect.any(String));
    const order = received.map((e) => UPLOAD_STATES.indexOf(e.data.state as (typeof UPLOAD_STATES)[number]));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    // Each event is a change: a new state, or new progress within one (a stage may report more than once,
    // depending on how soon its notice reaches the stream), and progress never goes back.
    const percents = received.map((e) => e.data.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    const changes = received.map((e) => `${e.data.state}:${e.data.percent}`);
    expect(new Set(changes).size).toBe(changes.length);
    // The finished stream stopped following the upload.
    expect(product.app.get(UploadFollowers).followed).toBe(0);

    // A finished upload answers its state once and ends.
    const again = await eventsOf(await followEvents(browser, id));
    expect(again.map((e) => e.data.state)).toEqual(['done']);
  });

  it("answers 401 without a session and 404 for another user's or an unknown upload, before any stream", async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const id = await sendFile(alice, 'private.txt', new TextEncoder().encode('Alice keeps bees.'));

    const anonymous = await followEvents(null, id);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    for (const other of [id, '00000000-0000-4000-8000-000000000000']) {
      const refused = await followEvents(bob, other);
      expect(refused.status).toBe(404);
      expect(refused.headers.get('content-type')).toContain('application/json');
      expect(await refused.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    const malformed = await followEvents(alice, 'x'.repeat(500));
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(product.app.get(UploadFollowers).followed).toBe(0);

    // The browser going away (the screen closed) stops the following on the server.
    const leaving = new AbortController();
    const open = await fetch(`${product.url}/events/uploads/${id}`, {
      headers: { cookie: alice.jar.header('/events') },
      signal: leaving.signal,
    });
    const reader = open.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain('"state":"receiving"');
    expect(product.app.get(UploadFollowers).followed).toBe(1);
    leaving.abort();
    for (let i = 0; i < 200 && product.app.get(UploadFollowers).followed > 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect(product.app.get(UploadFollowers).followed).toBe(0);
  });
});
