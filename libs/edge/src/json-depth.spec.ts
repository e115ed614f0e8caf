import { describe, expect, it } from '@jest/globals';
import { jsonShapeProblem, nestsDeeperThan } from './json-depth.js';

const nested = (levels: number): unknown => JSON.parse('['.repeat(levels) + ']'.repeat(levels));

describe('nestsDeeperThan', () => {
  it('counts objects and arrays, not scalars', () => {
    expect(nestsDeeperThan('text', 0)).toBe(false);
    expect(nestsDeeperThan({}, 0)).toBe(true);
    expect(nestsDeeperThan({ a: { b: [1, 'x', null] } }, 3)).toBe(false);
    expect(nestsDeeperThan({ a: { b: [1, 'x', { c: 1 }] } }, 3)).toBe(true);
  });

  it('walks 100,000 levels without overflowing the stack', () => {
    expect(nestsDeeperThan(nested(100_000), 64)).toBe(true);
    expect(nestsDeeperThan(nested(64), 64)).toBe(false);
  });
});

describe('jsonShapeProblem', () => {
  const many = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`f${i}`, i]));

  it('names the first limit broken: fields of any one object, or depth', () => {
    const limits = { maxDepth: 3, maxFields: 10 };
    expect(jsonShapeProblem({ a: many(10) }, limits)).toBeUndefined();
    expect(jsonShapeProblem({ a: many(11) }, limits)).toBe('fields');
    expect(jsonShapeProblem([[many(60_000)]], limits)).toBe('fields');
    expect(jsonShapeProblem({ a: { b: { c: {} } } }, limits)).toBe('depth');
  });

  it('counts fields per object, not over the whole value', () => {
    expect(jsonShapeProblem([many(10), many(10), { x: many(10) }], { maxDepth: 5, maxFields: 10 })).toBe(
      undefined,
    );
  });
});
