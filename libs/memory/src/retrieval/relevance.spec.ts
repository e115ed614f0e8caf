import { describe, expect, it } from '@jest/globals';

import { HashedTfidfEmbedder } from '../embedders/hashed-tfidf.embedder.js';
import { analyzeQuery, namesIn } from './query-analysis.js';
import { DEFAULT_RELEVANCE_THRESHOLD, rankCandidates, type RankableMemory } from './rank.js';
import { querySupport } from './relevance.js';
import { queryMeaning } from './meaning.js';

const now = new Date('2026-11-23T10:00:00.000Z');
const embedder = new HashedTfidfEmbedder();

function memory(text: string): RankableMemory {
  const at = Date.parse('2026-11-01T00:00:00.000Z');
  return {
    importance: 0.5,
    createdAt: at,
    validFrom: at,
    validTo: null,
    conversationId: null,
    text,
    slot: null,
  };
}

/** Ranks `texts` for `query` as the service would with the offline embedder: every text a dense candidate. */
function rank(query: string, texts: readonly string[], weights: Record<string, number> = {}) {
  const analysis = analyzeQuery(query, now);
  const q = embedder.embedOne(query);
  const memories = new Map(texts.map((text, i) => [String(i), memory(text)]));
  const dense = texts.map((text, i) => {
    const v = embedder.embedOne(text);
    return { id: String(i), score: v.reduce((sum, x, j) => sum + x * q[j]!, 0) };
  });
  const ranked = rankCandidates({
    analysis,
    dense,
    keyword: [],
    concept: [],
    memories,
    now,
    limit: 10,
    weights,
  });
  return ranked.map((r) => ({ text: texts[Number(r.id)]!, relevance: r.relevance }));
}

const relevanceOfText = (query: string, text: string) =>
  rank(query, [text]).find((r) => r.text === text)?.relevance ?? 0;

describe('namesIn', () => {
  it('reads the words capitalised inside a sentence as names, not its first word or "I"', () => {
    expect(namesIn("What's Marco's birthday?")).toEqual(['marco']);
    expect(namesIn('How much did it cost to adopt Biscuit? I wonder')).toEqual(['biscuit']);
    expect(namesIn('Where do I live?')).toEqual([]);
    expect(namesIn('Hiking')).toEqual([]);
  });
});

describe('personal questions', () => {
  it('reads a question that names nobody as about the user, one that names someone as about them', () => {
    expect(analyzeQuery('Which neighbourhood is home at the moment?', now).personal).toBe(true);
    expect(analyzeQuery('What did Melanie paint?', now).personal).toBe(false);
    expect(analyzeQuery('What did she paint last week?', now).personal).toBe(false);
    expect(analyzeQuery('Can someone hire a car at the airport?', now).personal).toBe(false);
  });
});

describe('querySupport', () => {
  it('supports each asked word by spelling, topic or WordNet, and keeps the weakest', () => {
    const analysis = analyzeQuery('How much did it cost to adopt Biscuit?', now);
    const support = querySupport(
      'I adopted a retired racing greyhound called Biscuit in 2022.',
      null,
      analysis,
      queryMeaning(analysis.terms),
    );
    // "adopt" is held, "cost" is not; "much" asks for an amount and "Biscuit" is whom it is about.
    expect(support).toEqual({ mean: 0.5, least: 0, namesMissing: false });
  });

  it('says when the memory names none of the names the query does', () => {
    const analysis = analyzeQuery("What's Karim's wife called?", now);
    expect(querySupport('I have a budgie called Zaatar.', null, analysis, null).namesMissing).toBe(true);
    expect(querySupport('My brother Karim is an accountant.', null, analysis, null).namesMissing).toBe(false);
  });

  it('supports a word for one relative only with that relative, a word for the family with any (decision 203)', () => {
    const brother = analyzeQuery("What's my brother's name?", now);
    const meaning = queryMeaning(brother.terms);
    const supportOf = (text: string) => querySupport(text, null, brother, meaning);
    // "brother" is held by the first; the mother is a family member, not the brother.
    expect(supportOf('My brother Karim is an accountant in Montreal.').mean).toBeGreaterThan(
      supportOf('My mother still lives in Gdańsk.').mean,
    );
    expect(supportOf('My mother still lives in Gdańsk.').mean).toBeLessThan(0.5);
    const family = analyzeQuery('my family', now);
    expect(
      querySupport('My son Femi is allergic to peanuts.', null, family, queryMeaning(family.terms)).mean,
    ).toBe(1);
  });
});

describe('relevance (decision 186)', () => {
  it('keeps a memory that covers what is asked above the default threshold', () => {
    expect(
      relevanceOfText('What kind of animal do I have at home?', 'I adopted a greyhound called Biscuit.'),
    ).toBeGreaterThan(DEFAULT_RELEVANCE_THRESHOLD);
    expect(relevanceOfText('outdoor activities', 'I went hiking in the Dolomites.')).toBeGreaterThan(
      DEFAULT_RELEVANCE_THRESHOLD,
    );
  });

  it('puts a memory that misses one thing asked far under one that covers it, and one about someone else under the threshold', () => {
    const query = 'How much did it cost to adopt Biscuit?';
    const partial = relevanceOfText(query, 'I adopted a retired racing greyhound called Biscuit in 2022.');
    const covering = relevanceOfText(query, 'Adopting Biscuit cost us 300 euros in fees.');
    expect(partial).toBeLessThan(covering / 3);
    expect(relevanceOfText("What's Karim's wife called?", 'I have a budgie called Zaatar.')).toBeLessThan(
      DEFAULT_RELEVANCE_THRESHOLD,
    );
  });
});

describe('the relevance rerank of personal queries (decision 187)', () => {
  // "like" is a stop word: the first memory leads on the fused score by its preference slot and length alone.
  const texts = [
    'I support Benfica, like my father did.',
    'I read crime novels, especially anything by Fred Vargas.',
  ];

  it('ranks the memory that covers what is asked over one that only scores higher on the fused score', () => {
    const query = 'What kind of books do I like?';
    expect(rank(query, texts, { relevance: 0 })[0]!.text).toBe(texts[0]);
    expect(rank(query, texts)[0]!.text).toBe(texts[1]);
  });
});
