import { LRUCache } from 'lru-cache';

import { factsOf, textWords } from './text-forms.js';
import { isContentWord, wordTokens } from './text-tokens.js';
import { ancestorsOf, depthOf, glossOf, lemmasOf, nameAncestorsOf, wordSenses, wordsOf } from './wordnet.js';

/**
 * Word meaning across spellings, from WordNet: a query word bears on a memory word that is one of its senses
 * or a kind of it ("drink" -> coffee, tea: kinds of beverage; "animal" -> greyhound; "vehicle" -> car), and,
 * more weakly, on a sibling ("tea" -> coffee: both beverages). The memory word's hypernym chain is walked,
 * never the query word's hyponyms ("animal" has thousands), so the cost per memory word is bounded and cached.
 */

/** Synsets this close to the root ("entity", "object", "person", "act", "thing") say nothing about a topic. */
const MIN_SENSE_DEPTH = 4;
/** Senses shallower than this reach only their kinds two steps down ("activity" is not "coffee"). */
const SPECIFIC_DEPTH = 6;
/** A sibling match goes through a shared parent: only a parent this specific counts. */
const MIN_PARENT_DEPTH = 6;
/** A kind-of match found further up the memory word's chain counts less; beyond this it is not counted. */
const MAX_KIND_DISTANCE = 9;

interface QueryWord {
  readonly word: string;
  /** The word's base forms, to find it in a definition. */
  readonly forms: readonly string[];
  /** The content words of the definitions of its senses, base forms included. */
  readonly glossWords: ReadonlySet<string>;
  /** A sense this shallow is broad ("activity", "problem"): only its near kinds count. */
  readonly broad: ReadonlySet<string>;
  /** The query word's senses that bear a topic. */
  readonly senses: ReadonlySet<string>;
  /** The direct hypernyms of those senses, for sibling matches. */
  readonly parents: ReadonlySet<string>;
  /** Memory word -> relatedness, filled as searches meet words (the query's meaning is cached with it). */
  readonly seen: Map<string, number>;
}

export interface QueryMeaning {
  readonly words: readonly QueryWord[];
}

const meaningCache = new Map<string, QueryMeaning>();
const MEANING_CACHE_MAX = 512;

/** The WordNet senses of the query's content words (`QueryAnalysis.terms`); words WordNet lacks are skipped. */
export function queryMeaning(terms: readonly string[]): QueryMeaning {
  const key = terms.join(' ');
  const cached = meaningCache.get(key);
  if (cached) return cached;
  const words: QueryWord[] = [];
  // A pair WordNet knows as one entry ("dairy products", "hot drink") stands for both its words.
  const phrases: string[] = [];
  for (let i = 0; i < terms.length; i++) {
    const pair = i + 1 < terms.length ? `${terms[i]}_${terms[i + 1]}` : null;
    if (pair !== null && wordSenses(pair).length > 0) {
      phrases.push(pair);
      i++;
    } else phrases.push(terms[i]!);
  }
  for (const word of phrases) {
    const found = queryWord(word);
    if (found !== null) words.push(found);
  }
  const meaning = { words };
  if (meaningCache.size >= MEANING_CACHE_MAX) meaningCache.clear();
  meaningCache.set(key, meaning);
  return meaning;
}

/**
 * Query words whose senses are kept, with the memory words each has met (`QueryWord.seen`): a word's meaning
 * depends on the word alone, so a new query that shares a word with an earlier one reads the same memories'
 * words at no cost. Bounded with the seen words: as many query words as the query cache held before.
 */
const QUERY_WORD_CACHE_MAX = 2048;
const queryWords = new LRUCache<string, { readonly found: QueryWord | null }>({ max: QUERY_WORD_CACHE_MAX });

/** One query word's (or WordNet pair's) senses; null when WordNet has no sense of it that bears a topic. */
function queryWord(word: string): QueryWord | null {
  const cached = queryWords.get(word);
  if (cached) return cached.found;
  let found: QueryWord | null = null;
  const senses = new Set(wordSenses(word).filter((sense) => depthOf(sense) >= MIN_SENSE_DEPTH));
  if (senses.size > 0) {
    const broad = new Set([...senses].filter((sense) => depthOf(sense) < SPECIFIC_DEPTH));
    const parents = new Set<string>();
    for (const [ancestor, distance] of ancestorsOf(word)) {
      if (distance === 1 && depthOf(ancestor) >= MIN_PARENT_DEPTH) parents.add(ancestor);
    }
    const glossWords = new Set<string>();
    for (const sense of senses) for (const form of glossForms(sense)) glossWords.add(form);
    found = {
      word,
      forms: lemmasOf(word.split('_').pop()!),
      glossWords,
      broad,
      senses,
      parents,
      seen: new Map(),
    };
  }
  queryWords.set(word, { found });
  return found;
}

/** Memory words remembered per query word. */
const SEEN_MAX = 20_000;
/** A gloss match: the memory word's definition names the query word, or the query word's names it. */
const GLOSS_REACH = 0.4;
/** The senses of a memory word whose definitions are read. */
const GLOSS_SENSES = 2;

const glossCache = new Map<string, ReadonlySet<string>>();

/** The content words of a synset's definition and examples, with their base forms. */
function glossForms(sense: string): ReadonlySet<string> {
  let forms = glossCache.get(sense);
  if (!forms) {
    const found = new Set<string>();
    for (const word of wordTokens(glossOf(sense))) {
      if (!isContentWord(word)) continue;
      for (const form of lemmasOf(word)) found.add(form);
    }
    forms = found;
    glossCache.set(sense, forms);
  }
  return forms;
}

// A word as `wordTokens` cuts it, with its case, and what comes before it.
const CASED_WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;

/**
 * The text's content words, lowercased, in order; null in place of a stop word, a number or a name. A name
 * (a capitalised word inside a sentence: "Johnny Cash", "Biscuit") is no common noun: WordNet would read
 * "Johnny" as a soldier and "Cash" as money, and put "I'm a fan of Johnny Cash" in the occupation slot.
 */
export function commonWords(text: string): (string | null)[] {
  return casedWords(text).map(({ word, name }) =>
    !isContentWord(word) || /\d/.test(word) || name ? null : word,
  );
}

interface CasedWord {
  readonly word: string;
  /** Written as a name: capitalised inside a sentence. */
  readonly name: boolean;
  /** A name of one word ("Berlin"), not a word of a longer one ("Mosquito Creek", "Golden Retriever"). */
  readonly singleName: boolean;
}

/** Each word of the text, lowercased, and whether it is written as a name. */
function casedWords(text: string): CasedWord[] {
  // A text in capitals throughout has no names to tell apart.
  const cased = /\p{Ll}/u.test(text);
  const found: { word: string; name: boolean; capitalised: boolean; start: number; end: number }[] = [];
  for (const match of text.matchAll(CASED_WORD)) {
    const raw = match[0];
    const start = match.index;
    const startsSentence = startsSentenceAt(text, start);
    const capitalised = cased && raw[0] !== raw[0]!.toLowerCase();
    const word = tokenOfWord(raw);
    found.push({ word, name: capitalised && !startsSentence, capitalised, start, end: start + raw.length });
  }
  const joined = (left: (typeof found)[number] | undefined, right: (typeof found)[number] | undefined) =>
    left !== undefined &&
    right !== undefined &&
    left.capitalised &&
    right.capitalised &&
    /^\s+$/.test(text.slice(left.end, right.start));
  return found.map(({ word, name }, i) => ({
    word,
    name,
    singleName: name && !joined(found[i - 1], found[i]) && !joined(found[i], found[i + 1]),
  }));
}

/**
 * Whether a word at `start` begins a sentence: nothing but white space in the three characters before it, or
 * a sentence mark (`.!?:;"“(`) as the last of them that is not white space. Read per word of every candidate
 * text at its first reading, so without a slice and a pattern per word.
 */
function startsSentenceAt(text: string, start: number): boolean {
  for (let at = start - 1; at >= Math.max(0, start - 3); at--) {
    const code = text.charCodeAt(at);
    if (isWhiteSpace(code)) continue;
    return SENTENCE_MARKS.has(code);
  }
  return true;
}

const SENTENCE_MARKS: ReadonlySet<number> = new Set([...'.!?:;"“('].map((mark) => mark.charCodeAt(0)));

/** What `String.prototype.trimEnd` and `\s` take for white space (WhiteSpace and LineTerminator). */
function isWhiteSpace(code: number): boolean {
  return (
    (code >= 0x09 && code <= 0x0d) ||
    code === 0x20 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/**
 * `wordTokens(raw)[0]` for one word as CASED_WORD cuts it: an ASCII word lowercases to one token of the
 * same characters, so only its possessive and apostrophes are dropped here; any other goes through the
 * tokenizer (a lowercase form may be longer, or not a word character).
 */
function tokenOfWord(raw: string): string {
  for (let i = 0; i < raw.length; i++) if (raw.charCodeAt(i) > 0x7f) return wordTokens(raw)[0] ?? '';
  let word = raw.toLowerCase();
  if (word.endsWith("'s")) word = word.slice(0, -2);
  return word.includes("'") ? word.replace(/'/g, '') : word;
}

/** A memory word written as a name is kept capitalised among the bridge words: it reads only name senses. */
function asName(word: string): string {
  return word[0]!.toUpperCase() + word.slice(1);
}

function isName(memoryWord: string): boolean {
  return memoryWord[0] !== memoryWord[0]!.toLowerCase();
}

/** How strongly one query word bears on one memory word: 1 same sense, less for a kind further down, 0.3 sibling. */
function relatedness(query: QueryWord, memoryWord: string): number {
  const known = query.seen.get(memoryWord);
  if (known !== undefined) return known;
  const found = relatednessOf(query, memoryWord);
  if (query.seen.size >= SEEN_MAX) query.seen.clear();
  query.seen.set(memoryWord, found);
  return found;
}

function relatednessOf(query: QueryWord, memoryWord: string): number {
  const name = isName(memoryWord);
  const word = name ? memoryWord.toLowerCase() : memoryWord;
  if (word === query.word) return 0;
  const ancestors = name ? nameAncestorsOf(word) : ancestorsOf(word);
  let best = 0;
  for (const [ancestor, distance] of ancestors) {
    if (query.senses.has(ancestor)) {
      const reach = query.broad.has(ancestor) ? 2 : MAX_KIND_DISTANCE;
      if (distance <= reach) best = Math.max(best, distance === 0 ? 1 : Math.max(0.5, 1 - distance * 0.06));
    } else if (distance === 1 && query.parents.has(ancestor)) best = Math.max(best, 0.3);
  }
  if (best < GLOSS_REACH) {
    if (lemmasOf(word).some((form) => query.glossWords.has(form))) return GLOSS_REACH;
    let senses = 0;
    for (const [sense, distance] of ancestors) {
      if (distance !== 0 || senses++ >= GLOSS_SENSES) continue;
      const gloss = glossForms(sense);
      if (query.forms.some((form) => gloss.has(form))) return GLOSS_REACH;
    }
  }
  return best;
}

/**
 * How much of the query the memory's words reach by meaning rather than spelling: the mean over the query's
 * WordNet words of the best relatedness to any memory word (and word pair, "green tea"), 0 to 1. Words spelt
 * alike are left to the keyword and dense channels.
 */
export function bridgeScore(meaning: QueryMeaning, text: string): number {
  if (meaning.words.length === 0) return 0;
  let total = 0;
  for (const reach of bridgeByWord(meaning, text).values()) total += reach;
  return total / meaning.words.length;
}

/**
 * For each of the query's WordNet words (a pair such as "hot_drink" as one), the best relatedness to any of
 * the memory's words and word pairs, 0 to 1: which of the query's words the memory reaches by meaning.
 */
export function bridgeByWord(meaning: QueryMeaning, text: string): ReadonlyMap<string, number> {
  // The ranker asks twice per candidate (its meaning, then its relevance) in one synchronous pass: the last
  // meaning's answers are kept, so the second ask is a lookup. A new meaning starts them afresh.
  if (lastMeaning !== meaning) {
    lastMeaning = meaning;
    lastReach.clear();
  }
  const known = lastReach.get(text);
  if (known) return known;
  const reached = reachOf(meaning, text);
  if (lastReach.size >= REACH_TEXTS_MAX) lastReach.clear();
  lastReach.set(text, reached);
  return reached;
}

/** Texts whose reach is kept for the last meaning asked: a search's candidates and the best of them. */
const REACH_TEXTS_MAX = 512;
let lastMeaning: QueryMeaning | null = null;
const lastReach = new Map<string, ReadonlyMap<string, number>>();

function reachOf(meaning: QueryMeaning, text: string): Map<string, number> {
  const reached = new Map<string, number>();
  if (meaning.words.length === 0) return reached;
  const words = bridgeWords(text);
  for (const query of meaning.words) {
    let best = 0;
    for (const word of words) {
      best = Math.max(best, relatedness(query, word));
      if (best === 1) break;
    }
    reached.set(query.word, best);
  }
  return reached;
}

/** The text's content words (numbers aside) and pairs of adjacent content words ("green_tea"), lowercased. */
function bridgeWords(text: string): ReadonlySet<string> {
  const facts = factsOf(text);
  let words = facts.bridgeWords;
  if (words) return words;
  // Names are kept here ("two Labradors", "an IPA"): a kind named with a capital is still a kind. A name of one
  // word reads only in the senses WordNet spells with a capital when it has them ("I moved to Berlin" names a
  // city, not the car called a berlin); a word of a longer name is often its kind ("Mosquito Creek").
  const names = new Set<string>();
  for (const { word, singleName } of casedWords(text)) if (singleName) names.add(word);
  const tokens = textWords(text, facts);
  const found = new Set<string>();
  for (let i = 0; i < tokens.length; i++) {
    const word = tokens[i]!;
    if (!isContentWord(word) || /\d/.test(word)) continue;
    found.add(names.has(word) ? asName(word) : word);
    const next = tokens[i + 1];
    if (next !== undefined && isContentWord(next)) found.add(`${word}_${next}`);
  }
  words = facts.bridgeWords = found;
  return words;
}

/**
 * The kind a list question asks for ("What instruments does Melanie play?"), read in WordNet: its noun senses,
 * and its head word, which also names a kind of it in a longer entry ("musical_instrument").
 */
export interface KindAsked {
  /** The head word's base forms ("instrument" for "instruments"). */
  readonly forms: readonly string[];
  /** The kind's noun senses (of the pair WordNet knows, "european_country", else of the head word). */
  readonly senses: ReadonlySet<string>;
  /** Those too shallow to bear a topic on their own ("activity", "item"): only their near kinds count. */
  readonly broad: ReadonlySet<string>;
  /** Memory word -> whether it names a member of the kind, filled as searches meet words. */
  readonly seen: Map<string, boolean>;
}

const kindsAsked = new LRUCache<string, { readonly found: KindAsked | null }>({ max: QUERY_WORD_CACHE_MAX });
/** A broad kind reaches its members this many steps down at most. */
const BROAD_KIND_DISTANCE = 2;

/** The kind of `QueryAnalysis.askedKind` in WordNet; null when it names none WordNet knows as a noun. */
export function kindAsked(words: readonly string[]): KindAsked | null {
  if (words.length === 0) return null;
  const key = words.join(' ');
  const cached = kindsAsked.get(key);
  if (cached) return cached.found;
  const head = words[words.length - 1]!;
  const pair = words.length > 1 ? `${words[words.length - 2]}_${head}` : null;
  const nounSenses = (word: string) =>
    wordSenses(word).filter((sense) => sense.startsWith('n:') && depthOf(sense) >= MIN_SENSE_DEPTH);
  const pairSenses = pair === null ? [] : nounSenses(pair);
  const senses = new Set(pairSenses.length > 0 ? pairSenses : nounSenses(head));
  const found: KindAsked | null =
    senses.size === 0
      ? null
      : {
          forms: lemmasOf(head),
          senses,
          broad: new Set([...senses].filter((sense) => depthOf(sense) < SPECIFIC_DEPTH)),
          seen: new Map(),
        };
  kindsAsked.set(key, { found });
  return found;
}

/**
 * Whether the text names a member of the kind asked, a word (or pair) that is a kind or an instance of it
 * ("violin" for instruments, "Spain" for European countries, "taekwondo" for martial arts), spelt otherwise:
 * the kind's own word is left to the keyword channel.
 */
export function namesMemberOf(kind: KindAsked, text: string): boolean {
  for (const word of bridgeWords(text)) if (isMemberOf(kind, word)) return true;
  return false;
}

function isMemberOf(kind: KindAsked, memoryWord: string): boolean {
  const known = kind.seen.get(memoryWord);
  if (known !== undefined) return known;
  const name = isName(memoryWord);
  const word = name ? memoryWord.toLowerCase() : memoryWord;
  let found = false;
  if (!lemmasOf(word).some((form) => kind.forms.includes(form))) {
    for (const [ancestor, distance] of name ? nameAncestorsOf(word) : ancestorsOf(word)) {
      if (distance === 0) continue;
      const reach = kind.broad.has(ancestor) ? BROAD_KIND_DISTANCE : MAX_KIND_DISTANCE;
      if (
        (kind.senses.has(ancestor) && distance <= reach) ||
        (distance <= MAX_KIND_DISTANCE &&
          wordsOf(ancestor).some((entry) => kind.forms.some((form) => entry.endsWith(`_${form}`))))
      ) {
        found = true;
        break;
      }
    }
  }
  if (kind.seen.size >= SEEN_MAX) kind.seen.clear();
  kind.seen.set(memoryWord, found);
  return found;
}
