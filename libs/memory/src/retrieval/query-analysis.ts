import * as chrono from 'chrono-node';

import { queryConceptNames } from './concepts.js';
import { contentTokens } from './text-tokens.js';

export interface TimeRange {
  /** ISO-8601, inclusive. */
  readonly from: string;
  /** ISO-8601, exclusive. */
  readonly to: string;
}

export interface QueryAnalysis {
  /** Lowercased keyword tokens for an FTS5 OR-query, stop words removed, deduped (the store quotes them). */
  readonly terms: string[];
  /** The time the query names ("in 2023", "last year", "in May 2023"), or null. */
  readonly timeRange: TimeRange | null;
  /** A month named without a year ("in June"): 1-12, matched in any year; null otherwise. */
  readonly monthOfYear: number | null;
  /** The query asks for a time ("when ...", "what year", "how long ago"): memories stating one help. */
  readonly asksWhen: boolean;
  /** Normalised concept names in the query (see concepts.ts), to find memories linked to them. */
  readonly conceptNames: string[];
}

const YEAR = /\b(?:in|during|of|from|since|around)?\s*((?:19|20)\d{2})\b/i;
const ASKS_WHEN =
  /^\s*when\b|\bwhat (?:year|month|day|date|time)\b|\bhow long (?:ago|has|have|did|was)\b|\bwhich (?:year|month|day)\b/i;

/**
 * Every word chrono's English parsers start from (casual dates and times, weekdays, months, time units,
 * number words), or a digit: a text with none of them names no date, and chrono (a few dozen regular
 * expressions) is not run on it. Single-letter units ("5 m", "a d", "last w") need a number or a relative
 * word before them.
 */
const MAY_NAME_A_DATE = new RegExp(
  [
    '\\d',
    `\\b(?:${[
      'now|today|tonight|tomorrow|overmorrow|tmrw?|yesterday|night|morning|afternoon|evening|midnight|midday|noon|weekends?',
      'sun|sunday|mon|monday|tues?|tuesday|wed|wednesday|thu|thur|thurs|thursday|fri|friday|sat|saturday',
      'jan|january|feb|february|mar|march|apr|april|may|jun|june|jul|july|aug|august|sept?|september',
      'oct|october|nov|november|dec|december',
      'secs?|seconds?|mins?|minutes?|hrs?|hours?|days?|weeks?|mos?|months?|qtr|quarters?|yrs?|years?',
      'first|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|\\w+teenth|twentieth|thirtieth',
    ].join('|')})\\b`,
    '\\b(?:an?|the|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|few|several|couple|half)\\s+[smhdwy]\\b',
    '\\b(?:this|last|past|next|after)\\s*[smhdwy]\\b',
  ].join('|'),
  'i',
);

/** The first date expression chrono finds in the text, if any. */
function firstDate(text: string, now: Date): chrono.ParsedResult | null {
  if (!MAY_NAME_A_DATE.test(text)) return null;
  return chrono.parse(text, now, { forwardDate: false })[0] ?? null;
}

/** What a search needs to know about a query, computed once per search. `now` anchors relative dates. */
export function analyzeQuery(query: string, now: Date): QueryAnalysis {
  const terms = [...new Set(contentTokens(query))];
  const date = firstDate(query, now);
  const monthOfYear = monthWithoutYear(date);
  return {
    terms,
    timeRange: monthOfYear === null ? timeRangeOf(query, now, date) : null,
    monthOfYear,
    asksWhen: ASKS_WHEN.test(query),
    conceptNames: queryConceptNames(query),
  };
}

/** The span of the first date expression in the query, as wide as its most precise certain unit. */
export function timeRangeOf(
  query: string,
  now: Date,
  parsed: chrono.ParsedResult | null = firstDate(query, now),
): TimeRange | null {
  if (parsed) {
    const start = parsed.start;
    const text = parsed.text.toLowerCase();
    const date = start.date();
    if (parsed.end)
      return { from: startOfDay(date).toISOString(), to: endOfDay(parsed.end.date()).toISOString() };
    if (text.includes('week')) {
      const from = startOfDay(date);
      return { from: from.toISOString(), to: addDays(from, 7).toISOString() };
    }
    if (start.isCertain('day'))
      return { from: startOfDay(date).toISOString(), to: endOfDay(date).toISOString() };
    if (start.isCertain('month')) {
      const from = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
      return {
        from: from.toISOString(),
        to: new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1)).toISOString(),
      };
    }
    return yearRange(date.getUTCFullYear());
  }
  // chrono leaves a bare year ("where did I live in 2023?") alone.
  const year = YEAR.exec(query);
  return year ? yearRange(Number(year[1])) : null;
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
