import { describe, expect, it } from '@jest/globals';
import { BatchMemoryItem, MemboltError, validatePayload } from '@membolt/contracts';
import { Readable } from 'node:stream';
import {
  arrayRecords,
  ImportBatcher,
  type NdjsonLimits,
  type NumberedRecord,
  readNdjson,
  toImportBatches,
} from './memory-import.js';

const lineOf = (fields: Record<string, unknown>) => JSON.stringify(fields);

/** Every record the reader hands over, in order. */
async function readNdjsonRecords(input: Readable, limits: NdjsonLimits): Promise<NumberedRecord[]> {
  const records: NumberedRecord[] = [];
  await readNdjson(input, limits, (record) => {
    records.push(record);
  });
  return records;
}

const failureOf = (run: () => unknown): MemboltError => {
  try {
    run();
  } catch (error) {
    if (error instanceof MemboltError) return error;
    throw error;
  }
  throw new Error('expected a failure');
};

describe('import parsing (decision 022)', () => {
  const ndjsonOf = (text: string, chunkBytes = 7) =>
    Readable.from(
      Array.from({ length: Math.ceil(text.length / chunkBytes) }, (_, at) =>
        Buffer.from(text.slice(at * chunkBytes, (at + 1) * chunkBytes)),
      ),
    );
  const roomy = { maxBytes: 1024, maxLines: 10 };
  const rejectionOf = async (reading: Promise<unknown>): Promise<MemboltError> => {
    try {
      await reading;
    } catch (error) {
      if (error instanceof MemboltError) return error;
      throw error;
    }
    throw new Error('expected a failure');
  };

  it('numbers NDJSON lines as the file does, skipping blank ones, whatever the chunks cut', async () => {
    const text = `${lineOf({ text: 'a' })}\r\n\n  \n${lineOf({ text: 'b' })}\n`;
    for (const chunkBytes of [1, 3, 7, 1000]) {
      const records = await readNdjsonRecords(ndjsonOf(text, chunkBytes), roomy);
      expect(records).toEqual([
        { line: 1, value: { text: 'a' } },
        { line: 4, value: { text: 'b' } },
      ]);
    }
    expect(
      (await rejectionOf(readNdjsonRecords(ndjsonOf(`${lineOf({ text: 'a' })}\n{"text":`), roomy))).message,
    ).toBe('line 2: not valid JSON');
  });

  it('refuses too many bytes at once, without waiting for the rest of the body', async () => {
    // A sender that declared more and stopped: the refusal must not wait for an end that never comes.
    const input = new Readable({ read: () => undefined });
    input.push(Buffer.from(`${lineOf({ text: 'x'.repeat(200) })}\n`.repeat(3)));
    const outcome = await Promise.race([
      rejectionOf(readNdjsonRecords(input, { maxBytes: 100, maxLines: 1000 })).then((error) => error.code),
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 2000)),
    ]);
    expect(outcome).toBe('payload_too_large');
    input.destroy();
  });

  it('refuses too many bytes before too many lines, and too many lines before a bad line', async () => {
    const lines = (count: number, last = lineOf({ text: 'x' })) =>
      `${Array.from({ length: count - 1 }, () => lineOf({ text: 'x' })).join('\n')}\n${last}\n`;
    const tooLarge = await rejectionOf(
      readNdjsonRecords(ndjsonOf(lines(40, '{bad')), { maxBytes: 100, maxLines: 5 }),
    );
    expect(tooLarge.message).toBe('The import is larger than 100 bytes; split it into several files.');
    const tooManyLines = await rejectionOf(readNdjsonRecords(ndjsonOf(lines(11, '{bad')), roomy));
    expect(tooManyLines.message).toBe('The import has more than 10 lines; split it into several files.');
    // Ten lines are allowed: a trailing newline is not an eleventh line.
    expect(await readNdjsonRecords(ndjsonOf(lines(10)), roomy)).toHaveLength(10);
  });

  it('maps the export shape to batch items: id and created_at kept, nulls and bookkeeping ignored', () => {
    const { batches, lines } = toImportBatches(
      arrayRecords([
        {
          id: 'm1',
          text: 'exported',
          metadata: '{"importance":0.7}',
          importance: 0.7,
          category: null,
          source: 'chat',
          conversation_id: null,
          timestamp: '2025-01-02T03:04:05.000Z',
          created_at: '2025-01-02T03:04:05.000Z',
          updated_at: '2025-02-02T03:04:05.000Z',
          valid_from: '2025-01-02T03:04:05.000Z',
          valid_to: null,
          end_user_id: null,
          agent_id: null,
          run_id: null,
          version: 3,
        },
      ]),
      {},
    );
    expect(lines).toBe(1);
    expect(batches).toEqual([
      {
        scope: {},
        memories: [
          {
            id: 'm1',
            text: 'exported',
            metadata: { importance: 0.7 },
            importance: 0.7,
            source: 'chat',
            validFrom: '2025-01-02T03:04:05.000Z',
            createdAt: '2025-01-02T03:04:05.000Z',
          },
        ],
      },
    ]);
  });

  it("groups lines by scope (the request's where given, else the line's) and cuts batches of 1,000", () => {
    const records = arrayRecords([
      ...Array.from({ length: 1500 }, (_, index) => ({ text: `x ${index}`, end_user_id: 'x' })),
      { text: 'own' },
      { text: 'y', end_user_id: 'y', agent_id: 'bot' },
    ]);
    const own = toImportBatches(records, {});
    expect(own.batches.map((batch) => [batch?.scope, batch?.memories.length])).toEqual([
      [{ endUserId: 'x' }, 1000],
      [{ endUserId: 'x' }, 500],
      [{}, 1],
      [{ endUserId: 'y', agentId: 'bot' }, 1],
    ]);
    const overridden = toImportBatches(records, { endUserId: 'z' });
    expect(overridden.batches.map((batch) => [batch?.scope, batch?.memories.length])).toEqual([
      [{ endUserId: 'z' }, 1000],
      [{ endUserId: 'z' }, 501],
      [{ endUserId: 'z', agentId: 'bot' }, 1],
    ]);
  });

  it('refuses the whole import on the first bad line, naming it', () => {
    const records = arrayRecords([{ text: 'fine' }, { text: 'fine', metadata: [1] }, 'not an object']);
    expect(failureOf(() => toImportBatches(records, {})).message).toBe(
      'line 2: metadata must be a JSON object or a string holding one',
    );
    expect(failureOf(() => toImportBatches(arrayRecords(['x']), {})).message).toBe(
      'line 1: must be a JSON object',
    );
    expect(failureOf(() => toImportBatches([], {})).message).toBe('The import holds no memories.');
  });

  it('collects the lengths of given embeddings for the dimension check', () => {
    const { embeddingLengths } = toImportBatches(
      arrayRecords([{ text: 'a', embedding: [1, 2] }, { text: 'b', embedding: [1, 2, 3] }, { text: 'c' }]),
      {},
    );
    expect([...embeddingLengths].sort()).toEqual([2, 3]);
  });
});

describe('ids of a queued import', () => {
  it('gives each line without an id one made from its line number, and keeps the ids lines carry', () => {
    const batcher = new ImportBatcher({}, 2);
    for (const record of arrayRecords([{ text: 'a' }, { id: 'kept-id', text: 'b' }, { text: 'c' }]))
      batcher.add(record);
    expect(batcher.count).toBe(3);
    const batches = batcher.finish((line) => `line-${line}`).batches;
    expect(batches.map((batch) => batch?.memories.map((m) => m.id))).toEqual([
      ['line-1', 'kept-id'],
      ['line-3'],
    ]);
    const unnamed = new ImportBatcher({});
    unnamed.add({ line: 1, value: { text: 'a' } });
    expect(unnamed.finish().batches[0]?.memories[0]?.id).toBeUndefined();
  });
});

describe('Mem0 records in an import', () => {
  it('reads a Mem0 memory (snake_case or camelCase) as an import line in its scope', () => {
    const parsed = toImportBatches(
      arrayRecords([
        {
          id: 'm-1',
          memory: 'Is vegetarian.',
          user_id: 'alex',
          agent_id: null,
          metadata: { source_app: 'x' },
          categories: ['food'],
          created_at: '2024-07-26T10:29:36.630547-07:00',
          hash: 'ignored',
        },
        { memory: 'Works as a nurse.', userId: 'alex', categories: ['work'], validTo: null },
      ]),
      {},
    );
    expect(parsed.batches).toEqual([
      {
        scope: { endUserId: 'alex' },
        memories: [
          {
            id: 'm-1',
            text: 'Is vegetarian.',
            metadata: { source_app: 'x', categories: ['food'] },
            createdAt: '2024-07-26T10:29:36.630547-07:00',
          },
          { text: 'Works as a nurse.', category: 'work' },
        ],
      },
    ]);
  });

  it('names the line of a Mem0 record it cannot store', () => {
    expect(() => toImportBatches(arrayRecords([{ memory: '' }]), {})).toThrow(/^line 1: /);
  });
});

describe('the lines an import sends (decision 194)', () => {
  it('are valid batch items: the memory service does not check them again on receipt', () => {
    const { batches } = toImportBatches(
      arrayRecords([
        { text: 'plain' },
        {
          id: 'exported-1',
          text: '  spaced  ',
          metadata: { topic: 'home', importance: 0.2 },
          importance: 0.9,
          category: 'preferences',
          source: 'chat',
          conversation_id: 'conv-1',
          conversation_title: 'A title',
          embedding: [0.1, 0.2, 0.3],
          valid_from: '2025-01-02T03:04:05.000Z',
          valid_to: '2025-03-02T03:04:05Z',
          expiration_date: '2030-01-01T00:00:00.000Z',
          created_at: '2025-01-02T03:04:05.000Z',
          end_user_id: 'eu',
          agent_id: 'ag',
          run_id: 'run',
        },
        { text: 'metadata as a string', metadata: '{"a":1}', timestamp: '2025-01-02T03:04:05.000Z' },
        {
          memory: 'A Mem0 memory',
          user_id: 'eu',
          categories: ['food', 'travel'],
          createdAt: '2025-01-02T03:04:05Z',
        },
      ]),
      {},
    );
    const items = batches.flatMap((batch) => batch?.memories ?? []);
    expect(items).toHaveLength(4);
    for (const item of items) expect(() => validatePayload(BatchMemoryItem, item)).not.toThrow();
  });
});
