import {
  CommonError,
  CommonErrorCode,
  type MemoryScoreBreakdown,
  MemoryMessages,
  type SearchMemoriesRequest,
} from '@membolt/contracts';
import type { Clock } from '@membolt/platform';
import { LRUCache } from 'lru-cache';
import type { MemoryCategoryService } from '../categories/memory-category.service.js';
import type { Memory, MemoryFilter, MemoryScopeFilter, ScoredId } from '../domain/memory.js';
import { embedOne } from '../domain/memory-records.js';
import { filteredScopeFields, filterOf, scopeOf } from '../domain/memory-request-filter.js';
import { DEFAULT_SESSION_GAP_MINUTES, type MemorySettings } from '../memory.options.js';
import type { Embedder } from '../ports/embedder.js';
import type { MemoryStore } from '../ports/memory-store.js';
import type { MemorySentenceSweep } from '../memory-sentence.sweep.js';
import type { SentenceEncoder } from '../ports/sentence-encoder.js';
import { analyzeQueryKept } from './query-analysis.js';
import {
  type ConversationNeighbours,
  NEIGHBOURS_AFTER,
  NEIGHBOURS_BEFORE,
  neighbourSourceCount,
  neighbourSources,
  type RankableMemory,
  rankCandidates,
} from './rank.js';

interface SearchHit {
  readonly memory: Memory;
  readonly score: number;
  /** Calibrated relevance to the query, 0 to 1. */
  readonly relevance: number;
  readonly scores: MemoryScoreBreakdown;
}

export interface SearchOutcome {
  readonly results: readonly SearchHit[];
  readonly strategy: 'exact' | 'ann';
}

/** How many candidates each channel hands the ranker, for a search asking `limit` results. */
const candidatePool = (limit: number): number => Math.max(50, limit * 5);

/**
 * Query vectors kept per text: a searcher's embedder is one model, whose vector of a text is a function of the
 * text (the offline embedder's exactly, a provider's up to its own rounding), and a repeated query (a client
 * asking one question again, a search box's suggestion) then costs no embedding and no provider call. Each
 * vector is a fresh array its readers never write. 256 vectors of 1,536 floats hold about 1.5 MB.
 */
const QUERY_VECTORS_MAX = 256;

/**
 * A search, end to end: the query analysed and embedded, each channel's candidates (dense, keyword, concept,
 * sentence), the rows the ranker needs, the conversation and session neighbours of the best, the ranking, the
 * threshold and the limit, and the memories read back. The memory service answers it.
 */
export class MemorySearcher {
  private readonly queryVectors = new LRUCache<string, Float32Array>({ max: QUERY_VECTORS_MAX });

  constructor(
    private readonly store: MemoryStore,
    private readonly embedder: Embedder,
    private readonly clock: Clock,
    private readonly settings: MemorySettings,
    private readonly categories: MemoryCategoryService,
    private readonly sentenceEncoder: SentenceEncoder | null,
    private readonly sentenceSweep: MemorySentenceSweep | null,
  ) {}

  async search(userId: string, request: SearchMemoriesRequest): Promise<SearchOutcome> {
    if (!request.query.trim()) {
      throw new CommonError(CommonErrorCode.ValidationError, MemoryMessages.queryRequired);
    }
    await this.categories.assertKnown(userId, [request.category]);
    const scope = scopeOf(userId, filteredScopeFields(request), this.clock.now());
    const now = this.clock.now();
    const analysis = analyzeQueryKept(request.query, now);
    const asOf = request.asOf !== undefined ? new Date(request.asOf) : undefined;
    // A time named in the query opens the closed facts to the ranker, which keeps those that held then.
    const filter = filterOf(request, analysis.timeRange !== null, () => this.clock.now());
    const pool = candidatePool(request.limit);
    const vector = await this.queryVector(request.query);
    // No settle here: a search right after a large import must not pay for its concept extraction; the concept
    // channel misses pending memories for the few seconds the background linker needs.
    const [dense, keyword, concept, sentence] = await Promise.all([
      this.store.search.dense(scope, filter, vector, pool),
      this.store.search.keyword(scope, filter, analysis.keywordTerms, pool),
      this.store.search.concept(scope, filter, analysis.conceptNames, pool),
      // The ranker reads the sentence channel for personal queries only (decision 197): no encoding for others.
      analysis.personal
        ? this.sentenceCandidates(scope, filter, request.query, pool, request.sentenceLoadWaitMs)
        : undefined,
    ]);
    const rankable = new Map<string, RankableMemory>();
    // Closed facts asked for (includeClosed, asOf) are not closed to the ranker: the filter decided.
    const openToRanker = request.includeClosed === true || asOf !== undefined;
    const keep = (id: string, memory: RankableMemory) =>
      rankable.set(id, openToRanker ? { ...memory, validTo: null } : memory);
    const load = async (wanted: readonly string[]) => {
      for (const { id, ...memory } of await this.store.memories.rankablesByIds(scope, wanted))
        keep(id, memory);
    };
    // Candidates whose row the store read to check them come with what the ranker needs; the rest is loaded.
    const missing = new Set<string>();
    for (const candidate of [...dense.candidates, ...keyword, ...concept, ...(sentence ?? [])]) {
      if (candidate.memory) keep(candidate.id, candidate.memory);
      else missing.add(candidate.id);
    }
    for (const id of rankable.keys()) missing.delete(id);
    await load([...missing]);
    const channels = {
      analysis,
      dense: dense.candidates,
      keyword,
      concept,
      ...(sentence ? { sentence } : {}),
      memories: rankable,
      now: asOf ?? now,
    };
    // The memories just before and after the best candidates in their conversation: an answer follows its
    // question (decision 021). Only the best, ranked once without them: a weak candidate's neighbour never
    // reaches the answer, and each lookup is a query.
    // A memory added without a conversation has the neighbours of its inferred session (those stored just
    // before/after it by the same writer, decision 196) unless MEMORY_SESSION_GAP_MINUTES is 0; then only
    // memories in a conversation have neighbours, and with none among the candidates there is no lookup.
    let neighbours: Map<string, ConversationNeighbours> | undefined;
    const sessionGapMs = this.settings.sessionGapMs ?? DEFAULT_SESSION_GAP_MINUTES * 60_000;
    const hasNeighbours = (id: string) =>
      sessionGapMs > 0 ? rankable.has(id) : (rankable.get(id)?.conversationId ?? null) !== null;
    if (this.store.search.neighbours && [...rankable.keys()].some(hasNeighbours)) {
      const sources = neighbourSources(channels, neighbourSourceCount(request.limit));
      neighbours = await this.store.search.neighbours(
        scope,
        filter,
        sources.filter(hasNeighbours),
        NEIGHBOURS_BEFORE,
        NEIGHBOURS_AFTER,
        sessionGapMs,
        // Read during the call: the rows of the memories already ranked are not handed again.
        rankable,
      );
      const unseen = new Set<string>();
      for (const around of neighbours.values()) {
        // The store may hand some neighbours' rows with them; those are not loaded.
        if (around.rows) for (const row of around.rows) if (!rankable.has(row.id)) keep(row.id, row);
        for (const id of around.previous) if (!rankable.has(id)) unseen.add(id);
        for (const id of around.next) if (!rankable.has(id)) unseen.add(id);
      }
      if (unseen.size > 0) await load([...unseen]);
    }
    // With a threshold (on the calibrated relevance, decision 104), the relevant memories are kept before the
    // limit cuts: a long memory that matches nothing can outrank a short relevant one on the length prior alone.
    const threshold = request.threshold;
    const rankTop = () =>
      rankCandidates({ ...channels, neighbours, limit: request.limit, minRelevance: threshold });
    let ranked = rankTop();
    let found = await this.store.memories.findByIds(
      scope,
      ranked.map((r) => r.id),
      { withEmbedding: request.includeEmbedding === true },
    );
    // A candidate a cache vouched for may have expired (or gone) since: rank again without it, so the answer
    // still holds `limit` results when the scope has them.
    for (let round = 0; round < 3 && found.length < ranked.length; round++) {
      const held = new Set(found.map((memory) => memory.id));
      for (const r of ranked) if (!held.has(r.id)) rankable.delete(r.id);
      ranked = rankTop();
      found = await this.store.memories.findByIds(
        scope,
        ranked.map((r) => r.id),
        { withEmbedding: request.includeEmbedding === true },
      );
    }
    const byId = new Map(found.map((memory) => [memory.id, memory]));
    return {
      results: ranked.flatMap((r) => {
        const hit = byId.get(r.id);
        return hit ? [{ memory: hit, score: r.score, relevance: r.relevance, scores: r.scores }] : [];
      }),
      strategy: dense.strategy,
    };
  }

  /** The query's vector, embedded once per text while it stays among the most recently asked. */
  private async queryVector(query: string): Promise<Float32Array> {
    const kept = this.queryVectors.get(query);
    if (kept) return kept;
    const vector = await embedOne(this.embedder, query, 'query');
    this.queryVectors.set(query, vector);
    return vector;
  }

  /**
   * The sentence channel's candidates (decisions 162, 203): the scope's memories nearest the query's sentence
   * vector (`MemorySentenceSweep.nearest`). Undefined when the encoder is off, the store keeps no sentence
   * vectors, the scope is past `sentenceMaxScope`, or the channel is not ready in time.
   */
  private async sentenceCandidates(
    scope: MemoryScopeFilter,
    filter: MemoryFilter,
    query: string,
    pool: number,
    loadWaitMs: number | undefined,
  ): Promise<ScoredId[] | undefined> {
    if (!this.sentenceEncoder || !this.sentenceSweep) return undefined;
    return this.sentenceSweep.nearest(scope, filter, query, pool, loadWaitMs);
  }
}
