import { describe, expect, it, jest } from '@jest/globals';
import { MemoryMessages } from '@membolt/contracts';
import {
  type ApiUser,
  expectError,
  newApiUser,
  ok,
  UNLIMITED_GATEWAY,
  vectorOf,
} from './support/memory-api.js';
import { useStandalone } from './support/standalone.js';

jest.setTimeout(180_000);

interface MemoryJson {
  id: string;
  text: string;
  metadata: string;
  importance: number;
  category: string | null;
  created_at: string;
  end_user_id: string | null;
  agent_id: string | null;
}

const NDJSON = 'application/x-ndjson';

const linesOf = (text: string): MemoryJson[] =>
  text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as MemoryJson);

/** Export (NDJSON, streamed page by page) and import (NDJSON or a JSON array, in batches of at most 1,000). */
describe('REST memory API: export and import', () => {
  // Imports of these sizes are stored before the answer here; the queued path has its own suite (request-limits).
  const product = useStandalone('memory-transfer', {
    ...UNLIMITED_GATEWAY,
    LOG_LEVEL: 'error',
    GATEWAY_IMPORT_SYNC_LINES: '2000',
  });

  const listAll = async (user: ApiUser, query = '') =>
    ok<{ memories: MemoryJson[]; total_count: number }>(
      await user.call(`/api/user/${user.userId}/memories?limit=1000&sort=oldest${query}`),
    );

  const importInto = (user: ApiUser, text: string, query = '') =>
    user.call(`/api/user/${user.userId}/memories/import${query}`, {
      method: 'POST',
      raw: { text, contentType: NDJSON },
    });

  it('exports NDJSON that imports into another account as the same memories; a second import changes nothing', async () => {
    const source = await newApiUser(product);
    const base = `/api/user/${source.userId}/memories`;
    for (const body of [
      {
        text: 'Moved to Lisbon in 2025.',
        metadata: { topic: 'home' },
        importance: 0.9,
        category: 'personal',
      },
      { text: 'Drinks espresso.', category: 'preference' },
      { text: 'Customer X prefers e-mail.', end_user_id: 'X', agent_id: 'support' },
    ]) {
      ok(await source.call(base, { method: 'POST', body }), 201);
    }

    const exported = await source.call(`${base}/export`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    const lines = linesOf(exported.text);
    // Without end_user_id: the account's own memories, oldest first.
    expect(lines.map((memory) => memory.text).sort()).toEqual([
      'Drinks espresso.',
      'Moved to Lisbon in 2025.',
    ]);
    expect(typeof lines[0]!.metadata).toBe('string');

    const target = await newApiUser(product);
    expect(ok(await importInto(target, exported.text))).toEqual({ imported: 2, skipped: 0, lines: 2 });
    const byText = (a: MemoryJson, b: MemoryJson) => a.text.localeCompare(b.text);
    const copied = { memories: (await listAll(target)).memories.sort(byText) };
    lines.sort(byText);
    expect(
      copied.memories.map(({ text, importance, category, created_at }) => ({
        text,
        importance,
        category,
        created_at,
      })),
    ).toEqual(
      lines.map(({ text, importance, category, created_at }) => ({ text, importance, category, created_at })),
    );
    expect(JSON.parse(copied.memories[1]!.metadata)).toMatchObject({ topic: 'home' });

    expect(ok(await importInto(target, exported.text))).toEqual({ imported: 0, skipped: 2, lines: 2 });
    expect((await listAll(target)).total_count).toBe(2);

    // An end user's export keeps its scope on import (end_user_id and agent_id of each line).
    const customer = await source.call(`${base}/export?end_user_id=X`);
    expect(ok(await importInto(target, customer.text))).toMatchObject({ imported: 1 });
    const copiedCustomer = await listAll(target, '&end_user_id=X');
    expect(
      copiedCustomer.memories.map(({ text, end_user_id, agent_id }) => ({ text, end_user_id, agent_id })),
    ).toEqual([{ text: 'Customer X prefers e-mail.', end_user_id: 'X', agent_id: 'support' }]);
    // ... unless the query names another scope.
    expect(ok(await importInto(target, customer.text, '?end_user_id=Z'))).toMatchObject({ imported: 1 });
    expect((await listAll(target, '&end_user_id=Z')).memories.map((memory) => memory.text)).toEqual([
      'Customer X prefers e-mail.',
    ]);
  });

  it('pages an export of more than 1,000 memories and imports it in batches', async () => {
    const source = await newApiUser(product);
    const base = `/api/user/${source.userId}/memories`;
    const texts = Array.from({ length: 1205 }, (_, index) => `bulk memory number ${index}`);
    ok(
      await source.call(`${base}/batch`, {
        method: 'POST',
        body: { memories: texts.slice(0, 1000).map((text) => ({ text })) },
      }),
      201,
    );
    ok(
      await source.call(`${base}/batch`, {
        method: 'POST',
        body: { memories: texts.slice(1000).map((text) => ({ text })) },
      }),
      201,
    );
    const exported = await source.call(`${base}/export`);
    const lines = linesOf(exported.text);
    expect(lines).toHaveLength(1205);
    expect(new Set(lines.map((memory) => memory.id)).size).toBe(1205);

    const target = await newApiUser(product);
    expect(ok(await importInto(target, exported.text))).toEqual({ imported: 1205, skipped: 0, lines: 1205 });
    expect((await listAll(target)).total_count).toBe(1205);
  });

  it('imports a JSON array too, with metadata as an object or a string', async () => {
    const target = await newApiUser(product);
    const answer = await target.call(`/api/user/${target.userId}/memories/import`, {
      method: 'POST',
      body: [
        { text: 'from an array', metadata: { a: 1 } },
        { text: 'with a string metadata', metadata: '{"b":2}', importance: 0.7 },
        { text: 'with an embedding', embedding: vectorOf(1536, 3) },
      ],
    });
    expect(ok(answer)).toEqual({ imported: 3, skipped: 0, lines: 3 });
    // One batch shares one creation time, so compare without order.
    const texts = (await listAll(target)).memories.map((memory) => memory.text).sort();
    expect(texts).toEqual(['from an array', 'with a string metadata', 'with an embedding']);
  });

  describe('bad input: 400 naming the line, and nothing is stored', () => {
    const BAD: Array<[string, string, string | RegExp]> = [
      ['an empty text on line 2', '{"text":"fine"}\n{"text":""}\n', `line 2: ${MemoryMessages.textRequired}`],
      ['malformed JSON on line 3', '{"text":"fine"}\n\n{"text":\n', 'line 3: not valid JSON'],
      ['a metadata array', '{"text":"fine","metadata":[1]}\n', `line 1: ${MemoryMessages.metadataNotObject}`],
      ['an unknown field', '{"text":"fine","colour":"red"}\n', 'line 1: colour should not exist'],
      [
        'a badly shaped category',
        '{"text":"fine","category":"Hobby!"}\n',
        `line 1: ${MemoryMessages.categoryFormat}`,
      ],
      [
        'a category the account does not have',
        '{"text":"fine","category":"hobby"}\n',
        MemoryMessages.unknownCategory('hobby'),
      ],
      ['a line that is not an object', '["text"]\n', 'line 1: must be a JSON object'],
      [
        'a wrong embedding length',
        `{"text":"fine"}\n{"text":"bad","embedding":[0.1,0.2]}\n`,
        MemoryMessages.embeddingDimension(1536, 2),
      ],
      ['no lines at all', '\n\n', 'The import holds no memories.'],
    ];

    it.each(BAD)('%s', async (_name, body, message) => {
      const target = await newApiUser(product);
      expectError(await importInto(target, body), 400, 'validation_error', message);
      expect((await listAll(target)).total_count).toBe(0);
    });

    it('a type that is neither NDJSON nor JSON', async () => {
      const target = await newApiUser(product);
      expectError(
        await target.call(`/api/user/${target.userId}/memories/import`, {
          method: 'POST',
          raw: { text: 'text,metadata\nhello,{}', contentType: 'text/csv' },
        }),
        400,
        'validation_error',
        'Send the memories as NDJSON (application/x-ndjson, one JSON object a line), or as JSON (application/json): ' +
          'an array, or an object with a results or memories array (a Mem0 export).',
      );
      expect((await listAll(target)).total_count).toBe(0);
    });

    it('a JSON object instead of an array', async () => {
      const target = await newApiUser(product);
      const answer = await target.call(`/api/user/${target.userId}/memories/import`, {
        method: 'POST',
        body: { text: 'one object' },
      });
      expect(answer.status).toBe(400);
      expect((await listAll(target)).total_count).toBe(0);
    });
  });
});
