import { wordTokens } from './text-tokens.js';
import { lemmasOf } from './wordnet.js';

/**
 * What the ranker reads of a memory's text, kept per text: each is a pure function of the text (and, for
 * `slots` and `topics`, of a fixed vocabulary), and the same memories come back search after search, so a
 * search reads them instead of tokenising, lemmatising and matching patterns again. Each field is filled at
 * its first use by the module that reads it; a changed text is a new key, so nothing can go stale.
 */
export interface TextFacts {
  /** `textForms`. */
  forms?: ReadonlySet<string>;
  /** The text's words (`wordTokens`), in order. */
  words?: readonly string[];
  /** The content words and word pairs WordNet reads (`meaning.ts`). */
  bridgeWords?: ReadonlySet<string>;
  /** The common words of the text (`commonWords` in `meaning.ts`, names and stop words left out). */
  commonWords?: readonly string[];
  /** Per fact slot, whether the text states it by the slot's patterns or WordNet anchors (`slots.ts`). */
  slots?: Map<string, boolean>;
  /** Per pattern asked (`matchesPattern`), whether the text matches it. */
  patterns?: Map<RegExp, boolean>;
  /** The chat turn's speaker and how much the text says (`rank.ts`). */
  turn?: ChatTurn;
}

/** A memory read as a chat turn ("[stamp] Name: ..."): `rank.ts`'s speaker rule and `whatItSays`. */
export interface ChatTurn {
  /** The speaker's name as `wordTokens` cuts it; null when the text is no chat turn. */
  readonly speakerWords: readonly string[] | null;
  /** `whatItSays` of the text. */
  readonly detail: number;
  readonly asks: boolean;
}

/**
 * Texts whose facts are kept. The ranker reads a few hundred a search at most (the candidates of a large
 * scope); a few thousand texts of ~30 forms and words each hold a few MB.
 */
const TEXT_FACTS_CACHE_MAX = 4096;
/**
 * Two generations of at most half the bound each: a text is looked up in the current one, then in the
 * previous one (and moved to the current); when the current is full it becomes the previous and the oldest
 * generation is dropped. What was read in the last generation stays, as an LRU would keep it, at the cost of
 * a Map lookup: the ranker asks for a text's facts several times per candidate (an LRU's bookkeeping was
 * about a twentieth of a small search).
 */
let currentFacts = new Map<string, TextFacts>();
let previousFacts = new Map<string, TextFacts>();

/** The text's facts record, empty at first (each reader fills its own field). */
export function factsOf(text: string): TextFacts {
  let facts = currentFacts.get(text);
  if (facts) return facts;
  facts = previousFacts.get(text) ?? {};
  if (currentFacts.size >= TEXT_FACTS_CACHE_MAX / 2) {
    previousFacts = currentFacts;
    currentFacts = new Map();
  }
  currentFacts.set(text, facts);
  return facts;
}

/**
 * Every word of the text (`wordTokens`) with each of its base forms (`lemmasOf`): what a query word is looked
 * for in, inflections aside ("dogs" meets "dog"). The set is shared between callers: read it, never change it.
 */
export function textForms(text: string, facts: TextFacts = factsOf(text)): ReadonlySet<string> {
  let forms = facts.forms;
  if (!forms) {
    const found = new Set<string>();
    for (const word of textWords(text, facts)) for (const form of lemmasOf(word)) found.add(form);
    forms = facts.forms = found;
  }
  return forms;
}

/** The text's words as `wordTokens` cuts them, kept with its facts. Shared: read it, never change it. */
export function textWords(text: string, facts: TextFacts = factsOf(text)): readonly string[] {
  return (facts.words ??= wordTokens(text));
}

/**
 * `pattern.test(text)`, kept with the text's facts per pattern: for the fixed patterns of the ranker's
 * vocabularies (a personal topic's answer words), tested against every candidate of every search. The
 * pattern must not be global or sticky (its `test` would then depend on `lastIndex`).
 */
export function matchesPattern(text: string, pattern: RegExp): boolean {
  const facts = factsOf(text);
  const known = (facts.patterns ??= new Map());
  let matches = known.get(pattern);
  if (matches === undefined) {
    matches = pattern.test(text);
    known.set(pattern, matches);
  }
  return matches;
}
