import { contentTokens } from '../retrieval/text-tokens.js';
import { ancestorsOf, depthOf, lemmasOf } from '../retrieval/wordnet.js';

/** What the classifier reads of a custom category: its name and its description. */
export interface CategoryProfileSource {
  readonly name: string;
  readonly description: string;
}

/** Words every extracted fact has ("User lives in ..."): they say nothing about a category. */
const IGNORED = new Set(['user', 'users']);
/** A word of the text that is a word of the category (after its base forms). */
const SAME_WORD = 1;
/** A word of the text near a word of the category in WordNet (a sibling, a parent or a grandparent). */
const NEAR_MEANING = 0.5;
/** Hypernym steps from both words to their shared synset, at most. */
const MAX_MEANING_STEPS = 2;
/** Shared noun synsets shallower than this are too general to say anything (entity, object, organism). */
const MIN_SHARED_NOUN_DEPTH = 5;
/** The least a category must score to be assigned: one of its words, or one near in meaning. */
const MIN_CATEGORY_SCORE = NEAR_MEANING;

const wordsOf = (text: string): string[] => contentTokens(text).filter((word) => !IGNORED.has(word));

interface CategoryProfile {
  readonly name: string;
  readonly lemmas: ReadonlySet<string>;
  readonly words: readonly string[];
}

function profileOf(category: CategoryProfileSource): CategoryProfile {
  const words = [...new Set(wordsOf(`${category.name.replace(/[-_]/g, ' ')} ${category.description}`))];
  return { name: category.name, lemmas: new Set(words.flatMap(lemmasOf)), words };
}

/** Whether two words share a specific enough synset within MAX_MEANING_STEPS steps of both together. */
function nearInMeaning(a: string, b: string): boolean {
  const above = ancestorsOf(b);
  for (const [key, distance] of ancestorsOf(a)) {
    const other = above.get(key);
    if (other === undefined || distance + other > MAX_MEANING_STEPS) continue;
    if (key.startsWith('n:') && depthOf(key) < MIN_SHARED_NOUN_DEPTH) continue;
    return true;
  }
  return false;
}

/** How well a text fits a category: each word of the text counts once, by its best match. */
function scoreOf(words: readonly string[], profile: CategoryProfile): number {
  let score = 0;
  for (const word of words) {
    if (lemmasOf(word).some((lemma) => profile.lemmas.has(lemma))) score += SAME_WORD;
    else if (profile.words.some((other) => nearInMeaning(word, other))) score += NEAR_MEANING;
  }
  return score;
}

/**
 * The offline classifier of custom categories (decision 159): the category whose name and description share
 * the most words with the text, a word near in meaning (WordNet: "flights" and "travel", "dentist" and "doctor")
 * counting half. Null when no category reaches MIN_CATEGORY_SCORE: the text keeps its built-in category. Ties
 * go to the first name in order, so an answer never depends on the order categories were given in.
 */
export function classifyCustomCategory(
  text: string,
  categories: readonly CategoryProfileSource[],
): string | null {
  return classifyCustomCategories([text], categories)[0] ?? null;
}

/** classifyCustomCategory for several texts, reading each category's profile once. */
export function classifyCustomCategories(
  texts: readonly string[],
  categories: readonly CategoryProfileSource[],
): Array<string | null> {
  if (categories.length === 0) return texts.map(() => null);
  const profiles = categories.map(profileOf).sort((a, b) => a.name.localeCompare(b.name));
  return texts.map((text) => {
    const words = [...new Set(wordsOf(text))];
    let best: { name: string; score: number } | null = null;
    for (const profile of profiles) {
      const score = scoreOf(words, profile);
      if (score >= MIN_CATEGORY_SCORE && (best === null || score > best.score))
        best = { name: profile.name, score };
    }
    return best?.name ?? null;
  });
}
