import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EmbeddedDatabase } from '@membolt/embedded-store';
import Database from 'better-sqlite3';
import type { MemoryFilter } from '../../domain/memory.js';
import { makeMemoryRecord } from '../../testing/memory.factory.js';
import { Bm25Scores } from './keyword-postings.js';
import { BUILD_IN_SEARCH_MAX, EmbeddedKeywordIndex } from './memory-keywords.embedded.js';
import { keepSeqsInSql } from './memory-rows.js';
import type { MemorySearchEmbedded } from './memory-search.embedded.js';
import { openMemoryEmbeddedStore } from './memory-store.embedded.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const DIM = 8;
const openStore = (annMinVectors: number, smallScopeKeywordDocs?: number) => {
  const dir = mkdtempSync(join(tmpdir(), 'membolt-memory-keywords-'));
  dirs.push(dir);
  return openMemoryEmbeddedStore(dir, {
    dimension: DIM,
    annMinVectors,
    ...(smallScopeKeywordDocs === undefined ? {} : { smallScopeKeywordDocs }),
  });
};

const A = { userId: 'user-a', endUserId: '' };
const B = { userId: 'user-b', endUserId: '' };
const open: MemoryFilter = { validity: { kind: 'open', now: new Date(Date.UTC(2030, 0, 1)) } };

// Deterministic texts over a small vocabulary: common and rare words, repeats, word forms for the stemmer.
const VOCABULARY = [
  'painting',
  'painted',
  'lake',
  'sunrise',
  'tea',
  'green',
  'hiking',
  'kids',
  'Melanie',
  'Caroline',
  'adoption',
  'agency',
  'running',
  'runs',
  'guitar',
  'concert',
  'pottery',
  'camping',
  'beach',
  'morning',
  'prefer',
  'coffee',
  'library',
  'books',
  'school',
];
function textAt(i: number): string {
  const words: string[] = [];
  for (let j = 0; j < 3 + (i % 7); j++)
    words.push(VOCABULARY[(i * 7 + j * j * 3 + (i >> 2)) % VOCABULARY.length]!);
  return `${words.join(' ')} and more`;
}
const QUERIES = [
  ['painting', 'lake'],
  ['melanie', 'adoption', 'agency'],
  ['morning', 'coffee'],
  ['runs'],
  ['guitar', 'concert', 'beach', 'kids'],
  ['unknownword', 'tea'],
  // Two words of one Porter term: FTS5's bm25() counts the term once per word.
  ['painting', 'painted', 'lake'],
  ['runs', 'running', 'coffee'],
];

/** Each query's answer as positions of the scope's memories (oldest first) and scores. */
async function answersOf(store: ReturnType<typeof openStore>, scope: typeof A) {
  const ids = await store.memories.list(scope, open, { limit: 1000, offset: 0, sort: 'oldest' });
  const position = new Map(ids.memories.map((m, i) => [m.id, i]));
  const answers = [];
  for (const words of QUERIES) {
    answers.push(
      (await store.search.keyword(scope, open, words, 15)).map((hit) => ({
        at: position.get(hit.id),
        score: hit.score,
      })),
    );
  }
  return answers;
}

/** The FTS5 answer of a store that never builds an in-memory index (small scopes kept out of memory). */
async function ftsAnswers(texts: readonly string[]) {
  const store = openStore(1_000_000, 0);
  const fromMemory = jest.spyOn(EmbeddedKeywordIndex.prototype, 'keyword');
  try {
    await store.memories.insertMany(
      A,
      texts.map((text) => makeMemoryRecord(A, DIM, { text })),
    );
    const answers = await answersOf(store, A);
    expect(fromMemory.mock.results.every((r) => r.value === null)).toBe(true);
    return answers;
  } finally {
    fromMemory.mockRestore();
    await store.close();
  }
}

function expectSameAnswers(
  got: Awaited<ReturnType<typeof answersOf>>,
  expected: Awaited<ReturnType<typeof answersOf>>,
): void {
  for (const [q, answer] of got.entries()) {
    expect(answer.map((hit) => hit.at)).toEqual(expected[q]!.map((hit) => hit.at));
    answer.forEach((hit, i) => expect(hit.score).toBeCloseTo(expected[q]![i]!.score, 6));
  }
}

describe('Embedded keyword index of small scopes', () => {
  it.each([
    [120, 'inside that search, which it answers'],
    [BUILD_IN_SEARCH_MAX + 50, 'in the background, while FTS5 answers that search'],
  ])(
    'is built from the first search of a small scope of %i (%s), and answers what FTS5 answers for the scope alone',
    async (size) => {
      const texts = Array.from({ length: size }, (_, i) => textAt(i));
      const expected = await ftsAnswers(texts);
      // Other scopes share the FTS5 table: their words must not change this scope's IDF or lengths.
      const store = openStore(1_000_000);
      try {
        await store.memories.insertMany(
          A,
          texts.map((text) => makeMemoryRecord(A, DIM, { text })),
        );
        await store.memories.insertMany(
          B,
          Array.from({ length: 60 }, (_, i) => makeMemoryRecord(B, DIM, { text: textAt(i * 3 + 1) })),
        );
        const fromMemory = jest.spyOn(EmbeddedKeywordIndex.prototype, 'keyword');
        try {
          // Up to BUILD_IN_SEARCH_MAX memories the first search builds the index itself; above, FTS5 answers
          // it meanwhile.
          await store.search.keyword(A, open, ['tea'], 5);
          expect(Array.isArray(fromMemory.mock.results[0]?.value)).toBe(size <= BUILD_IN_SEARCH_MAX);
          await (store.search as MemorySearchEmbedded).whenIndexed();
          fromMemory.mockClear();
          expectSameAnswers(await answersOf(store, A), expected);
          expect(fromMemory.mock.results.map((r) => Array.isArray(r.value))).toEqual(QUERIES.map(() => true));
        } finally {
          fromMemory.mockRestore();
        }
      } finally {
        await store.close();
      }
    },
  );

  it('keeps at most the configured number of memories of small scopes, dropping the least recently searched', async () => {
    const texts = Array.from({ length: 50 }, (_, i) => textAt(i));
    const expected = await ftsAnswers(texts);
    const scopes = ['u1', 'u2', 'u3'].map((userId) => ({ userId, endUserId: '' }));
    // Room for two scopes of 50.
    const store = openStore(1_000_000, 100);
    const index = jest.spyOn(EmbeddedKeywordIndex.prototype as unknown as { addRows: () => void }, 'addRows');
    try {
      for (const scope of scopes) {
        await store.memories.insertMany(
          scope,
          texts.map((text) => makeMemoryRecord(scope, DIM, { text })),
        );
      }
      const builds = () => index.mock.calls.length;
      const search = async (scope: typeof A) => {
        await store.search.keyword(scope, open, ['tea'], 5);
        await (store.search as MemorySearchEmbedded).whenIndexed();
      };
      const [u1, u2, u3] = scopes as [typeof A, typeof A, typeof A];
      await search(u1);
      await search(u2);
      expect(builds()).toBe(2);
      // u1 searched again: u2 is now the least recent, and goes when u3 comes.
      await search(u1);
      await search(u3);
      expect(builds()).toBe(3);
      await search(u1);
      expect(builds()).toBe(3);
      // u2 is built again, and answers as before.
      await search(u2);
      expect(builds()).toBe(4);
      expectSameAnswers(await answersOf(store, u2), expected);
      expect(builds()).toBe(4);
    } finally {
      index.mockRestore();
      await store.close();
    }
  });
});

describe('Embedded keyword index of large scopes (in-memory bm25)', () => {
  it("answers what FTS5's bm25 answers for a scope alone in its table: same memories, same order, same scores", async () => {
    const texts = Array.from({ length: 120 }, (_, i) => textAt(i));
    const expected = await ftsAnswers(texts);

    const store = openStore(50);
    try {
      await store.memories.insertMany(
        A,
        texts.map((text) => makeMemoryRecord(A, DIM, { text })),
      );
      // The first search starts the build (FTS5 answers it); the next ones are answered from memory.
      await store.search.keyword(A, open, ['tea'], 5);
      await (store.search as MemorySearchEmbedded).whenIndexed();
      const fromMemory = jest.spyOn(EmbeddedKeywordIndex.prototype, 'keyword');
      expectSameAnswers(await answersOf(store, A), expected);
      // Every one of those was answered from memory, not by FTS5.
      expect(fromMemory.mock.results.map((r) => Array.isArray(r.value))).toEqual(QUERIES.map(() => true));
      fromMemory.mockRestore();
    } finally {
      await store.close();
    }
  });

  it('skips the long posting lists of common words once rare words decide the best (MaxScore), with the same answers as FTS5', async () => {
    // "ember" in 30 memories, "river" in a third, "walk" in all but a few: a rare word's memories fill the
    // best at once, and the common words' postings are looked up in them instead of walked.
    const texts = Array.from({ length: 600 }, (_, i) =>
      [
        i % 20 === 0 ? 'ember ember' : '',
        i % 3 === 0 ? 'river' : 'meadow',
        i % 50 === 7 ? 'stroll' : 'walk',
        VOCABULARY[i % VOCABULARY.length],
        i % 7 === 0 ? 'and a long tail of other words' : '',
      ].join(' '),
    );
    const categories = texts.map((_, i) => (i % 20 === 0 ? 'personal' : i % 2 === 0 ? 'work' : null));
    const queries: Array<[string[], MemoryFilter, number]> = [
      [['ember', 'walk'], open, 5],
      [['ember', 'river', 'walk'], open, 10],
      [['walk', 'ember'], open, 30],
      // The rare word's memories are all filtered out: the deeper windows must be scored in full.
      [['ember', 'river', 'walk'], { ...open, category: 'work' }, 10],
      [['river', 'walk'], open, 10],
    ];
    const answers = async (store: ReturnType<typeof openStore>) => {
      const { memories } = await store.memories.list(A, open, { limit: 1000, offset: 0, sort: 'oldest' });
      const position = new Map(memories.map((m, i) => [m.id, i]));
      const out = [];
      for (const [words, filter, k] of queries) {
        out.push(
          (await store.search.keyword(A, filter, words, k)).map((hit) => ({
            at: position.get(hit.id),
            score: hit.score,
          })),
        );
      }
      return out;
    };
    const records = texts.map((text, i) =>
      makeMemoryRecord(A, DIM, { text, category: categories[i] as never }),
    );
    const ftsStore = openStore(1_000_000, 0);
    let expected;
    try {
      await ftsStore.memories.insertMany(A, records);
      expected = await answers(ftsStore);
    } finally {
      await ftsStore.close();
    }
    expect(expected[0]).toHaveLength(5);
    expect(expected[3]!.length).toBe(10);

    const store = openStore(50);
    try {
      await store.memories.insertMany(A, records);
      await store.search.keyword(A, open, ['tea'], 5);
      await (store.search as MemorySearchEmbedded).whenIndexed();
      const scoring = jest.spyOn(Bm25Scores.prototype, 'score');
      expectSameAnswers(await answers(store), expected);
      // The pruned pass ran (and, for the filtered query, was followed by full ones).
      expect(scoring.mock.results.some((r) => (r.value as { complete: boolean }).complete === false)).toBe(
        true,
      );
      scoring.mockRestore();
    } finally {
      await store.close();
    }
  });

  it('follows writes: new, changed and deleted texts, other scopes and filters', async () => {
    const store = openStore(30);
    const search = store.search as MemorySearchEmbedded;
    try {
      const records = Array.from({ length: 40 }, (_, i) =>
        makeMemoryRecord(A, DIM, { text: textAt(i), category: i % 2 === 0 ? 'work' : 'personal' }),
      );
      await store.memories.insertMany(A, records);
      await store.memories.insertMany(B, [
        makeMemoryRecord(B, DIM, { text: 'zebra crossing in the morning' }),
      ]);
      await search.keyword(A, open, ['tea'], 5);
      await search.whenIndexed();
      const fromMemory = jest.spyOn(EmbeddedKeywordIndex.prototype, 'keyword');

      // Another scope's memory is never an answer.
      expect(await search.keyword(A, open, ['zebra'], 10)).toEqual([]);
      // A memory added after the build is found.
      const added = makeMemoryRecord(A, DIM, { text: 'zebra stripes at the zoo' });
      await store.memories.insertMany(A, [added]);
      expect((await search.keyword(A, open, ['zebra'], 10)).map((hit) => hit.id)).toEqual([added.memory.id]);
      // A changed text: its new words find it, its old ones no longer do.
      await store.memories.update(A, added.memory.id, { text: 'okapi in the forest', updatedAt: new Date() });
      expect(await search.keyword(A, open, ['zebra'], 10)).toEqual([]);
      expect((await search.keyword(A, open, ['okapi'], 10)).map((hit) => hit.id)).toEqual([added.memory.id]);
      // Filters apply: only work memories when asked for.
      const work = await search.keyword(A, { ...open, category: 'work' }, ['painting', 'tea', 'lake'], 40);
      const workIds = new Set(records.filter((_, i) => i % 2 === 0).map((r) => r.memory.id));
      expect(work.length).toBeGreaterThan(0);
      expect(work.every((hit) => workIds.has(hit.id))).toBe(true);
      // A deleted memory is gone.
      await store.memories.delete(A, [added.memory.id]);
      expect(await search.keyword(A, open, ['okapi'], 10)).toEqual([]);
      expect(fromMemory.mock.results.every((r) => Array.isArray(r.value))).toBe(true);
      fromMemory.mockRestore();
    } finally {
      await store.close();
    }
  });
});

describe('Embedded keyword index: candidates checked in memory', () => {
  const Y2026 = Date.UTC(2026, 0, 1);
  const day = 24 * 3600 * 1000;
  const filters: Array<[string, MemoryFilter]> = [
    ['open now', open],
    ['open before the closing', { validity: { kind: 'open', now: new Date(Y2026 + 5 * day) } }],
    ['all', { validity: { kind: 'all' } }],
    ['as of day 15', { validity: { kind: 'asOf', at: new Date(Y2026 + 15 * day) } }],
    ['as of day 1', { validity: { kind: 'asOf', at: new Date(Y2026 + day) } }],
  ];

  it('answers what SQL answers for every validity, kept current by updates, deletes and other processes', async () => {
    const store = openStore(1_000_000);
    const internals = store.search as unknown as { keywords: EmbeddedKeywordIndex; db: EmbeddedDatabase };
    const { keywords, db } = internals;
    try {
      await store.memories.insertMany(
        A,
        Array.from({ length: 40 }, (_, i) =>
          makeMemoryRecord(A, DIM, {
            text: textAt(i),
            importance: (i % 10) / 10,
            validFrom: new Date(Y2026 + (i % 20) * day),
            ...(i % 4 === 0 ? { validTo: new Date(Y2026 + 10 * day) } : {}),
          }),
        ),
      );
      await store.memories.insertMany(B, [makeMemoryRecord(B, DIM, { text: textAt(1) })]);
      const seqsOf = (scope: typeof A) =>
        db
          .prepare('SELECT seq FROM memories WHERE user_id = ? ORDER BY seq')
          .pluck()
          .all(scope.userId) as number[];
      // Seqs of both scopes and one that never existed: only the scope's own pass.
      const asked = [...seqsOf(A), ...seqsOf(B), 999_999];
      const expectSqlAnswers = () => {
        for (const [, filter] of filters) {
          const inMemory = keywords.keptInMemory(A, filter, asked);
          expect(inMemory).not.toBeNull();
          expect([...inMemory!].sort(([a], [b]) => a - b)).toEqual(
            [...keepSeqsInSql(db, A, filter, asked)].sort(([a], [b]) => a - b),
          );
        }
      };

      // Not built yet: SQL answers.
      expect(keywords.keptInMemory(A, open, asked)).toBeNull();
      await store.search.keyword(A, open, ['tea'], 5);
      await (store.search as MemorySearchEmbedded).whenIndexed();
      expectSqlAnswers();
      expect(keywords.keptInMemory(A, open, asked)!.size).toBe(30);

      // Importance, validity and text changed; one memory deleted; one added.
      const [first, second, third, fourth] = (
        await store.memories.list(A, { validity: { kind: 'all' } }, { limit: 4, offset: 0, sort: 'oldest' })
      ).memories;
      const updatedAt = new Date(Y2026 + 30 * day);
      await store.memories.update(A, first!.id, { importance: 0.95, validTo: null, updatedAt });
      await store.memories.update(A, second!.id, { validTo: new Date(Y2026 + 2 * day), updatedAt });
      await store.memories.update(A, third!.id, { text: 'a new text entirely', importance: 0.05, updatedAt });
      await store.memories.delete(A, [fourth!.id]);
      await store.memories.insertMany(A, [makeMemoryRecord(A, DIM, { text: textAt(77) })]);
      asked.push(...seqsOf(A).slice(-1));
      expectSqlAnswers();
      const [firstSeq] = seqsOf(A);
      expect(keywords.keptInMemory(A, open, [firstSeq!])?.get(firstSeq!)?.importance).toBe(0.95);

      // A filter on a column the index does not hold, or an agent's scope: SQL answers.
      expect(keywords.keptInMemory(A, { ...open, category: 'work' }, asked)).toBeNull();
      expect(keywords.keptInMemory({ ...A, agentId: 'agent-1' }, open, asked)).toBeNull();

      // Another process writes the file: the index is dropped, SQL answers until it is built again.
      const other = new Database(join(db.name));
      try {
        other.prepare('UPDATE memories SET importance = 0.33 WHERE seq = ?').run(firstSeq);
      } finally {
        other.close();
      }
      expect(keywords.keptInMemory(A, open, asked)).toBeNull();
      await store.search.keyword(A, open, ['tea'], 5);
      await (store.search as MemorySearchEmbedded).whenIndexed();
      expectSqlAnswers();
      expect(keywords.keptInMemory(A, open, [firstSeq!])?.get(firstSeq!)?.importance).toBe(0.33);
    } finally {
      await store.close();
    }
  });
});
