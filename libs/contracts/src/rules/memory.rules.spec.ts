import { describe, expect, it } from '@jest/globals';
import { metadataShapeProblem } from './memory.rules.js';

const nested = (levels: number): unknown => JSON.parse('{"a":'.repeat(levels) + '1' + '}'.repeat(levels));
const fields = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]));

describe('metadataShapeProblem', () => {
  const limits = { maxKeys: 10, maxDepth: 3 };

  it('counts fields at every level, not only the top one', () => {
    expect(metadataShapeProblem(fields(10), limits)).toBeUndefined();
    expect(metadataShapeProblem(fields(11), limits)).toBe('keys');
    expect(metadataShapeProblem({ a: fields(5), b: fields(5) }, limits)).toBe('keys');
  });

  it('counts the object itself as level 1, arrays as levels too', () => {
    expect(metadataShapeProblem(nested(3), limits)).toBeUndefined();
    expect(metadataShapeProblem(nested(4), limits)).toBe('depth');
    expect(metadataShapeProblem({ a: [[1]] }, limits)).toBeUndefined();
    expect(metadataShapeProblem({ a: [[{}]] }, limits)).toBe('depth');
  });

  it('walks 100,000 levels without overflowing the stack', () => {
    expect(metadataShapeProblem(nested(100_000), { maxKeys: 1e9, maxDepth: 64 })).toBe('depth');
  });
});
