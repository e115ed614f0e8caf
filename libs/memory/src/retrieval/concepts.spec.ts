import { describe, expect, it } from '@jest/globals';

import { extractConcepts, normalizeConceptName, queryConceptNames } from './concepts.js';

describe('extractConcepts', () => {
  it('finds people, places, organisations and things, normalised and deduped', () => {
    const concepts = extractConcepts(
      "Caroline went to the support group in Boston with Melanie. Google's team sponsored it; Caroline loved it.",
    );
    expect(concepts).toEqual(
      expect.arrayContaining([
        { name: 'caroline', kind: 'person' },
        { name: 'melanie', kind: 'person' },
        { name: 'boston', kind: 'place' },
        { name: 'google', kind: 'organization' },
      ]),
    );
    expect(
      concepts.some((concept) => concept.kind === 'thing' && concept.name.includes('support group')),
    ).toBe(true);
    expect(concepts.filter((concept) => concept.name === 'caroline')).toHaveLength(1);
  });

  it('answers nothing for an empty text and never a pronoun', () => {
    expect(extractConcepts('  ')).toEqual([]);
    expect(extractConcepts('She said it to them.').map((concept) => concept.name)).not.toContain('she');
  });

  it('normalises names', () => {
    expect(normalizeConceptName("The  Google's ")).toBe('google');
    expect(normalizeConceptName('42')).toBeNull();
  });
});

describe('queryConceptNames', () => {
  it('names every run of one to four words that starts and ends with a content word, normalised', () => {
    const names = queryConceptNames("Did Caroline's support group meet in New York?");
    expect(names).toEqual(
      expect.arrayContaining(['caroline', 'support group', 'caroline support group', 'new york', 'york']),
    );
    // Runs that start or end with a stop word are not names.
    expect(names).not.toContain('did caroline');
    expect(names).not.toContain('meet in');
    expect(names.every((name) => name.split(' ').length <= 4)).toBe(true);
  });

  it('keeps runs with a stop word inside, and nothing for a text of stop words', () => {
    expect(queryConceptNames('Who works at the Bank of America?')).toEqual(
      expect.arrayContaining(['bank of america', 'america', 'bank']),
    );
    expect(queryConceptNames('what is it about?')).toEqual([]);
  });

  it('matches the names the extractor stores for the same words', () => {
    const stored = extractConcepts('Melanie visited the Louvre museum in Paris.').map((c) => c.name);
    const asked = queryConceptNames('When did Melanie go to the Louvre museum in Paris?');
    for (const name of stored) expect(asked).toContain(name);
  });
});
