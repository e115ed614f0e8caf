import { describe, expect, it } from '@jest/globals';
import { nestsDeeperThan } from './json-depth.js';

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
