import { type FactSlot, type PersonalTopic, topicsAsked, withoutTopicIdioms } from '@membolt/contracts';

import { slotOfSubject } from '../extraction/fact.js';

/**
 * What the offline assistant reads in a question: its topic words, the kinds of personal fact it asks
 * about (the topics and slots of PERSONAL_TOPICS, which search reads too), the time it asks about, and
 * whether it asks for advice.
 */

/** Words of a question that say nothing about its topic. */
const FUNCTION_WORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again all am an and any are as at be been before being below between both but by can ' +
    'could did do does doing down during each for from had has have having he her here hers him his how i if ' +
    'in into is it its just me more most my myself no nor not now of off on once only or other our out over ' +
    'own same she should so some such than that the their them then there these they this those through to ' +
    'too under until up very was we were what when where which while who whom why will with would you your ' +
    'also get got like tell know remember recall think say said told anything something thing things ' +
    'please currently today tonight tomorrow yesterday lately these days still ever used use day days week ' +
    'weeks month months year years time times each every much many kind sort lot'
  ).split(' '),
);

/** A word's stem for matching: plural, -ing and -ed endings off ("lives" and "live", "hiking" and "hike"). */
export function stemOf(word: string): string {
  const lower = word.toLowerCase().replace(/['’]s$/, '');
  if (lower.length <= 3) return lower;
  return lower
    .replace(/ies$/, 'y')
    .replace(/(?:ing|ed|es|s)$/, '')
    .replace(/e$/, '');
}

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;

/** The stems of a text's topic words. */
export function topicStems(text: string): Set<string> {
  const stems = new Set<string>();
  for (const [word] of text.matchAll(WORD)) {
    const lower = word.toLowerCase();
    if (lower.length > 1 && !FUNCTION_WORDS.has(lower)) stems.add(stemOf(lower));
  }
  return stems;
}

/** A span of time a question asks about, as epoch milliseconds [from, to). */
interface AskedPeriod {
  readonly from: number;
  readonly to: number;
  /** How the answer names it ("In 2023"). */
  readonly label: string;
}

export interface Question {
  /** Stems of its topic words, the phrases that only name a topic ("for a living") taken out. */
  readonly stems: ReadonlySet<string>;
  readonly topics: readonly PersonalTopic[];
  /** It asks about a time past: "Where did I live in 2023?", "Where did I use to work?". */
  readonly past: boolean;
  readonly period: AskedPeriod | null;
  /** It asks what to do ("What should I cook tonight?"). */
  readonly advice: boolean;
  /** It asks about the user as a whole ("What do you know about me?"). */
  readonly aboutMe: boolean;
  /** It asks about someone close to the user ("What does my brother do?", "Who is my wife?"). */
  readonly aboutSomeone: boolean;
  /** Which of them ("brother"; "parent" for "my mum and dad"): the kinds of PEOPLE_KINDS it names. */
  readonly people: ReadonlySet<string>;
  /** A statement rather than a question ("I moved to Berlin."). */
  readonly statement: boolean;
}

const PAST_CUES =
  /\b(?:used to|before|previous|previously|formerly|in the past|ago|back then|at the time|last year|earlier|any ?more|former|(?:did|was|were) (?:i|we)|had (?:i|we))\b/i;
const PRESENT_CUES = /\b(?:now|currently|these days|nowadays|at the moment|today|still)\b/i;
const ADVICE =
  /\b(?:should (?:i|we)|shall (?:i|we)|what can (?:i|we)|could (?:i|we)|recommend\w*|suggest\w*|ideas?|tips?|advice|help me (?:choose|pick|decide|find))\b/i;
const ABOUT_ME = /\b(?:about me|about myself|know of me|who am i)\b/i;
/** The people close to the user a question or a fact may be about. */
const PEOPLE =
  'wife|husband|partner|spouse|boyfriend|girlfriend|fianc[eé]e?|son|daughter|kids?|child|children|baby|mum|mom|mother|dad|father|parents?|brothers?|sisters?|siblings?|grand\\w+|aunt|uncle|cousins?|niece|nephew|friends?|best friend|boss|manager|colleagues?|coworkers?|flatmates?|roommates?|housemates?|neighbou?rs?|in-laws?|\\w+-in-law';
const ABOUT_SOMEONE = new RegExp(
  `\\b(?:my|our)\\s+(?:${PEOPLE}|other half|better half|significant other)(?:'s)?\\b`,
  'i',
);
/** Words for the same person, so "my mum and dad" is asked about in "My parents run a bakery". */
const PEOPLE_KINDS: readonly (readonly [string, RegExp])[] = [
  [
    'partner',
    /\b(?:wife|husband|partner|spouse|boyfriend|girlfriend|fianc[eé]e?|other half|better half|significant other)\b/i,
  ],
  ['parent', /\b(?:mum|mom|mother|dad|father|parents?)\b/i],
  ['child', /\b(?:sons?|daughters?|kids?|child|children|baby)\b/i],
  ['sibling', /\b(?:brothers?|sisters?|siblings?)\b/i],
  ['grandparent', /\bgrand(?:ma|pa|mother|father|parents?|mum|mom|dad)\b/i],
  ['grandchild', /\bgrand(?:son|daughter|child|children|kids?)\b/i],
  ['relative', /\b(?:aunt|uncle|cousins?|niece|nephew|in-laws?|\w+-in-law)\b/i],
  ['friend', /\b(?:friends?|best friend|flatmates?|roommates?|housemates?|neighbou?rs?)\b/i],
  ['work', /\b(?:boss|manager|colleagues?|coworkers?)\b/i],
];
const peopleIn = (text: string): Set<string> =>
  new Set(PEOPLE_KINDS.filter(([, words]) => words.test(text)).map(([kind]) => kind));

/** A memory about someone close to the user, stored without a slot ("My sister lives in Leeds"). */
const OF_SOMEONE = new RegExp(`^(?:my|our|user's)\\s+(?:${PEOPLE})\\b`, 'i');
const ASKS =
  /^(?:what|where|who|whom|whose|when|why|how|which|do|does|did|is|are|am|was|were|can|could|should|shall|would|will|have|has|tell|remind|list|show|give|recommend|suggest|help|any)\b/i;

const YEAR = /\b(19\d\d|20\d\d)\b/;
const LAST_YEAR = /\blast year\b/i;
const pastCued = (text: string): boolean => PAST_CUES.test(text) && !PRESENT_CUES.test(text);

/**
 * `readQuestion(question, now).past` without the rest of the reading: whether the question asks about a time
 * gone (a year, "last year", "used to", "did I"), when the offline answer looks at closed facts too.
 */
export function asksAboutThePast(question: string): boolean {
  const text = question.trim();
  return YEAR.test(text) || LAST_YEAR.test(text) || pastCued(text);
}

function periodOf(question: string, now: Date): AskedPeriod | null {
  const year = YEAR.exec(question);
  if (year) {
    const value = Number(year[1]);
    return { from: Date.UTC(value, 0, 1), to: Date.UTC(value + 1, 0, 1), label: `In ${value}` };
  }
  if (LAST_YEAR.test(question)) {
    const value = now.getUTCFullYear() - 1;
    return { from: Date.UTC(value, 0, 1), to: Date.UTC(value + 1, 0, 1), label: 'Last year' };
  }
  return null;
}

export function readQuestion(question: string, now: Date): Question {
  const text = question.trim();
  const period = periodOf(text, now);
  return {
    stems: topicStems(withoutTopicIdioms(text)),
    topics: topicsAsked(text),
    past: period !== null || pastCued(text),
    period,
    advice: ADVICE.test(text),
    aboutMe: ABOUT_ME.test(text),
    aboutSomeone: ABOUT_SOMEONE.test(text),
    people: ABOUT_SOMEONE.test(text) ? peopleIn(text) : new Set(),
    statement: !text.endsWith('?') && !ASKS.test(text),
  };
}

/** The learnt slot of a memory: its `metadata.slot`, else the slot of its `metadata.subject`. */
export function slotOf(metadata: Readonly<Record<string, unknown>>): FactSlot | null {
  if (typeof metadata['slot'] === 'string') return metadata['slot'] as FactSlot;
  if (typeof metadata['subject'] === 'string') return slotOfSubject(metadata['subject']);
  return null;
}

/** Slots of facts about the people around the user rather than the user. */
const ABOUT_OTHERS: ReadonlySet<FactSlot> = new Set<FactSlot>(['family', 'life-event']);
/** Slots whose topics ask who someone is (family, pets, names), whoever the question is about. */
const WHO: ReadonlySet<FactSlot> = new Set<FactSlot>(['family', 'pet', 'name']);

/**
 * How many of the question's topics a memory answers, by its slot or its words. Who a question is about
 * counts: a fact about someone close to the user answers a question about the user only on who they are
 * (family, pets, names) and the topics no slot answers (age, drink, music ...), so "User's brother Tom is a
 * chef" does not say where the user works; and a fact about the user answers a question about someone close
 * to them ("What does my brother do?") only on the same topics.
 */
export function topicsAnswered(question: Question, text: string, slot: FactSlot | null): number {
  const ofSomeone = slot !== null ? ABOUT_OTHERS.has(slot) : OF_SOMEONE.test(text.trim());
  // "What does my brother do?": a fact about the user's husband is family, but not the family asked about.
  const otherPerson =
    question.people.size > 0 && ![...peopleIn(text)].some((kind) => question.people.has(kind));
  let count = 0;
  for (const topic of question.topics) {
    const either = topic.slots.length === 0 || topic.slots.some((answering) => WHO.has(answering));
    if (!either && ofSomeone !== question.aboutSomeone) continue;
    if (otherPerson && topic.slots.includes('family')) continue;
    if ((slot !== null && topic.slots.includes(slot)) || topic.answers.test(text)) count++;
  }
  return count;
}

export const askedTopic = (question: Question, name: string): boolean =>
  question.topics.some((topic) => topic.name === name);
