import { describe, expect, it } from '@jest/globals';

import { extractConcepts, normalizeConceptName } from './concepts.js';

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
