import { describe, expect, it, jest } from '@jest/globals';
import type { GraphqlBrowser } from '@membolt/bff/testing';
import { UPLOAD_PART_BYTES } from '@membolt/contracts';
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
  const product = useStandalone('bff-uploads', { INGESTION_CHUNK_CHARS: '2000', BUS_TIMEOUT_MS: '30000' });
  const signedIn = async (): Promise<GraphqlBrowser> =>
    (await signUpOverGraphql(product.url, { email: anEmail(), password: 'correct horse 1', name: 'Ada' }))
      .browser;

  async function uploadFile(browser: GraphqlBrowser, fileName: string, bytes: Uint8Array): Promise<Upload> {
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
});
