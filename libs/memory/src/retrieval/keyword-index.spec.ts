import { describe, expect, it } from '@jest/globals';

import { ftsMatchExpression } from './keyword-index.js';

describe('ftsMatchExpression', () => {
  it('quotes every term, so none is read as an operator or a column filter', () => {
    expect(ftsMatchExpression(['paris', 'or', 'text:x', 'say "hi"'])).toBe(
      '"paris" OR "or" OR "text:x" OR "say ""hi"""',
    );
  });

  it('is null without a term', () => {
    expect(ftsMatchExpression([])).toBeNull();
    expect(ftsMatchExpression([''])).toBeNull();
  });
});
