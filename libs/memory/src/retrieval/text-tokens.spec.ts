import { describe, expect, it } from '@jest/globals';

import { contentTokens, wordTokens } from './text-tokens.js';

describe('wordTokens', () => {
  it('lowercases, drops a possessive and the apostrophes inside a word, either apostrophe', () => {
    expect(wordTokens("Caroline's dog DON'T rock’n’roll it’s Tim’s 42nd")).toEqual([
      'caroline',
      'dog',
      'dont',
      'rocknroll',
      'it',
      'tim',
      '42nd',
    ]);
    expect(wordTokens("o'clock l’été ’quoted' isn't")).toEqual(['oclock', 'lété', 'quoted', 'isnt']);
  });

  it('keeps stop words in order; contentTokens leaves them out', () => {
    expect(wordTokens('I went to the zoo')).toEqual(['i', 'went', 'to', 'the', 'zoo']);
    expect(contentTokens('I went to the zoo')).toEqual(['went', 'zoo']);
  });
});
