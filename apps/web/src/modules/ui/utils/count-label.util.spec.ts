import { describe, expect, it } from '@jest/globals';
import { countLabel } from './count-label.util';

describe('countLabel', () => {
  it('puts the unit in the plural unless the count is one', () => {
    expect(countLabel(1, 'chunk')).toBe('1 chunk');
    expect(countLabel(0, 'chunk')).toBe('0 chunks');
    expect(countLabel(12, 'page')).toBe('12 pages');
  });
});
