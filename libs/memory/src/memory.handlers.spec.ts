import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { type BusClient, BusBroadcasts } from '@membolt/bus';
import { type BusTestApp, rejection, startInProcessServices } from '@membolt/bus/testing';
import {
  CommonErrorCode,
  deleteUserDataSubject,
  healthSubject,
  MemoryChangedEvent,
  MemoryMessages,
  MemorySubjects,
  type MemoryView,
} from '@membolt/contracts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryModule } from './memory.module.js';

const DIM = 256;
const A = { userId: 'user-a' };
const B = { userId: 'user-b' };

describe('memory service over the bus', () => {
  let services: BusTestApp;
  let bus: BusClient;
  let dataDir: string;
  const events: MemoryChangedEvent[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'membolt-memory-'));
    services = await startInProcessServices(
      [
        // Concepts and batches are computed in worker threads in real time (the loop is never held), so on a
        // busy machine a read of concept data may wait longer than the fixture's usual 2 s.
        MemoryModule.forRoot({
          store: { kind: 'embedded', dataDir },
          embedder: { kind: 'offline', dimension: DIM },
          conceptSettleMs: 8_000,
        }),
      ],
      10_000,
    );
    bus = services.bus;
    const broadcasts = services.app.get(BusBroadcasts);
    for (const subject of [MemorySubjects.created, MemorySubjects.updated, MemorySubjects.deleted]) {
      await broadcasts.subscribe(subject, MemoryChangedEvent, (event) => {
        events.push(event);
      });
    }
  });

  afterAll(async () => {
    await services?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    for (const user of ['user-a', 'user-b']) {
      await bus.request(deleteUserDataSubject('memory'), {}, { userId: user });
    }
    events.length = 0;
  });

  const create = (text: string, extra: Record<string, unknown> = {}, as = A): Promise<MemoryView> =>
    bus.request(MemorySubjects.create, { text, ...extra }, as);
  const count = async (as = A, scope: Record<string, unknown> = {}): Promise<number> =>
    (await bus.request(MemorySubjects.stats, scope, as)).memoryCount;

  it('answers its health probe', async () => {
    expect(await bus.request(healthSubject('memory'), {})).toMatchObject({ name: 'memory', status: 'ok' });
  });

  it('creates a memory with a server-computed embedding, folds importance into metadata and broadcasts it', async () => {
    const memory = await create('I moved to Lisbon in March', {
      metadata: { importance: 0.9, mood: 'happy' },
      category: 'personal',
      conversationId: 'conv-1',
      conversationTitle: 'Moving',
    });
    expect(memory).toMatchObject({
      userId: 'user-a',
      endUserId: null,
      importance: 0.9,
      category: 'personal',
      source: 'memory',
      version: 1,
      validTo: null,
      metadata: {
        mood: 'happy',
        importance: 0.9,
        source: 'memory',
        category: 'personal',
        conversation_id: 'conv-1',
        title: 'Moving',
      },
    });
    expect(memory.embedding).toBeUndefined();
    const withVector = await bus.request(
      MemorySubjects.get,
      { memoryId: memory.id, includeEmbedding: true },
      A,
    );
    expect(withVector.embedding).toHaveLength(DIM);
    await waitFor(() => events.some((e) => e.change === 'created' && e.memoryIds.includes(memory.id)));
    expect(events.find((e) => e.memoryIds.includes(memory.id))).toMatchObject({
      userId: 'user-a',
      endUserId: null,
    });
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    await create('kept');
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ text: '' }, MemoryMessages.textRequired],
      [{ text: 'x'.repeat(20_001) }, MemoryMessages.textTooLong],
      [{ text: 'ok', embedding: [1, 2, 3] }, MemoryMessages.embeddingDimension(DIM, 3)],
      [{ text: 'ok', category: 'food' }, MemoryMessages.unknownCategory('food')],
      [{ text: 'ok', category: 'Food!' }, MemoryMessages.categoryFormat],
      [{ text: 'ok', importance: 2 }, MemoryMessages.importanceRange],
      [{ text: 'ok', metadata: { importance: 'high' } }, MemoryMessages.importanceRange],
      [{ text: 'ok', metadata: { big: 'x'.repeat(17_000) } }, MemoryMessages.metadataTooLarge],
      [
        { text: 'ok', validFrom: '2026-02-01T00:00:00Z', validTo: '2026-01-01T00:00:00Z' },
        'valid_to must be after valid_from',
      ],
    ];
    for (const [payload, message] of bad) {
      const error = await rejection(bus.request(MemorySubjects.create, payload as never, A));
      expect(error.code).toBe(CommonErrorCode.ValidationError);
      expect(error.message).toContain(message);
    }
    const list = await rejection(
      bus.request(MemorySubjects.list, { limit: 0, offset: 0, sort: 'recent' }, A),
    );
    expect(list.code).toBe(CommonErrorCode.ValidationError);
    const sort = await rejection(
      bus.request(MemorySubjects.list, { limit: 10, offset: 0, sort: 'size' } as never, A),
    );
    expect(sort.message).toContain(MemoryMessages.unknownSort);
    const batch = await rejection(
      bus.request(
        MemorySubjects.createBatch,
        { memories: [{ text: 'fine' }, { text: 'bad', embedding: [1] }] },
        A,
      ),
    );
    expect(batch.message).toBe(MemoryMessages.embeddingDimension(DIM, 1));
    const unauthenticated = await rejection(bus.request(MemorySubjects.create, { text: 'who?' }));
    expect(unauthenticated.code).toBe(CommonErrorCode.Unauthorized);
    expect(await count()).toBe(1);
  });

  it('lists with paging, sorts, category filter and total count', async () => {
    await bus.request(
      MemorySubjects.createBatch,
      {
        memories: [
          { text: 'low', importance: 0.1, category: 'work' },
          { text: 'high', importance: 0.95 },
          { text: 'mid', importance: 0.5, category: 'work', metadata: { project: 'atlas' } },
        ],
      },
      A,
    );
    const byImportance = await bus.request(
      MemorySubjects.list,
      { limit: 2, offset: 0, sort: 'importance' },
      A,
    );
    expect(byImportance).toMatchObject({ count: 2, totalCount: 3, limit: 2, offset: 0 });
    expect(byImportance.memories.map((m) => m.text)).toEqual(['high', 'mid']);
    const work = await bus.request(
      MemorySubjects.list,
      { limit: 10, offset: 0, sort: 'importance', category: 'work' },
      A,
    );
    expect(work.memories.map((m) => m.text)).toEqual(['mid', 'low']);
    const none = await bus.request(
      MemorySubjects.list,
      { limit: 10, offset: 0, sort: 'recent', category: 'none' },
      A,
    );
    expect(none.memories.map((m) => m.text)).toEqual(['high']);
    const tagged = await bus.request(
      MemorySubjects.list,
      { limit: 10, offset: 0, sort: 'recent', metadata: { project: 'atlas' } },
      A,
    );
    expect(tagged.memories.map((m) => m.text)).toEqual(['mid']);
  });

  it('updates only the given fields, re-embeds a new text, keeps history and closes facts', async () => {
    const memory = await create('I live in Berlin', { importance: 0.4, category: 'personal' });
    const before = await bus.request(MemorySubjects.get, { memoryId: memory.id, includeEmbedding: true }, A);
    const updated = await bus.request(
      MemorySubjects.update,
      { memoryId: memory.id, text: 'I live in Madrid' },
      A,
    );
    expect(updated).toMatchObject({
      text: 'I live in Madrid',
      importance: 0.4,
      category: 'personal',
      version: 2,
    });
    const after = await bus.request(MemorySubjects.get, { memoryId: memory.id, includeEmbedding: true }, A);
    expect(after.embedding).not.toEqual(before.embedding);
    const nothing = await rejection(bus.request(MemorySubjects.update, { memoryId: memory.id }, A));
    expect(nothing.code).toBe(CommonErrorCode.ValidationError);
    await bus.request(
      MemorySubjects.update,
      { memoryId: memory.id, validTo: new Date(Date.now() + 60_000).toISOString(), category: 'none' },
      A,
    );
    const history = await bus.request(MemorySubjects.history, { memoryId: memory.id }, A);
    expect(history.versions.map((v) => [v.version, v.text, v.event, v.category])).toEqual([
      [1, 'I live in Berlin', 'created', 'personal'],
      [2, 'I live in Madrid', 'updated', 'personal'],
      [3, 'I live in Madrid', 'closed', null],
    ]);
    await waitFor(() => events.filter((e) => e.change === 'updated').length === 2);
  });

  it('searches hybrid with scores, leaves closed facts out by default and answers about the past with asOf', async () => {
    await bus.request(
      MemorySubjects.createBatch,
      {
        memories: [
          { text: 'My sister Clara lives in Toronto and works as a nurse' },
          { text: 'I bought a red bicycle for commuting', importance: 0.9 },
          { text: 'We had pizza on Friday night' },
          { text: 'I lived in Porto', validFrom: '2022-01-01T00:00:00Z', validTo: '2024-01-01T00:00:00Z' },
          { text: 'I live in Lisbon', validFrom: '2024-01-01T00:00:00Z' },
        ],
      },
      A,
    );
    const found = await bus.request(MemorySubjects.search, { query: 'what bicycle did I buy?', limit: 3 }, A);
    expect(found.results[0]?.memory.text).toBe('I bought a red bicycle for commuting');
    expect(found.results[0]?.scores).toMatchObject({ conceptMatch: expect.any(Boolean), timeMatch: false });
    expect(found.results[0]!.scores.keyword).toBeGreaterThan(0);
    expect(found.results[0]!.scores.semantic).toBeGreaterThan(0);
    expect(found).toMatchObject({ strategy: 'exact', query: 'what bicycle did I buy?' });
    expect(found.count).toBe(found.results.length);
    const now = await bus.request(MemorySubjects.search, { query: 'where do I live', limit: 10 }, A);
    expect(now.results.map((r) => r.memory.text)).toContain('I live in Lisbon');
    expect(now.results.map((r) => r.memory.text)).not.toContain('I lived in Porto');
    const past = await bus.request(
      MemorySubjects.search,
      { query: 'where do I live', limit: 10, asOf: '2023-06-01T00:00:00Z' },
      A,
    );
    expect(past.results.map((r) => r.memory.text)).toEqual(['I lived in Porto']);
    const blank = await rejection(bus.request(MemorySubjects.search, { query: '   ', limit: 3 }, A));
    expect(blank.message).toBe(MemoryMessages.queryRequired);
  });

  it('deletes with a receipt naming what was removed, and a second delete is not found', async () => {
    const memory = await create('Anna and Marco met in Rome at Google');
    // Concepts are linked behind the answer; reading them settles the scope first.
    const linked = await bus.request(MemorySubjects.memoryConcepts, { memoryId: memory.id }, A);
    expect(linked.concepts.length).toBeGreaterThan(0);
    const receipt = await bus.request(MemorySubjects.delete, { memoryId: memory.id }, A);
    expect(receipt.memoryIds).toEqual([memory.id]);
    expect(receipt.removed).toMatchObject({ memories: 1, vectors: 1, keywordEntries: 1, versions: 0 });
    expect(receipt.removed['conceptLinks']).toBeGreaterThan(0);
    expect(receipt.removed['concepts']).toBe(receipt.removed['conceptLinks']);
    const again = await rejection(bus.request(MemorySubjects.delete, { memoryId: memory.id }, A));
    expect(again).toMatchObject({ code: CommonErrorCode.NotFound, message: MemoryMessages.memoryNotFound });
    expect((await bus.request(MemorySubjects.stats, {}, A)).conceptCount).toBe(0);
  });

  it('answers stats within the scope, with now as the oldest timestamp when empty', async () => {
    const empty = await bus.request(MemorySubjects.stats, {}, A);
    expect(empty).toMatchObject({ memoryCount: 0, avgImportance: 0, conceptCount: 0, relationCount: 0 });
    expect(Math.abs(Date.parse(empty.oldestTimestamp) - Date.now())).toBeLessThan(60_000);
    await create('Paris trip with Anna', { importance: 0.2 });
    await create('Berlin trip with Anna', { importance: 0.6 });
    const stats = await bus.request(MemorySubjects.stats, {}, A);
    expect(stats.memoryCount).toBe(2);
    expect(stats.avgImportance).toBeCloseTo(0.4, 6);
    expect(stats.conceptCount).toBeGreaterThanOrEqual(3);
    expect(stats.relationCount).toBeGreaterThanOrEqual(2);
  });

  it('exports in pages and imports idempotently by the exported ids', async () => {
    for (let i = 0; i < 5; i++) await create(`note ${i}`);
    const lines: MemoryView[] = [];
    let cursor: string | undefined;
    do {
      const page = await bus.request(
        MemorySubjects.exportPage,
        { limit: 2, ...(cursor ? { cursor } : {}) },
        A,
      );
      lines.push(...page.memories);
      cursor = page.nextCursor;
    } while (cursor);
    expect(lines.map((m) => m.text).sort()).toEqual(['note 0', 'note 1', 'note 2', 'note 3', 'note 4']);
    expect(lines[0]?.embedding).toHaveLength(DIM);
    const badCursor = await rejection(
      bus.request(MemorySubjects.exportPage, { limit: 2, cursor: 'nope' }, A),
    );
    expect(badCursor.code).toBe(CommonErrorCode.ValidationError);

    const file = lines.map((m) => ({
      id: m.id,
      text: m.text,
      createdAt: m.createdAt,
      embedding: [...m.embedding!],
      importance: m.importance,
    }));
    const first = await bus.request(MemorySubjects.import, { memories: file }, B);
    expect(first).toMatchObject({ imported: 5, skipped: 0 });
    const second = await bus.request(MemorySubjects.import, { memories: file }, B);
    expect(second).toEqual({ imported: 0, skipped: 5, memoryIds: [] });
    expect(await count(B)).toBe(5);
    expect(await count(A)).toBe(5);
  });

  it('generates an embedding of the configured dimension', async () => {
    const view = await bus.request(MemorySubjects.generateEmbedding, { text: 'hello world' }, A);
    expect(view).toMatchObject({ dimension: DIM, model: 'hashed-tfidf-v1' });
    expect(view.embedding).toHaveLength(DIM);
  });

  it('counts the memories each conversation taught: open ones of the acting account only', async () => {
    await create('My dog is called Rex.', { conversationId: 'c-1', source: 'chat' });
    await create('I live in Porto.', {
      conversationId: 'c-1',
      source: 'chat',
      validTo: '2000-01-02T00:00:00.000Z',
      validFrom: '2000-01-01T00:00:00.000Z',
    });
    await create('alice likes tea', { conversationId: 'c-1', endUserId: 'alice' });
    await create('Someone else’s fact', { conversationId: 'c-1' }, B);
    await create('I like jazz.', { conversationId: 'c-2' });
    const counts = (as = A) =>
      bus.request(MemorySubjects.conversationCounts, { conversationIds: ['c-1', 'c-2', 'c-3'] }, as);
    await expect(counts()).resolves.toEqual({ counts: { 'c-1': 1, 'c-2': 1, 'c-3': 0 } });
    await expect(counts(B)).resolves.toEqual({ counts: { 'c-1': 1, 'c-2': 0, 'c-3': 0 } });
    const refused = await rejection(
      bus.request(MemorySubjects.conversationCounts, { conversationIds: [''] } as never, A),
    );
    expect(refused).toMatchObject({ code: CommonErrorCode.ValidationError });
  });

  it('keeps end users apart, lists them with counts and erases one with a receipt', async () => {
    await create('alice likes tea', { endUserId: 'alice' });
    await create('alice likes jazz', { endUserId: 'alice' });
    await create('bob likes coffee', { endUserId: 'bob' });
    await create('the account itself');
    expect(await count(A, { endUserId: 'alice' })).toBe(2);
    expect(await count(A)).toBe(1);
    const listed = await bus.request(MemorySubjects.listEndUsers, { limit: 10, offset: 0 }, A);
    expect(listed.total).toBe(2);
    expect(listed.endUsers.map((e) => [e.endUserId, e.memoryCount]).sort()).toEqual([
      ['alice', 2],
      ['bob', 1],
    ]);
    const bobsView = await bus.request(
      MemorySubjects.search,
      { query: 'what alice likes', limit: 10, endUserId: 'bob' },
      A,
    );
    expect(bobsView.results.length).toBeGreaterThan(0);
    expect(bobsView.results.map((r) => r.memory.text)).toEqual(['bob likes coffee']);
    const own = await rejection(bus.request(MemorySubjects.deleteEndUser, { endUserId: ' ' }, A));
    expect(own).toMatchObject({ code: CommonErrorCode.ValidationError, message: 'end_user_id is required' });
    expect(await count(A)).toBe(1);
    const receipt = await bus.request(MemorySubjects.deleteEndUser, { endUserId: 'alice' }, A);
    expect(receipt.removed).toMatchObject({ memories: 2, vectors: 2, keywordEntries: 2 });
    expect(await count(A, { endUserId: 'alice' })).toBe(0);
    expect(await count(A, { endUserId: 'bob' })).toBe(1);
  });

  it('draws the concept graph and lists a concept memories', async () => {
    const visit = await create('Anna visited Paris with Marco');
    await create('Anna loves Paris in spring');
    const graph = await bus.request(MemorySubjects.conceptGraph, { maxNodes: 50 }, A);
    const anna = graph.concepts.find((c) => c.name === 'anna');
    expect(anna).toMatchObject({ kind: 'person', memoryCount: 2 });
    expect(graph.relations.length).toBeGreaterThan(0);
    const memories = await bus.request(MemorySubjects.conceptMemories, { conceptId: anna!.id, limit: 10 }, A);
    expect(memories.memories).toHaveLength(2);
    const small = await bus.request(MemorySubjects.conceptGraph, { maxNodes: 1 }, A);
    expect(small.truncated).toBe(true);
    const ofVisit = await bus.request(MemorySubjects.memoryConcepts, { memoryId: visit.id }, A);
    expect(ofVisit.memoryId).toBe(visit.id);
    expect(ofVisit.concepts.map((c) => c.name)).toEqual(expect.arrayContaining(['anna', 'paris']));
    expect(ofVisit.concepts[0]).toMatchObject({ name: 'anna', memoryCount: 2 });
  });

  it('links the concepts of a batch in the background, and a read of concept data never misses them', async () => {
    await bus.request(
      MemorySubjects.createBatch,
      { memories: Array.from({ length: 40 }, (_, i) => ({ text: `Anna met Marco in Vienna, visit ${i}` })) },
      A,
    );
    // Read at once: the read settles the scope first, whatever the background linker has done.
    const graph = await bus.request(MemorySubjects.conceptGraph, { maxNodes: 100 }, A);
    expect(graph.concepts.find((c) => c.name === 'anna')).toMatchObject({ memoryCount: 40 });
    const found = await bus.request(MemorySubjects.search, { query: 'Vienna', limit: 5 }, A);
    expect(found.results[0]?.scores.conceptMatch).toBe(true);
  });

  describe('another account and another end user never read or change the memories of A', () => {
    let own: MemoryView;
    let alices: MemoryView;
    let annaId: string;

    beforeEach(async () => {
      own = await create('Anna gave me a green notebook in Oslo', { importance: 0.7 });
      alices = await create('Alice keeps her passport in the blue drawer', { endUserId: 'alice' });
      const graph = await bus.request(MemorySubjects.conceptGraph, { maxNodes: 50 }, A);
      annaId = graph.concepts.find((c) => c.name === 'anna')!.id;
    });

    const strangers: Array<[string, { userId: string }, Record<string, unknown>]> = [
      ['another account', B, {}],
      ['another account naming the same end user', B, { endUserId: 'alice' }],
      ['another end user of the same account', A, { endUserId: 'bob' }],
    ];

    for (const [who, as, scope] of strangers) {
      it(`${who}: every operation`, async () => {
        for (const target of [own, alices]) {
          for (const subject of [
            MemorySubjects.get,
            MemorySubjects.history,
            MemorySubjects.memoryConcepts,
            MemorySubjects.delete,
          ] as const) {
            const error = await rejection(
              bus.request(subject as typeof MemorySubjects.get, { memoryId: target.id, ...scope }, as),
            );
            expect(error).toMatchObject({
              code: CommonErrorCode.NotFound,
              message: MemoryMessages.memoryNotFound,
            });
          }
          const update = await rejection(
            bus.request(
              MemorySubjects.update,
              { memoryId: target.id, text: 'hijacked', importance: 0, ...scope },
              as,
            ),
          );
          expect(update).toMatchObject({
            code: CommonErrorCode.NotFound,
            message: MemoryMessages.memoryNotFound,
          });
        }
        const list = await bus.request(
          MemorySubjects.list,
          { limit: 100, offset: 0, sort: 'recent', includeClosed: true, ...scope },
          as,
        );
        expect(list).toMatchObject({ totalCount: 0, memories: [] });
        const search = await bus.request(
          MemorySubjects.search,
          { query: 'Anna green notebook Oslo passport blue drawer', limit: 10, ...scope },
          as,
        );
        expect(search.results).toEqual([]);
        expect(await bus.request(MemorySubjects.stats, scope, as)).toMatchObject({
          memoryCount: 0,
          conceptCount: 0,
        });
        expect((await bus.request(MemorySubjects.exportPage, { limit: 100, ...scope }, as)).memories).toEqual(
          [],
        );
        expect(
          (await bus.request(MemorySubjects.conceptGraph, { maxNodes: 100, ...scope }, as)).concepts,
        ).toEqual([]);
        const concept = await rejection(
          bus.request(MemorySubjects.conceptMemories, { conceptId: annaId, limit: 10, ...scope }, as),
        );
        expect(concept.code).toBe(CommonErrorCode.NotFound);
        if (as === B) {
          expect((await bus.request(MemorySubjects.listEndUsers, { limit: 10, offset: 0 }, as)).total).toBe(
            0,
          );
          expect(
            (await bus.request(MemorySubjects.deleteEndUser, { endUserId: 'alice' }, as)).removed['memories'],
          ).toBe(0);
          await bus.request(deleteUserDataSubject('memory'), {}, as);
        }
        // Writes in the stranger's scope land there, never on A's memories.
        await bus.request(MemorySubjects.createBatch, { memories: [{ text: 'mine now' }], ...scope }, as);
        await bus.request(
          MemorySubjects.import,
          { memories: [{ id: own.id, text: 'imported copy' }], ...scope },
          as,
        );

        const stillOwn = await bus.request(MemorySubjects.get, { memoryId: own.id }, A);
        expect(stillOwn).toMatchObject({ text: own.text, importance: 0.7, version: 1 });
        const stillAlices = await bus.request(
          MemorySubjects.get,
          { memoryId: alices.id, endUserId: 'alice' },
          A,
        );
        expect(stillAlices).toMatchObject({ text: alices.text, version: 1 });
        expect(await count(A)).toBe(1);
        expect(await count(A, { endUserId: 'alice' })).toBe(1);
      });
    }
  });

  describe('custom categories', () => {
    const addCategory = (name: string, description = `things about ${name}`, as = A) =>
      bus.request(MemorySubjects.createCategory, { name, description }, as);
    const names = async (as = A) =>
      (await bus.request(MemorySubjects.listCategories, {}, as)).categories.map((c) => c.name);

    it('creates, lists, describes again and deletes the categories of the acting account', async () => {
      const travel = await addCategory('travel', '  Trips, flights and places visited  ');
      expect(travel).toMatchObject({ name: 'travel', description: 'Trips, flights and places visited' });
      await addCategory('health');
      expect(await names()).toEqual(['health', 'travel']);
      const updated = await bus.request(
        MemorySubjects.updateCategory,
        { name: 'travel', description: 'Journeys' },
        A,
      );
      expect(updated.description).toBe('Journeys');
      expect(await bus.request(MemorySubjects.deleteCategory, { name: 'health' }, A)).toEqual({
        name: 'health',
        memoriesUncategorised: 0,
      });
      expect(await names()).toEqual(['travel']);
    });

    it('refuses reserved, badly shaped, duplicate and missing names and changes nothing', async () => {
      await addCategory('travel');
      const bad: Array<[Record<string, unknown>, string, string]> = [
        [
          { name: 'work', description: 'x' },
          CommonErrorCode.ValidationError,
          MemoryMessages.categoryNameReserved('work'),
        ],
        [
          { name: 'none', description: 'x' },
          CommonErrorCode.ValidationError,
          MemoryMessages.categoryNameReserved('none'),
        ],
        [
          { name: 'Travel Plans', description: 'x' },
          CommonErrorCode.ValidationError,
          MemoryMessages.categoryNameFormat,
        ],
        [
          { name: 'a'.repeat(41), description: 'x' },
          CommonErrorCode.ValidationError,
          MemoryMessages.categoryNameFormat,
        ],
        [
          { name: 'food', description: '  ' },
          CommonErrorCode.ValidationError,
          MemoryMessages.categoryDescriptionRequired,
        ],
        [
          { name: 'food', description: 'x'.repeat(301) },
          CommonErrorCode.ValidationError,
          MemoryMessages.categoryDescriptionTooLong,
        ],
        [
          { name: 'travel', description: 'again' },
          CommonErrorCode.Conflict,
          MemoryMessages.categoryExists('travel'),
        ],
      ];
      for (const [payload, code, message] of bad) {
        const error = await rejection(bus.request(MemorySubjects.createCategory, payload as never, A));
        expect([error.code, error.message]).toEqual([code, expect.stringContaining(message)]);
      }
      const missing = await rejection(
        bus.request(MemorySubjects.updateCategory, { name: 'food', description: 'x' }, A),
      );
      expect(missing.code).toBe(CommonErrorCode.NotFound);
      expect((await bus.request(MemorySubjects.listCategories, {}, A)).categories).toMatchObject([
        { name: 'travel', description: 'things about travel' },
      ]);
    });

    it('holds at most 50 categories per account', async () => {
      for (let i = 0; i < 50; i++) await addCategory(`c${i}`);
      const error = await rejection(addCategory('one-more'));
      expect(error.message).toBe(MemoryMessages.tooManyCategories);
      expect(await names()).toHaveLength(50);
      expect((await addCategory('one-more', 'x', B)).name).toBe('one-more');
    });

    it('lets every write path and the filters use a custom name, and refuses an unknown one naming it', async () => {
      await addCategory('travel');
      const trip = await create('Flew to Kyoto in May', { category: 'travel' });
      expect(trip.category).toBe('travel');
      const batch = await bus.request(
        MemorySubjects.createBatch,
        { memories: [{ text: 'Booked a ryokan', category: 'travel' }, { text: 'Likes tea' }] },
        A,
      );
      expect(batch.memories.map((m) => m.category)).toEqual(['travel', null]);
      const plain = await create('Works on Mondays');
      const changed = await bus.request(MemorySubjects.update, { memoryId: plain.id, category: 'travel' }, A);
      expect(changed.category).toBe('travel');
      await bus.request(
        MemorySubjects.import,
        { memories: [{ id: 'exp-1', text: 'Visited Nara', category: 'travel' }] },
        A,
      );
      const listed = await bus.request(
        MemorySubjects.list,
        { limit: 50, offset: 0, sort: 'recent', category: 'travel' },
        A,
      );
      expect(listed.memories.map((m) => m.text).sort()).toEqual([
        'Booked a ryokan',
        'Flew to Kyoto in May',
        'Visited Nara',
        'Works on Mondays',
      ]);
      const found = await bus.request(
        MemorySubjects.search,
        { query: 'kyoto', limit: 5, category: 'travel' },
        A,
      );
      expect(found.results.map((r) => r.memory.text)).toContain('Flew to Kyoto in May');

      const before = await count();
      const unknown: Array<Promise<unknown>> = [
        bus.request(MemorySubjects.create, { text: 'x', category: 'hobby' }, A),
        bus.request(
          MemorySubjects.createBatch,
          { memories: [{ text: 'x' }, { text: 'y', category: 'hobby' }] },
          A,
        ),
        bus.request(MemorySubjects.import, { memories: [{ text: 'x', category: 'hobby' }] }, A),
        bus.request(MemorySubjects.update, { memoryId: plain.id, category: 'hobby' }, A),
        bus.request(MemorySubjects.list, { limit: 5, offset: 0, sort: 'recent', category: 'hobby' }, A),
        bus.request(MemorySubjects.search, { query: 'x', limit: 5, category: 'hobby' }, A),
      ];
      for (const call of unknown) {
        const error = await rejection(call);
        expect([error.code, error.message]).toEqual([
          CommonErrorCode.ValidationError,
          MemoryMessages.unknownCategory('hobby'),
        ]);
      }
      expect(await count()).toBe(before);
      expect((await bus.request(MemorySubjects.get, { memoryId: plain.id }, A)).category).toBe('travel');
    });

    it('uncategorises the memories of a deleted category, end users included, and only that account', async () => {
      await addCategory('travel');
      await addCategory('travel', 'the same name in B', B);
      const own = await create('Flew to Kyoto', { category: 'travel' });
      const endUsers = await create('Took the night train', { category: 'travel', endUserId: 'alice' });
      const kept = await create('Met Ana at work', { category: 'work' });
      const inB = await create('Sailed to Capri', { category: 'travel' }, B);
      const receipt = await bus.request(MemorySubjects.deleteCategory, { name: 'travel' }, A);
      expect(receipt).toEqual({ name: 'travel', memoriesUncategorised: 2 });
      const category = async (id: string, as = A, endUserId?: string) =>
        (await bus.request(MemorySubjects.get, { memoryId: id, ...(endUserId ? { endUserId } : {}) }, as))
          .category;
      expect(await category(own.id)).toBeNull();
      expect(await category(endUsers.id, A, 'alice')).toBeNull();
      expect(await category(kept.id)).toBe('work');
      expect(await category(inB.id, B)).toBe('travel');
      const again = await rejection(bus.request(MemorySubjects.deleteCategory, { name: 'travel' }, A));
      expect(again.code).toBe(CommonErrorCode.NotFound);
      const unknown = await rejection(create('x', { category: 'travel' }));
      expect(unknown.message).toBe(MemoryMessages.unknownCategory('travel'));
    });

    it('never shows, changes, deletes or lends the categories of A to B', async () => {
      await addCategory('travel', 'A only');
      expect(await names(B)).toEqual([]);
      const update = await rejection(
        bus.request(MemorySubjects.updateCategory, { name: 'travel', description: 'taken' }, B),
      );
      expect(update.code).toBe(CommonErrorCode.NotFound);
      const remove = await rejection(bus.request(MemorySubjects.deleteCategory, { name: 'travel' }, B));
      expect(remove.code).toBe(CommonErrorCode.NotFound);
      const use = await rejection(create('x', { category: 'travel' }, B));
      expect(use.message).toBe(MemoryMessages.unknownCategory('travel'));
      expect((await bus.request(MemorySubjects.listCategories, {}, A)).categories).toMatchObject([
        { name: 'travel', description: 'A only' },
      ]);
    });

    it("classifies texts into the acting account's categories only", async () => {
      await addCategory('travel', 'Trips, flights and hotels');
      const texts = ['User booked a hotel in Kyoto.', 'User likes green tea.'];
      expect(await bus.request(MemorySubjects.classifyCategories, { texts }, A)).toEqual({
        categories: ['travel', null],
      });
      expect(await bus.request(MemorySubjects.classifyCategories, { texts }, B)).toEqual({
        categories: [null, null],
      });
    });

    it('removes the categories with the account', async () => {
      await addCategory('travel');
      const removed = await bus.request(deleteUserDataSubject('memory'), {}, A);
      expect(removed.removed).toMatchObject({ memoryCategories: 1 });
      expect(await names()).toEqual([]);
    });
  });

  it('removes all of a user data on account deletion, end users included, and honestly nothing the second time', async () => {
    await create('one');
    await create('two', { endUserId: 'alice' });
    await create('theirs', {}, B);
    const first = await bus.request(deleteUserDataSubject('memory'), {}, A);
    expect(first).toMatchObject({
      service: 'memory',
      removed: { memories: 2, vectors: 2, keywordEntries: 2 },
    });
    expect(await bus.request(deleteUserDataSubject('memory'), {}, A)).toEqual({
      service: 'memory',
      removed: {},
    });
    expect(await count(B)).toBe(1);
  });

  it('needs an acting user and an empty payload for account deletion', async () => {
    expect((await rejection(bus.request(deleteUserDataSubject('memory'), {}))).code).toBe(
      CommonErrorCode.Unauthorized,
    );
    const extra = await rejection(bus.request(deleteUserDataSubject('memory'), { all: true } as never, A));
    expect(extra).toMatchObject({ code: CommonErrorCode.ValidationError, message: 'all should not exist' });
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
