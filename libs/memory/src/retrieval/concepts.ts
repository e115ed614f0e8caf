import { createRequire } from 'node:module';
import type Compromise from 'compromise';

import { type ConceptKind } from '@membolt/contracts';

import type { ExtractedConcept } from '../domain/extracted-concept.js';
import { isContentWord, wordTokens } from './text-tokens.js';

export type { ExtractedConcept };

/** When one name is found as two kinds, the more specific kind wins. */
const KIND_PRIORITY: Record<ConceptKind, number> = {
  person: 0,
  place: 1,
  organization: 2,
  topic: 3,
  thing: 4,
};
const MAX_NAME_LENGTH = 60;
const MAX_CONCEPTS = 24;

/** compromise holds ~10 MB of heap once loaded: loaded at the first text read, not at start (decision 182). */
let compromise: typeof Compromise | undefined;
const nlp = (text: string) =>
  (compromise ??= createRequire(import.meta.url)('compromise') as typeof Compromise)(text);

/**
 * Concepts named in a text, with compromise (a rule-based English tagger, no model download): people,
 * places and organisations from its named-entity tags, topics from its topic extraction, and things from
 * plain nouns. Deduped by normalised name; at most MAX_CONCEPTS, in order of first appearance.
 */
export function extractConcepts(text: string): ExtractedConcept[] {
  if (!text.trim()) return [];
  const doc = nlp(text);
  const found = new Map<string, { kind: ConceptKind; order: number }>();
  let order = 0;
  const keep = (raw: string, kind: ConceptKind) => {
    const name = normalizeConceptName(raw);
    if (!name) return;
    const seen = found.get(name);
    if (!seen) found.set(name, { kind, order: order++ });
    else if (KIND_PRIORITY[kind] < KIND_PRIORITY[seen.kind]) seen.kind = kind;
  };
  for (const name of doc.people().out('array') as string[]) keep(name, 'person');
  for (const name of doc.places().out('array') as string[]) keep(name, 'place');
  for (const name of doc.organizations().out('array') as string[]) keep(name, 'organization');
  for (const name of doc.topics().out('array') as string[]) keep(name, 'topic');
  // Things: the head nouns of noun phrases, without pronouns and determiners ("the support group" ->
  // "support group"); adjectives stay out so "new painting" and "painting" are one concept.
  const things = doc.match('#Noun+').not('(#Pronoun|#Possessive|#Determiner|#Value|#Date|#Month|#WeekDay)');
  for (const name of things.out('array') as string[]) keep(name, 'thing');
  return [...found.entries()]
    .sort((a, b) => a[1].order - b[1].order)
    .slice(0, MAX_CONCEPTS)
    .map(([name, { kind }]) => ({ name, kind }));
}

const ARTICLE = /^(the|a|an|my|our|your|his|her|their)\s+/;

/** The longest concept name a query is searched for, in words ("bank of new york"). */
const QUERY_NAME_MAX_WORDS = 4;
const QUERY_NAMES_MAX = 64;

/**
 * The concept names a query may mention, without an NLP pass: every run of one to four words that starts
 * and ends with a content word, normalised as stored names are ("Caroline's support group" -> "caroline",
 * "support group", "caroline support group", ...). The concept channel looks them up among the user's
 * stored concepts, so only names the user's memories have count; running compromise on every query cost
 * more than the rest of its analysis.
 */
export function queryConceptNames(text: string): string[] {
  const words = wordTokens(text);
  const names = new Set<string>();
  for (let i = 0; i < words.length && names.size < QUERY_NAMES_MAX; i++) {
    if (!isContentWord(words[i]!)) continue;
    for (let n = 1; n <= QUERY_NAME_MAX_WORDS && i + n <= words.length; n++) {
      if (!isContentWord(words[i + n - 1]!)) continue;
      const name = normalizeConceptName(words.slice(i, i + n).join(' '));
      if (name) names.add(name);
    }
  }
  return [...names].slice(0, QUERY_NAMES_MAX);
}

/** The canonical form two mentions of one concept share ("Google's" and "google" -> "google"). */
export function normalizeConceptName(raw: string): string | null {
  const name = raw
    .toLowerCase()
    .replace(/['’]s\b/g, '')
    .replace(/[^\p{L}\p{N}\s&.-]/gu, ' ')
    .replace(/[.\s-]+$/u, '')
    .replace(/^[.\s-]+/u, '')
    .replace(/\s+/g, ' ')
    .replace(ARTICLE, '')
    .trim();
  if (name.length < 2 || name.length > MAX_NAME_LENGTH || !/\p{L}/u.test(name)) return null;
  return name;
}
