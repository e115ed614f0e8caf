import { MEMORY_SEARCH_DEFAULT_THRESHOLD, type MemoryScoreBreakdown } from '@membolt/contracts';
import { LRUCache } from 'lru-cache';

import { bridgeScore, kindAsked, namesMemberOf, queryMeaning, type QueryMeaning } from './meaning.js';
import { type QueryAnalysis, type TimeRange } from './query-analysis.js';
import { querySupport, type QuerySupport } from './relevance.js';
import { statesSlot } from './slots.js';
import { type ChatTurn, factsOf, textForms, textWords } from './text-forms.js';
import { statesTime } from './time-answer.js';
import { wordTokens } from './text-tokens.js';
import { lemmasOf } from './wordnet.js';

import type { ConversationNeighbours } from '../domain/conversation-neighbours.js';
import type { RankableMemory } from '../domain/memory.js';

export type { RankableMemory };

export interface ScoredId {
  readonly id: string;
  readonly score: number;
}

/**
 * The knobs of the hybrid ranking. Defaults are the values tuned on the LoCoMo dev set (decision 021);
 * tools/bench/retrieval-harness.mjs prints the ablation that justifies each one.
 */
export interface RankingWeights {
  /** `linear`: weighted sum of the cosine and the max-normalised BM25; `rrf`: weighted reciprocal rank fusion. */
  readonly fusion: 'linear' | 'rrf';
  readonly dense: number;
  readonly keyword: number;
  /** RRF's rank offset (only for `rrf`). */
  readonly rrfK: number;
  /**
   * Added when a concept named in the query is linked to the memory. 0 by default: on the dev set the bonus
   * cost hit@10 (speakers' names link half the memories); the concept channel still brings its memories
   * in as candidates, and the breakdown still shows the link.
   */
  readonly concept: number;
  /** Added when the query names a time and the memory held then. */
  readonly time: number;
  /** Times (importance - 0.5): a light rerank, so importance orders near-ties, not the whole list. */
  readonly importance: number;
  /** Times recency (1 now, 0.5 after `recencyHalfLifeDays`). */
  readonly recency: number;
  readonly recencyHalfLifeDays: number;
  /**
   * Conversation neighbours: a memory scores at least this share of the fused score of the memory one (and
   * two) before it, and of the one after it, in the same conversation. In a dialogue the answer follows the
   * question that repeats the query's words ("What gave you the idea for the colours?" -> "I wanted to
   * catch the eye").
   */
  readonly previousNeighbour: number;
  readonly secondPreviousNeighbour: number;
  readonly nextNeighbour: number;
  /**
   * Instead of `previousNeighbour` when the memory just before asks something (its text holds a '?'): in a
   * dialogue the turn after a question is its answer, so it takes this share of the question's score.
   */
  readonly answerNeighbour: number;
  /**
   * Conversation evidence: added times the best fused score among the candidates of the memory's
   * conversation (0 for memories without one), so the members of the session that matches the query best
   * rise together (multi-hop and all-evidence questions). A memory outside any conversation counts as a
   * conversation of its own (the share is of its own score), so belonging to one is no advantage by itself.
   */
  readonly conversation: number;
  /**
   * The fused score from which a memory gets its whole `conversation` share; below it, a share in proportion
   * (0: the whole share whatever the score). A member of the best conversation that matches nothing itself
   * does not ride on its conversation above the memories of others that do.
   */
  readonly conversationRelevance: number;
  /**
   * Added when the memory is a chat turn whose speaker ("Name: ..." at the start, after an optional
   * "[...]" stamp) is named in the query: "What did Melanie paint?" favours Melanie's own turns over the
   * turns that address her.
   */
  readonly speaker: number;
  /**
   * Instead of `speaker`, for a speaker the query names after another one ("What did Nate give Joanna?"
   * favours Nate's turns; "Tim and John" are named together and both get `speaker`).
   */
  readonly laterSpeaker: number;
  /** How many of the conversation's best fused scores are averaged for `conversation` (1 = the best). */
  readonly conversationDepth: number;
  /**
   * Added times how much the memory says: log(1 + words) / log(1 + DETAIL_FULL_WORDS), at most 1, over its
   * text after a chat turn's speaker (words: its characters / AVERAGE_WORD_CHARS). The longer a memory, the
   * likelier it holds the fact asked for (on the dev set 7% of the turns under 10 words are evidence, 57% of
   * those over 50), while BM25 and the cosine both normalise length away.
   */
  readonly detail: number;
  /** Subtracted when the memory asks something (its text holds a '?'): a question states no fact. */
  readonly question: number;
  /**
   * The cosine at or below which the dense channel says nothing: a candidate that only the dense channel
   * brought (no keyword, concept or time match, and no neighbour that matches) is left out when its cosine
   * is not above it. The dense channel hands the ranker its nearest memories whatever their distance, so
   * without this a query about something never stored ("pizza") answers every memory. 0.1 is above the
   * hash-collision noise of the offline embedder (unrelated texts score up to ~0.09 against a one-word
   * query) and below a shared word.
   */
  readonly semanticFloor: number;
  /**
   * Added times how much of the query the memory reaches by meaning (WordNet: a kind, a synonym or a sibling
   * of a query word, `meaning.ts`), 0 to 1: "What do I drink?" reaches "black coffee".
   */
  readonly meaning: number;
  /** Added when the query asks about a personal-fact slot the memory states (`slots.ts`). */
  readonly slot: number;
  /**
   * Added times the sentence encoder's cosine above `sentenceFloor` (`RankInput.sentence`, decision 162):
   * the meaning of the whole sentence, where WordNet reads words one at a time.
   */
  readonly sentence: number;
  /**
   * The sentence encoder's noise floor: USE-lite's cosines between unrelated sentences sit around 0.1-0.4
   * (the offline embedder's under 0.1), so only what is above it counts, and a candidate only that channel
   * brought is left out at or below it.
   */
  readonly sentenceFloor: number;
  /**
   * The sentence cosine above which the sentence alone makes a memory a match (kept when nothing else matches,
   * and lending that to its neighbours): above USE-lite's noise between unrelated sentences (up to ~0.4), so a
   * query about something never stored ("pizza") is not answered by a memory only faintly near it (decision 212).
   */
  readonly sentenceMatch: number;
  /**
   * Added times the calibrated relevance (`relevanceOf`) to a personal query's best `MEANING_POOL` candidates
   * (decision 187): the fused score rewards a memory that matches part of the query strongly, the relevance
   * one that covers every word the query asks ("What time do I start work?": the start, not the work).
   */
  readonly relevance: number;
  /**
   * Added when the query asks for a time (`QueryAnalysis.asksWhen`) and the memory's own words name one
   * (`statesTime`, decision 204): "When did she go to the support group?" favours "I went yesterday".
   */
  readonly timeAnswer: number;
  /**
   * Added to the fused score of a memory that names a member of the kind a list question asks for
   * (`QueryAnalysis.askedKind`: "What instruments does Melanie play?" -> "violin"), for questions about
   * someone else (a personal query reads every word's meaning, the kind's members included); in a chat, only
   * in the turns of the person the question names.
   */
  readonly kind: number;
  /**
   * The share of `conversation` for a list question (`QueryAnalysis.asksList`): its answers sit in several
   * conversations, and the whole share lifts the best one's chatter over the others' members.
   */
  readonly listConversation: number;
  /**
   * The share of a list question's neighbour shares (`previousNeighbour`, `secondPreviousNeighbour`,
   * `nextNeighbour`; not `answerNeighbour`, the reply to a question): its answers are one turn each in several
   * conversations, and the turns around the best matches filled the places of the other answers.
   */
  readonly listNeighbour: number;
  /**
   * Added to `speaker` (or `laterSpeaker`) for a list question: its answers are the named person's own turns,
   * where the other speaker's turns around them only reply.
   */
  readonly listSpeaker: number;
}

export const DEFAULT_RANKING_WEIGHTS: RankingWeights = {
  fusion: 'linear',
  dense: 1,
  keyword: 0.7,
  rrfK: 60,
  concept: 0,
  time: 0.1,
  importance: 0.02,
  recency: 0.01,
  recencyHalfLifeDays: 30,
  previousNeighbour: 0.8,
  secondPreviousNeighbour: 0.6,
  nextNeighbour: 0.6,
  answerNeighbour: 1,
  conversation: 0.6,
  conversationRelevance: 0.2,
  conversationDepth: 1,
  speaker: 0.4,
  laterSpeaker: 0.2,
  detail: 0.5,
  question: 0.1,
  semanticFloor: 0.1,
  meaning: 1.5,
  slot: 0.9,
  sentence: 15,
  sentenceFloor: 0.25,
  sentenceMatch: 0.4,
  relevance: 3,
  timeAnswer: 0.45,
  kind: 0.3,
  listConversation: 0.5,
  listNeighbour: 0.75,
  listSpeaker: 0.2,
};

/**
 * How many candidates (the best by fused score) meaning and slots read: all of a personal account's facts,
 * one channel's pool in a large scope.
 */
const MEANING_POOL = 100;

/** The number of words from which a memory counts as saying all it can for `RankingWeights.detail`. */
export const DETAIL_FULL_WORDS = 60;
/** Characters per word, the space included, for `whatItSays` (English prose averages 5.5-6). */
export const AVERAGE_WORD_CHARS = 6;

/** How many memories before and after each candidate the store fetches for `RankInput.neighbours`. */
export const NEIGHBOURS_BEFORE = 2;
export const NEIGHBOURS_AFTER = 1;

/**
 * How many of the best candidates (ranked once without neighbours) to fetch neighbours for: a neighbour
 * inherits at most 0.8 of a score, so one of a weak candidate never reaches the answer. As many as one
 * channel's candidate pool: on the dev set 60 sources missed answers that 100 find (decision 021, the amendment of the speaker named first),
 * and 100 to 300 find the same.
 */
export const neighbourSourceCount = (limit: number): number => Math.max(100, limit * 5);

export type { ConversationNeighbours };

/**
 * The ids of `walk` (nearest first, each with its creation time) up to the first pause longer than `gapMs`
 * from the memory before it in the walk (the first from `from`): the end of an inferred session (a
 * memory added without a conversation; `MemorySearchIndex.neighbours`).
 */
export function withinSession(
  from: number,
  walk: ReadonlyArray<readonly [string, number]>,
  gapMs: number,
): string[] {
  const ids: string[] = [];
  let last = from;
  for (const [id, at] of walk) {
    if (Math.abs(at - last) > gapMs) break;
    ids.push(id);
    last = at;
  }
  return ids;
}

export interface RankInput {
  readonly analysis: QueryAnalysis;
  /** Dense candidates: cosine similarity, best first or in any order. */
  readonly dense: readonly ScoredId[];
  /** Keyword candidates: BM25 with higher = better (negate SQLite's bm25(), which is lower = better). */
  readonly keyword: readonly ScoredId[];
  /** Memories linked to a concept the query names. */
  readonly concept: readonly { readonly id: string }[];
  /**
   * Sentence-encoder candidates (`SENTENCE_ENCODER`, decision 162): cosine between the query's and the
   * memory's sentence vectors. Optional: absent when the encoder is off or the scope is past its budget.
   * Read only for a personal query (`QueryAnalysis.personal`, decision 197).
   */
  readonly sentence?: readonly ScoredId[];
  /**
   * For each candidate that belongs to a conversation: up to NEIGHBOURS_BEFORE memories before it and
   * NEIGHBOURS_AFTER after it in that conversation (ids; their memories go into `memories`). Optional:
   * without it, no neighbour propagation.
   */
  readonly neighbours?: ReadonlyMap<string, ConversationNeighbours>;
  /** Every candidate and neighbour id must be here; ids missing from it are skipped (deleted meanwhile). */
  readonly memories: ReadonlyMap<string, RankableMemory>;
  readonly now: Date;
  readonly limit: number;
  readonly weights?: Partial<RankingWeights>;
  /** False: `reasons` left empty (a ranking only looked at for its order, such as the neighbours' sources). */
  readonly reasons?: boolean;
  /**
   * Only candidates whose relevance is at least this (a search's threshold, decision 104), then `limit` of
   * them: the same list as ranking every candidate and filtering, without the reasons of those left out.
   */
  readonly minRelevance?: number;
}

export interface RankedCandidate {
  readonly id: string;
  readonly score: number;
  /** Calibrated relevance, 0 to 1 (`relevanceOf`). */
  readonly relevance: number;
  readonly scores: MemoryScoreBreakdown;
}

const DAY_MS = 86_400_000;

/**
 * Fuses dense, keyword and concept candidates, then reranks lightly by time match, importance and
 * recency. A closed fact (validTo in the past) is kept only when the query names a time it held in:
 * closed facts leave default search but still answer questions about the past.
 */
export function rankCandidates(input: RankInput): RankedCandidate[] {
  return rank(input, null) as RankedCandidate[];
}

/**
 * The ids `rankCandidates` would answer for the input without neighbours, limit `count` and no threshold, in
 * any order: the candidates whose neighbours are looked up (`neighbourSourceCount`). When no more than `count`
 * candidates pass the ranking's filters (a small scope's), that is every one of them, and the ordering (the
 * speaker bonus, the time answers, the relevance, reasons) is not computed.
 */
export function neighbourSources(
  input: Omit<RankInput, 'neighbours' | 'limit' | 'reasons' | 'minRelevance'>,
  count: number,
): string[] {
  return rank({ ...input, limit: count, reasons: false }, count) as string[];
}

function rank(input: RankInput, sourcesUpTo: number | null): RankedCandidate[] | string[] {
  const weights: RankingWeights = { ...DEFAULT_RANKING_WEIGHTS, ...input.weights };
  const { analysis, memories, now } = input;
  const nowMs = now.getTime();
  const {
    dense,
    keyword,
    concept,
    sentence,
    candidates,
    base,
    bridged,
    reachOf,
    slottedIds,
    meaning,
    members,
  } = fused(input, weights);
  const range = analysis.timeRange ? parseRange(analysis.timeRange) : null;
  const needsSpeaker = weights.speaker !== 0 || weights.laterSpeaker !== 0;
  const needsSaid = weights.detail !== 0 || weights.question !== 0;
  const asksTime = analysis.asksWhen && weights.timeAnswer !== 0;
  // A match: a keyword or concept hit, a cosine above the floor (see RankingWeights.semanticFloor), or a
  // meaning or slot the query asks about.
  const matches = (id: string): boolean => {
    const cosine = dense.get(id);
    return (
      keyword.has(id) ||
      concept.has(id) ||
      bridged.has(id) ||
      (cosine !== undefined && cosine > weights.semanticFloor) ||
      (sentence.get(id) ?? 0) > Math.max(weights.sentenceFloor, weights.sentenceMatch)
    );
  };
  // A memory matches the asked time when it started to hold then, or is a closed fact that held then. An
  // open fact that started earlier is not excluded, but gets no bonus: most memories are events ("I went
  // to...") whose start is the time they talk about.
  const timeMatchOf = (memory: RankableMemory): boolean =>
    (range !== null &&
      ((memory.validFrom >= range.from && memory.validFrom < range.to) ||
        (memory.validTo !== null && memory.validFrom < range.to && memory.validTo > range.from))) ||
    (analysis.monthOfYear !== null && new Date(memory.validFrom).getUTCMonth() + 1 === analysis.monthOfYear);
  if (sourcesUpTo !== null) {
    // What the loop below keeps of the candidates when there are no neighbours (neighbourSources).
    const kept: string[] = [];
    for (const id of candidates) {
      const memory = memories.get(id);
      if (!memory) continue;
      const timeMatch = timeMatchOf(memory);
      if ((memory.validTo ?? Number.POSITIVE_INFINITY) <= nowMs && !timeMatch) continue;
      if (timeMatch || matches(id)) kept.push(id);
    }
    if (kept.length <= sourcesUpTo) return kept;
  }
  // The neighbours' sources are a set of at least MEANING_POOL: the two bonuses after the sort (time answers,
  // relevance) only add to the best MEANING_POOL (never less than 0), which keeps every one of them ahead of
  // the rest, so the set is what the order says before them. Without them the sources need no breakdown, and
  // the texts the ranking with neighbours drops are never read for their relevance.
  const setOnly =
    sourcesUpTo !== null && sourcesUpTo >= MEANING_POOL && weights.timeAnswer >= 0 && weights.relevance >= 0;
  const conversationScores = conversationEvidence(base, memories, weights);
  const asksAt = (id: string): boolean => {
    const text = memories.get(id)?.text;
    return text !== undefined && chatTurnOf(text).asks;
  };
  const links = linksOf(input.neighbours);
  const ids = new Set<string>(candidates);
  for (const id of links.previous.keys()) ids.add(id);
  for (const id of links.next.keys()) ids.add(id);

  const ranked: {
    id: string;
    text: string;
    byNeighbour: boolean;
    /** Where the query names the memory's speaker (-1: not at all). */
    speakerAt: number;
    score: number;
    scores: RankScores;
    sentence: number | null;
  }[] = [];
  // The first place at which the query names a speaker of a candidate.
  let leadSpeakerPlace = Number.POSITIVE_INFINITY;
  for (const id of ids) {
    const memory = memories.get(id);
    if (!memory) continue;
    const validTo = memory.validTo ?? Number.POSITIVE_INFINITY;
    const timeMatch = timeMatchOf(memory);
    if (validTo <= nowMs && !timeMatch) continue;

    const own = base.get(id) ?? 0;
    const previous = links.previous.get(id);
    const secondPrevious = previous === undefined ? undefined : links.previous.get(previous);
    const next = links.next.get(id);
    const previousShare =
      previous !== undefined && weights.answerNeighbour !== weights.previousNeighbour && asksAt(previous)
        ? weights.answerNeighbour
        : weights.previousNeighbour;
    // A list question's answers sit one in each of several conversations (`listNeighbour`); the reply to a
    // question keeps its whole share.
    const aroundShare = analysis.asksList ? weights.listNeighbour : 1;
    const fromNeighbours = Math.max(
      (previousShare === weights.previousNeighbour ? aroundShare : 1) *
        previousShare *
        (previous === undefined ? 0 : (base.get(previous) ?? 0)),
      aroundShare *
        Math.max(
          weights.secondPreviousNeighbour *
            (secondPrevious === undefined ? 0 : (base.get(secondPrevious) ?? 0)),
          weights.nextNeighbour * (next === undefined ? 0 : (base.get(next) ?? 0)),
        ),
    );
    const fused = Math.max(own, fromNeighbours);
    // A memory that matches nothing keeps out: neither its own channels nor a neighbour's say it bears on
    // the query, and no time it held in was asked about.
    if (
      !timeMatch &&
      !matches(id) &&
      !(previous !== undefined && matches(previous)) &&
      !(secondPrevious !== undefined && matches(secondPrevious)) &&
      !(next !== undefined && matches(next))
    )
      continue;

    // A memory outside any conversation is its own conversation: the share is then of its own score, so
    // conversation members do not outrank standalone memories by belonging somewhere.
    const conversationBest =
      memory.conversationId === null ? own : (conversationScores.get(memory.conversationId) ?? own);
    // One reading of the chat-turn pattern (kept with the text) serves the speaker bonus and `whatItSays`.
    const turn = needsSpeaker || needsSaid ? chatTurnOf(memory.text) : null;
    const speakerAt =
      turn !== null && needsSpeaker ? placeOfSpeaker(turn.speakerWords, analysis.termPlaces) : -1;
    if (speakerAt >= 0 && speakerAt < leadSpeakerPlace) leadSpeakerPlace = speakerAt;
    const semantic = dense.get(id) ?? null;
    const keywordScore = keyword.get(id) ?? null;
    const conceptMatch = concept.has(id);
    const importance = clamp01(memory.importance);
    const ageDays = Math.max(0, nowMs - memory.createdAt) / DAY_MS;
    const recency = Math.pow(0.5, ageDays / weights.recencyHalfLifeDays);
    const said = needsSaid ? turn : null;
    const final =
      fused +
      (conceptMatch ? weights.concept : 0) +
      (timeMatch ? weights.time : 0) +
      weights.importance * (importance - 0.5) +
      weights.recency * recency +
      (analysis.asksList ? weights.listConversation : 1) *
        weights.conversation *
        conversationBest *
        (weights.conversationRelevance > 0 ? Math.min(1, fused / weights.conversationRelevance) : 1) +
      (said === null ? 0 : weights.detail * said.detail - (said.asks ? weights.question : 0));

    ranked.push({
      id,
      text: memory.text,
      byNeighbour: fromNeighbours > own,
      speakerAt,
      score: final,
      sentence: sentence.get(id) ?? null,
      scores: setOnly
        ? NO_SCORES
        : {
            semantic,
            keyword: keywordScore,
            fused,
            importance,
            recency,
            conceptMatch,
            timeMatch,
            final,
            meaning: reachOf.get(id) ?? 0,
            slotMatch: slottedIds.has(id),
          },
    });
  }
  // The speaker bonus, once the first speaker the query names is known.
  if (leadSpeakerPlace !== Number.POSITIVE_INFINITY)
    for (const entry of ranked) {
      if (entry.speakerAt < 0) continue;
      entry.score +=
        (entry.speakerAt === leadSpeakerPlace ? weights.speaker : weights.laterSpeaker) +
        (analysis.asksList ? weights.listSpeaker : 0);
    }
  const byScore = (a: { id: string; score: number }, b: { id: string; score: number }): number =>
    b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  ranked.sort(byScore);
  if (setOnly) return ranked.slice(0, Math.max(0, input.limit)).map((entry) => entry.id);
  // A query that asks when: the best candidates whose own words name a time gain (decision 204). Only the
  // best MEANING_POOL are read: chrono costs ~0.3 ms a text at its first read (then cached). A chat turn's
  // own words start after its "[stamp] Name: ".
  if (asksTime) {
    for (const entry of ranked.slice(0, MEANING_POOL))
      if (statesTime(entry.text, SPEAKER.exec(entry.text)?.[0].length ?? 0, analysis.asksHowOften))
        entry.score += weights.timeAnswer;
    ranked.sort(byScore);
  }
  // The relevance reads what the query asks by meaning too, whatever the ranking's meaning weight.
  const supportMeaning = analysis.personal ? (meaning ?? queryMeaning(analysis.terms)) : null;
  const supportOf = textSupport(analysis, supportMeaning);
  // Calibrated with the sentence feature when the channel was read for this query (decision 212).
  const relevanceModel = sentence.size > 0 ? RELEVANCE_MODEL_WITH_SENTENCES : RELEVANCE_MODEL;
  const relevanceOfEntry = (entry: (typeof ranked)[number]): { coverage: number; relevance: number } => {
    const { coverage, support } = supportOf(entry.text, memories.get(entry.id)?.slot ?? null);
    const { semantic, meaning: reach, slotMatch, timeMatch } = entry.scores;
    const relevance = relevanceOf(
      { coverage, semantic, meaning: reach, slotMatch, timeMatch },
      entry.sentence,
      weights.sentenceFloor,
      support,
      relevanceModel,
    );
    return { coverage, relevance };
  };
  const relevanceById = new Map<string, { coverage: number; relevance: number }>();
  if (weights.relevance !== 0 && analysis.personal && ranked.length > 1) {
    for (const entry of ranked.slice(0, MEANING_POOL)) {
      const found = relevanceOfEntry(entry);
      relevanceById.set(entry.id, found);
      entry.score += weights.relevance * found.relevance;
      entry.scores = rankScores(entry.scores, entry.score);
    }
    ranked.sort(byScore);
  }
  // Reasons only for what is answered: reading every candidate's words would cost more than the ranking.
  const minRelevance = input.minRelevance;
  // With a threshold, the best ones that reach it, read in order until `limit` are found: the relevance of a
  // candidate past them (a few hundred in a large scope, each text's support read for the first time) is
  // never needed.
  const limit = Math.max(0, input.limit);
  let answered: typeof ranked;
  if (minRelevance === undefined) answered = ranked.slice(0, limit);
  else {
    answered = [];
    for (const entry of ranked) {
      if (answered.length >= limit) break;
      if ((relevanceById.get(entry.id) ?? relevanceOfEntry(entry)).relevance >= minRelevance)
        answered.push(entry);
    }
  }
  if (sourcesUpTo !== null) return answered.map((entry) => entry.id);
  return answered.map(({ id, text, byNeighbour, speakerAt, score, scores, sentence: sentenceCosine }) => {
    // `final` is the score, the speaker bonus included.
    if (input.reasons === false)
      return { id, score, relevance: 0, scores: breakdownOf(scores, 0, score, []) };
    const entry = { id, text, byNeighbour, speakerAt, score, scores, sentence: sentenceCosine };
    const { coverage, relevance } = relevanceById.get(id) ?? relevanceOfEntry(entry);
    const reasons: string[] = [];
    const full = breakdownOf(scores, coverage, score, reasons);
    reasons.push(...reasonsFor(text, analysis.termPlaces, full));
    if (byNeighbour)
      reasons.push(
        (input.memories.get(id)?.conversationId ?? null) === null
          ? 'stored next to a matching memory'
          : 'next to a matching memory of the same conversation',
      );
    if (speakerAt >= 0) reasons.push('said by the person the query names');
    if (scores.meaning > 0) reasons.push('related in meaning');
    if (scores.slotMatch) reasons.push('states what the query asks about');
    if (members.has(id)) reasons.push('names one of the kind the query asks for');
    if (sentenceCosine !== null && sentenceCosine > weights.sentenceFloor)
      reasons.push(`similar sentence (${sentenceCosine.toFixed(2)})`);
    return { id, score, relevance, scores: full };
  });
}

type RankScores = Omit<MemoryScoreBreakdown, 'reasons' | 'coverage'>;

/** The breakdown of a candidate of the neighbours' sources, which answer only ids (never read). */
const NO_SCORES: RankScores = Object.freeze({
  semantic: null,
  keyword: null,
  fused: 0,
  importance: 0,
  recency: 0,
  conceptMatch: false,
  timeMatch: false,
  final: 0,
  meaning: 0,
  slotMatch: false,
});

/**
 * The scores with another `final`, field by field: an object spread of these, a few hundred a search, took
 * V8's slow path for copying an object (a tenth of a small search's ranking).
 */
function rankScores(scores: RankScores, final: number): RankScores {
  return {
    semantic: scores.semantic,
    keyword: scores.keyword,
    fused: scores.fused,
    importance: scores.importance,
    recency: scores.recency,
    conceptMatch: scores.conceptMatch,
    timeMatch: scores.timeMatch,
    final,
    meaning: scores.meaning,
    slotMatch: scores.slotMatch,
  };
}

/** The breakdown a ranked candidate answers: its scores with `final`, `coverage` and `reasons` (as rankScores). */
function breakdownOf(
  scores: RankScores,
  coverage: number,
  final: number,
  reasons: string[],
): MemoryScoreBreakdown {
  return {
    semantic: scores.semantic,
    keyword: scores.keyword,
    fused: scores.fused,
    importance: scores.importance,
    recency: scores.recency,
    conceptMatch: scores.conceptMatch,
    timeMatch: scores.timeMatch,
    final,
    meaning: scores.meaning,
    slotMatch: scores.slotMatch,
    coverage,
    reasons,
  };
}

/** What the ranking fuses from the channels before it reads neighbours: the same for both of a search's rankings. */
interface Fusion {
  readonly dense: ReadonlyMap<string, number>;
  readonly keyword: ReadonlyMap<string, number>;
  readonly concept: ReadonlySet<string>;
  readonly sentence: ReadonlyMap<string, number>;
  readonly candidates: ReadonlySet<string>;
  /** The fused score of each candidate, meaning and slot included. */
  readonly base: ReadonlyMap<string, number>;
  readonly bridged: ReadonlySet<string>;
  readonly reachOf: ReadonlyMap<string, number>;
  readonly slottedIds: ReadonlySet<string>;
  readonly meaning: QueryMeaning | null;
  /** The candidates that name a member of the kind the query asks for (`RankingWeights.kind`). */
  readonly members: ReadonlySet<string>;
}

/** The share of the sentence cosine above its noise floor, 0 to 1. */
function sentenceShare(sentence: ReadonlyMap<string, number>, id: string, weights: RankingWeights): number {
  return Math.max(0, (sentence.get(id) ?? 0) - weights.sentenceFloor) / (1 - weights.sentenceFloor);
}

/** The weights the fusion reads (`fused` reuses a fusion only under the same values). */
const FUSION_WEIGHTS = [
  'fusion',
  'dense',
  'keyword',
  'rrfK',
  'sentence',
  'sentenceFloor',
  'meaning',
  'slot',
  'kind',
] as const satisfies ReadonlyArray<keyof RankingWeights>;

interface KeptFusion {
  readonly input: Pick<RankInput, 'analysis' | 'dense' | 'keyword' | 'concept' | 'sentence'>;
  readonly weights: readonly unknown[];
  /** Each candidate's memory when the fusion was made, in `candidates` order. */
  readonly memories: readonly (RankableMemory | undefined)[];
  readonly fusion: Fusion;
}
/**
 * The last fusion made over a memories map: a search ranks its candidates twice (the neighbours' sources,
 * then with the neighbours, whose memories only add to the map), over the same channels. Reused only when
 * the analysis and the channels are the same objects, the weights it reads the same values, and every
 * candidate's memory the same object (a memory deleted from the map, or replaced, makes a new fusion).
 */
const fusions = new WeakMap<ReadonlyMap<string, RankableMemory>, KeptFusion>();

function fused(input: RankInput, weights: RankingWeights): Fusion {
  const kept = fusions.get(input.memories);
  if (
    kept &&
    kept.input.analysis === input.analysis &&
    kept.input.dense === input.dense &&
    kept.input.keyword === input.keyword &&
    kept.input.concept === input.concept &&
    kept.input.sentence === input.sentence &&
    FUSION_WEIGHTS.every((name, i) => weights[name] === kept.weights[i])
  ) {
    let i = 0;
    let same = true;
    for (const id of kept.fusion.candidates) {
      if (input.memories.get(id) !== kept.memories[i++]) {
        same = false;
        break;
      }
    }
    if (same) return kept.fusion;
  }
  const fusion = fuse(input, weights);
  fusions.set(input.memories, {
    input: {
      analysis: input.analysis,
      dense: input.dense,
      keyword: input.keyword,
      concept: input.concept,
      sentence: input.sentence,
    },
    weights: FUSION_WEIGHTS.map((name) => weights[name]),
    memories: [...fusion.candidates].map((id) => input.memories.get(id)),
    fusion,
  });
  return fusion;
}

/** Fuses dense, keyword, sentence and concept candidates, with meaning and slot (see rankCandidates). */
function fuse(input: RankInput, weights: RankingWeights): Fusion {
  const { analysis, memories } = input;
  const dense = new Map(input.dense.map((hit) => [hit.id, hit.score]));
  const keyword = new Map(input.keyword.map((hit) => [hit.id, hit.score]));
  const concept = new Set(input.concept.map((hit) => hit.id));
  // The sentence channel reads personal queries only (decision 197): asked about a named third person in a
  // chat ("What did Melanie paint?"), USE-lite finds every turn of that chat similar and outweighs the words.
  const sentence = new Map(analysis.personal ? (input.sentence ?? []).map((hit) => [hit.id, hit.score]) : []);
  const sentenceAbove = (id: string): number => sentenceShare(sentence, id, weights);
  // The channels' ranks are read by reciprocal rank fusion only.
  const rrf = weights.fusion === 'rrf';
  const denseRank = rrf ? ranksOf(input.dense) : null;
  const keywordRank = rrf ? ranksOf(input.keyword) : null;
  const maxKeyword = input.keyword.reduce((max, hit) => Math.max(max, hit.score), 0);

  const candidates = new Set<string>([...dense.keys(), ...keyword.keys(), ...concept]);
  for (const [id, cosine] of sentence) if (cosine > weights.sentenceFloor) candidates.add(id);
  const base = new Map<string, number>();
  for (const id of candidates) {
    if (denseRank !== null && keywordRank !== null) {
      const dr = denseRank.get(id);
      const kr = keywordRank.get(id);
      base.set(
        id,
        (dr === undefined ? 0 : weights.dense / (weights.rrfK + dr)) +
          (kr === undefined ? 0 : weights.keyword / (weights.rrfK + kr)),
      );
    } else {
      const keywordScore = keyword.get(id);
      base.set(
        id,
        weights.dense * Math.max(0, dense.get(id) ?? 0) +
          weights.keyword * (keywordScore !== undefined && maxKeyword > 0 ? keywordScore / maxKeyword : 0),
      );
    }
    if (sentence.size > 0) base.set(id, (base.get(id) ?? 0) + weights.sentence * sentenceAbove(id));
  }
  // Meaning and slot: what the words' spellings miss. Part of the fused score, so that a neighbour, the
  // conversation share and the relevance read it like any other match.
  const bridged = new Set<string>();
  const reachOf = new Map<string, number>();
  const slottedIds = new Set<string>();
  const meaning = weights.meaning !== 0 && analysis.personal ? queryMeaning(analysis.terms) : null;
  const slots = weights.slot !== 0 && analysis.personal ? analysis.slots : [];
  if ((meaning !== null && meaning.words.length > 0) || slots.length > 0) {
    // In a large scope, only the best candidates: reading every candidate's words costs more than the ranking.
    const pool =
      candidates.size <= MEANING_POOL
        ? candidates
        : [...candidates].sort((a, b) => (base.get(b) ?? 0) - (base.get(a) ?? 0)).slice(0, MEANING_POOL);
    for (const id of pool) {
      const memory = memories.get(id);
      if (!memory) continue;
      const reach = meaning === null ? 0 : bridgeScore(meaning, memory.text);
      const slotted = slots.length > 0 && statesSlot(slots, memory.text, memory.slot);
      if (reach <= 0 && !slotted) continue;
      bridged.add(id);
      if (reach > 0) reachOf.set(id, reach);
      if (slotted) slottedIds.add(id);
      base.set(id, (base.get(id) ?? 0) + weights.meaning * reach + (slotted ? weights.slot : 0));
    }
  }
  const members = new Set<string>();
  const kind = weights.kind !== 0 && !analysis.personal ? kindAsked(analysis.askedKind) : null;
  // Every candidate, not the best `MEANING_POOL`: a member that shares no word with the question ("Spain" for
  // European countries) ranks low before this, and the test is one cached lookup per word of the text.
  if (kind !== null) {
    for (const id of candidates) {
      const memory = memories.get(id);
      if (!memory) continue;
      // A list about someone is answered in their own turns: the other speaker's "Have you been to Spain?"
      // names no member of theirs. A question that names nobody reads every turn.
      const speakerWords = chatTurnOf(memory.text).speakerWords;
      if (
        speakerWords !== null &&
        analysis.names.length > 0 &&
        placeOfSpeaker(speakerWords, analysis.termPlaces) < 0
      )
        continue;
      if (!namesMemberOf(kind, memory.text)) continue;
      bridged.add(id);
      members.add(id);
      base.set(id, (base.get(id) ?? 0) + weights.kind);
    }
  }
  return {
    dense,
    keyword,
    concept,
    sentence,
    candidates,
    base,
    bridged,
    reachOf,
    slottedIds,
    meaning,
    members,
  };
}

/**
 * The coefficients of `relevanceOf`: a logistic model of "this memory answers the query" over the evidence
 * that it covers what the query asks (decision 186, which replaced decision 104's coefficients). A refit on
 * paraphrase-dev's top 10 was measured and not taken (decision 197): it lost personal questions the product
 * answers today ("What do I keep on my roof?" -> "Alice keeps bees on her roof").
 */
export const RELEVANCE_MODEL: RelevanceModel = {
  bias: -3.5,
  /** Times the mean support of the query's asked words (`querySupport`). */
  support: 2,
  /** Times the weakest asked word's support: a memory that misses one thing asked does not answer. */
  least: 3,
  semantic: 2,
  meaning: 2,
  slot: 2,
  time: 1,
  sentence: 6,
  /** Subtracted when the query names someone or something the memory does not mention. */
  namesMissing: 4,
};

/** The coefficients of `relevanceOf` (`RELEVANCE_MODEL`). */
export interface RelevanceModel {
  readonly bias: number;
  readonly support: number;
  readonly least: number;
  readonly semantic: number;
  readonly meaning: number;
  readonly slot: number;
  readonly time: number;
  readonly sentence: number;
  readonly namesMissing: number;
  /** The sentence cosine's noise floor for `sentence` (absent: the ranking's `sentenceFloor`). */
  readonly sentenceFloor?: number;
}

/**
 * The coefficients when the sentence channel was read for the query (decision 212). The sentence cosine
 * carries the meaning the asked words' mean support stood for without it, so that support counts half and a
 * reach by WordNet three quarters; a cosine under 0.3 is USE-lite's noise for relevance (the ranking still
 * reads it from 0.25). Fitted on paraphrase-dev with the channel on: unanswerable questions left empty 6 -> 10
 * of 16, answerable ones kept 78 -> 77 of 80. Without the channel `RELEVANCE_MODEL` holds unchanged.
 */
export const RELEVANCE_MODEL_WITH_SENTENCES: RelevanceModel = {
  ...RELEVANCE_MODEL,
  support: 1,
  meaning: 1.5,
  sentenceFloor: 0.3,
};

/** The relevance the web app's search and the assistant's retrieval ask for (decision 104). */
export const DEFAULT_RELEVANCE_THRESHOLD = MEMORY_SEARCH_DEFAULT_THRESHOLD;

/**
 * Calibrated relevance, 0 to 1, from the query match only: how well the memory supports each word the query
 * asks (`querySupport`; without it, the literal coverage stands for both the mean and the weakest word), its
 * cosine above the noise floor, its reach by meaning, a slot match, a time match, the sentence cosine above
 * its floor, and whether it names whom the query names. The priors of the final score (length, importance,
 * recency, neighbours) say nothing about whether it answers this query.
 */
export function relevanceOf(
  scores: Pick<MemoryScoreBreakdown, 'coverage' | 'semantic' | 'meaning' | 'slotMatch' | 'timeMatch'>,
  sentence: number | null = null,
  sentenceFloor: number = DEFAULT_RANKING_WEIGHTS.sentenceFloor,
  support: QuerySupport = { mean: scores.coverage, least: scores.coverage, namesMissing: false },
  m: RelevanceModel = RELEVANCE_MODEL,
): number {
  const floor = m.sentenceFloor ?? sentenceFloor;
  const sentenceAbove = sentence === null ? 0 : Math.max(0, sentence - floor) / (1 - floor);
  const z =
    m.bias +
    m.support * support.mean +
    m.least * support.least +
    m.semantic * Math.max(0, (scores.semantic ?? 0) - DEFAULT_RANKING_WEIGHTS.semanticFloor) +
    m.meaning * scores.meaning +
    (scores.slotMatch ? m.slot : 0) +
    (scores.timeMatch ? m.time : 0) +
    m.sentence * sentenceAbove -
    (support.namesMissing ? m.namesMissing : 0);
  return 1 / (1 + Math.exp(-z));
}

/** The share of the query's content words found in the text, inflections aside ("dogs" meets "dog"). */
export function coverageOf(text: string, terms: readonly string[]): number {
  if (terms.length === 0) return 0;
  const forms = textForms(text);
  let found = 0;
  for (const term of terms) if (lemmasOf(term).some((form) => forms.has(form))) found++;
  return found / terms.length;
}

function reasonsFor(
  text: string,
  queryTerms: ReadonlyMap<string, number>,
  { semantic, conceptMatch, timeMatch, importance, recency }: Omit<MemoryScoreBreakdown, 'reasons'>,
): string[] {
  const reasons: string[] = [];
  const matched = [...new Set(textWords(text).filter((word) => queryTerms.has(word)))];
  if (matched.length > 0) reasons.push(`matched words: ${matched.slice(0, 8).join(', ')}`);
  if (semantic !== null && semantic >= 0.2) reasons.push(`similar meaning (${semantic.toFixed(2)})`);
  if (conceptMatch) reasons.push('linked to a concept in the query');
  if (timeMatch) reasons.push('held at the time asked about');
  if (importance >= 0.8) reasons.push('high importance');
  else if (importance < 0.3) reasons.push('low importance');
  if (recency >= 0.9) reasons.push('recent');
  return reasons;
}

/** The previous/next links of every chain `previous[1], previous[0], id, next[0]` the store gave. */
function linksOf(neighbours: ReadonlyMap<string, ConversationNeighbours> | undefined): {
  previous: Map<string, string>;
  next: Map<string, string>;
} {
  const previous = new Map<string, string>();
  const next = new Map<string, string>();
  if (!neighbours) return { previous, next };
  // Each chain's links in its order, from its first memory to its last, as pairs (the one before, the one
  // after), with no array built per chain: a search links a hundred of them.
  const link = (before: string, after: string): void => {
    previous.set(after, before);
    next.set(before, after);
  };
  for (const [id, around] of neighbours) {
    const before = around.previous;
    for (let i = before.length - 1; i > 0; i--) link(before[i]!, before[i - 1]!);
    if (before.length > 0) link(before[0]!, id);
    let last = id;
    for (const after of around.next) {
      link(last, after);
      last = after;
    }
  }
  return { previous, next };
}

// A chat turn's speaker: "Melanie: ..." or "[1:56 pm on 8 May, 2023] Melanie: ...", a name of one to three words.
const SPEAKER = /^\s*(?:\[[^\]]{0,80}\]\s*)?(\p{Lu}[\p{L}'’.-]*(?: \p{Lu}[\p{L}'’.-]*){0,2})\s*:\s/u;

/**
 * Where the query names the speaker of a chat turn: the earliest place (`QueryAnalysis.termPlaces`, by term)
 * of the name's words when every word of the name is among the query's terms; -1 when the memory is no chat
 * turn or the query does not name its speaker.
 */
export function speakerPlace(
  text: string,
  termPlaces: ReadonlyMap<string, number>,
  speaker: RegExpExecArray | null = SPEAKER.exec(text),
): number {
  const name = speaker?.[1];
  return placeOfSpeaker(name ? wordTokens(name) : null, termPlaces);
}

/** `speakerPlace` from the speaker's name as `wordTokens` cuts it (null: no chat turn). */
function placeOfSpeaker(name: readonly string[] | null, termPlaces: ReadonlyMap<string, number>): number {
  if (name === null) return -1;
  let place = Number.POSITIVE_INFINITY;
  for (const word of name) {
    const at = termPlaces.get(word);
    if (at === undefined) return -1;
    place = Math.min(place, at);
  }
  return place === Number.POSITIVE_INFINITY ? -1 : place;
}

/** The text read as a chat turn: its speaker's name words and `whatItSays`, kept with the text's facts. */
function chatTurnOf(text: string): ChatTurn {
  // No colon, no speaker (SPEAKER ends in one): the rest is the text's length and a '?', cheaper to read than
  // the text's facts record, which most candidates of a large scope would get only for this.
  if (text.indexOf(':') === -1) {
    const { detail, asks } = whatItSays(text, null);
    return { speakerWords: null, detail, asks };
  }
  const facts = factsOf(text);
  let turn = facts.turn;
  if (!turn) {
    const speaker = SPEAKER.exec(text);
    const name = speaker?.[1];
    const { detail, asks } = whatItSays(text, speaker);
    turn = facts.turn = { speakerWords: name ? wordTokens(name) : null, detail, asks };
  }
  return turn;
}

/**
 * Each candidate text's coverage and support (`coverageOf`, `querySupport`) for one query analysis: both
 * are pure functions of the query and the text (the support's meaning is the query terms' own), and a search
 * ranks its candidates twice (once for the neighbours' sources, then with them), as the harnesses rank one
 * question under several weightings; kept per analysis, so each is computed once per search, and once for
 * every search of a repeated query whose analysis is kept (`analyzeQueryKept` answers the same object). Kept
 * for the most recent SUPPORTED_ANALYSES analyses, at most SUPPORTED_TEXTS texts per slot each: a kept
 * analysis lives as long as its text is asked, and a large scope's searches rank a few hundred texts each.
 */
type TextSupport = { readonly coverage: number; readonly support: QuerySupport };
const SUPPORTED_ANALYSES = 64;
const SUPPORTED_TEXTS = 2048;
const supportByAnalysis = new LRUCache<QueryAnalysis, Map<string | null, Map<string, TextSupport>>>({
  max: SUPPORTED_ANALYSES,
});

function textSupport(
  analysis: QueryAnalysis,
  meaning: QueryMeaning | null,
): (text: string, slot: string | null) => TextSupport {
  let bySlot = supportByAnalysis.get(analysis);
  if (!bySlot) supportByAnalysis.set(analysis, (bySlot = new Map()));
  const memo = bySlot;
  return (text, slot) => {
    let byText = memo.get(slot);
    if (!byText) memo.set(slot, (byText = new Map()));
    let found = byText.get(text);
    if (!found) {
      if (byText.size >= SUPPORTED_TEXTS) byText.clear();
      found = {
        coverage: coverageOf(text, analysis.terms),
        support: querySupport(text, slot, analysis, meaning),
      };
      byText.set(text, found);
    }
    return found;
  };
}

/**
 * How much a memory says (`detail`, 0 to 1 on a log scale of its length in words) and whether it asks
 * something, over its text after a chat turn's speaker ("[stamp] Name: "). The length in words is the length
 * in characters over AVERAGE_WORD_CHARS: this runs for every candidate of every search, and walking the text
 * to count words costs ~1 microsecond a memory where its length costs nothing (on the dev set both give the
 * same plateau, decision 021).
 */
export function whatItSays(
  text: string,
  speaker: RegExpExecArray | null = SPEAKER.exec(text),
): {
  detail: number;
  asks: boolean;
} {
  const start = speaker ? speaker[0].length : 0;
  const words = Math.max(0, text.length - start) / AVERAGE_WORD_CHARS;
  return {
    detail: Math.min(1, Math.log1p(words) / Math.log1p(DETAIL_FULL_WORDS)),
    asks: text.indexOf('?', start) !== -1,
  };
}

/** Per conversation, the mean of its candidates' best `conversationDepth` fused scores (missing ones count 0). */
function conversationEvidence(
  base: ReadonlyMap<string, number>,
  memories: ReadonlyMap<string, RankableMemory>,
  weights: RankingWeights,
): Map<string, number> {
  const evidence = new Map<string, number>();
  if (weights.conversation === 0) return evidence;
  const scores = new Map<string, number[]>();
  for (const [id, score] of base) {
    const conversationId = memories.get(id)?.conversationId;
    if (conversationId === null || conversationId === undefined) continue;
    const list = scores.get(conversationId);
    if (list) list.push(score);
    else scores.set(conversationId, [score]);
  }
  const depth = Math.max(1, Math.floor(weights.conversationDepth));
  for (const [conversationId, list] of scores) {
    list.sort((a, b) => b - a);
    let sum = 0;
    for (let i = 0; i < Math.min(depth, list.length); i++) sum += list[i];
    evidence.set(conversationId, sum / depth);
  }
  return evidence;
}

function ranksOf(hits: readonly ScoredId[]): Map<string, number> {
  const sorted = [...hits].sort((a, b) => b.score - a.score);
  return new Map(sorted.map((hit, index) => [hit.id, index + 1]));
}

function parseRange(range: TimeRange): { from: number; to: number } {
  return { from: Date.parse(range.from), to: Date.parse(range.to) };
}

function clamp01(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0.5;
}
