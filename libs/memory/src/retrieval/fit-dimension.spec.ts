import { describe, expect, it } from '@jest/globals';

import { fitDimension } from './fit-dimension.js';

const dot = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i] * b[i];
  return sum;
};

function randomVector(length: number, seed: number): number[] {
  let state = seed;
  return Array.from({ length }, () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32 - 0.5;
  });
}

describe('fitDimension', () => {
  it('zero-pads a shorter vector and normalises it, keeping cosines', () => {
    const a = randomVector(768, 1);
    const b = randomVector(768, 2);
    const fa = fitDimension(a, 1536);
    const fb = fitDimension(b, 1536);
    expect(fa).toHaveLength(1536);
    expect(Array.from(fa.slice(768)).every((value) => value === 0)).toBe(true);
    const cosine = dot(a, b) / Math.sqrt(dot(a, a) * dot(b, b));
    expect(dot(fa, fb)).toBeCloseTo(cosine, 5);
  });

  it('folds a longer vector into the dimension as a unit vector, keeping similar vectors similar', () => {
    const a = randomVector(3072, 3);
    const near = a.map((value, i) => value + 0.1 * randomVector(3072, 4)[i]);
    const far = randomVector(3072, 5);
    const fa = fitDimension(a, 1536);
    expect(fa).toHaveLength(1536);
    expect(dot(fa, fa)).toBeCloseTo(1, 5);
    expect(dot(fa, fitDimension(near, 1536))).toBeGreaterThan(0.9);
    expect(Math.abs(dot(fa, fitDimension(far, 1536)))).toBeLessThan(0.2);
  });

  it('gives back a zero-extended vector unchanged (up to normalisation)', () => {
    const a = randomVector(1536, 6);
    const extended = [...a, ...new Array<number>(512).fill(0)];
    expect(Array.from(fitDimension(extended, 1536))).toEqual(Array.from(fitDimension(a, 1536)));
  });
});
