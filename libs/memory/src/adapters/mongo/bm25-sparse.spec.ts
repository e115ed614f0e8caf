import { describe, expect, it } from '@jest/globals';
import {
  BM25_AVG_WORDS,
  documentSparseVector,
  querySparseVector,
  type SparseVector,
  termIndex,
} from './bm25-sparse.js';

const dot = (a: SparseVector, b: SparseVector): number =>
  a.indices.reduce(
    (sum, index, i) => sum + (a.values[i] ?? 0) * (b.values[b.indices.indexOf(index)] ?? 0),
    0,
  );
/** The weight of one term in a document vector (0 when absent). */
const weight = (v: SparseVector, term: string): number => v.values[v.indices.indexOf(termIndex(term))] ?? 0;

describe('BM25 sparse vectors', () => {
  it('maps a term to the same unsigned 32-bit index every time, distinct terms to distinct ones', () => {
    expect(termIndex('kyoto')).toBe(termIndex('kyoto'));
    expect(termIndex('kyoto')).not.toBe(termIndex('tokyo'));
    expect(termIndex('kyoto')).toBeGreaterThanOrEqual(0);
    expect(termIndex('kyoto')).toBeLessThan(2 ** 32);
  });

  it('weights a document by saturated term frequency, normalised by its length', () => {
    const once = documentSparseVector('Kyoto');
    const twice = documentSparseVector('Kyoto kyoto');
    const k = termIndex('kyoto');
    expect(once.indices).toEqual([k]);
    expect(twice.indices).toEqual([k]);
    // More occurrences weigh more, but less than proportionally (saturation, bounded by k1 + 1).
    expect(weight(twice, 'kyoto')).toBeGreaterThan(weight(once, 'kyoto'));
    expect(weight(twice, 'kyoto')).toBeLessThan(2 * weight(once, 'kyoto'));
    const long = documentSparseVector(`Kyoto ${'word '.repeat(BM25_AVG_WORDS * 2)}`);
    expect(weight(long, 'kyoto')).toBeGreaterThan(0);
    expect(weight(long, 'kyoto')).toBeLessThan(weight(once, 'kyoto'));
    // Indices are sorted and unique, as Qdrant expects.
    const mixed = documentSparseVector("Anna's trip to Kyoto with Anna");
    expect([...mixed.indices].sort((a, b) => a - b)).toEqual(mixed.indices);
    expect(new Set(mixed.indices).size).toBe(mixed.indices.length);
    expect(mixed.indices).toContain(termIndex('anna'));
  });

  it('queries each distinct term once with weight 1; the dot product ranks more matched terms higher', () => {
    const query = querySparseVector(['kyoto', 'April', 'kyoto', ' ']);
    expect(query.indices).toHaveLength(2);
    expect(query.values).toEqual([1, 1]);
    expect(querySparseVector([]).indices).toEqual([]);
    const both = documentSparseVector('Trip to Kyoto in April');
    const one = documentSparseVector('Kyoto office opens');
    expect(dot(query, both)).toBeGreaterThan(dot(query, one));
    expect(dot(querySparseVector(['paris']), both)).toBe(0);
  });
});
