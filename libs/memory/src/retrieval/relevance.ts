import { PERSONAL_TOPICS, type PersonalTopic } from '@membolt/contracts';

import { bridgeByWord, type QueryMeaning } from './meaning.js';
import { type QueryAnalysis } from './query-analysis.js';
import { statesSlot } from './slots.js';
import { matchesPattern, textForms } from './text-forms.js';
import { lemmasOf } from './wordnet.js';

/**
 * How much of what a query asks a memory speaks to, word by word: the evidence of the calibrated relevance
 * (decision 186). Rank-fused scores say how a memory compares with the others, and the best of them is high
 * whatever the query; whether a memory answers depends on whether it covers each thing asked. "How much did
 * it cost to adopt Biscuit?" against "I adopted a greyhound called Biscuit" covers Biscuit and the adoption,
 * not the cost: the weakest word says it does not answer.
 */

/**
 * Query words that say which kind of answer is wanted, or are light verbs, not what the query is about ("how
 * much", "what kind", "do I take"): a memory need not hold them.
 */
const ANSWER_WORDS: ReadonlySet<string> = new Set(
  'much many kind kinds type sort way thing things lot make take get have go use keep put give want need like'.split(
    ' ',
  ),
);

/**
 * Words for one particular relative. The family topic answers them only with the same relative: "my mother"
 * does not say who "my brother" is, though both state a family member (decision 203).
 */
const ONE_RELATIVE =
  /^(?:brothers?|sisters?|sons?|daughters?|wife|wives|husbands?|mother|mum|mom|father|dad|grandmother|grandma|granny|grandfather|grandpa|grandad|aunts?|uncles?|nieces?|nephews?|cousins?|fianc[ée]e?|girlfriend|boyfriend)$/;

/** A WordNet reach under this is a definition match (0.4) or a sibling (0.3): it counts half. */
const STRONG_REACH = 0.5;

export interface QuerySupport {
  /** The mean support of the query's asked words (names and `ANSWER_WORDS` aside), 0 to 1; 0 with none. */
  readonly mean: number;
  /** The weakest asked word's support, 0 to 1; 0 with none. */
  readonly least: number;
  /** The query names someone or something (`QueryAnalysis.names`) and the memory names none of them. */
  readonly namesMissing: boolean;
}

const topicsByWord = new Map<string, readonly PersonalTopic[]>();
const TOPIC_CACHE_MAX = 10_000;

/** The personal topics a single query word asks about ("job": work; "pets": pets). */
function topicsOf(word: string): readonly PersonalTopic[] {
  let topics = topicsByWord.get(word);
  if (!topics) {
    topics = PERSONAL_TOPICS.filter((topic) => topic.asks.test(word));
    if (topicsByWord.size >= TOPIC_CACHE_MAX) topicsByWord.clear();
    topicsByWord.set(word, topics);
  }
  return topics;
}

/** What `querySupport` reads of an analysis, the same for every memory it is asked about. */
interface AskedWords {
  /** The query's names, each with its lemmas. */
  readonly names: ReadonlyArray<readonly string[]>;
  /** The asked words, each with its lemmas and the personal topics that may answer it. */
  readonly asked: ReadonlyArray<{
    readonly term: string;
    readonly forms: readonly string[];
    readonly topics: readonly PersonalTopic[];
  }>;
}

/**
 * Per analysis object: the ranker asks `querySupport` for every candidate of a search with one analysis
 * (never written once made), so its names, asked words, their lemmas and topics are read once.
 */
const askedWordsOf = new WeakMap<Pick<QueryAnalysis, 'terms' | 'names' | 'personal'>, AskedWords>();

function askedWords(analysis: Pick<QueryAnalysis, 'terms' | 'names' | 'personal'>): AskedWords {
  let found = askedWordsOf.get(analysis);
  if (!found) {
    const names = new Set(analysis.names);
    const withLemmas = (term: string): string[] => [term, ...lemmasOf(term)];
    found = {
      names: [...names].map(withLemmas),
      asked: analysis.terms
        .filter((term) => !names.has(term) && !ANSWER_WORDS.has(term))
        .map((term) => ({
          term,
          forms: withLemmas(term),
          topics: analysis.personal && !ONE_RELATIVE.test(term) ? topicsOf(term) : [],
        })),
    };
    askedWordsOf.set(analysis, found);
  }
  return found;
}

/**
 * Each asked word of the query is supported 1 when the memory holds it in any inflection, or, for a personal
 * query (decision 103), when the word names a topic the memory answers (its words or its slot: "job" and
 * "I'm a first officer"); else by its WordNet reach (`meaning`), a weak reach counting half.
 */
export function querySupport(
  text: string,
  storedSlot: string | null,
  analysis: Pick<QueryAnalysis, 'terms' | 'names' | 'personal'>,
  meaning: QueryMeaning | null,
): QuerySupport {
  const { names, asked } = askedWords(analysis);
  const forms = textForms(text);
  const holds = (termForms: readonly string[]): boolean => termForms.some((form) => forms.has(form));
  const namesMissing = names.length > 0 && !names.some(holds);
  if (asked.length === 0) return { mean: 0, least: 0, namesMissing };
  const reach = analysis.personal && meaning !== null ? bridgeByWord(meaning, text) : null;
  let total = 0;
  let least = 1;
  for (const { term, forms: termForms, topics } of asked) {
    let support = 0;
    if (holds(termForms)) support = 1;
    else if (
      topics.some(
        (topic) =>
          matchesPattern(text, topic.answers) ||
          (topic.slots.length > 0 && statesSlot(topic.slots, text, storedSlot)),
      )
    )
      support = 1;
    else if (reach !== null)
      for (const [word, value] of reach)
        if (word === term || (word.includes('_') && word.split('_').includes(term)))
          support = Math.max(support, value >= STRONG_REACH ? value : value / 2);
    total += support;
    least = Math.min(least, support);
  }
  return { mean: total / asked.length, least, namesMissing };
}
