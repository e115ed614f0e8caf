import { describe, expect, it } from '@jest/globals';

import { HASHED_TFIDF_MODEL, HashedTfidfEmbedder } from './hashed-tfidf.embedder.js';

const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, value, i) => sum + value * b[i], 0);
const norm = (a: Float32Array) => Math.sqrt(dot(a, a));

describe('HashedTfidfEmbedder', () => {
  const embedder = new HashedTfidfEmbedder();

  it('answers unit vectors of the configured dimension under its model name', async () => {
    const [vector] = await embedder.embed(['Caroline went to a support group in May'], 'document');
    expect(embedder.model).toBe(HASHED_TFIDF_MODEL);
    expect(vector).toHaveLength(1536);
    expect(norm(vector)).toBeCloseTo(1, 5);
    expect(new HashedTfidfEmbedder(64).embedOne('hello world')).toHaveLength(64);
  });

  it('is deterministic across instances', () => {
    const a = new HashedTfidfEmbedder().embedOne('Melanie painted a sunrise by the lake');
    const b = new HashedTfidfEmbedder().embedOne('Melanie painted a sunrise by the lake');
    expect(Array.from(a)).toEqual(Array.from(b));
  });

  it('places related texts closer than unrelated ones, word forms included', () => {
    const query = embedder.embedOne('When did Melanie paint a sunrise?');
    const related = embedder.embedOne(
      "Melanie: I painted that sunrise last year, it's my favourite painting",
    );
    const unrelated = embedder.embedOne('Caroline: the adoption agency called me back about the interview');
    expect(dot(query, related)).toBeGreaterThan(dot(query, unrelated) + 0.1);
  });

  it('answers a zero vector for a text without words', () => {
    const vector = embedder.embedOne('?! ...');
    expect(norm(vector)).toBe(0);
  });

  it('refuses a dimension that is not a positive integer', () => {
    expect(() => new HashedTfidfEmbedder(0)).toThrow(RangeError);
    expect(() => new HashedTfidfEmbedder(1.5)).toThrow(RangeError);
  });
});
