import { describe, expect, it } from '@jest/globals';
import { duplicateKey } from './duplicate-text.js';

describe('duplicateKey', () => {
  it('ignores case, spacing and punctuation', () => {
    const key = duplicateKey('I live in Paris.');
    for (const same of ['i live in paris', '  I  LIVE in\tParis!! ', 'I live, in Paris', 'I live in “Paris”'])
      expect(duplicateKey(same)).toBe(key);
  });

  it('keeps words, numbers and their order apart', () => {
    const key = duplicateKey('I live in Paris.');
    for (const other of ['I live in Paris, France.', 'In Paris I live.', 'I lived in Paris.'])
      expect(duplicateKey(other)).not.toBe(key);
    expect(duplicateKey('Room 42')).not.toBe(duplicateKey('Room 4 2'));
  });

  it('joins apostrophes and reads compatibility forms as their plain letters', () => {
    expect(duplicateKey("I'm vegan")).toBe(duplicateKey('Im vegan'));
    expect(duplicateKey('I’m vegan')).toBe(duplicateKey("I'm vegan"));
    expect(duplicateKey('ｃａｆé')).toBe(duplicateKey('café'));
  });
});
