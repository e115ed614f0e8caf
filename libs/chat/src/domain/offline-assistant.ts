import { ChatMessages, type MemorySearchResultView } from '@membolt/contracts';
import {
  askedTopic,
  type Question,
  readQuestion,
  slotOf,
  topicsAnswered,
  topicStems,
} from './offline-question.js';
import { inSecondPerson, inSecondPersonPast } from './second-person.js';

const DAY_FORMAT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const day = (iso: string) => DAY_FORMAT.format(new Date(iso));

/** Memories an answer uses at most: a few facts answer a question; more is a list, not an answer. */
const MAX_USED = 3;
/** For "what do you know about me?". */
const MAX_USED_ABOUT_ME = 6;
/** The longest piece of a file or a long note an answer quotes. */
const QUOTE_MAX_CHARS = 200;
/** Cosine similarity above which a memory bears on the question without sharing a word or topic with it. */
const SEMANTIC_MIN = 0.5;
const DAY_MS = 86_400_000;

export const NOTHING_KNOWN =
  "I don't remember anything that bears on this yet. Tell me about yourself and I will remember it.";

/**
 * A memory's text quoted in the markdown answer as plain text: the brackets of link, image, autolink and HTML
 * syntax are escaped, so a stored `[Log in](https://…)` shows as written and never becomes a link (a bare
 * URL is left to the client, which never links one from memory text); line breaks become spaces, so a memory
 * stays one line.
 */
function quoted(text: string): string {
  return text
    .trim()
    .replace(/\s*[\r\n\u2028\u2029]+\s*/g, ' ')
    .replace(/[\\[\]<>]/g, (character) => `\\${character}`);
}

export interface OfflineAnswer {
  readonly text: string;
  /** The memories the answer used, in the order it used them: the turn's `memories_used`. */
  readonly usedIds: readonly string[];
}

interface Candidate {
  readonly result: MemorySearchResultView;
  readonly strength: number;
  readonly closed: boolean;
  readonly rank: number;
}

/** How strongly a memory bears on the question: topics it answers, words it shares, the search's own signals. */
function strengthOf(question: Question, result: MemorySearchResultView): number {
  const { memory, scores } = result;
  const stems = topicStems(memory.text);
  let shared = 0;
  for (const stem of question.stems) if (stems.has(stem)) shared++;
  const aboutUser = question.aboutMe && kindOf(result) === 'fact' && inSecondPerson(memory.text) !== null;
  return (
    2 * topicsAnswered(question, memory.text, slotOf(memory.metadata)) +
    shared +
    (scores.conceptMatch ? 1 : 0) +
    ((scores.semantic ?? 0) >= SEMANTIC_MIN ? 1 : 0) +
    (aboutUser ? 1 : 0)
  );
}

const kindOf = (result: MemorySearchResultView): 'chunk' | 'summary' | 'fact' => {
  const kind = result.memory.metadata['kind'];
  return kind === 'chunk' || kind === 'summary' ? kind : 'fact';
};
const fileNameOf = (result: MemorySearchResultView): string => {
  const name = result.memory.metadata['fileName'];
  return typeof name === 'string' ? name : 'a file';
};

/** The sentence of a long text that bears most on the question, cut to a quotable length. */
function bestSentence(text: string, question: Question): string {
  const sentences = text
    .replace(/^Summary of the file "[^"]*": /, '')
    .split(/(?<=[.!?])\s+|\s*[\r\n]+\s*/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
  let best = sentences[0] ?? text.trim();
  let bestShared = 0;
  for (const sentence of sentences) {
    const stems = topicStems(sentence);
    let shared = topicsAnswered(question, sentence, null);
    for (const stem of question.stems) if (stems.has(stem)) shared++;
    if (shared > bestShared) [best, bestShared] = [sentence, shared];
  }
  if (best.length <= QUOTE_MAX_CHARS) return best;
  const cut = best.slice(0, QUOTE_MAX_CHARS);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), QUOTE_MAX_CHARS / 2))}…`;
}

/** What eating by a diet or an allergy means for a meal, for "What should I cook tonight?". */
function mealAdvice(text: string): string | null {
  if (/\b(?:no longer|not|never|stopped|quit|gave up)\b|n['’]t\b/i.test(text)) return null;
  const allergy = /\ballergic to ([^.,;]+)/i.exec(text);
  if (allergy?.[1]) return `leave ${allergy[1].trim()} out`;
  if (/\bvegan\b/i.test(text)) return 'a dish without meat, fish, eggs or dairy would suit you';
  if (/\bvegetarian\b/i.test(text)) return 'a meat-free dish would suit you';
  if (/\bpescatarian\b/i.test(text)) return 'fish or vegetables rather than meat would suit you';
  if (/\b(?:gluten|coeliac|celiac)\b/i.test(text)) return 'pick something gluten-free';
  if (/\b(?:lactose|dairy)\b/i.test(text)) return 'pick something without dairy';
  if (/\bhalal\b/i.test(text)) return 'keep it halal';
  if (/\bkosher\b/i.test(text)) return 'keep it kosher';
  return null;
}

const lowerFirst = (text: string) => (/^You/.test(text) ? `y${text.slice(1)}` : text);

/** One memory said in the answer, and how it is listed among the memories used. */
function said(
  candidate: Candidate,
  question: Question,
  context: { readonly replacedBy: boolean; readonly afterPeriod: boolean },
): { readonly sentence: string; readonly source: string } {
  const { memory } = candidate.result;
  const noted = `noted ${day(memory.createdAt)}${candidate.closed && memory.validTo ? `; no longer true since ${day(memory.validTo)}` : ''}`;
  const kind = kindOf(candidate.result);
  if (kind !== 'fact') {
    const file = fileNameOf(candidate.result);
    const quote = bestSentence(memory.text, question);
    return kind === 'chunk'
      ? {
          sentence: `The file “${file}” says: “${quote}”`,
          source: `a passage of the file “${file}” (${noted})`,
        }
      : {
          sentence: `The file “${file}” is about this: “${quote}”`,
          source: `the summary of the file “${file}” (${noted})`,
        };
  }
  const long = memory.text.length > QUOTE_MAX_CHARS;
  const personal = long
    ? null
    : candidate.closed
      ? inSecondPersonPast(memory.text)
      : inSecondPerson(memory.text);
  const short = long ? bestSentence(memory.text, question) : memory.text.trim();
  if (personal === null) return { sentence: `I have a note: “${short}”`, source: `${short} (${noted})` };

  let sentence = personal;
  if (candidate.closed && question.period) sentence = `${question.period.label}, ${lowerFirst(sentence)}`;
  else if (candidate.closed && context.replacedBy) sentence = `Before that, ${lowerFirst(sentence)}`;
  else if (context.afterPeriod) sentence = `Now ${lowerFirst(sentence)}`;
  const advice =
    question.advice && !candidate.closed && askedTopic(question, 'food') ? mealAdvice(memory.text) : null;
  if (advice) sentence = `${sentence.replace(/[.!?…]$/, '')}, so ${advice}.`;
  return { sentence, source: `${short} (${noted})` };
}

/**
 * The answer when no language model is configured: the memories that bear on the question, said back in
 * plain sentences in the second person ("You work as a pharmacist."), then which memories they came from.
 * A memory bears on it when it answers a topic the question asks about (by the learnt slot or its words),
 * shares a topic word with it, or the search linked it by a concept or a close meaning; the answer keeps the
 * strongest. A fact that no longer holds is said in the past and after the current ones, unless the question
 * asks about that time. Files are quoted by their most relevant sentence, never whole. It never pretends to
 * be a model: nothing is made up, and it says so when it knows nothing that bears on the question.
 */
export function composeOfflineAnswer(
  message: string,
  results: readonly MemorySearchResultView[],
  now: Date,
): OfflineAnswer {
  const question = readQuestion(message, now);
  const nowMs = now.getTime();
  const candidates: Candidate[] = results
    .map((result, rank) => ({
      result,
      rank,
      strength: strengthOf(question, result),
      closed: result.memory.validTo !== null && Date.parse(result.memory.validTo) <= nowMs,
    }))
    .filter((candidate) => candidate.strength > 0);
  const best = Math.max(0, ...candidates.map((candidate) => candidate.strength));
  const period = question.period;
  const heldInPeriod = (candidate: Candidate) =>
    period !== null &&
    Date.parse(candidate.result.memory.validFrom) < period.to &&
    (candidate.result.memory.validTo === null || Date.parse(candidate.result.memory.validTo) > period.from);
  // Current facts first; a question about the past puts first what held then.
  const order = (candidate: Candidate): number => {
    if (period) return heldInPeriod(candidate) ? (candidate.closed ? 0 : 1) : candidate.closed ? 3 : 2;
    if (question.past) return candidate.closed ? 0 : 1;
    return candidate.closed ? 1 : 0;
  };
  const chosen = candidates
    // Strictly more than half the best: a memory matching one word of a question another answers fully stays out.
    .filter((candidate) => candidate.strength * 2 > best)
    // A fact that ended outside the time asked about does not answer it.
    .filter((candidate) => !(period && candidate.closed && !heldInPeriod(candidate)))
    // What is already known about something the user tells: what holds now, not what no longer does.
    .filter((candidate) => !(question.statement && !question.past && candidate.closed))
    .sort((a, b) => order(a) - order(b) || b.strength - a.strength || a.rank - b.rank);

  const sentences: string[] = [];
  const sources: string[] = [];
  const usedIds: string[] = [];
  const limit = question.aboutMe ? MAX_USED_ABOUT_ME : MAX_USED;
  for (const candidate of chosen) {
    if (usedIds.length >= limit) break;
    const slot = slotOf(candidate.result.memory.metadata);
    const validFrom = Date.parse(candidate.result.memory.validFrom);
    const replacedBy =
      candidate.closed &&
      slot !== null &&
      chosen.some(
        (other) =>
          !other.closed &&
          usedIds.includes(other.result.memory.id) &&
          slotOf(other.result.memory.metadata) === slot &&
          Date.parse(candidate.result.memory.validTo ?? '') <=
            Date.parse(other.result.memory.validFrom) + DAY_MS,
      );
    const afterPeriod = period !== null && !candidate.closed && validFrom >= period.to;
    const { sentence, source } = said(candidate, question, { replacedBy, afterPeriod });
    // The same fact stored twice ("I am vegetarian", "User is vegetarian.") is said once.
    if (sentences.includes(sentence)) continue;
    sentences.push(sentence);
    sources.push(source);
    usedIds.push(candidate.result.memory.id);
  }

  if (usedIds.length === 0) return { text: `${ChatMessages.offlineNotice}\n\n${NOTHING_KNOWN}`, usedIds };
  const lead = question.statement ? 'What I already know that bears on this: ' : '';
  const answer = `${lead}${sentences.map(quoted).join(' ')}`;
  const list = sources.map((source) => `- ${quoted(source)}`).join('\n');
  const from = usedIds.length === 1 ? 'From this memory:' : `From these ${usedIds.length} memories:`;
  return { text: `${ChatMessages.offlineNotice}\n\n${answer}\n\n${from}\n${list}`, usedIds };
}

/** The offline answer in word-sized pieces, so it streams like a model's. */
export function piecesOf(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}
