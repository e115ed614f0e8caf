import { type MemoryScoreBreakdown } from '@membolt/contracts';

import { type QueryAnalysis, type TimeRange } from './query-analysis.js';
import { wordTokens } from './text-tokens.js';

/** What the ranker reads of a candidate memory. Times are ISO-8601 strings. */
export interface RankableMemory {
  readonly importance: number;
  readonly createdAt: string;
  readonly validFrom: string;
  readonly validTo: string | null;
  readonly conversationId: string | null;
  readonly text: string;
}

export interface ScoredId {
  readonly id: string;
  readonly score: number;
}

/**
 * The knobs of the hybrid ranking. Defaults are the values tuned on the LoCoMo dev set (decision 021);
 * tools/bench/retrieval-harness.ts prints the ablation that justifies each one.
 */
export interface RankingWeights {
  /** `linear`: weighted sum of the cosine and the max-normalised BM25; `rrf`: weighted reciprocal rank fusion. */
  readonly fusion: 'linear' | 'rrf';
  readonly dense: number;
  readonly keyword: number;
  /** RRF's rank offset (only for `rrf`). */
  readonly rrfK: number;
  /** Added when a concept named in the query is linked to the memory. */
  readonly concept: number;
  /** Added when the query names a time and the memory held then. */
  readonly time: number;
  /** Times (importance - 0.5): a light rerank, so importance orders near-ties, not the whole list. */
  readonly importance: number;
  /** Times recency (1 now, 0.5 after `recencyHalfLifeDays`). */
  readonly recency: number;
  readonly recencyHalfLifeDays: number;
}

export const DEFAULT_RANKING_WEIGHTS: RankingWeights = {
  fusion: 'linear',
  dense: 1,
  keyword: 0.35,
  rrfK: 60,
  concept: 0.05,
  time: 0.1,
  importance: 0.02,
  recency: 0.01,
  recencyHalfLifeDays: 30,
};

export interface RankInput {
  readonly analysis: QueryAnalysis;
  /** Dense candidates: cosine similarity, best first or in any order. */
  readonly dense: readonly ScoredId[];
  /** Keyword candidates: BM25 with higher = better (negate SQLite's bm25(), which is lower = better). */
  readonly keyword: readonly ScoredId[];
  /** Memories linked to a concept the query names. */
  readonly concept: readonly { readonly id: string }[];
  /** Every candidate id above must be here; ids missing from it are skipped (deleted meanwhile). */
  readonly memories: ReadonlyMap<string, RankableMemory>;
  readonly now: Date;
  readonly limit: number;
  readonly weights?: Partial<RankingWeights>;
}

export interface RankedCandidate {
  readonly id: string;
  readonly score: number;
  readonly scores: MemoryScoreBreakdown;
}

const DAY_MS = 86_400_000;

/**
 * Fuses dense, keyword and concept candidates, then reranks lightly by time match, importance and
 * recency. A closed fact (validTo in the past) is kept only when the query names a time it held in:
 * closed facts leave default search but still answer questions about the past.
 */
export function rankCandidates(input: RankInput): RankedCandidate[] {
  const weights: RankingWeights = { ...DEFAULT_RANKING_WEIGHTS, ...input.weights };
  const { analysis, memories, now } = input;
  const nowMs = now.getTime();
  const dense = new Map(input.dense.map((hit) => [hit.id, hit.score]));
  const keyword = new Map(input.keyword.map((hit) => [hit.id, hit.score]));
  const concept = new Set(input.concept.map((hit) => hit.id));
  const denseRank = ranksOf(input.dense);
  const keywordRank = ranksOf(input.keyword);
  const maxKeyword = Math.max(0, ...input.keyword.map((hit) => hit.score));
  const queryTerms = new Set(analysis.terms);
  const range = analysis.timeRange ? parseRange(analysis.timeRange) : null;

  const ids = new Set<string>([...dense.keys(), ...keyword.keys(), ...concept]);
  const ranked: RankedCandidate[] = [];
  for (const id of ids) {
    const memory = memories.get(id);
    if (!memory) continue;
    const validFrom = Date.parse(memory.validFrom);
    const validTo = memory.validTo === null ? Number.POSITIVE_INFINITY : Date.parse(memory.validTo);
    const timeMatch = range !== null && validFrom < range.to && validTo > range.from;
    if (validTo <= nowMs && !timeMatch) continue;

    const semantic = dense.get(id) ?? null;
    const keywordScore = keyword.get(id) ?? null;
    const conceptMatch = concept.has(id);
    let fused: number;
    if (weights.fusion === 'rrf') {
      const dr = denseRank.get(id);
      const kr = keywordRank.get(id);
      fused =
        (dr === undefined ? 0 : weights.dense / (weights.rrfK + dr)) +
        (kr === undefined ? 0 : weights.keyword / (weights.rrfK + kr));
    } else {
      fused =
        weights.dense * Math.max(0, semantic ?? 0) +
        weights.keyword * (keywordScore !== null && maxKeyword > 0 ? keywordScore / maxKeyword : 0);
    }
    const importance = clamp01(memory.importance);
    const ageDays = Math.max(0, nowMs - Date.parse(memory.createdAt)) / DAY_MS;
    const recency = Math.pow(0.5, ageDays / weights.recencyHalfLifeDays);
    const final =
      fused +
      (conceptMatch ? weights.concept : 0) +
      (timeMatch ? weights.time : 0) +
      weights.importance * (importance - 0.5) +
      weights.recency * recency;

    ranked.push({
      id,
      score: final,
      scores: {
        semantic,
        keyword: keywordScore,
        fused,
        importance,
        recency,
        conceptMatch,
        timeMatch,
        final,
        reasons: reasonsFor(memory.text, queryTerms, semantic, conceptMatch, timeMatch, importance, recency),
      },
    });
  }
  ranked.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return ranked.slice(0, Math.max(0, input.limit));
}

function reasonsFor(
  text: string,
  queryTerms: ReadonlySet<string>,
  semantic: number | null,
  conceptMatch: boolean,
  timeMatch: boolean,
  importance: number,
  recency: number,
): string[] {
  const reasons: string[] = [];
  const matched = [...new Set(wordTokens(text).filter((word) => queryTerms.has(word)))];
  if (matched.length > 0) reasons.push(`matched words: ${matched.slice(0, 8).join(', ')}`);
  if (semantic !== null && semantic >= 0.2) reasons.push(`similar meaning (${semantic.toFixed(2)})`);
  if (conceptMatch) reasons.push('linked to a concept in the query');
  if (timeMatch) reasons.push('held at the time asked about');
  if (importance >= 0.8) reasons.push('high importance');
  else if (importance < 0.3) reasons.push('low importance');
  if (recency >= 0.9) reasons.push('recent');
  return reasons;
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
