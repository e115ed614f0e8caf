import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { parseMemoryFilter } from '@membolt/contracts';
import fc from 'fast-check';
import { matchesMemoryFilter } from '../domain/memory-filter.js';
import type { Memory, MemoryFilter, MemoryScope, NewMemoryRecord } from '../domain/memory.js';
import { DuplicateOriginError } from '../ports/memory.repository.js';
import type { MemoryStore, MemoryStoreSettings } from '../ports/memory-store.js';
import { axisVector, makeMemoryRecord } from './memory.factory.js';

const DIM = 8;
const NOW = new Date(Date.UTC(2026, 5, 1));
const open: MemoryFilter = { validity: { kind: 'open', now: NOW } };
const A: MemoryScope = { userId: 'user-a', endUserId: '' };
const A_END: MemoryScope = { userId: 'user-a', endUserId: 'alice' };
const B: MemoryScope = { userId: 'user-b', endUserId: '' };
/**
 * A large scope's ANN index may be built in the background (searches scan exactly meanwhile): asks until
 * the answer comes from the index, for at most ~10 s.
 */
export async function annAnswer<T extends { strategy: 'exact' | 'ann' }>(
  search: () => Promise<T>,
  attempts = 500,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const answer = await search();
    if (answer.strategy === 'ann' || attempt >= attempts) return answer;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const day = (n: number): Date => new Date(Date.UTC(2026, 0, n));

/**
 * The behaviour every MemoryStore adapter must have. `makeStore(settings)` returns a fresh, empty store;
 * the suite closes it after each test.
 */
export function describeMemoryStoreContract(
  adapterName: string,
  makeStore: (settings: MemoryStoreSettings) => Promise<MemoryStore>,
): void {
  describe(`MemoryStore contract: ${adapterName}`, () => {
    let store: MemoryStore;
    beforeEach(async () => {
      store = await makeStore({ dimension: DIM, annMinVectors: 5000 });
    });
    afterEach(async () => {
      await store.close();
    });

    it("names the end user holding an account's memory, and nothing for another account's", async () => {
      const own = makeMemoryRecord(A, DIM, { text: 'Account fact' });
      const endUsers = makeMemoryRecord(A_END, DIM, { text: 'End user fact', agentId: 'agent-1' });
      await store.memories.insertMany(A, [own]);
      await store.memories.insertMany(A_END, [endUsers]);
      expect(await store.memories.endUserOf('user-a', own.memory.id)).toBe('');
      expect(await store.memories.endUserOf('user-a', endUsers.memory.id)).toBe('alice');
      expect(await store.memories.endUserOf('user-b', endUsers.memory.id)).toBeNull();
      expect(await store.memories.endUserOf('user-a', 'no-such-id')).toBeNull();
      await store.memories.delete(A_END, [endUsers.memory.id]);
      expect(await store.memories.endUserOf('user-a', endUsers.memory.id)).toBeNull();
    });

    it('finds a memory only in its own scope (another account or end user sees nothing)', async () => {
      const record = makeMemoryRecord(A, DIM, { text: 'My cat is called Miso', agentId: 'agent-1' });
      await store.memories.insertMany(A, [record]);
      const found = await store.memories.findById(A, record.memory.id, { withEmbedding: true });
      expect(found).toMatchObject({
        id: record.memory.id,
        text: 'My cat is called Miso',
        endUserId: null,
        version: 1,
      });
      expect(Array.from(found?.embedding ?? [])).toEqual(Array.from(record.embedding));
      expect(await store.memories.findById(B, record.memory.id)).toBeNull();
      expect(await store.memories.findById(A_END, record.memory.id)).toBeNull();
      expect(await store.memories.findById({ ...A, agentId: 'agent-2' }, record.memory.id)).toBeNull();
      expect(await store.memories.findById({ ...A, agentId: 'agent-1' }, record.memory.id)).not.toBeNull();
      expect(await store.memories.findByIds(B, [record.memory.id])).toEqual([]);
      expect(await store.memories.update(B, record.memory.id, { text: 'x', updatedAt: NOW })).toBeNull();
      expect(await store.memories.history(A_END, record.memory.id)).toBeNull();
      expect((await store.memories.delete(B, [record.memory.id])).removed.memories).toBe(0);
      expect(await store.memories.findById(A, record.memory.id)).not.toBeNull();
    });

    it("reads the ranker's fields of the memories in the scope only", async () => {
      const record = makeMemoryRecord(A, DIM, {
        text: 'I moved to Lyon',
        importance: 0.8,
        conversationId: 'conv-1',
        agentId: 'agent-1',
        metadata: { slot: 'residence', source: 'chat' },
      });
      const other = makeMemoryRecord(A_END, DIM, { text: 'an end user of A' });
      await store.memories.insertMany(A, [record]);
      await store.memories.insertMany(A_END, [other]);
      const ids = [record.memory.id, other.memory.id, 'missing'];
      expect(await store.memories.rankablesByIds(A, ids)).toEqual([
        {
          id: record.memory.id,
          importance: 0.8,
          createdAt: record.memory.createdAt.getTime(),
          validFrom: record.memory.validFrom.getTime(),
          validTo: null,
          conversationId: 'conv-1',
          text: 'I moved to Lyon',
          slot: 'residence',
        },
      ]);
      expect(await store.memories.rankablesByIds(B, ids)).toEqual([]);
      expect(await store.memories.rankablesByIds({ ...A, agentId: 'agent-2' }, ids)).toEqual([]);
      expect(await store.memories.rankablesByIds(A_END, ids)).toEqual([
        expect.objectContaining({ id: other.memory.id, slot: null }),
      ]);
      expect(await store.memories.rankablesByIds(A, [])).toEqual([]);
    });

    it('stores a batch all or nothing', async () => {
      const first = makeMemoryRecord(A, DIM, { originId: 'orig-1' });
      const clash = makeMemoryRecord(A, DIM, { originId: 'orig-1' });
      await expect(store.memories.insertMany(A, [first, clash])).rejects.toBeInstanceOf(DuplicateOriginError);
      expect((await store.memories.list(A, open, { limit: 10, offset: 0, sort: 'recent' })).totalCount).toBe(
        0,
      );
      await store.memories.insertMany(A, [first]);
      expect(await store.memories.importedOriginIds(A, ['orig-1', 'orig-2'])).toEqual(new Set(['orig-1']));
      expect(await store.memories.importedOriginIds(B, ['orig-1'])).toEqual(new Set());
      // The same origin id in another scope is another memory.
      await store.memories.insertMany(B, [makeMemoryRecord(B, DIM, { originId: 'orig-1' })]);
    });

    it('lists with sorts, filters and a total count', async () => {
      await store.memories.insertMany(A, [
        makeMemoryRecord(A, DIM, { text: 'one', createdAt: day(1), importance: 0.2, category: 'work' }),
        makeMemoryRecord(A, DIM, {
          text: 'two',
          createdAt: day(2),
          importance: 0.9,
          source: 'chat',
          metadata: { topic: 'x', pinned: true },
        }),
        makeMemoryRecord(A, DIM, { text: 'three', createdAt: day(3), importance: 0.5, conversationId: 'c1' }),
        makeMemoryRecord(A, DIM, { text: 'closed', createdAt: day(4), validTo: day(5) }),
      ]);
      await store.memories.insertMany(B, [makeMemoryRecord(B, DIM, { text: 'other' })]);
      const texts = async (filter: MemoryFilter, sort: 'recent' | 'oldest' | 'importance' = 'recent') =>
        (await store.memories.list(A, filter, { limit: 10, offset: 0, sort })).memories.map((m) => m.text);
      expect(await texts(open)).toEqual(['three', 'two', 'one']);
      expect(await texts(open, 'oldest')).toEqual(['one', 'two', 'three']);
      expect(await texts(open, 'importance')).toEqual(['two', 'three', 'one']);
      expect(await texts({ ...open, category: 'work' })).toEqual(['one']);
      expect(await texts({ ...open, category: null })).toEqual(['three', 'two']);
      expect(await texts({ ...open, source: 'chat' })).toEqual(['two']);
      expect(await texts({ ...open, metadata: { topic: 'x', pinned: true } })).toEqual(['two']);
      expect(await texts({ ...open, metadata: { topic: 'y' } })).toEqual([]);
      expect(await texts({ ...open, conversationId: 'c1' })).toEqual(['three']);
      expect(await texts({ ...open, createdAfter: day(2), createdBefore: day(3) })).toEqual(['three', 'two']);
      expect(await texts({ validity: { kind: 'all' } })).toEqual(['closed', 'three', 'two', 'one']);
      expect(await texts({ validity: { kind: 'asOf', at: new Date(day(4).getTime() + 1000) } })).toContain(
        'closed',
      );
      const page = await store.memories.list(A, open, { limit: 2, offset: 1, sort: 'recent' });
      expect(page.memories.map((m) => m.text)).toEqual(['two', 'one']);
      expect(page.totalCount).toBe(3);
    });

    it("keeps each account's custom categories, and deleting one uncategorises that account's memories only", async () => {
      const category = (userId: string, name: string) => ({
        userId,
        name,
        description: `about ${name}`,
        createdAt: day(1),
        updatedAt: day(1),
      });
      expect(await store.categories.insert(category('user-a', 'travel'), 2)).toBe('inserted');
      expect(await store.categories.insert(category('user-a', 'travel'), 2)).toBe('exists');
      expect(await store.categories.insert(category('user-a', 'health'), 2)).toBe('inserted');
      expect(await store.categories.insert(category('user-a', 'garden'), 2)).toBe('full');
      expect(await store.categories.insert(category('user-b', 'travel'), 2)).toBe('inserted');
      expect((await store.categories.list('user-a')).map((c) => c.name)).toEqual(['health', 'travel']);
      expect(await store.categories.find('user-b', 'health')).toBeNull();
      const described = await store.categories.updateDescription('user-a', 'travel', 'Trips', day(2));
      expect(described).toMatchObject({
        name: 'travel',
        description: 'Trips',
        createdAt: day(1),
        updatedAt: day(2),
      });
      expect(await store.categories.updateDescription('user-b', 'health', 'x', day(2))).toBeNull();
      expect((await store.categories.find('user-b', 'travel'))?.description).toBe('about travel');

      const own = makeMemoryRecord(A, DIM, { text: 'Flew to Kyoto', category: 'travel' });
      const endUsers = makeMemoryRecord(A_END, DIM, { text: 'Night train', category: 'travel' });
      const other = makeMemoryRecord(A, DIM, { text: 'Gym on Monday', category: 'health' });
      const inB = makeMemoryRecord(B, DIM, { text: 'Sailed to Capri', category: 'travel' });
      await store.memories.insertMany(A, [own, other]);
      await store.memories.insertMany(A_END, [endUsers]);
      await store.memories.insertMany(B, [inB]);
      expect(await store.categories.delete('user-a', 'travel')).toBe(2);
      expect(await store.categories.delete('user-a', 'travel')).toBeNull();
      expect((await store.memories.findById(A, own.memory.id))?.category).toBeNull();
      expect((await store.memories.findById(A_END, endUsers.memory.id))?.category).toBeNull();
      expect((await store.memories.findById(A, other.memory.id))?.category).toBe('health');
      expect((await store.memories.findById(B, inB.memory.id))?.category).toBe('travel');
      const uncategorised = await store.search.dense(A, { ...open, category: null }, own.embedding, 10);
      expect(uncategorised.candidates.map((c) => c.id)).toEqual([own.memory.id]);
      expect((await store.categories.list('user-a')).map((c) => c.name)).toEqual(['health']);

      expect(await store.categories.deleteUser('user-a')).toBe(1);
      expect(await store.categories.list('user-a')).toEqual([]);
      expect((await store.categories.list('user-b')).map((c) => c.name)).toEqual(['travel']);
    });

    it('lists memories of one creation time (a batch) in the order they were inserted', async () => {
      const texts = ['first', 'second', 'third', 'fourth'];
      await store.memories.insertMany(
        A,
        texts.map((text) => makeMemoryRecord(A, DIM, { text, createdAt: day(1) })),
      );
      const order = async (sort: 'recent' | 'oldest' | 'importance') =>
        (await store.memories.list(A, open, { limit: 10, offset: 0, sort })).memories.map((m) => m.text);
      expect(await order('oldest')).toEqual(texts);
      expect(await order('recent')).toEqual([...texts].reverse());
      expect(await order('importance')).toEqual([...texts].reverse());
    });

    it('walks conversation neighbours by creation time then insertion order, inside the scope', async () => {
      const turns = ['a', 'b', 'c', 'd', 'e'].map((text) =>
        makeMemoryRecord(A, DIM, { text, conversationId: 'c1', createdAt: day(1) }),
      );
      const lone = makeMemoryRecord(A, DIM, { text: 'lone', createdAt: day(1) });
      await store.memories.insertMany(A, [...turns, lone]);
      const [a, b, c, d] = turns.map((t) => t.memory.id);
      const found = await store.search.neighbours!(A, open, [c!, lone.memory.id], 2, 1);
      expect(found).toEqual(new Map([[c, { previous: [b, a], next: [d] }]]));
      expect((await store.search.neighbours!(B, open, [c!], 2, 2)).size).toBe(0);
    });

    it('infers the session of memories without a conversation: same writer, in order, up to a pause', async () => {
      const GAP = 30 * 60_000;
      const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 10, minute));
      const plain = (scope: MemoryScope, text: string, minute: number, fields = {}) =>
        makeMemoryRecord(scope, DIM, { text, createdAt: at(minute), ...fields });
      // Two share a creation time (a batch): insertion order breaks the tie.
      const session = [plain(A, 'p0', 0), plain(A, 'p1', 5), plain(A, 'p2', 5), plain(A, 'p3', 10)];
      const closed = plain(A, 'closed', 7, { validTo: day(2) });
      // 50 minutes after p3, past the pause: another session.
      const later = [plain(A, 'p4', 60), plain(A, 'p5', 61)];
      const noise = [
        plain(A, 'in a conversation', 6, { conversationId: 'c1' }),
        plain(A, 'another agent', 6, { agentId: 'agent-2' }),
        plain(A, 'another run', 6, { runId: 'run-2' }),
      ];
      await store.memories.insertMany(A, [...session, closed, ...later, ...noise]);
      await store.memories.insertMany(A_END, [plain(A_END, 'end user', 6)]);
      await store.memories.insertMany(B, [plain(B, 'other account', 6)]);
      const [p0, p1, p2, p3] = session.map((m) => m.memory.id);
      const [p4, p5] = later.map((m) => m.memory.id);

      const found = await store.search.neighbours!(A, open, [p2!, p3!, p4!, p5!], 2, 1, GAP);
      expect(found.get(p2!)).toEqual({ previous: [p1, p0], next: [p3] });
      expect(found.get(p3!)).toEqual({ previous: [p2, p1], next: [] });
      expect(found.get(p4!)).toEqual({ previous: [], next: [p5] });
      expect(found.get(p5!)).toEqual({ previous: [p4], next: [] });
      // Closed memories count only when the filter lets them through, as in a conversation.
      const all: MemoryFilter = { validity: { kind: 'all' } };
      expect((await store.search.neighbours!(A, all, [p2!], 2, 1, GAP)).get(p2!)?.next).toEqual([
        closed.memory.id,
      ]);
      // A session reaches as far as its memories follow one another, each within the pause of the last.
      expect((await store.search.neighbours!(A, open, [p1!], 2, 1, 6 * 60_000)).get(p1!)).toEqual({
        previous: [p0],
        next: [p2],
      });
      expect((await store.search.neighbours!(A, open, [p0!], 0, 2, 4 * 60_000)).has(p0!)).toBe(false);
      // The writer's own agent and run, searched with or without naming them.
      const agent = noise[1]!.memory.id;
      expect((await store.search.neighbours!(A, all, [agent], 2, 1, GAP)).has(agent)).toBe(false);
      expect(
        (await store.search.neighbours!({ ...A, agentId: 'agent-2' }, all, [agent], 2, 1, GAP)).has(agent),
      ).toBe(false);
      // No pause given: memories without a conversation have no neighbours.
      expect((await store.search.neighbours!(A, open, [p2!], 2, 1)).size).toBe(0);
      // Another account or end user reads nothing of A's, even with A's ids, and A's never neighbour theirs.
      expect((await store.search.neighbours!(B, open, [p2!], 2, 1, GAP)).size).toBe(0);
      expect((await store.search.neighbours!(A_END, open, [p2!], 2, 1, GAP)).size).toBe(0);
      const endUser = (await store.memories.list(A_END, open, { limit: 1, offset: 0, sort: 'recent' }))
        .memories[0]!.id;
      expect((await store.search.neighbours!(A_END, open, [endUser], 2, 1, GAP)).size).toBe(0);
    });

    it('updates only the given fields, keeps the previous version, closes facts', async () => {
      const record = makeMemoryRecord(A, DIM, {
        text: 'I live in Paris',
        concepts: [{ name: 'paris', kind: 'place' }],
      });
      await store.memories.insertMany(A, [record]);
      const moved = await store.memories.update(A, record.memory.id, {
        text: 'I live in Lyon',
        embedding: axisVector(DIM, 3),
        concepts: [{ name: 'lyon', kind: 'place' }],
        updatedAt: day(10),
      });
      expect(moved).toMatchObject({ text: 'I live in Lyon', importance: 0.5, version: 2 });
      const closed = await store.memories.update(A, record.memory.id, {
        validTo: day(11),
        importance: 0.9,
        updatedAt: day(11),
      });
      expect(closed).toMatchObject({ text: 'I live in Lyon', importance: 0.9, version: 3, validTo: day(11) });
      const history = await store.memories.history(A, record.memory.id);
      expect(history?.map((v) => [v.version, v.text, v.event])).toEqual([
        [1, 'I live in Paris', 'created'],
        [2, 'I live in Lyon', 'updated'],
        [3, 'I live in Lyon', 'closed'],
      ]);
      expect(await store.search.keyword(A, { validity: { kind: 'all' } }, ['paris'], 10)).toEqual([]);
      expect(
        (await store.search.keyword(A, { validity: { kind: 'all' } }, ['lyon'], 10)).map((c) => c.id),
      ).toEqual([record.memory.id]);
      expect(await store.search.keyword(A, open, ['lyon'], 10)).toEqual([]);
      const dense = await store.search.dense(A, { validity: { kind: 'all' } }, axisVector(DIM, 3), 5);
      expect(dense.candidates[0]).toMatchObject({ id: record.memory.id });
      expect(dense.candidates[0]?.score).toBeCloseTo(1, 5);
      const graph = await store.concepts.graph(A, 10);
      expect(graph.concepts.map((c) => c.name)).toEqual(['lyon']);
    });

    it('searches keywords and vectors inside the scope and the filters only', async () => {
      const mine = makeMemoryRecord(A, DIM, {
        text: 'Trip to Kyoto in April',
        embedding: axisVector(DIM, 1),
        category: 'personal',
      });
      const work = makeMemoryRecord(A, DIM, {
        text: 'Kyoto office opens',
        embedding: axisVector(DIM, 1, 0.3),
        category: 'work',
      });
      const theirs = makeMemoryRecord(B, DIM, { text: 'Kyoto Kyoto Kyoto', embedding: axisVector(DIM, 1) });
      const endUsers = makeMemoryRecord(A_END, DIM, {
        text: 'Kyoto for alice',
        embedding: axisVector(DIM, 1),
      });
      await store.memories.insertMany(A, [mine, work]);
      await store.memories.insertMany(B, [theirs]);
      await store.memories.insertMany(A_END, [endUsers]);
      const keyword = await store.search.keyword(A, open, ['kyoto', 'april', 'a"b OR'], 10);
      expect(keyword.map((c) => c.id)).toEqual([mine.memory.id, work.memory.id]);
      expect(keyword[0]!.score).toBeGreaterThan(0);
      expect(
        (await store.search.keyword(A, { ...open, category: 'work' }, ['kyoto'], 10)).map((c) => c.id),
      ).toEqual([work.memory.id]);
      expect((await store.search.keyword(A_END, open, ['kyoto'], 10)).map((c) => c.id)).toEqual([
        endUsers.memory.id,
      ]);
      expect(await store.search.keyword(A, open, [], 10)).toEqual([]);
      const dense = await store.search.dense(A, open, axisVector(DIM, 1), 10);
      expect(dense.strategy).toBe('exact');
      expect(dense.candidates.map((c) => c.id)).toEqual([mine.memory.id, work.memory.id]);
      expect(
        (await store.search.dense(A, { ...open, category: 'work' }, axisVector(DIM, 1), 10)).candidates.map(
          (c) => c.id,
        ),
      ).toEqual([work.memory.id]);
    });

    it('keeps concepts and weighted co-occurrences in step with creates, updates and deletes', async () => {
      const paris = { name: 'paris', kind: 'place' } as const;
      const anna = { name: 'anna', kind: 'person' } as const;
      const louvre = { name: 'louvre', kind: 'place' } as const;
      const m1 = makeMemoryRecord(A, DIM, { concepts: [paris, anna], category: 'personal' });
      const m2 = makeMemoryRecord(A, DIM, { concepts: [paris, anna, louvre], category: 'personal' });
      await store.memories.insertMany(A, [m1, m2]);
      await store.memories.insertMany(B, [makeMemoryRecord(B, DIM, { concepts: [paris] })]);
      let graph = await store.concepts.graph(A, 10);
      expect(graph.concepts.map((c) => [c.name, c.memoryCount, c.category])).toEqual([
        ['anna', 2, 'personal'],
        ['paris', 2, 'personal'],
        ['louvre', 1, 'personal'],
      ]);
      const byId = new Map(graph.concepts.map((c) => [c.id, c.name]));
      const weights = graph.relations.map((r) => [
        [byId.get(r.source), byId.get(r.target)].sort().join('-'),
        r.weight,
      ]);
      expect(weights).toEqual(
        expect.arrayContaining([
          ['anna-paris', 2],
          ['louvre-paris', 1],
          ['anna-louvre', 1],
        ]),
      );
      expect(graph.relations).toHaveLength(3);
      expect(await store.memories.stats(A, NOW)).toMatchObject({
        conceptCount: 3,
        relationCount: 3,
        memoryCount: 2,
      });
      const small = await store.concepts.graph(A, 1);
      expect(small).toMatchObject({ truncated: true, relations: [] });
      expect(small.concepts).toHaveLength(1);
      const parisId = graph.concepts.find((c) => c.name === 'paris')!.id;
      expect((await store.concepts.memoriesOf(A, parisId, 10))?.map((m) => m.id).sort()).toEqual(
        [m1.memory.id, m2.memory.id].sort(),
      );
      expect(await store.concepts.memoriesOf(B, parisId, 10)).toBeNull();
      expect((await store.concepts.ofMemory(A, m2.memory.id))?.map((c) => c.name).sort()).toEqual([
        'anna',
        'louvre',
        'paris',
      ]);
      expect((await store.concepts.ofMemory(A, m1.memory.id))?.every((c) => c.category === 'personal')).toBe(
        true,
      );
      // Another user's memory is not found, the same as a missing one.
      expect(await store.concepts.ofMemory(B, m1.memory.id)).toBeNull();
      expect((await store.search.concept(A, open, ['Paris', 'louvre'], 10)).map((c) => c.id)).toEqual([
        m2.memory.id,
        m1.memory.id,
      ]);
      const receipt = await store.memories.delete(A, [m2.memory.id]);
      expect(receipt).toEqual({
        memoryIds: [m2.memory.id],
        removed: {
          memories: 1,
          vectors: 1,
          keywordEntries: 1,
          versions: 0,
          conceptLinks: 3,
          concepts: 1,
          relations: 2,
        },
      });
      graph = await store.concepts.graph(A, 10);
      expect(graph.concepts.map((c) => [c.name, c.memoryCount])).toEqual([
        ['anna', 1],
        ['paris', 1],
      ]);
      expect(graph.relations.map((r) => r.weight)).toEqual([1]);
      expect((await store.concepts.graph(B, 10)).concepts.map((c) => c.name)).toEqual(['paris']);
    });

    it('keeps memories stored without concepts pending until linked, once, in their scope only', async () => {
      const { concepts: _c, ...pendingRecord } = makeMemoryRecord(A, DIM, { text: 'Anna in Paris' });
      const linked = makeMemoryRecord(A, DIM, { concepts: [{ name: 'paris', kind: 'place' }] });
      const { concepts: _d, ...theirs } = makeMemoryRecord(B, DIM, { text: 'Bob in Rome' });
      await store.memories.insertMany(A, [pendingRecord, linked]);
      await store.memories.insertMany(B, [theirs]);
      expect((await store.memories.pendingConcepts(A, 10)).map((p) => p.id)).toEqual([
        pendingRecord.memory.id,
      ]);
      const all = await store.memories.pendingConcepts(null, 10);
      expect(all.map((p) => [p.id, p.scope.userId, p.text])).toEqual([
        [pendingRecord.memory.id, 'user-a', 'Anna in Paris'],
        [theirs.memory.id, 'user-b', 'Bob in Rome'],
      ]);
      const mentions = [
        { name: 'anna', kind: 'person' as const },
        { name: 'paris', kind: 'place' as const },
      ];
      // The wrong scope links nothing; a memory already linked is left alone.
      await store.memories.linkConcepts(B, [{ id: pendingRecord.memory.id, concepts: mentions }]);
      await store.memories.linkConcepts(A, [{ id: linked.memory.id, concepts: mentions }]);
      expect((await store.memories.stats(A, NOW)).conceptCount).toBe(1);
      await store.memories.linkConcepts(A, [{ id: pendingRecord.memory.id, concepts: mentions }]);
      await store.memories.linkConcepts(A, [{ id: pendingRecord.memory.id, concepts: mentions }]);
      expect(await store.memories.pendingConcepts(A, 10)).toEqual([]);
      const graph = await store.concepts.graph(A, 10);
      expect(graph.concepts.map((c) => [c.name, c.memoryCount])).toEqual([
        ['paris', 2],
        ['anna', 1],
      ]);
      expect(graph.relations.map((r) => r.weight)).toEqual([1]);
    });

    it('pages an export oldest first with a cursor', async () => {
      const records = [3, 1, 2, 5, 4].map((n) =>
        makeMemoryRecord(A, DIM, { text: `m${n}`, createdAt: day(n) }),
      );
      await store.memories.insertMany(A, records);
      await store.memories.insertMany(B, [makeMemoryRecord(B, DIM, { text: 'b', createdAt: day(1) })]);
      const seen: string[] = [];
      let cursor: string | undefined;
      for (let i = 0; i < 5; i++) {
        const page = await store.memories.exportPage(A, cursor, 2);
        seen.push(...page.memories.map((m) => m.text));
        cursor = page.nextCursor;
        if (!cursor) break;
      }
      expect(seen).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
      expect(cursor).toBeUndefined();
    });

    it('counts stats within the scope', async () => {
      expect(await store.memories.stats(A, NOW)).toEqual({
        memoryCount: 0,
        closedCount: 0,
        avgImportance: 0,
        oldestCreatedAt: null,
        conceptCount: 0,
        relationCount: 0,
      });
      await store.memories.insertMany(A, [
        makeMemoryRecord(A, DIM, { importance: 0.2, createdAt: day(2) }),
        makeMemoryRecord(A, DIM, { importance: 0.6, createdAt: day(3) }),
      ]);
      await store.memories.insertMany(A_END, [
        makeMemoryRecord(A_END, DIM, { importance: 1, createdAt: day(1) }),
      ]);
      // A closed fact is counted apart, and leaves the figures of the open memories alone.
      await store.memories.insertMany(A, [
        makeMemoryRecord(A, DIM, { importance: 0.9, createdAt: day(1), validTo: day(4) }),
      ]);
      const stats = await store.memories.stats(A, NOW);
      expect(stats.memoryCount).toBe(2);
      expect(stats.closedCount).toBe(1);
      expect(stats.avgImportance).toBeCloseTo(0.4, 6);
      expect(stats.oldestCreatedAt).toEqual(day(2));
      // The count is the total of a default list, and a fact still open on its day counts as open.
      expect((await store.memories.list(A, open, { limit: 1, offset: 0, sort: 'recent' })).totalCount).toBe(
        2,
      );
      expect(await store.memories.stats(A, day(3))).toMatchObject({ memoryCount: 3, closedCount: 0 });
    });

    it('lists and erases end users; account deletion removes everything of the user only', async () => {
      await store.memories.insertMany(A, [makeMemoryRecord(A, DIM)]);
      await store.memories.insertMany(A_END, [
        makeMemoryRecord(A_END, DIM, { updatedAt: day(5) }),
        makeMemoryRecord(A_END, DIM),
      ]);
      const bob = { userId: 'user-a', endUserId: 'bob' };
      await store.memories.insertMany(bob, [makeMemoryRecord(bob, DIM, { updatedAt: day(9) })]);
      await store.memories.insertMany(B, [makeMemoryRecord(B, DIM)]);
      await store.memories.insertMany({ userId: 'user-b', endUserId: 'carol' }, [
        makeMemoryRecord({ userId: 'user-b', endUserId: 'carol' }, DIM),
      ]);
      expect(await store.endUsers.list('user-a', { limit: 10, offset: 0 })).toEqual({
        endUsers: [
          { endUserId: 'bob', memoryCount: 1, lastActivityAt: day(9) },
          { endUserId: 'alice', memoryCount: 2, lastActivityAt: day(5) },
        ],
        total: 2,
      });
      const erased = await store.endUsers.delete('user-a', 'alice');
      expect(erased.removed).toMatchObject({ memories: 2, vectors: 2, keywordEntries: 2 });
      expect((await store.endUsers.list('user-a', { limit: 10, offset: 0 })).total).toBe(1);
      expect((await store.memories.stats(A, NOW)).memoryCount).toBe(1);
      const gone = await store.memories.deleteAllOfUser('user-a');
      expect(gone.removed.memories).toBe(2);
      expect((await store.memories.deleteAllOfUser('user-a')).removed.memories).toBe(0);
      expect((await store.memories.stats(B, NOW)).memoryCount).toBe(1);
      expect((await store.endUsers.list('user-b', { limit: 10, offset: 0 })).total).toBe(1);
    });

    it('retention: finds the owners of old memories, counts and removes a user’s oldest first, no one else’s', async () => {
      const old = makeMemoryRecord(A, DIM, { text: 'old one', createdAt: day(1) });
      const older = makeMemoryRecord(A_END, DIM, { text: 'older, of an end user', createdAt: day(2) });
      const recent = makeMemoryRecord(A, DIM, { text: 'recent', createdAt: day(20) });
      const othersOld = makeMemoryRecord(B, DIM, { text: 'another user', createdAt: day(1) });
      await store.memories.insertMany(A, [old, recent]);
      await store.memories.insertMany(A_END, [older]);
      await store.memories.insertMany(B, [othersOld]);

      expect(await store.memories.ownersWithMemoriesBefore(day(10), '', 10)).toEqual(['user-a', 'user-b']);
      expect(await store.memories.ownersWithMemoriesBefore(day(10), 'user-a', 10)).toEqual(['user-b']);
      expect(await store.memories.ownersWithMemoriesBefore(day(1), '', 10)).toEqual([]);
      expect(await store.memories.countCreatedBefore('user-a', day(10))).toBe(2);

      const first = await store.memories.deleteCreatedBefore('user-a', day(10), 1);
      expect(first.memoryIds).toEqual([old.memory.id]);
      expect(first.removed).toMatchObject({ memories: 1, vectors: 1, keywordEntries: 1 });
      const rest = await store.memories.deleteCreatedBefore('user-a', day(10), 100);
      expect(rest.memoryIds).toEqual([older.memory.id]);
      expect((await store.memories.deleteCreatedBefore('user-a', day(10), 100)).memoryIds).toEqual([]);
      expect(await store.memories.countCreatedBefore('user-a', day(10))).toBe(0);
      expect((await store.memories.findByIds(A, [recent.memory.id])).map((m) => m.text)).toEqual(['recent']);
      expect(await store.memories.countCreatedBefore('user-b', day(10))).toBe(1);
    });

    it('retention: removes the least important first and never a pinned memory (importance 1)', async () => {
      const trivial = makeMemoryRecord(A, DIM, { text: 'trivial', importance: 0.1, createdAt: day(5) });
      const useful = makeMemoryRecord(A_END, DIM, { text: 'useful', importance: 0.6, createdAt: day(1) });
      const vital = makeMemoryRecord(A, DIM, { text: 'vital', importance: 0.95, createdAt: day(2) });
      const pinned = makeMemoryRecord(A, DIM, { text: 'pinned', importance: 1, createdAt: day(1) });
      const pinnedOfEndUser = makeMemoryRecord(A_END, DIM, {
        text: 'pinned too',
        importance: 1,
        createdAt: day(1),
      });
      await store.memories.insertMany(A, [trivial, vital, pinned]);
      await store.memories.insertMany(A_END, [useful, pinnedOfEndUser]);

      expect(await store.memories.countCreatedBefore('user-a', day(10))).toBe(3);
      const order: string[] = [];
      for (;;) {
        const removal = await store.memories.deleteCreatedBefore('user-a', day(10), 1);
        if (removal.memoryIds.length === 0) break;
        order.push(...removal.memoryIds);
      }
      expect(order).toEqual([trivial.memory.id, useful.memory.id, vital.memory.id]);
      expect(await store.memories.countCreatedBefore('user-a', day(10))).toBe(0);
      expect((await store.memories.findByIds(A, [pinned.memory.id])).map((m) => m.text)).toEqual(['pinned']);
      expect((await store.memories.findByIds(A_END, [pinnedOfEndUser.memory.id])).map((m) => m.text)).toEqual(
        ['pinned too'],
      );
      // Only pinned memories left: the sweep has nothing to queue for this account.
      expect(await store.memories.ownersWithMemoriesBefore(day(10), '', 10)).toEqual([]);
      // Account deletion still removes them.
      expect((await store.memories.deleteAllOfUser('user-a')).removed.memories).toBe(2);
    });

    it('answers large scopes through the ANN index with the same results as the exact scan', async () => {
      await store.close();
      store = await makeStore({ dimension: DIM, annMinVectors: 40 });
      const records = Array.from({ length: 60 }, (_, i) =>
        makeMemoryRecord(A, DIM, {
          text: `memory ${i}`,
          embedding: axisVector(DIM, i % DIM, (i + 1) / 100),
          category: i % 2 ? 'work' : null,
        }),
      );
      await store.memories.insertMany(A, records);
      await store.memories.insertMany(B, [makeMemoryRecord(B, DIM, { embedding: axisVector(DIM, 2, 0.03) })]);
      const dense = await annAnswer(() => store.search.dense(A, open, axisVector(DIM, 2, 0.03), 3));
      expect(dense.strategy).toBe('ann');
      expect(dense.candidates.map((c) => c.id)).toContain(records[2]!.memory.id);
      const work = await store.search.dense(A, { ...open, category: 'work' }, axisVector(DIM, 2, 0.03), 100);
      expect(work.candidates).toHaveLength(30);
      await store.memories.delete(A, [records[2]!.memory.id]);
      const after = await store.search.dense(A, open, axisVector(DIM, 2, 0.03), 60);
      expect(after.candidates.map((c) => c.id)).not.toContain(records[2]!.memory.id);
      expect(after.candidates).toHaveLength(59);
    });

    it('applies Mem0-syntax filters as the reference evaluator does, in list and every search channel', async () => {
      const records = filterFixture();
      await store.memories.insertMany(A, records);
      // Other scopes hold matching memories: a filter never reaches them.
      await store.memories.insertMany(A_END, [
        makeMemoryRecord(A_END, DIM, { text: 'tea alice', metadata: { n: 1 } }),
      ]);
      await store.memories.insertMany(B, [
        makeMemoryRecord(B, DIM, { text: 'tea other', metadata: { n: 1 } }),
      ]);
      const stored = await store.memories.findByIds(
        A,
        records.map((r) => r.memory.id),
      );
      const all: MemoryFilter = { validity: { kind: 'all' } };
      await fc.assert(
        fc.asyncProperty(filterJsonArb, async (json) => {
          const expression = parseMemoryFilter(json);
          const expected = stored
            .filter((m) => matchesMemoryFilter(expression, m))
            .map((m) => m.id)
            .sort();
          const page = await store.memories.list(
            A,
            { ...all, expression },
            { limit: 100, offset: 0, sort: 'recent' },
          );
          expect(page.memories.map((m) => m.id).sort()).toEqual(expected);
          expect(page.totalCount).toBe(expected.length);
          const dense = await store.search.dense(A, { ...all, expression }, axisVector(DIM, 0), 100);
          expect(dense.candidates.map((c) => c.id).sort()).toEqual(expected);
          const keyword = await store.search.keyword(A, { ...all, expression }, ['tea'], 100);
          expect(keyword.map((c) => c.id).sort()).toEqual(expected);
        }),
        { numRuns: 120 },
      );
    });

    it("hides memories expired at the scope's visibleAt from every read, and keeps them for the sweep", async () => {
      const expired = makeMemoryRecord(A, DIM, { text: 'tea expired', expiresAt: day(5) });
      const later = makeMemoryRecord(A, DIM, { text: 'tea later', expiresAt: day(50) });
      const never = makeMemoryRecord(A, DIM, { text: 'tea never' });
      await store.memories.insertMany(A, [expired, later, never]);
      const at = { ...A, visibleAt: day(10) };
      const ids = [expired, later, never].map((r) => r.memory.id);
      expect(await store.memories.findById(at, expired.memory.id)).toBeNull();
      expect((await store.memories.findById(at, later.memory.id))?.expiresAt).toEqual(day(50));
      expect((await store.memories.findByIds(at, ids)).map((m) => m.text).sort()).toEqual([
        'tea later',
        'tea never',
      ]);
      const listed = await store.memories.list(at, open, { limit: 10, offset: 0, sort: 'recent' });
      expect(listed.memories.map((m) => m.text).sort()).toEqual(['tea later', 'tea never']);
      expect((await store.memories.rankablesByIds(at, ids)).map((m) => m.text).sort()).toEqual([
        'tea later',
        'tea never',
      ]);
      expect((await store.search.keyword(at, open, ['tea'], 10)).map((c) => c.id)).not.toContain(
        expired.memory.id,
      );
      expect(
        (await store.search.dense(at, open, axisVector(DIM, 0), 10)).candidates.map((c) => c.id),
      ).not.toContain(expired.memory.id);
      // Without visibleAt (the sweep, account deletion) it is still there.
      expect(await store.memories.findById(A, expired.memory.id)).not.toBeNull();
      const removal = await store.memories.deleteExpired('user-a', day(10), 100);
      expect(removal.memoryIds).toEqual([expired.memory.id]);
      expect(await store.memories.findById(A, expired.memory.id)).toBeNull();
      expect(await store.memories.findById(A, later.memory.id)).not.toBeNull();
      expect(await store.memories.ownersWithExpired(day(100), '', 10)).toEqual(['user-a']);
    });

    it('sets and clears an expiration by update', async () => {
      const record = makeMemoryRecord(A, DIM, { text: 'tea' });
      await store.memories.insertMany(A, [record]);
      const set = await store.memories.update(A, record.memory.id, { expiresAt: day(3), updatedAt: NOW });
      expect(set?.expiresAt).toEqual(day(3));
      expect(await store.memories.findById({ ...A, visibleAt: day(4) }, record.memory.id)).toBeNull();
      const cleared = await store.memories.update(A, record.memory.id, { expiresAt: null, updatedAt: NOW });
      expect(cleared?.expiresAt ?? null).toBeNull();
      expect(await store.memories.findById({ ...A, visibleAt: day(4) }, record.memory.id)).not.toBeNull();
    });
  });
}

/** Memories of scope A varied in every field a filter reads (all mention "tea" for the keyword channel). */
function filterFixture(): NewMemoryRecord[] {
  const metadatas: Array<Record<string, unknown>> = [
    { topic: 'food', n: 1, tags: ['a', 'b'], flag: true },
    { topic: 'Travel', n: 5, s: '5' },
    { topic: 'travel plans', n: 3.5, tags: ['B', 'c'], flag: false },
    { n: '3', nested: { x: 1 } },
    { topic: null, tags: [1, 2] },
    {},
  ];
  const categories: Array<Memory['category']> = ['work', 'personal', null, 'preference'];
  return Array.from({ length: 12 }, (_, i) =>
    makeMemoryRecord(A, DIM, {
      text: `tea memory number ${i}`,
      embedding: axisVector(DIM, 0, i / 20),
      metadata: metadatas[i % metadatas.length],
      category: categories[i % categories.length] ?? null,
      agentId: i % 3 === 0 ? 'agent-1' : i % 3 === 1 ? 'agent-2' : null,
      runId: i % 4 === 0 ? 'run-1' : null,
      createdAt: day(1 + i),
      updatedAt: day(2 + i),
      validFrom: day(1 + i),
      validTo: i % 5 === 0 ? day(20 + i) : null,
    }),
  );
}

const filterScalarArb = fc.oneof(
  fc.constantFrom('food', 'Travel', 'travel', 'a', 'B', 'c', '5', '3', 'trav', 'x'),
  fc.constantFrom(1, 2, 3, 3.5, 5),
  fc.boolean(),
);
const filterDateArb = fc.integer({ min: 0, max: 40 }).map((n) => day(n).toISOString());
const filterLeafArb: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  fc.record({
    [`created_at`]: fc.oneof(
      fc.record({ gte: filterDateArb }),
      fc.record({ lt: filterDateArb }),
      fc.record({ in: fc.array(filterDateArb, { minLength: 1, maxLength: 3 }) }),
    ),
  }),
  fc.record({ updated_at: fc.record({ lte: filterDateArb, ne: filterDateArb }) }),
  fc.record({ valid_to: fc.oneof(fc.constantFrom('*', null), fc.record({ gt: filterDateArb })) }),
  fc.record({
    categories: fc.oneof(
      fc.constantFrom('work', 'personal', '*', null),
      fc.record({ nin: fc.constant(['work']) }),
      fc.record({ icontains: fc.constant('ERS') }),
    ),
  }),
  fc.record({
    agent_id: fc.oneof(
      fc.constantFrom('agent-1', '*', null),
      fc.record({ ne: fc.constant('agent-1') }),
      fc.record({ in: fc.constant(['agent-1', 'agent-2']) }),
    ),
  }),
  fc.record({ run_id: fc.constantFrom('run-1', '*', null) }),
  fc.record({ user_id: fc.constantFrom('alice', '*', null) }),
  fc.record({
    metadata: fc.dictionary(
      fc.constantFrom('topic', 'n', 'tags', 'flag', 's', 'nested', 'absent'),
      fc.oneof(
        filterScalarArb,
        fc.constant('*'),
        fc.constant(null),
        fc.record({ ne: filterScalarArb }),
        fc.record({ in: fc.array(filterScalarArb, { minLength: 1, maxLength: 3 }) }),
        fc.record({ nin: fc.array(filterScalarArb, { minLength: 1, maxLength: 3 }) }),
        fc.record({ gt: filterScalarArb }),
        fc.record({ lte: filterScalarArb }),
        fc.record({ contains: filterScalarArb }),
        fc.record({ icontains: fc.constantFrom('TRAV', 'b', 'Food') }),
      ),
      { minKeys: 1, maxKeys: 2 },
    ),
  }),
);
// Bounded below MEMORY_FILTER_MAX_DEPTH (8): deeper filters are refused by the parser, not evaluated.
const filterJsonArb = fc.letrec<{ node: Record<string, unknown> }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', maxDepth: 6 },
    filterLeafArb,
    fc.record({ AND: fc.array(tie('node'), { minLength: 1, maxLength: 3 }) }),
    fc.record({ OR: fc.array(tie('node'), { minLength: 1, maxLength: 3 }) }),
    fc.record({ NOT: fc.array(tie('node'), { minLength: 1, maxLength: 2 }) }),
  ),
})).node;
