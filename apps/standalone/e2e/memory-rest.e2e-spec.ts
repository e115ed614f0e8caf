import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { MemoryMessages, PAGE_OFFSET_MAX } from '@membolt/contracts';
import { setupGatewayDocs } from '@membolt/gateway';
import {
  type ApiUser,
  expectError,
  newApiUser,
  ok,
  UNLIMITED_GATEWAY,
  vectorOf,
} from './support/memory-api.js';
import { useStandalone } from './support/standalone.js';

jest.setTimeout(120_000);

interface MemoryJson {
  id: string;
  text: string;
  metadata: string;
  importance: number;
  category: string | null;
  source: string;
  conversation_id: string | null;
  conversation_title: string | null;
  timestamp: string;
  created_at: string;
  updated_at: string;
  valid_from: string;
  valid_to: string | null;
  end_user_id: string | null;
  agent_id: string | null;
  run_id: string | null;
  version: number;
  embedding?: number[];
}

interface ListJson {
  memories: MemoryJson[];
  limit: number;
  offset: number;
  count: number;
  total_count: number;
}

const MEMORY_KEYS = [
  'agent_id',
  'category',
  'conversation_id',
  'conversation_title',
  'created_at',
  'end_user_id',
  'expiration_date',
  'id',
  'importance',
  'metadata',
  'redactions',
  'run_id',
  'source',
  'text',
  'timestamp',
  'updated_at',
  'valid_from',
  'valid_to',
  'version',
];

/**
 * The REST memory API (docs/requirements/rest-gateway.md, Routes, decision 022) through the real standalone product:
 * real accounts and keys, the real memory service, exact shapes and error bodies.
 */
describe('REST memory API: /api/user/{userId}/memories and friends', () => {
  const product = useStandalone('memory-rest', UNLIMITED_GATEWAY);
  let user: ApiUser;
  let base: string;

  beforeAll(async () => {
    setupGatewayDocs(product.app);
    user = await newApiUser(product);
    base = `/api/user/${user.userId}`;
  });

  const create = async (body: Record<string, unknown>, owner: ApiUser = user): Promise<MemoryJson> =>
    ok<MemoryJson>(await owner.call(`/api/user/${owner.userId}/memories`, { method: 'POST', body }), 201);

  const totalOf = async (owner: ApiUser, query = ''): Promise<number> =>
    ok<ListJson>(await owner.call(`/api/user/${owner.userId}/memories${query}`)).total_count;

  describe('create, read, update, delete', () => {
    it('POST stores a memory and answers it in snake_case with metadata as a JSON string', async () => {
      const memory = await create({
        text: 'I moved to Lisbon in March 2025.',
        metadata: { topic: 'home' },
        importance: 0.8,
        category: 'personal',
      });
      expect(Object.keys(memory).sort()).toEqual(MEMORY_KEYS);
      expect(memory).toMatchObject({
        text: 'I moved to Lisbon in March 2025.',
        importance: 0.8,
        category: 'personal',
        source: 'memory',
        end_user_id: null,
        agent_id: null,
        run_id: null,
        version: 1,
      });
      expect(typeof memory.metadata).toBe('string');
      expect(JSON.parse(memory.metadata)).toMatchObject({ topic: 'home', importance: 0.8 });
      expect(memory.timestamp).toBe(memory.created_at);
      expect(Number.isNaN(Date.parse(memory.created_at))).toBe(false);
    });

    it('accepts metadata as a JSON string, and importance inside it (0.5 when missing)', async () => {
      const fromString = await create({
        text: 'Likes green tea.',
        metadata: '{"importance":0.9,"kind":"taste"}',
      });
      expect(fromString.importance).toBe(0.9);
      expect(JSON.parse(fromString.metadata)).toMatchObject({ importance: 0.9, kind: 'taste' });
      const plain = await create({ text: 'Owns a bicycle.' });
      expect(plain.importance).toBe(0.5);
    });

    it('keeps a given embedding of the configured dimension, and shows embeddings only when asked', async () => {
      const memory = await create({ text: 'Plays the cello.', embedding: vectorOf(1536, 7) });
      const plain = ok<MemoryJson>(await user.call(`${base}/memories/${memory.id}`));
      expect(plain).not.toHaveProperty('embedding');
      const withEmbedding = ok<MemoryJson>(
        await user.call(`${base}/memories/${memory.id}?include_embedding=true`),
      );
      expect(withEmbedding.embedding).toHaveLength(1536);
      const list = ok<ListJson>(await user.call(`${base}/memories?limit=100`));
      expect(list.memories.some((item) => 'embedding' in item)).toBe(false);
    });

    it('GET one memory; an unknown id is 404 not_found', async () => {
      const memory = await create({ text: 'Was born in Coimbra.' });
      expect(ok<MemoryJson>(await user.call(`${base}/memories/${memory.id}`))).toEqual(memory);
      expectError(
        await user.call(`${base}/memories/${'x'.repeat(300)}`),
        404,
        'not_found',
        MemoryMessages.memoryNotFound,
      );
      expectError(
        await user.call(`${base}/memories/no-such-memory`),
        404,
        'not_found',
        MemoryMessages.memoryNotFound,
      );
    });

    it('PUT changes only the fields given, keeps the previous version in the history', async () => {
      const memory = await create({ text: 'Works at a bakery.', category: 'work', importance: 0.6 });
      const updated = ok<MemoryJson>(
        await user.call(`${base}/memories/${memory.id}`, {
          method: 'PUT',
          body: { text: 'Works at a bookshop.', metadata: '{"changed":true}' },
        }),
      );
      expect(updated).toMatchObject({
        id: memory.id,
        text: 'Works at a bookshop.',
        category: 'work',
        version: 2,
      });
      expect(JSON.parse(updated.metadata)).toMatchObject({ changed: true });
      expect(updated.created_at).toBe(memory.created_at);

      const history = ok<{
        memory_id: string;
        versions: Array<{ version: number; text: string; metadata: string }>;
      }>(await user.call(`${base}/memories/${memory.id}/history`));
      expect(history.memory_id).toBe(memory.id);
      expect(history.versions.map((version) => version.text)).toEqual([
        'Works at a bakery.',
        'Works at a bookshop.',
      ]);
      expect(history.versions.map((version) => version.version)).toEqual([1, 2]);
      expect(typeof history.versions[0]!.metadata).toBe('string');
      // Each version's metadata carries the importance and category it had, as the memory's own does.
      expect(JSON.parse(history.versions[0]!.metadata)).toMatchObject({ importance: 0.6, category: 'work' });
    });

    it('DELETE answers a receipt; the memory is gone, and a second delete is 404', async () => {
      const memory = await create({ text: 'Has a cat called Pimenta.' });
      const receipt = ok<{
        deleted: boolean;
        memory_ids: string[];
        removed: Record<string, number>;
        deleted_at: string;
      }>(await user.call(`${base}/memories/${memory.id}`, { method: 'DELETE' }));
      expect(receipt).toMatchObject({ deleted: true, memory_ids: [memory.id] });
      expect(receipt.removed['memories']).toBe(1);
      expectError(
        await user.call(`${base}/memories/${memory.id}`),
        404,
        'not_found',
        MemoryMessages.memoryNotFound,
      );
      expectError(
        await user.call(`${base}/memories/${memory.id}`, { method: 'DELETE' }),
        404,
        'not_found',
        MemoryMessages.memoryNotFound,
      );
      expectError(
        await user.call(`${base}/memories/${memory.id}/history`),
        404,
        'not_found',
        MemoryMessages.memoryNotFound,
      );
    });
  });

  describe('list', () => {
    let owner: ApiUser;
    beforeAll(async () => {
      owner = await newApiUser(product);
      for (const [index, importance] of [0.2, 0.9, 0.5, 0.7].entries()) {
        await create(
          { text: `list item ${index}`, importance, category: index % 2 === 0 ? 'work' : 'interest' },
          owner,
        );
      }
    });

    it('defaults to limit 10, offset 0, newest first, with count and total_count', async () => {
      const list = ok<ListJson>(await owner.call(`/api/user/${owner.userId}/memories`));
      expect(Object.keys(list).sort()).toEqual(['count', 'limit', 'memories', 'offset', 'total_count']);
      expect(list).toMatchObject({ limit: 10, offset: 0, count: 4, total_count: 4 });
      expect(list.memories.map((memory) => memory.text)).toEqual([
        'list item 3',
        'list item 2',
        'list item 1',
        'list item 0',
      ]);
    });

    it('pages with limit and offset, and sorts by importance or oldest', async () => {
      const page = ok<ListJson>(
        await owner.call(`/api/user/${owner.userId}/memories?limit=2&offset=1&sort=oldest`),
      );
      expect(page).toMatchObject({ limit: 2, offset: 1, count: 2, total_count: 4 });
      expect(page.memories.map((memory) => memory.text)).toEqual(['list item 1', 'list item 2']);
      const byImportance = ok<ListJson>(
        await owner.call(`/api/user/${owner.userId}/memories?sort=importance`),
      );
      expect(byImportance.memories.map((memory) => memory.importance)).toEqual([0.9, 0.7, 0.5, 0.2]);
    });

    it('filters by category and by metadata', async () => {
      const work = ok<ListJson>(await owner.call(`/api/user/${owner.userId}/memories?category=work`));
      expect(work.memories.map((memory) => memory.category)).toEqual(['work', 'work']);
      expect(work.total_count).toBe(2);
      await create({ text: 'tagged memory', metadata: { project: 'apollo' } }, owner);
      const filter = encodeURIComponent(JSON.stringify({ project: 'apollo' }));
      const tagged = ok<ListJson>(await owner.call(`/api/user/${owner.userId}/memories?metadata=${filter}`));
      expect(tagged.memories.map((memory) => memory.text)).toEqual(['tagged memory']);
    });
  });

  describe('batch', () => {
    it('stores up to 1,000 memories in one call', async () => {
      const owner = await newApiUser(product);
      const batch = ok<{ memories: MemoryJson[]; count: number }>(
        await owner.call(`/api/user/${owner.userId}/memories/batch`, {
          method: 'POST',
          body: { memories: [{ text: 'first of two' }, { text: 'second of two', category: 'work' }] },
        }),
        201,
      );
      expect(batch.count).toBe(2);
      expect(batch.memories.map((memory) => memory.text)).toEqual(['first of two', 'second of two']);
      expect(await totalOf(owner)).toBe(2);
    });

    it('stores none when one memory is bad, and refuses more than 1,000', async () => {
      const owner = await newApiUser(product);
      const path = `/api/user/${owner.userId}/memories/batch`;
      expectError(
        await owner.call(path, { method: 'POST', body: { memories: [{ text: 'fine' }, { text: '' }] } }),
        400,
        'validation_error',
        MemoryMessages.textRequired,
      );
      const tooMany = Array.from({ length: 1001 }, (_, index) => ({ text: `memory ${index}` }));
      expectError(
        await owner.call(path, { method: 'POST', body: { memories: tooMany } }),
        400,
        'validation_error',
        'memories must hold at most 1000 memories',
      );
      expectError(
        await owner.call(path, {
          method: 'POST',
          body: { memories: [{ text: 'ok' }, { text: 'bad', embedding: [1, 2, 3] }] },
        }),
        400,
        'validation_error',
        MemoryMessages.embeddingDimension(1536, 3),
      );
      expect(await totalOf(owner)).toBe(0);
    });
  });

  describe('search, stats, embeddings', () => {
    let owner: ApiUser;
    beforeAll(async () => {
      owner = await newApiUser(product);
      const texts = [
        'I moved to Lisbon in March 2025.',
        'My sister Ana lives in Berlin.',
        'I am allergic to peanuts.',
        'My favourite band is Radiohead.',
        'I drink espresso every morning.',
        'I work as a data engineer at Acme.',
        'I run a half marathon every spring.',
        'My dog is a border collie named Miso.',
        'I learn Japanese on weekends.',
        'I prefer window seats on flights.',
        'My laptop is a ThinkPad.',
        'I grew up near the sea in Porto.',
      ];
      ok(
        await owner.call(`/api/user/${owner.userId}/memories/batch`, {
          method: 'POST',
          body: { memories: texts.map((text, index) => ({ text, importance: index === 0 ? 0.9 : 0.4 })) },
        }),
        201,
      );
    });

    it('search answers results with scores and their breakdown, formatted_results and count', async () => {
      const answer = ok<{
        results: Array<MemoryJson & { score: number; relevance: number; scores: Record<string, unknown> }>;
        formatted_results: string;
        count: number;
      }>(
        await owner.call(
          `/api/user/${owner.userId}/search?query=${encodeURIComponent('where did I move to?')}`,
        ),
      );
      expect(Object.keys(answer).sort()).toEqual(['count', 'formatted_results', 'results']);
      expect(answer.count).toBe(answer.results.length);
      expect(answer.count).toBeGreaterThan(0);
      expect(answer.count).toBeLessThanOrEqual(10);
      const top = answer.results[0]!;
      expect(top.text).toBe('I moved to Lisbon in March 2025.');
      expect(typeof top.score).toBe('number');
      expect(top.relevance).toBeGreaterThan(0);
      expect(top.relevance).toBeLessThanOrEqual(1);
      expect(Object.keys(top.scores).sort()).toEqual(
        [
          'concept_match',
          'coverage',
          'final',
          'fused',
          'importance',
          'keyword',
          'meaning',
          'reasons',
          'recency',
          'semantic',
          'slot_match',
          'time_match',
        ].sort(),
      );
      expect(top).not.toHaveProperty('embedding');
      const lines = answer.formatted_results.split('\n');
      expect(lines).toHaveLength(answer.count);
      expect(lines[0]).toMatch(/^1\. I moved to Lisbon in March 2025\. \(\d{4}-\d{2}-\d{2}\)$/);
    });

    it('search takes a limit (default 10) and filters', async () => {
      const limited = ok<{ count: number }>(
        await owner.call(`/api/user/${owner.userId}/search?query=I&limit=3`),
      );
      expect(limited.count).toBeLessThanOrEqual(3);
      const byDefault = ok<{ count: number }>(await owner.call(`/api/user/${owner.userId}/search?query=my`));
      expect(byDefault.count).toBeLessThanOrEqual(10);
      const none = ok<{ count: number }>(
        await owner.call(`/api/user/${owner.userId}/search?query=Lisbon&category=work`),
      );
      expect(none.count).toBe(0);
    });

    it('search answers no result for a query that matches no memory', async () => {
      const answer = ok<{ results: unknown[]; formatted_results: string; count: number }>(
        await owner.call(`/api/user/${owner.userId}/search?query=pizza`),
      );
      expect(answer).toEqual({ results: [], formatted_results: '', count: 0 });
    });

    it('memory_stats answers the snake_case figures, closed facts counted apart', async () => {
      const stats = ok<Record<string, unknown>>(await owner.call(`/api/user/${owner.userId}/memory_stats`));
      expect(Object.keys(stats).sort()).toEqual([
        'avg_importance',
        'closed_count',
        'concept_count',
        'memory_count',
        'oldest_timestamp',
        'relation_count',
      ]);
      expect(stats['memory_count']).toBe(12);
      expect(stats['closed_count']).toBe(0);
      expect(stats['avg_importance']).toBeCloseTo((0.9 + 11 * 0.4) / 12, 5);
      expect(typeof stats['concept_count']).toBe('number');
      expect(typeof stats['relation_count']).toBe('number');
    });

    it('memory_stats of a user without memories: 0, 0, now, 0, 0', async () => {
      const empty = await newApiUser(product);
      const before = Date.now();
      const stats = ok<Record<string, number | string>>(
        await empty.call(`/api/user/${empty.userId}/memory_stats`),
      );
      expect(stats).toMatchObject({
        memory_count: 0,
        closed_count: 0,
        avg_importance: 0,
        concept_count: 0,
        relation_count: 0,
      });
      expect(Date.parse(stats['oldest_timestamp'] as string)).toBeGreaterThanOrEqual(before - 60_000);
    });

    it('generate_embedding answers the embedding of the configured dimension', async () => {
      const answer = ok<{ embedding: number[]; dimension: number; model: string }>(
        await owner.call('/api/generate_embedding', { method: 'POST', body: { text: 'hello world' } }),
      );
      expect(answer.embedding).toHaveLength(1536);
      expect(answer.dimension).toBe(1536);
      expect(answer.embedding.every((value) => typeof value === 'number')).toBe(true);
      expectError(
        await owner.call('/api/generate_embedding', { method: 'POST', body: { text: '' } }),
        400,
        'validation_error',
        MemoryMessages.textRequired,
      );
    });
  });

  describe('end users', () => {
    it('lists the end users with their counts and erases one with a receipt', async () => {
      const owner = await newApiUser(product);
      const base = `/api/user/${owner.userId}`;
      await create({ text: 'alice likes jazz', end_user_id: 'alice' }, owner);
      await create({ text: 'alice lives in Oslo', end_user_id: 'alice' }, owner);
      ok(
        await owner.call(`${base}/memories?end_user_id=bob`, {
          method: 'POST',
          body: { text: 'bob likes rock' },
        }),
        201,
      );
      await create({ text: 'the account itself' }, owner);

      const list = ok<{
        end_users: Array<{ end_user_id: string; memory_count: number }>;
        total_count: number;
      }>(await owner.call(`${base}/end_users`));
      expect(
        list.end_users
          .map(({ end_user_id, memory_count }) => ({ end_user_id, memory_count }))
          .sort((a, b) => a.end_user_id.localeCompare(b.end_user_id)),
      ).toEqual([
        { end_user_id: 'alice', memory_count: 2 },
        { end_user_id: 'bob', memory_count: 1 },
      ]);
      expect(list.total_count).toBe(2);

      const receipt = ok<{ deleted: boolean; memory_ids: string[] }>(
        await owner.call(`${base}/end_users/alice`, { method: 'DELETE' }),
      );
      expect(receipt.deleted).toBe(true);
      expect(receipt.memory_ids).toHaveLength(2);
      expect(await totalOf(owner, '?end_user_id=alice')).toBe(0);
      expect(await totalOf(owner, '?end_user_id=bob')).toBe(1);
      expect(await totalOf(owner)).toBe(1);
      expectError(
        await owner.call(`${base}/end_users/${'b'.repeat(201)}`, { method: 'DELETE' }),
        400,
        'validation_error',
        'end_user_id must be a string of at most 200 characters',
      );
    });
  });

  describe('bad input: 400 {error, message}, and nothing changes', () => {
    let owner: ApiUser;
    let memory: MemoryJson;
    let path: string;
    beforeAll(async () => {
      owner = await newApiUser(product);
      path = `/api/user/${owner.userId}/memories`;
      memory = await create({ text: 'the one memory', category: 'personal' }, owner);
    });

    const expectUnchanged = async () => {
      expect(await totalOf(owner)).toBe(1);
      expect(ok<MemoryJson>(await owner.call(`${path}/${memory.id}`))).toEqual(memory);
    };

    const CREATE_CASES: Array<[string, unknown, string]> = [
      ['empty text', { text: '' }, MemoryMessages.textRequired],
      ['blank text', { text: '   ' }, MemoryMessages.textRequired],
      ['over-long text', { text: 'x'.repeat(20_001) }, MemoryMessages.textTooLong],
      [
        'wrong embedding length',
        { text: 'ok', embedding: [0.1, 0.2, 0.3] },
        MemoryMessages.embeddingDimension(1536, 3),
      ],
      ['embedding of strings', { text: 'ok', embedding: ['a'] }, 'embedding must be an array of numbers'],
      ['unknown category', { text: 'ok', category: 'hobby' }, MemoryMessages.unknownCategory('hobby')],
      ['badly shaped category', { text: 'ok', category: 'Hobby!' }, MemoryMessages.categoryFormat],
      ['unknown source', { text: 'ok', source: 'email' }, MemoryMessages.unknownSource],
      ['importance above 1', { text: 'ok', importance: 1.5 }, MemoryMessages.importanceRange],
      ['metadata array', { text: 'ok', metadata: [1, 2] }, MemoryMessages.metadataNotObject],
      ['metadata null', { text: 'ok', metadata: null }, MemoryMessages.metadataNotObject],
      ['metadata number', { text: 'ok', metadata: 42 }, MemoryMessages.metadataNotObject],
      ['metadata malformed JSON string', { text: 'ok', metadata: '{"a":' }, MemoryMessages.metadataNotObject],
      ['metadata JSON string of an array', { text: 'ok', metadata: '[1]' }, MemoryMessages.metadataNotObject],
      [
        'metadata too large',
        { text: 'ok', metadata: { big: 'x'.repeat(17_000) } },
        MemoryMessages.metadataTooLarge,
      ],
      ['unknown field', { text: 'ok', colour: 'red' }, 'colour should not exist'],
      [
        'a "constructor" key in metadata',
        { text: 'ok', metadata: JSON.parse('{"constructor":{"a":1}}') as unknown },
        '"constructor" cannot be used as a field name.',
      ],
      ['a body that is not an object', ['text'], 'The request body must be a JSON object.'],
    ];

    it.each(CREATE_CASES)('POST with %s', async (_name, body, message) => {
      expectError(await owner.call(path, { method: 'POST', body }), 400, 'validation_error', message);
      await expectUnchanged();
    });

    it('POST with malformed JSON', async () => {
      expectError(
        await owner.call(path, {
          method: 'POST',
          raw: { text: '{"text": "a', contentType: 'application/json' },
        }),
        400,
        'validation_error',
        'The request body is not valid JSON.',
      );
      await expectUnchanged();
    });

    it('POST with the scope in both query and body, differing', async () => {
      expectError(
        await owner.call(`${path}?end_user_id=a`, { method: 'POST', body: { text: 'ok', end_user_id: 'b' } }),
        400,
        'validation_error',
        'end_user_id differs between the query and the body.',
      );
      await expectUnchanged();
    });

    const LIST_CASES: Array<[string, string]> = [
      ['limit=0', 'limit must be an integer from 1 to 1000'],
      ['limit=1001', 'limit must be an integer from 1 to 1000'],
      ['limit=ten', 'limit must be an integer from 1 to 1000'],
      ['limit=1.5', 'limit must be an integer from 1 to 1000'],
      ['offset=-1', `offset must be an integer from 0 to ${PAGE_OFFSET_MAX}`],
      ['sort=alphabetical', MemoryMessages.unknownSort],
      ['category=hobby', MemoryMessages.unknownCategory('hobby')],
      ['category=Hobby', MemoryMessages.categoryFormat],
      ['include_embedding=yes', 'include_embedding must be true or false'],
      ['created_after=yesterday', 'created_after must be an ISO 8601 date-time'],
      [`metadata=${encodeURIComponent('[1]')}`, /^metadata must be a JSON object/],
      ['colour=red', 'colour should not exist'],
    ] as Array<[string, string]>;

    it.each(LIST_CASES)('GET list with %s', async (query, message) => {
      expectError(await owner.call(`${path}?${query}`), 400, 'validation_error', message);
    });

    it.each([
      ['no query', '', MemoryMessages.queryRequired],
      ['an empty query', 'query=', MemoryMessages.queryRequired],
      ['limit=101', 'query=a&limit=101', 'limit must be an integer from 1 to 100'],
      ['an over-long query', `query=${'q'.repeat(2001)}`, 'query must be at most 2000 characters'],
    ])('GET search with %s', async (_name, query, message) => {
      expectError(
        await owner.call(`/api/user/${owner.userId}/search?${query}`),
        400,
        'validation_error',
        message,
      );
    });

    it('PUT with bad fields or none changes nothing', async () => {
      const target = `${path}/${memory.id}`;
      for (const [body, message] of [
        [{ text: '' }, MemoryMessages.textRequired],
        [{ metadata: 'not json' }, MemoryMessages.metadataNotObject],
        [{ importance: -0.1 }, MemoryMessages.importanceRange],
        [{ category: 'hobby' }, MemoryMessages.unknownCategory('hobby')],
        [{ category: 'x'.repeat(41) }, MemoryMessages.categoryFormat],
        [{ embedding: [1] }, MemoryMessages.embeddingDimension(1536, 1)],
        [
          {},
          'Nothing to update: give text, metadata, importance, category, embedding, valid_from or valid_to.',
        ],
      ] as Array<[Record<string, unknown>, string]>) {
        expectError(await owner.call(target, { method: 'PUT', body }), 400, 'validation_error', message);
      }
      await expectUnchanged();
    });
  });

  it('OpenAPI documents every memory route, with examples', async () => {
    const document = ok<{ paths: Record<string, Record<string, { requestBody?: unknown }>> }>(
      await user.call('/api/openapi.json'),
    );
    const routes = Object.entries(document.paths).flatMap(([route, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${route}`),
    );
    expect(routes).toEqual(
      expect.arrayContaining([
        'POST /api/user/{userId}/memories',
        'GET /api/user/{userId}/memories',
        'POST /api/user/{userId}/memories/batch',
        'GET /api/user/{userId}/memories/export',
        'POST /api/user/{userId}/memories/import',
        'GET /api/user/{userId}/memories/{id}',
        'PUT /api/user/{userId}/memories/{id}',
        'DELETE /api/user/{userId}/memories/{id}',
        'GET /api/user/{userId}/memories/{id}/history',
        'GET /api/user/{userId}/search',
        'GET /api/user/{userId}/memory_stats',
        'GET /api/user/{userId}/end_users',
        'DELETE /api/user/{userId}/end_users/{endUserId}',
        'POST /api/generate_embedding',
      ]),
    );
    // The diagnostics are off here: not served, not documented.
    expect(routes.some((route) => route.includes('/api/test/'))).toBe(false);
    const create = JSON.stringify(document.paths['/api/user/{userId}/memories']!['post']);
    expect(create).toContain('"examples"');
    expect(create).toContain('I moved to Lisbon in March 2025.');
  });
});
