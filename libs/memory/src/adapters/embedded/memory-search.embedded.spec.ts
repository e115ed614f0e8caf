import { afterAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MemoryFilter } from '../../domain/memory.js';
import { makeMemoryRecord } from '../../testing/memory.factory.js';
import { rankByLinkCount } from './memory-search.embedded.js';
import { openMemoryEmbeddedStore } from './memory-store.embedded.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const openStore = () => {
  const dir = mkdtempSync(join(tmpdir(), 'membolt-memory-search-'));
  dirs.push(dir);
  return openMemoryEmbeddedStore(dir, { dimension: 8, annMinVectors: 1000 });
};

const DIM = 8;
const A = { userId: 'user-a', endUserId: '' };
const B = { userId: 'user-b', endUserId: '' };
const all: MemoryFilter = { validity: { kind: 'all' } };
const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 10, minute));

describe('Embedded search: Porter keywords and conversation neighbours', () => {
  it('matches word forms through Porter stems', async () => {
    const store = openStore();
    try {
      const painted = makeMemoryRecord(A, DIM, { text: 'Melanie painted a sunrise by the lake' });
      await store.memories.insertMany(A, [painted, makeMemoryRecord(A, DIM, { text: 'I like green tea' })]);
      const hits = await store.search.keyword(A, all, ['painting', 'sunrises'], 10);
      expect(hits.map((hit) => hit.id)).toEqual([painted.memory.id]);
    } finally {
      await store.close();
    }
  });

  it("weighs the query's words by their frequency in the user's own memories, not in every user's", async () => {
    const store = openStore();
    try {
      // In A's memories "melanie" is everywhere and "sunrise" rare; B's memories are the opposite, and more
      // numerous: with the table's statistics "melanie" would weigh most and A's sunrise would come last.
      const sunrise = makeMemoryRecord(A, DIM, { text: 'the sunrise over the lake' });
      const named = ['likes tea', 'went hiking', 'paints often', 'has two kids', 'reads a lot'].map((rest) =>
        makeMemoryRecord(A, DIM, { text: `Melanie ${rest}` }),
      );
      await store.memories.insertMany(A, [sunrise, ...named]);
      await store.memories.insertMany(
        B,
        Array.from({ length: 40 }, (_, i) => makeMemoryRecord(B, DIM, { text: `sunrise number ${i}` })),
      );
      const hits = await store.search.keyword(A, all, ['melanie', 'sunrise'], 10);
      expect(hits).toHaveLength(6);
      expect(hits[0]!.id).toBe(sunrise.memory.id);
      expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
      // B reads none of it.
      const fromB = await store.search.keyword(B, all, ['melanie', 'sunrise'], 100);
      expect(fromB).toHaveLength(40);
    } finally {
      await store.close();
    }
  });

  it('answers the memories just before and after in the same conversation, nearest first, in scope only', async () => {
    const store = openStore();
    try {
      const turn = (text: string, minute: number, conversationId: string | null = 'conv-1') =>
        makeMemoryRecord(A, DIM, { text, conversationId, createdAt: at(minute) });
      // Two turns share a creation time: insertion order breaks the tie.
      const turns = [turn('t0', 0), turn('t1', 1), turn('t2', 2), turn('t3', 2), turn('t4', 3)];
      const elsewhere = [turn('other conversation', 2, 'conv-2'), turn('no conversation', 2, null)];
      await store.memories.insertMany(A, [...turns, ...elsewhere]);
      await store.memories.insertMany(B, [
        makeMemoryRecord(B, DIM, { conversationId: 'conv-1', createdAt: at(2) }),
      ]);
      const id = (i: number) => turns[i]!.memory.id;

      const around = await store.search.neighbours!(A, all, [id(2), id(0), elsewhere[1]!.memory.id], 2, 1);
      expect(around.get(id(2))).toEqual({ previous: [id(1), id(0)], next: [id(3)] });
      expect(around.get(id(0))).toEqual({ previous: [], next: [id(1)] });
      expect(around.has(elsewhere[1]!.memory.id)).toBe(false);

      // Another account reads nothing of A's conversations, even with A's ids.
      expect((await store.search.neighbours!(B, all, [id(2)], 2, 1)).size).toBe(0);
    } finally {
      await store.close();
    }
  });

  it('also finds the memory that follows one holding the words, in the same conversation only', async () => {
    const store = openStore();
    try {
      const turn = (text: string, minute: number, conversationId: string | null) =>
        makeMemoryRecord(A, DIM, { text, conversationId, createdAt: at(minute) });
      const question = turn('What gave you the idea for the colours and patterns?', 0, 'talk');
      const answer = turn('I wanted to catch the eye and make people smile.', 1, 'talk');
      const unrelated = turn('I wanted to sleep.', 2, null);
      await store.memories.insertMany(A, [question, answer, unrelated]);
      const hits = await store.search.keyword(A, all, ['patterns'], 10);
      expect(hits.map((hit) => hit.id)).toEqual([question.memory.id, answer.memory.id]);
      expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);

      // Deleting the question removes its words from the index; the answer keeps them as a hint.
      await store.memories.delete(A, [question.memory.id]);
      expect((await store.search.keyword(A, all, ['patterns'], 10)).map((hit) => hit.id)).toEqual([
        answer.memory.id,
      ]);
    } finally {
      await store.close();
    }
  });
});

describe('Embedded search: the concept channel', () => {
  it('ranks by the query concepts matched, newest first, and reaches past a window the filter empties', async () => {
    const store = openStore();
    try {
      const mention = (name: string) => ({ name, kind: 'place' as const });
      // 60 memories linked to Paris, the newest 50 of them personal; 1 linked to Paris and the Louvre.
      const paris = Array.from({ length: 60 }, (_, i) =>
        makeMemoryRecord(A, DIM, {
          text: `Paris, day ${i}`,
          category: i < 10 ? 'work' : 'personal',
          concepts: [mention('Paris')],
        }),
      );
      const both = makeMemoryRecord(A, DIM, {
        text: 'Paris and the Louvre',
        category: 'work',
        concepts: [mention('Paris'), mention('Louvre')],
      });
      await store.memories.insertMany(A, [...paris, both]);
      await store.memories.insertMany(B, [
        makeMemoryRecord(B, DIM, { text: 'Paris of B', concepts: [mention('Paris')] }),
      ]);

      const top = await store.search.concept(A, all, ['paris', 'louvre'], 3);
      expect(top.map(({ id, score }) => ({ id, score }))).toEqual([
        { id: both.memory.id, score: 2 },
        { id: paris[59]!.memory.id, score: 1 },
        { id: paris[58]!.memory.id, score: 1 },
      ]);
      // The row read to check a candidate comes with it: the ranker's projection, no second lookup.
      expect(top[0]?.memory).toMatchObject({
        text: 'Paris and the Louvre',
        importance: both.memory.importance,
        createdAt: both.memory.createdAt.getTime(),
        validFrom: both.memory.validFrom.getTime(),
        validTo: null,
        conversationId: null,
      });
      // The work ones are the oldest: past the first windows of the best links.
      const work = await store.search.concept(A, { ...all, category: 'work' }, ['paris'], 20);
      expect(work.map((hit) => hit.id)).toEqual([
        both.memory.id,
        ...paris
          .slice(0, 10)
          .reverse()
          .map((r) => r.memory.id),
      ]);
      expect(await store.search.concept(A, all, ['rome'], 5)).toEqual([]);
      expect(await store.search.concept({ userId: 'user-c', endUserId: '' }, all, ['paris'], 5)).toEqual([]);
    } finally {
      await store.close();
    }
  });
});

describe('Embedded search: the concept channel between searches', () => {
  it("follows every change of the links after a search, this process's and another connection's", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'membolt-memory-search-'));
    dirs.push(dir);
    const store = openMemoryEmbeddedStore(dir, { dimension: DIM, annMinVectors: 1000 });
    const other = openMemoryEmbeddedStore(dir, { dimension: DIM, annMinVectors: 1000 });
    const paris = [{ name: 'Paris', kind: 'place' as const }];
    const ids = async () => (await store.search.concept(A, all, ['paris'], 10)).map((hit) => hit.id);
    try {
      const first = makeMemoryRecord(A, DIM, { text: 'Paris in May', concepts: paris });
      await store.memories.insertMany(A, [first]);
      expect(await ids()).toEqual([first.memory.id]);
      // Stored now, linked later by the concept linker.
      const pending = { ...makeMemoryRecord(A, DIM, { text: 'Paris again' }), concepts: undefined };
      await store.memories.insertMany(A, [pending]);
      expect(await ids()).toEqual([first.memory.id]);
      await store.memories.linkConcepts(A, [{ id: pending.memory.id, concepts: paris }]);
      expect(await ids()).toEqual([pending.memory.id, first.memory.id]);
      await store.memories.update(A, first.memory.id, { updatedAt: at(1), concepts: [] });
      expect(await ids()).toEqual([pending.memory.id]);
      const fromOther = makeMemoryRecord(A, DIM, { text: 'Paris from another replica', concepts: paris });
      await other.memories.insertMany(A, [fromOther]);
      expect(await ids()).toEqual([fromOther.memory.id, pending.memory.id]);
      await store.memories.delete(A, [pending.memory.id]);
      expect(await ids()).toEqual([fromOther.memory.id]);
    } finally {
      await other.close();
      await store.close();
    }
  });
});

describe('Embedded search: concept candidates by link count', () => {
  it('ranks memories by how many of the query concepts they are linked to, then newest first', () => {
    fc.assert(
      fc.property(
        fc.array(fc.uniqueArray(fc.integer({ min: 1, max: 60 }), { maxLength: 40 }), { maxLength: 5 }),
        (links) => {
          // The plain way: count every link in a map, sort by count, then seq, both descending.
          const counts = new Map<number, number>();
          for (const list of links) for (const seq of list) counts.set(seq, (counts.get(seq) ?? 0) + 1);
          const expected = [...counts].sort((a, b) => b[1] - a[1] || b[0] - a[0]);
          const newestFirst = links.map((list) => [...list].sort((a, b) => b - a));
          expect(rankByLinkCount(newestFirst)).toEqual(expected);
        },
      ),
    );
  });
});
