import { describe, expect, it } from '@jest/globals';
import { IMPORT_SLICE_FIRST, IMPORT_SLICE_MAX, nextImportSlice } from './write-slices.js';

describe('nextImportSlice', () => {
  it('grows a slice that held the loop under the target, at most doubling, up to the cap', () => {
    expect(nextImportSlice(25, 1)).toBe(50);
    expect(nextImportSlice(100, 8)).toBe(125);
    expect(nextImportSlice(400, 0)).toBe(IMPORT_SLICE_MAX);
  });

  it('shrinks one over the target, at most halving, never under the first size', () => {
    expect(nextImportSlice(200, 20)).toBe(100);
    expect(nextImportSlice(200, 400)).toBe(100);
    expect(nextImportSlice(30, 400)).toBe(IMPORT_SLICE_FIRST);
  });

  it('keeps a slice on the target', () => {
    expect(nextImportSlice(120, 10)).toBe(120);
  });
});
