import { describe, expect, it } from '@jest/globals';
import * as chrono from 'chrono-node';
import { readFileSync } from 'node:fs';

import { analyzeQuery, analyzeQueryKept, mayNameADate } from './query-analysis.js';

const heldout = JSON.parse(
  readFileSync(new URL('./testing/paraphrase-heldout.json', import.meta.url), 'utf8'),
) as { profiles: Array<{ facts: Array<{ text: string }>; questions: Array<{ text: string }> }> };

const now = new Date('2026-11-23T10:00:00.000Z');

describe('analyzeQuery', () => {
  it('keeps lowercased content words, without stop words or repeats', () => {
    expect(
      analyzeQuery('What did Caroline research about the Adoption agencies, adoption?', now).terms,
    ).toEqual(['caroline', 'research', 'adoption', 'agencies']);
  });

  it('asks the keyword index the irregular forms of its verbs as well, light verbs aside', () => {
    const keywordTerms = (query: string) => analyzeQuery(query, now).keywordTerms;
    expect(keywordTerms('When did John meet his teammates?')).toEqual(['john', 'meet', 'teammates', 'met']);
    expect(keywordTerms("What does Caroline's drawing symbolize?")).toEqual([
      'caroline',
      'drawing',
      'symbolize',
      'draw',
      'drew',
      'drawn',
    ]);
    expect(keywordTerms('How did Nate celebrate winning the tournament?')).toEqual([
      'nate',
      'celebrate',
      'winning',
      'tournament',
      'win',
      'won',
    ]);
    // "went" is in most turns of a chat: a light verb's meaning is its object's.
    expect(keywordTerms('When did Melanie go camping?')).toEqual(['melanie', 'go', 'camping']);
    expect(keywordTerms('What did Melanie paint?')).toEqual(['melanie', 'paint']);
    // Porter reads "tried" apart from "try", though it is regular.
    expect(keywordTerms('What did Nate try?')).toEqual(['nate', 'try', 'tried']);
  });

  it('reads a bare year as that year', () => {
    expect(analyzeQuery('where did I live in 2023?', now).timeRange).toEqual({
      from: '2023-01-01T00:00:00.000Z',
      to: '2024-01-01T00:00:00.000Z',
    });
  });

  it('reads relative dates against now', () => {
    expect(analyzeQuery('what did I do last year', now).timeRange).toEqual({
      from: '2025-01-01T00:00:00.000Z',
      to: '2026-01-01T00:00:00.000Z',
    });
    expect(analyzeQuery('what did I cook yesterday', now).timeRange).toEqual({
      from: '2026-11-22T00:00:00.000Z',
      to: '2026-11-23T00:00:00.000Z',
    });
    expect(analyzeQuery('what happened in May 2023', now).timeRange).toEqual({
      from: '2023-05-01T00:00:00.000Z',
      to: '2023-06-01T00:00:00.000Z',
    });
  });

  it('reads every kind of date expression chrono reads (chrono only runs on texts that may name one)', () => {
    const dated = [
      'what did I do last weekend',
      'where was I three days ago',
      'plans for a few days later',
      'what happened at the end of the month',
      'what do I eat tonight',
      'what did I do on Tuesday',
      'the trip in 5/2023',
      'on 2023-05-01 I moved',
      'the rent is due on 12/05',
      'what will happen in two weeks',
      'my birthday is on the 21st of May 2024',
      'the twenty-first of March, 2022',
      'what did I read this morning',
      'what did I watch last night',
      'since Sept. 2021',
      'where did I go past w',
      'a couple of weeks ago',
      'half an hour later',
      'what did I plan for nextweek',
      'what did I do lastyear',
      'the day after',
      'several months ago I moved',
      'within the hour',
      'a dayago',
      'what happened at the end of month',
      'what did I do this quarter',
    ];
    for (const text of dated) {
      expect({ text, mayNameADate: mayNameADate(text) }).toEqual({ text, mayNameADate: true });
      expect(chrono.parse(text, now, { forwardDate: false })).not.toHaveLength(0);
      const analysis = analyzeQuery(text, now);
      expect({ text, dated: analysis.timeRange !== null || analysis.monthOfYear !== null }).toEqual({
        text,
        dated: true,
      });
    }
  });

  it('runs chrono only where it may find a date: a unit word alone names none', () => {
    const undated = [
      'which day was it',
      'these days I cook a lot',
      'how many hours do I sleep',
      'months I spend abroad every winter',
      'years of experience in nursing',
      'and the dog',
      'a song I like',
      'what do I like about the seaside',
    ];
    for (const text of undated)
      expect({ text, mayNameADate: mayNameADate(text) }).toEqual({ text, mayNameADate: false });
    // Whatever the pre-test turns away, chrono finds no date in either: these and every held-out fact and question.
    const texts = [
      ...undated,
      ...heldout.profiles.flatMap((profile) => [
        ...profile.facts.map((fact) => fact.text),
        ...profile.questions.map((question) => question.text),
      ]),
    ];
    for (const text of texts.filter((t) => !mayNameADate(t)))
      expect({ text, dates: chrono.parse(text, now, { forwardDate: false }).map((r) => r.text) }).toEqual({
        text,
        dates: [],
      });
  });

  it('reads a weekday as its day, and a time of day alone as no date at all', () => {
    const range = (query: string) => analyzeQuery(query, now).timeRange;
    // now is Monday 23 November 2026.
    expect(range('what did I do last Friday')).toEqual({
      from: '2026-11-20T00:00:00.000Z',
      to: '2026-11-21T00:00:00.000Z',
    });
    expect(range('what did I eat this morning')).toEqual({
      from: '2026-11-23T00:00:00.000Z',
      to: '2026-11-24T00:00:00.000Z',
    });
    expect(range('what did I eat yesterday evening')).toEqual({
      from: '2026-11-22T00:00:00.000Z',
      to: '2026-11-23T00:00:00.000Z',
    });
    // A habit, not a day: no range (it would open closed facts of the whole year to the ranker).
    expect(range('what do I prefer in the morning')).toBeNull();
    expect(range('what do I drink at night')).toBeNull();
    expect(range('who do I call at 5pm')).toBeNull();
    expect(range('what did I drink in the morning in 2023')).toEqual({
      from: '2023-01-01T00:00:00.000Z',
      to: '2024-01-01T00:00:00.000Z',
    });
  });

  it('reads seasons: the last one ended, this one, or one of a named year', () => {
    const range = (query: string, at = now) => analyzeQuery(query, at).timeRange;
    const summer = (year: number) => ({
      from: `${year}-06-01T00:00:00.000Z`,
      to: `${year}-09-01T00:00:00.000Z`,
    });
    expect(range('what did I do last summer')).toEqual(summer(2026));
    expect(range('what did I do this summer')).toEqual(summer(2026));
    // In July, last summer is the year before; this summer is under way.
    const july = new Date('2026-07-10T10:00:00.000Z');
    expect(range('what did I do last summer', july)).toEqual(summer(2025));
    expect(range('what did I do this summer', july)).toEqual(summer(2026));
    expect(range('where was I in summer 2023')).toEqual(summer(2023));
    // A winter starts in December of its year.
    expect(range('where was I last winter')).toEqual({
      from: '2025-12-01T00:00:00.000Z',
      to: '2026-03-01T00:00:00.000Z',
    });
    expect(range('what happened in the fall of 2022')).toEqual({
      from: '2022-09-01T00:00:00.000Z',
      to: '2022-12-01T00:00:00.000Z',
    });
    // A season without "last", "this" or a year names no range, and "fall" the verb is no season.
    expect(range('in summer I like to swim')).toBeNull();
    expect(range('did I fall off my bike')).toBeNull();
  });

  it('has no time range without a date, and flags questions asking for one', () => {
    const analysis = analyzeQuery('When did Caroline go to the LGBTQ support group?', now);
    expect(analysis.timeRange).toBeNull();
    expect(analysis.asksWhen).toBe(true);
    expect(analyzeQuery('What is Caroline identity?', now).asksWhen).toBe(false);
    expect(analyzeQuery('How often does John work out with his family?', now).asksWhen).toBe(true);
    expect(analyzeQuery('How many books has Tim read?', now).asksWhen).toBe(false);
    expect(analyzeQuery('How often does John work out with his family?', now).asksHowOften).toBe(true);
    expect(analyzeQuery('When did John work out with his family?', now).asksHowOften).toBe(false);
  });

  it('places each term where the query first names it, words joined by "and" or "or" together', () => {
    const placed = (query: string) => {
      const { terms, termPlaces } = analyzeQuery(query, now);
      expect([...termPlaces.keys()]).toEqual(terms);
      return Object.fromEntries(termPlaces);
    };
    expect(placed('What did Tim and John buy for Anna?')).toEqual({ tim: 0, john: 0, buy: 1, anna: 2 });
    expect(placed("Who is Tim's or John's favorite player, Tim?")).toEqual({
      tim: 0,
      john: 0,
      favorite: 1,
      player: 2,
    });
    // "and" after a stop word joins nothing; a repeated word keeps its first place.
    expect(placed('What did Nate give to Joanna and then to Nate?')).toEqual({ nate: 0, give: 1, joanna: 2 });
    expect(placed('and the cat')).toEqual({ cat: 0 });
  });

  it('reads the kind a list question asks for in the plural, and none in a question for one thing', () => {
    const kind = (query: string) => analyzeQuery(query, now).askedKind;
    expect(kind('What instruments does Melanie play?')).toEqual(['instruments']);
    expect(kind('What European countries has Maria been to?')).toEqual(['european', 'countries']);
    expect(kind('Which cities has Jon visited?')).toEqual(['cities']);
    expect(kind('What types of yoga has Maria practiced?')).toEqual(['yoga']);
    expect(kind('What book did Melanie read?')).toEqual([]);
    expect(kind('What did Melanie paint?')).toEqual([]);
    expect(kind('What is Caroline identity?')).toEqual([]);
    // A time asked for is no kind of thing ("What days does she work?" asks when).
    expect(kind('What time did she leave?')).toEqual([]);
  });

  it('reads a "how many" question as a list question, and what it counts as the kind asked', () => {
    const read = (query: string) => {
      const { asksList, askedKind } = analyzeQuery(query, now);
      return { asksList, askedKind };
    };
    expect(read('How many tournaments has Nate won?')).toEqual({
      asksList: true,
      askedKind: ['tournaments'],
    });
    // Counted things are asked in the plural whatever their spelling.
    expect(read('How many children does Melanie have?')).toEqual({ asksList: true, askedKind: ['children'] });
    expect(read("How many of Joanna's scripts have made it to the big screen?")).toEqual({
      asksList: true,
      askedKind: ['scripts'],
    });
    // Occurrences are several answers too, but no kind of thing.
    expect(read('How many times has Melanie gone to the beach in 2023?')).toEqual({
      asksList: true,
      askedKind: [],
    });
    // A span of time is one answer.
    expect(read('How many weeks passed between Maria adopting Coco and Shadow?')).toEqual({
      asksList: false,
      askedKind: [],
    });
    expect(read('What instruments does Melanie play?')).toEqual({
      asksList: true,
      askedKind: ['instruments'],
    });
    expect(read('What book did Melanie read?')).toEqual({ asksList: false, askedKind: [] });
  });

  it('reads capitalised months and weekdays as times, not as names the memory must mention', () => {
    const names = (query: string) => analyzeQuery(query, now).names;
    expect(names('Where are we spending the holidays in December?')).toEqual([]);
    expect(names('What does Marco do on Friday?')).toEqual(['marco']);
    expect(names('Did Caroline go to the May Day parade in Berlin?')).toEqual(['caroline', 'day', 'berlin']);
    // A question that names nobody but a month is about the one asking.
    expect(analyzeQuery('Which trip is booked for January?', now).personal).toBe(true);
  });

  it('names the concepts of the query', () => {
    expect(analyzeQuery('Did Melanie visit Boston?', now).conceptNames).toEqual(
      expect.arrayContaining(['melanie', 'boston']),
    );
  });
});

describe('analyzeQueryKept', () => {
  const texts = [
    ...heldout.profiles.flatMap((profile) => profile.questions.map((question) => question.text)),
    'what does the user like about tea and Berlin',
    'What did I do last summer?',
    'Where was I living this winter',
    'What did I eat yesterday?',
    'plans for two weeks from now',
    'my favourite tea',
  ];
  const nows = [now, new Date('2027-02-01T00:00:00.000Z'), new Date('2025-07-15T12:34:56.000Z')];

  it('answers what analyzeQuery answers, whatever the clock, when asked again', () => {
    for (const at of nows) {
      for (const text of texts) {
        const fresh = analyzeQuery(text, at);
        expect(analyzeQueryKept(text, at)).toEqual(fresh);
        expect(analyzeQueryKept(text, at)).toEqual(fresh);
      }
    }
  });

  it('reads a season or a date again at another time, each time a new analysis', () => {
    const winter = (at: Date) => analyzeQueryKept('What did I do last winter?', at).timeRange;
    expect(winter(new Date('2026-06-01T00:00:00.000Z'))?.from).toBe('2025-12-01T00:00:00.000Z');
    expect(winter(new Date('2027-06-01T00:00:00.000Z'))?.from).toBe('2026-12-01T00:00:00.000Z');
    const yesterday = (at: Date) => analyzeQueryKept('what did I eat yesterday', at).timeRange;
    expect(yesterday(new Date('2026-06-02T10:00:00.000Z'))?.from).toBe('2026-06-01T00:00:00.000Z');
    expect(yesterday(new Date('2026-06-09T10:00:00.000Z'))?.from).toBe('2026-06-08T00:00:00.000Z');
    const asked = analyzeQueryKept('what did I eat yesterday', now);
    expect(analyzeQueryKept('what did I eat yesterday', now)).not.toBe(asked);
  });

  it('answers a text that reads no clock with the same frozen analysis, which the ranker keys its work by', () => {
    const first = analyzeQueryKept('my favourite tea', now);
    expect(analyzeQueryKept('my favourite tea', new Date('2027-02-01T00:00:00.000Z'))).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(first).toEqual(analyzeQuery('my favourite tea', now));
  });
});
