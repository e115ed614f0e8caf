import { describe, expect, it } from '@jest/globals';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { addDocument, Bm25Scores, emptyPostings, removeDocument, termsOf } from './keyword-postings.js';
import { cacheRow, emptyRowCache, type TextRow } from './keyword-row-cache.js';

/** A document's terms: ~10 ids over a vocabulary of 5,000, some repeated (weighted frequencies). */
function termsAt(i: number): Map<number, number> {
  const freqs = new Map<number, number>();
  for (let j = 0; j < 8 + (i % 5); j++) {
    const term = (i * 7 + j * j * 13) % 5000;
    freqs.set(term, (freqs.get(term) ?? 0) + (j % 3 === 0 ? 0.5 : 1));
  }
  return freqs;
}

/** A fresh flat string, as SQLite hands them over (a template literal's result is a tree of its parts). */
const flat = (text: string): string => Buffer.from(text, 'latin1').toString('latin1');

/** A row as the keyword index reads it. */
function rowAt(i: number): TextRow {
  const text = flat(
    `Friend number ${i} moved to place ${i % 300} last spring and loves the thing ${i % 3000} there`,
  );
  const createdAt = 1_780_000_000_000 + i * 1000;
  return {
    seq: i + 1,
    text,
    keyword_context: null,
    expiresAt: null,
    rankable: {
      id: flat(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`),
      importance: 0.5 + (i % 5) / 10,
      createdAt,
      validFrom: createdAt,
      validTo: i % 10 === 0 ? createdAt + 5000 : null,
      conversationId: flat(`conversation-${i >> 4}`),
      text,
      slot: i % 50 === 0 ? 'home_city' : null,
    },
  };
}

describe('Keyword postings and row cache of a scope', () => {
  it('hold a 20,000-memory scope in under 700 bytes a memory (heap and array buffers, texts included)', () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const held = (): number => {
      gc();
      gc();
      const usage = process.memoryUsage();
      return usage.heapUsed + usage.arrayBuffers;
    };
    const DOCS = 20_000;
    const before = held();
    const entry = { ...emptyPostings(), ...emptyRowCache() };
    for (let i = 0; i < DOCS; i++) {
      const row = rowAt(i);
      const terms = termsAt(i);
      cacheRow(entry, addDocument(entry, row.seq, terms, terms.size + 1), row);
    }
    const perDoc = (held() - before) / DOCS;
    // The memory's id and text are ~170 bytes of it, its postings ~250 (5,000 short lists). An Int32Array of
    // term ids and an object of the ranker's fields per memory held ~900 bytes a memory; ~620 once packed.
    expect(entry.live).toBe(DOCS);
    expect(perDoc).toBeLessThan(700);
  });

  it('compacts the term ids of dead documents away with their postings, and scores as a fresh index', () => {
    const entry = emptyPostings();
    const DOCS = 3000;
    for (let i = 0; i < DOCS; i++) addDocument(entry, i + 1, termsAt(i), 10 + (i % 7));
    const idsBefore = entry.termStart[entry.docs]!;
    // 1,501 die: the last one makes them more than the live ones and over the threshold (1,000), so the
    // lists are compacted then.
    const dies = (i: number): boolean => i % 2 === 1 || i === 0;
    const live: number[] = [];
    for (let i = 0; i < DOCS; i++) {
      if (dies(i)) removeDocument(entry, i + 1);
      else live.push(i);
    }
    expect(entry.dead).toBe(0);
    const liveIds = live.reduce((sum, i) => sum + termsAt(i).size, 0);
    expect(idsBefore).toBeGreaterThan(liveIds * 1.8);
    expect(entry.termStart[entry.docs]).toBe(liveIds);
    for (const i of live) {
      const doc = entry.seqDoc.get(i + 1)!;
      expect([...termsOf(entry, doc)]).toEqual([...termsAt(i).keys()]);
    }
    for (let i = 1; i < DOCS; i += 2) expect(termsOf(entry, i).length).toBe(0);

    // A dead document's terms leave its df: removing more still drops the terms no live document holds.
    const fresh = emptyPostings();
    for (const i of live) addDocument(fresh, i + 1, termsAt(i), 10 + (i % 7));
    expect([...entry.postings.keys()].sort()).toEqual([...fresh.postings.keys()].sort());
    const scores = new Bm25Scores();
    const ranked = (scope: typeof entry, terms: Map<number, number>): Array<[number, number]> => {
      const { touched } = scores.score(scope, terms, 10_000);
      const out = touched
        .map((doc): [number, number] => [scope.docSeq[doc]!, Number(scores.of(doc).toFixed(9))])
        .sort((a, b) => a[0] - b[0]);
      scores.clear(touched);
      return out;
    };
    for (const i of [0, 2, 998, 2998]) {
      const query = new Map([...termsAt(i).keys()].slice(0, 3).map((term) => [term, 1]));
      expect(ranked(entry, query)).toEqual(ranked(fresh, query));
    }
  });
});
