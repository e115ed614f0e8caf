import type { SpecialCategoryKind } from '@membolt/contracts';

/** One sentence of a text and where it sits, so a classified sentence can be replaced whole. */
export interface SentenceSpan {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

/**
 * Says which GDPR special categories each sentence reveals about a person. A language model reads meaning; the
 * offline classifier reads words. Both answer one list per sentence, in order. `userId` is the account whose
 * write it is (a model is reached with that account's keys, as its chat is).
 */
export interface SpecialCategoryClassifier {
  classify(sentences: readonly string[], userId: string): Promise<SpecialCategoryKind[][]>;
}

/** Sentences end at `.`, `!` or `?` followed by a space, or at a line break; trailing punctuation is left out. */
export function sentenceSpans(text: string): SentenceSpan[] {
  const spans: SentenceSpan[] = [];
  const boundary = /[.!?]+(?=\s|$)|\n+/g;
  let start = 0;
  const push = (from: number, to: number) => {
    let s = from;
    let e = to;
    while (s < e && /\s/.test(text[s] ?? '')) s++;
    while (e > s && /\s/.test(text[e - 1] ?? '')) e--;
    if (e > s) spans.push({ text: text.slice(s, e), start: s, end: e });
  };
  for (const match of text.matchAll(boundary)) {
    push(start, match.index);
    start = match.index + match[0].length;
  }
  push(start, text.length);
  return spans;
}

/**
 * Words and phrases that state a special category about someone. Each list is a table of the category's common
 * vocabulary (English, with the usual European spellings where they differ); a sentence matching one is classed.
 * Words with an everyday meaning ("straight", "white", "labour", "party") are only matched in a stating phrase.
 */
const CATEGORY_PATTERNS: Readonly<Record<SpecialCategoryKind, RegExp>> = {
  health:
    /\b(?:diagnosed|diagnosis|diabet(?:es|ic)|cancer|tumou?r|chemotherapy|hiv|aids|hepatitis|asthma(?:tic)?|epilep(?:sy|tic)|depression|depressed|anxiety disorder|panic attacks?|bipolar|schizophreni[ac]|ptsd|adhd|autis(?:m|tic)|dementia|alzheimer'?s|parkinson'?s|multiple sclerosis|disabilit(?:y|ies)|disabled|wheelchair|pregnan(?:t|cy)|miscarriage|abortion|therap(?:y|ist)|psychiatrist|antidepressants?|insulin|medication|prescribed|surgery|chronic (?:pain|illness)|illness|disease|blood type|hiv-positive|mental health|eating disorder|anorexi[ac]|bulimi[ac]|addict(?:ion|ed)|rehab|sober|alcoholi(?:c|sm)|allerg(?:y|ic))\b/i,
  religion:
    /\b(?:muslim|islam(?:ic)?|christian(?:ity)?|catholic(?:ism)?|protestant|evangelical|orthodox church|jewish|judaism|hindu(?:ism)?|buddhis[tm]|sikh(?:ism)?|jain|mormon|jehovah'?s witness|atheist|agnostic|religio(?:n|us)|my faith|(?:go|goes|went|going|attends?|attended) to (?:the )?(?:church|mosque|synagogue|temple)|attends? (?:the )?(?:church|mosque|synagogue|temple)|pray(?:s|ed|ing)? (?:every|daily|five)|ramadan|kosher|halal|bible study|bapti[sz]ed|converted to)\b/i,
  politics:
    /\b(?:vot(?:e|ed|es|ing) (?:for|against|labour|conservative|democrat|republican|green|tory)|democrat(?:ic party)?|republican(?: party)?|(?:labour|conservative|tory|liberal democrat|green|socialist|communist|libertarian|far-right|far-left) (?:party|voter|supporter|member)|member of the [\w ]{1,30} party|political (?:views?|opinions?|beliefs?|affiliation)|left-wing|right-wing|socialist|communist|marxist|anarchist|fascist|(?:i'?m|i am|is|user is) (?:a )?(?:liberal|conservative|progressive)|supports? (?:trump|biden|harris|brexit|the [\w ]{1,20} party)|campaign(?:s|ed)? for the)\b/i,
  sexual_orientation:
    /\b(?:gay|lesbian|bisexual|homosexual|heterosexual|pansexual|asexual|queer|lgbtq?\+?|same-sex (?:partner|relationship)|(?:i'?m|i am|is|user is) (?:straight|bi)|coming out|came out (?:as|to))\b/i,
  ethnicity:
    /\b(?:ethnicity|ethnic(?:ally)? (?:origin|background|minority)|race is|racial(?:ly)?|(?:of|with) [\w ]{1,20} (?:descent|heritage|ancestry|origin)|african[- ]american|hispanic|latin[oax]|caucasian|asian[- ]american|pacific islander|native american|indigenous|aboriginal|first nations|roma(?:ni)?|(?:i'?m|i am|is|user is) (?:black|white|asian|arab|jewish|mixed[- ]race|biracial))\b/i,
  trade_union:
    /\b(?:trade union|labou?r union|union member(?:ship)?|member of (?:the|a) [\w ]{0,30}union|union rep(?:resentative)?|shop steward|unionized|teamsters|afl-cio|unison|unite the union|ver\.di|ig metall|cgt|cfdt|ugt|ccoo|joined the union|collective bargaining)\b/i,
};

const CATEGORIES = Object.keys(CATEGORY_PATTERNS) as SpecialCategoryKind[];

/** The offline classifier: the vocabulary table above, sentence by sentence. */
export class KeywordSpecialCategoryClassifier implements SpecialCategoryClassifier {
  classify(sentences: readonly string[], _userId?: string): Promise<SpecialCategoryKind[][]> {
    return Promise.resolve(sentences.map((sentence) => classifyByKeywords(sentence)));
  }
}

export function classifyByKeywords(sentence: string): SpecialCategoryKind[] {
  return CATEGORIES.filter((category) => CATEGORY_PATTERNS[category].test(sentence));
}
