import { describe, expect, it } from '@jest/globals';
import { textPieces } from './text-pieces.js';

describe('textPieces', () => {
  it('keeps a short text whole', () => {
    expect(textPieces('I live in Oslo.\n\nI work at Acme.', 100)).toEqual([
      'I live in Oslo.\n\nI work at Acme.',
    ]);
  });

  it('groups paragraphs up to the limit and never cuts one that fits', () => {
    const paragraphs = ['a'.repeat(40), 'b'.repeat(40), 'c'.repeat(40)];
    const pieces = textPieces(paragraphs.join('\n\n'), 90);
    expect(pieces).toEqual([`${paragraphs[0]}\n\n${paragraphs[1]}`, paragraphs[2]]);
    expect(pieces.every((piece) => piece.length <= 90)).toBe(true);
  });

  it('cuts a long paragraph at a sentence end, losing nothing', () => {
    const sentence = 'I like green tea very much. ';
    const paragraph = sentence.repeat(20).trim();
    const pieces = textPieces(paragraph, 100);
    expect(pieces.every((piece) => piece.length <= 100)).toBe(true);
    expect(pieces.every((piece) => piece.endsWith('.'))).toBe(true);
    expect(pieces.join(' ')).toBe(paragraph);
  });

  it('cuts a paragraph with no spaces at the limit', () => {
    expect(textPieces('x'.repeat(250), 100)).toEqual(['x'.repeat(100), 'x'.repeat(100), 'x'.repeat(50)]);
  });

  it('answers nothing for blank text', () => {
    expect(textPieces(' \n\n \n', 100)).toEqual([]);
  });
});
