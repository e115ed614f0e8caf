import { firstDate } from './query-analysis.js';

/**
 * Whether a memory says when something happened (decision 204), for a query that asks for a time
 * (`QueryAnalysis.asksWhen`: "When did Caroline go to the support group?", "What year did ...", "How long ago
 * ..."). Among the memories about the thing asked, the one that tells when ("I went to a support group
 * yesterday") is the answer; the others ("The support group was so powerful") are not. On the LoCoMo dev set
 * 84% of the turns that answer a temporal question name a time, against 17% of all turns.
 *
 * A time is what chrono reads as a date or a time in the text ("yesterday", "last Friday", "two weekends
 * ago", "in 2022", "for 4 years"), read from `from` on: the ranker passes the end of a chat turn's "[stamp]
 * Name: " opening, since a stamp says when the turn was written, which every turn of a chat has, and a
 * speaker called May or June is no month. A bare "now" says that something holds, not when it began. With
 * `recurrence` (a "how often" question, `QueryAnalysis.asksHowOften`), how often it recurs is a time too.
 */
export function statesTime(text: string, from = 0, recurrence = false): boolean {
  const said = from > 0 ? text.slice(from) : text;
  // How often something recurs answers "how often", not "when" ("once a month" tells no birthday).
  if (recurrence && RECURS.test(said)) return true;
  let known = statedTimes.get(said);
  if (known === undefined) {
    known = namesTime(said);
    if (statedTimes.size >= STATED_TIMES_MAX) statedTimes.clear();
    statedTimes.set(said, known);
  }
  return known;
}

/** The first time the text names that is not a bare "now" (chrono reads from its first date on). */
function namesTime(text: string): boolean {
  // Whether a text names a time does not depend on the day it is read: any anchor serves.
  const parsed = firstDate(text, ANCHOR);
  if (parsed === null) return false;
  return !BARE_NOW.test(parsed.text) || namesTime(text.slice(parsed.index + parsed.text.length));
}

const ANCHOR = new Date(0);
const PERIOD = '(?:day|night|morning|evening|week|weekend|month|year|season)s?';
/**
 * How often something recurs, which chrono does not read (`statesTime` with `recurrence`): "once a week",
 * "three times a month", "every other day", "weekly".
 */
const RECURS = new RegExp(
  [
    `\\b(?:once|twice|(?:\\d+|one|two|three|four|five|six|seven|eight|nine|ten|a few|several|many|a couple of)\\s+times)\\s+(?:a|an|per|each|every)\\s+${PERIOD}\\b`,
    `\\bevery\\s+(?:other\\s+|single\\s+)?${PERIOD}\\b`,
    '\\b(?:daily|nightly|weekly|fortnightly|monthly|yearly|annually)\\b',
  ].join('|'),
  'i',
);
const BARE_NOW = /^\s*(?:right\s+)?now\W*$/i;

/**
 * The texts already read, kept across searches: a scope's memories come back as candidates of many queries,
 * and chrono costs tens of microseconds a text. Cleared whole when full, as the other caches of the ranker.
 */
const statedTimes = new Map<string, boolean>();
const STATED_TIMES_MAX = 20_000;
