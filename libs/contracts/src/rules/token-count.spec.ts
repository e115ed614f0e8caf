import { describe, expect, it } from '@jest/globals';
import { countTokensProcessed, tokenJsonOf, tokensOfJson } from './billing.rules.js';

/** Decision 046's count, written out: the UTF-8 bytes of both JSON texts, divided by 4, rounded up, at least 1. */
function expected(input: unknown, output: unknown): number {
  const bytes = (value: unknown) =>
    new TextEncoder().encode(
      value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value),
    ).length;
  return Math.max(1, Math.ceil((bytes(input) + bytes(output)) / 4));
}

describe('tokens processed', () => {
  it('counts the UTF-8 bytes of the input and output JSON, whatever their characters and length', () => {
    const texts = [
      'plain',
      'thé à Berlin',
      'tea 🫖 and 🍵',
      'a lone surrogate \ud800 here',
      '中文'.repeat(1000),
      // Past the reused buffer's bound (1 MB of text): counted all the same.
      'é'.repeat(1_200_000),
    ];
    for (const text of texts) {
      const input = { query: { query: text } };
      const output = { results: [{ text }], count: 1 };
      expect(countTokensProcessed(input, output)).toBe(expected(input, output));
      expect(tokensOfJson(tokenJsonOf(input), tokenJsonOf(output))).toBe(expected(input, output));
      expect(countTokensProcessed(text, undefined)).toBe(expected(text, undefined));
    }
    // A short text after a long one is not counted with the long one's leftover bytes.
    expect(countTokensProcessed('ab', 'cd')).toBe(1);
    expect(countTokensProcessed(undefined, undefined)).toBe(1);
  });
});
