import { LRUCache } from 'lru-cache';
import { createRequire } from 'node:module';
import type * as chrono from 'chrono-node';

import { type FactSlot, slotsAsked, withoutTopicIdioms } from '@membolt/contracts';

import { queryConceptNames } from './concepts.js';
import { isContentWord, wordTokens } from './text-tokens.js';
import { withVerbForms } from './verb-forms.js';

export interface TimeRange {
  /** ISO-8601, inclusive. */
  readonly from: string;
  /** ISO-8601, exclusive. */
  readonly to: string;
}

export interface QueryAnalysis {
  /** Lowercased keyword tokens for an FTS5 OR-query, stop words removed, deduped (the store quotes them). */
  readonly terms: string[];
  /**
   * Each of `terms` -> where it is first named among the query's content words (0 first). Words joined by "and"
   * or "or" share a place: in "What did Tim and John buy for Anna?" tim and john are 0, buy 1, anna 2.
   */
  readonly termPlaces: ReadonlyMap<string, number>;
  /** The time the query names ("in 2023", "last year", "in May 2023"), or null. */
  readonly timeRange: TimeRange | null;
  /** A month named without a year ("in June"): 1-12, matched in any year; null otherwise. */
  readonly monthOfYear: number | null;
  /**
   * The query asks for a time ("when ...", "what year", "how long ago", "how often"): memories stating one
   * help.
   */
  readonly asksWhen: boolean;
  /** The query asks how often ("how often", "how many times a week"): a recurrence states the time asked. */
  readonly asksHowOften: boolean;
  /** Normalised concept names in the query (see concepts.ts), to find memories linked to them. */
  readonly conceptNames: string[];
  /** The personal-fact slots the query asks about ("What do I do for a living?": occupation). */
  readonly slots: FactSlot[];
  /**
   * The query asks about the user ("my", "I", "we") or is a few words typed into a search box ("outdoor
   * activities"): meaning and slots bridge its words. A question about other people's dialogue ("What did
   * Melanie paint?") is left to spelling: there, meaning matches lifted chatter above the answer (decision 103).
   */
  readonly personal: boolean;
  /**
   * Names the query mentions, lowercased: words capitalised after its first word ("What's Marco's birthday?":
   * marco). A memory that names none of them is not about whom or what the query asks (`relevance.ts`).
   */
  readonly names: string[];
  /**
   * The kind a list question asks for, as content words: "What European countries has Maria been to?":
   * european, countries; "What types of yoga...": yoga. Empty when the question asks for no kind in the plural
   * ("What book did she read?" asks for one). Its answers are members of that kind ("Spain", "kundalini"),
   * which the question's words do not spell, and sit in several conversations.
   */
  readonly askedKind: string[];
  /**
   * The question asks for several answers, which sit in several conversations: it asks for a kind in the
   * plural (`askedKind`) or how many ("How many tournaments has Nate won?", "How many times has she been to
   * the beach?"; not a span of time, "How many weeks passed between...").
   */
  readonly asksList: boolean;
  /**
   * What the keyword index is asked: `terms` and the irregular forms of their verbs (`withVerbForms`: "meet"
   * -> "met").
   */
  readonly keywordTerms: readonly string[];
}

const FIRST_PERSON = /\b(?:i|i'm|i've|me|my|mine|myself|we|we're|us|our|ours)\b/i;
/** Words that put a question about someone else ("What did she say?", "Can someone hire a car?"). */
const THIRD_PERSON = /\b(?:he|she|they|his|her|hers|him|them|their|someone|somebody|people)\b/i;
/** A query of at most this many content words, and no question, reads as typed into a search box. */
const SEARCH_BOX_TERMS = 3;
const QUESTION =
  /\?|^\s*(?:who|whom|whose|what|when|where|which|why|how|did|does|do|is|are|was|were|has|have|can|could)\b/i;
const YEAR = /\b(?:in|during|of|from|since|around)?\s*((?:19|20)\d{2})\b/i;
// "What/Which [kinds of] <one to three words> <auxiliary>": the words before the auxiliary name the kind asked.
const ASKED_KIND =
  /^\s*(?:what|which)\s+(?:(?:kinds?|types?|sorts?)\s+of\s+)?((?:[\p{L}'’+-]+\s+){0,2}?[\p{L}'’+-]+)\s+(?:do|does|did|has|have|had|is|are|was|were|can|could|would|will)\b/iu;
// "How often" asks for a time too: its answer says when something recurs ("three times a week", "every
// Sunday").
const ASKS_WHEN =
  /^\s*when\b|\bwhat (?:year|month|day|date|time)\b|\bhow long (?:ago|has|have|did|was)\b|\bhow often\b|\bwhich (?:year|month|day)\b/i;

// "How many ..." asks for a count of things or occurrences, each told in its own turn; "how many weeks/days"
// asks for a span of time.
const ASKS_COUNT =
  /^\s*how\s+many\b(?!\s+(?:seconds|minutes|hours|days|nights|weeks|weekends|months|years)\b)/i;
// "How many <one to three words> <auxiliary>": the words counted name the kind asked ("How many dogs has ...").
const COUNTED_KIND =
  /^\s*how\s+many\s+((?:[\p{L}'’+-]+\s+){0,2}?[\p{L}'’+-]+)\s+(?:do|does|did|has|have|had|is|are|was|were|can|could|would|will)\b/iu;

const ASKS_HOW_OFTEN = /\bhow often\b|\bhow many times (?:a|an|per|each|every)\b/i;

/** chrono's time units (its TIME_UNIT_DICTIONARY), abbreviations included. */
const TIME_UNITS =
  's|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?|d|days?|w|weeks?|mo|mon|mos|months?|qtr|quarters?|y|yrs?|years?';

/**
 * Whether a text may name a date: a digit, a word chrono's English parsers start from (casual dates and
 * times, weekdays, months, ordinals), or a time unit where chrono reads one. chrono (a few dozen regular
 * expressions, the most expensive part of a query's analysis) runs only on a text that passes. A unit word
 * alone names nothing ("which day", "these days"): chrono reads a unit after a number ("two days", "a few
 * weeks", "the day after", "half an hour"; a number of letters only counts with a space in it, so "and" is
 * no "an" day) and before nothing but a word's end or "ago", "later" and their kin, or right after "this",
 * "last", "past", "next" or "after" ("last year", "nextweek"), or in "end of (the) month".
 */
const MAY_NAME_A_DATE = new RegExp(
  [
    '\\d',
    `\\b(?:${[
      'now|today|tonight|tomorrow|overmorrow|tmrw?|yesterday|night|morning|afternoon|evening|midnight|midday|noon|weekends?',
      'sun|sunday|mon|monday|tues?|tuesday|wed|wednesday|thu|thur|thurs|thursday|fri|friday|sat|saturday',
      'jan|january|feb|february|mar|march|apr|april|may|jun|june|jul|july|aug|august|sept?|september',
      'oct|october|nov|november|dec|december',
      'first|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|\\w+teenth|twentieth|thirtieth',
    ].join('|')})\\b`,
    // A number, then a unit: the number's last word and the unit apart, or a space inside the number.
    `(?:(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|half|an?|few|several|the|couple|of)\\s+` +
      `|(?:half\\s*an?|an?\\s*few|couple\\s*of)\\s*)(?:${TIME_UNITS})` +
      '(?:(?!\\w)|\\s*(?:ago|before|earlier|later|after|from|henceforth|forward|out))',
    `\\b(?:this|last|past|next|after)\\s*(?:${TIME_UNITS})(?!\\w)`,
    '\\bof\\s+(?:the\\s+)?month',
  ].join('|'),
  'i',
);

/** Whether chrono may find a date in the text (`MAY_NAME_A_DATE`); exported for its test. */
export const mayNameADate = (text: string): boolean => MAY_NAME_A_DATE.test(text);

/** chrono holds ~4 MB of heap once loaded: loaded at the first query read, not at start (decision 182). */
let chronoModule: typeof chrono | undefined;
const loadChrono = () => (chronoModule ??= createRequire(import.meta.url)('chrono-node') as typeof chrono);

/** The first date expression chrono finds in the text, if any. */
export function firstDate(text: string, now: Date): chrono.ParsedResult | null {
  if (!mayNameADate(text)) return null;
  return loadChrono().parse(text, now, { forwardDate: false })[0] ?? null;
}

/** What a search needs to know about a query, computed once per search. `now` anchors relative dates. */
export function analyzeQuery(query: string, now: Date): QueryAnalysis {
  const { terms, termPlaces } = termsInPlace(withoutTopicIdioms(query));
  const date = firstDate(query, now);
  const monthOfYear = monthWithoutYear(date);
  const names = namesIn(query);
  const askedKind = askedKindOf(query, names);
  return {
    terms,
    termPlaces,
    timeRange: monthOfYear === null ? timeRangeOf(query, now, date) : null,
    monthOfYear,
    asksWhen: ASKS_WHEN.test(query),
    asksHowOften: ASKS_HOW_OFTEN.test(query),
    conceptNames: queryConceptNames(query),
    slots: slotsAsked(query),
    // A question that names nobody, asked of one's own memories, is about oneself ("Which neighbourhood is
    // home at the moment?"); one that names someone ("What did Melanie paint?") is about them.
    personal:
      FIRST_PERSON.test(query) ||
      (terms.length <= SEARCH_BOX_TERMS && !QUESTION.test(query)) ||
      (QUESTION.test(query) && names.length === 0 && !THIRD_PERSON.test(query)),
    names,
    askedKind,
    asksList: askedKind.length > 0 || ASKS_COUNT.test(query),
    keywordTerms: withVerbForms(terms),
  };
}

/**
 * The content words of the kind a "what/which <kind>" or "how many <kind>" question asks for
 * (`QueryAnalysis.askedKind`).
 */
function askedKindOf(query: string, names: readonly string[]): string[] {
  // What is counted is asked for in the plural whatever its spelling ("How many children"); "times" counts
  // occurrences, not a kind of thing; whose they are is no part of the kind ("How many of Joanna's scripts").
  const counted = ASKS_COUNT.test(query) ? COUNTED_KIND.exec(query) : null;
  if (counted !== null) {
    const words = wordTokens(counted[1]!).filter((word) => isContentWord(word) && !names.includes(word));
    return words[0] === 'times' ? [] : words;
  }
  const found = ASKED_KIND.exec(query);
  if (found === null || ASKS_WHEN.test(query)) return [];
  const words = wordTokens(found[1]!).filter(isContentWord);
  // A list is asked for in the plural ("What instruments", "What kinds of yoga"): "What book" asks for one.
  const plural =
    /\b(?:kinds|types|sorts)\s+of\b/i.test(found[0]) || /[^s]s$/.test(words[words.length - 1] ?? '');
  return plural ? words : [];
}

/** Analyses kept per query text (the most recently asked), for texts whose analysis does not read the clock. */
const analyses = new LRUCache<string, QueryAnalysis>({ max: 2048 });

/**
 * `analyzeQuery`, kept per query text when the analysis is a function of the text alone: no date chrono may
 * read (`mayNameADate`) and no season, the two parts that read `now`. A kept analysis is answered itself,
 * frozen (no reader writes it), so that what the ranker keeps per analysis object, each candidate text's
 * coverage and support, serves every search of a repeated query; what it keeps per search is keyed by that
 * search's own objects (its candidates' map), never by the analysis alone.
 */
export function analyzeQueryKept(query: string, now: Date): QueryAnalysis {
  let kept = analyses.get(query);
  if (!kept) {
    kept = analyzeQuery(query, now);
    if (readsTheClock(query)) return kept;
    kept = Object.freeze(kept);
    analyses.set(query, kept);
  }
  return kept;
}

/** Whether a query's analysis depends on `now`: a date chrono may read relative to it, or a season. */
const readsTheClock = (query: string): boolean => mayNameADate(query) || SEASON.test(query);

// A word as typed, with its case; an apostrophe inside it kept ("Marco's").
const CASED_WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;
const SENTENCE_END = /[.!?]\s*$/;

/**
 * Months and weekdays, capitalised by spelling alone: "Where are we spending the holidays in December?"
 * names a time (`timeRange`, `monthOfYear`), not someone a memory must mention.
 */
const CALENDAR_WORDS =
  /^(?:january|february|march|april|may|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday)$/;

/**
 * The content words capitalised inside a sentence of the query, lowercased and deduplicated, as
 * `wordTokens` cuts them: names of people, pets and places. A sentence's first word, "I", and the names of
 * months and weekdays are not names.
 */
export function namesIn(query: string): string[] {
  const names = new Set<string>();
  for (const match of query.matchAll(CASED_WORD)) {
    const raw = match[0];
    if (raw[0] === raw[0]!.toLowerCase() || /^\d/.test(raw)) continue;
    const before = query.slice(0, match.index);
    if (before.trim() === '' || SENTENCE_END.test(before)) continue;
    const word = wordTokens(raw)[0];
    if (
      word === undefined ||
      !isContentWord(word) ||
      /^i(?:m|ve|d|ll)?$/.test(word) ||
      CALENDAR_WORDS.test(word)
    )
      continue;
    names.add(word);
  }
  return [...names];
}

/**
 * A text's keyword terms alone, as `analyzeQuery` finds them: for lookups that need no dates, concepts or
 * slots (the duplicate check of every add), which would otherwise pay for chrono and compromise per write.
 */
export function queryTerms(query: string): string[] {
  return termsInPlace(withoutTopicIdioms(query)).terms;
}

/** The query's content words, deduplicated in order, with the place each is first named at. */
function termsInPlace(query: string): { terms: string[]; termPlaces: Map<string, number> } {
  const places = new Map<string, number>();
  let place = -1;
  // Whether the words since the last content word are a lone "and" or "or" (the next one shares its place).
  let joining = false;
  let sinceContent = 0;
  for (const word of wordTokens(query)) {
    if (!isContentWord(word)) {
      sinceContent++;
      joining = sinceContent === 1 && place >= 0 && (word === 'and' || word === 'or');
      continue;
    }
    if (!joining) place++;
    if (!places.has(word)) places.set(word, place);
    joining = false;
    sinceContent = 0;
  }
  return { terms: [...places.keys()], termPlaces: places };
}

/** The span of the first date expression in the query, as wide as its most precise certain unit. */
function timeRangeOf(
  query: string,
  now: Date,
  parsed: chrono.ParsedResult | null = firstDate(query, now),
): TimeRange | null {
  const dated = parsed ? rangeOfDate(parsed) : null;
  if (dated) return dated;
  // chrono reads no seasons ("last summer") and leaves a bare year ("where did I live in 2023?") alone.
  const season = seasonRange(query, now);
  if (season) return season;
  const year = YEAR.exec(query);
  return year ? yearRange(Number(year[1])) : null;
}

/**
 * The days a chrono date covers, or null when it names no date: a time of day alone ("in the morning",
 * "at 5pm") is a habit, not a day ("this morning" is today).
 */
function rangeOfDate(parsed: chrono.ParsedResult): TimeRange | null {
  const start = parsed.start;
  const text = parsed.text.toLowerCase();
  const date = start.date();
  if (parsed.end)
    return { from: startOfDay(date).toISOString(), to: endOfDay(parsed.end.date()).toISOString() };
  if (text.includes('week')) {
    const from = startOfDay(date);
    return { from: from.toISOString(), to: addDays(from, 7).toISOString() };
  }
  // "last Friday": chrono is certain of the weekday only, and has resolved it to its day.
  if (start.isCertain('day') || start.isCertain('weekday') || /\b(?:this|today)\b/.test(text))
    return { from: startOfDay(date).toISOString(), to: endOfDay(date).toISOString() };
  if (start.isCertain('month')) {
    const from = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
    return {
      from: from.toISOString(),
      to: new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1)).toISOString(),
    };
  }
  if (start.isCertain('year')) return yearRange(date.getUTCFullYear());
  return null;
}

/** Meteorological seasons of the northern hemisphere: first month (0-11) and length in months. */
const SEASONS: Readonly<Record<string, { month: number; months: number }>> = {
  spring: { month: 2, months: 3 },
  summer: { month: 5, months: 3 },
  autumn: { month: 8, months: 3 },
  fall: { month: 8, months: 3 },
  winter: { month: 11, months: 3 },
};
const SEASON =
  /\b(?:(last|this|past|previous)\s+(spring|summer|autumn|fall|winter)\b|(spring|summer|autumn|fall|winter)\s+(?:of\s+)?((?:19|20)\d{2})\b)/i;

/**
 * "last summer", "this winter", "summer 2023", "the fall of 2022": the season's months (a winter starts in
 * December of its year). "last" is the latest one that has ended, "this" the one of the current year (the
 * one under way, or the last one begun). A season without either, or a year ("in summer"), names no range.
 */
function seasonRange(query: string, now: Date): TimeRange | null {
  const match = SEASON.exec(query);
  if (!match) return null;
  const [, relative, relativeSeason, namedSeason, year] = match;
  const { month, months } = SEASONS[(relativeSeason ?? namedSeason)!.toLowerCase()]!;
  const range = (startYear: number): TimeRange => ({
    from: new Date(Date.UTC(startYear, month, 1)).toISOString(),
    to: new Date(Date.UTC(startYear, month + months, 1)).toISOString(),
  });
  if (year) return range(Number(year));
  const nowMs = now.getTime();
  let startYear = now.getUTCFullYear();
  // The latest season of that name that has begun by now.
  if (Date.UTC(startYear, month, 1) > nowMs) startYear--;
  const ended = Date.UTC(startYear, month + months, 1) <= nowMs;
  return range(relative!.toLowerCase() === 'this' || ended ? startYear : startYear - 1);
}

/** "in June" (no year, no day): chrono would pin it to the last June; a person means June of any year. */
function monthWithoutYear(parsed: chrono.ParsedResult | null): number | null {
  if (!parsed || parsed.end) return null;
  const start = parsed.start;
  if (!start.isCertain('month') || start.isCertain('year') || start.isCertain('day')) return null;
  if (/\b(?:last|this|next|ago)\b/i.test(parsed.text)) return null;
  return start.get('month') ?? null;
}

function yearRange(year: number): TimeRange {
  return {
    from: new Date(Date.UTC(year, 0, 1)).toISOString(),
    to: new Date(Date.UTC(year + 1, 0, 1)).toISOString(),
  };
}

function startOfDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

function endOfDay(date: Date): Date {
  return addDays(startOfDay(date), 1);
}

function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * 86_400_000);
}
