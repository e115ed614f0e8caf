import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HashedTfidfEmbedder } from '../../embedders/hashed-tfidf.embedder.js';
import { makeMemoryRecord } from '../../testing/memory.factory.js';
import { fromBlob, isSparseBlob, toBlob, vectorBlob } from './memory-rows.js';
import { openMemoryEmbeddedStore } from './memory-store.embedded.js';

const bits = (vector: Float32Array): number[] =>
  Array.from(new Uint32Array(Float32Array.from(vector).buffer));

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('vector blobs', () => {
  const embedder = new HashedTfidfEmbedder(1536);

  it("stores the offline embedder's vectors sparse and gives back the same floats bit for bit", () => {
    for (const text of ['I like green tea in the morning', 'Caroline went to a support group in May', 'x']) {
      const vector = embedder.embedOne(text);
      const blob = vectorBlob(vector);
      expect(isSparseBlob(blob)).toBe(true);
      expect(blob.byteLength).toBeLessThan(vector.byteLength / 4);
      expect(bits(fromBlob(blob))).toEqual(bits(vector));
    }
  });

  it('keeps a -0 component, an all-zero vector, and stores a dense vector as its floats', () => {
    const signed = new Float32Array(16);
    signed[3] = -0;
    signed[9] = 0.25;
    expect(bits(fromBlob(vectorBlob(signed)))).toEqual(bits(signed));
    const zero = new Float32Array(16);
    expect(bits(fromBlob(vectorBlob(zero)))).toEqual(bits(zero));
    const dense = Float32Array.from({ length: 16 }, (_, i) => (i + 1) / 16);
    const blob = vectorBlob(dense);
    expect(isSparseBlob(blob)).toBe(false);
    expect(blob.equals(toBlob(dense))).toBe(true);
    expect(bits(fromBlob(blob))).toEqual(bits(dense));
  });

  it('a dense blob of the older form is never read as sparse, whatever its first component', () => {
    for (const first of [0, -0, 1, -1, Number.MAX_VALUE, Infinity, -Infinity, Number.NaN]) {
      const vector = Float32Array.from([first, 0.5, 0, 0, 0, 0, 0, 0]);
      expect(bits(fromBlob(toBlob(vector)))).toEqual(bits(vector));
    }
  });

  it('scores rows scanned straight from SQLite as the dense scan did (the same doubles), either blob form', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'membolt-memory-blobs-'));
    dirs.push(dataDir);
    const scope = { userId: 'user-a', endUserId: '' };
    const texts = [
      'I like green tea in the morning',
      'My sister lives in Lisbon',
      'We went hiking near Berlin last May',
      'The piano lessons start on Monday',
    ];
    const records = texts.map((text) =>
      makeMemoryRecord(scope, 1536, { text, embedding: embedder.embedOne(text) }),
    );
    // A dense vector among the sparse ones (a client's own embedding).
    const dense = Float32Array.from({ length: 1536 }, (_, i) => Math.cos(i) / 40);
    records.push(makeMemoryRecord(scope, 1536, { text: 'given', embedding: dense }));
    const settings = { dimension: 1536, annMinVectors: 1000 };
    const writer = openMemoryEmbeddedStore(dataDir, settings);
    await writer.memories.insertMany(scope, records);
    await writer.close();
    const query = embedder.embedOne('where does my sister live');
    // The dense scan's arithmetic over the vectors as they were given.
    const dot = (a: Float32Array, b: Float32Array) => {
      let sum = 0;
      for (let d = 0; d < a.length; d++) sum += a[d]! * b[d]!;
      return sum;
    };
    const qNorm = Math.sqrt(dot(query, query)) || 1;
    const expected = records
      .map((r) => ({
        id: r.memory.id,
        score: dot(query, r.embedding) / (qNorm * (Math.sqrt(dot(r.embedding, r.embedding)) || 1)),
      }))
      .sort((a, b) => b.score - a.score);
    // No room for any exact set: every search reads the scope's rows one at a time.
    const scanned = openMemoryEmbeddedStore(dataDir, { ...settings, exactCacheMb: 0 });
    const fromRows = await scanned.search.dense(scope, { validity: { kind: 'all' } }, query, 5);
    await scanned.close();
    expect(fromRows.candidates.map(({ id, score }) => ({ id, score }))).toEqual(expected);
  });
});
