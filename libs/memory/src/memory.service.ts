import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Optional } from '@nestjs/common';
import {
  type BatchMemoryItem,
  type ConceptGraphRequest,
  type ConceptMemoriesRequest,
  type ConversationMemoryCountsRequest,
  type CreateMemoryBatchRequest,
  type CreateMemoryRequest,
  DEFAULT_IMPORTANCE,
  DEFAULT_MEMORY_SOURCE,
  type DeleteEndUserRequest,
  type DeleteScopeRequest,
  MEMORY_BATCH_MAX,
  type ExportMemoriesRequest,
  type GetMemoryRequest,
  type ImportMemoriesRequest,
  type ListEndUsersRequest,
  type ListMemoriesRequest,
  MEMORY_METADATA_FILTER_MAX_FIELDS,
  MEMORY_METADATA_MAX_LENGTH,
  type MemoryCategoryValue,
  type MemoryFilterFields,
  type MemoryIdRequest,
  type MemoryScopeFields,
  type MemoryScoreBreakdown,
  type MemoryStatsRequest,
  type SearchMemoriesRequest,
  type UpdateMemoryRequest,
  SENSITIVE_KINDS,
  type PrivacyPolicy,
  type SensitiveKind,
  CommonError,
  CommonErrorCode,
  isEmptyMemoryFilter,
  MemoryFilterError,
  type MemoryFilterNode,
  memoryFilterScope,
  MemoryMessages,
  metadataShapeProblem,
  parseMemoryFilter,
} from '@membolt/contracts';
import { CLOCK, type Clock } from '@membolt/platform';
import { duplicateFingerprint, duplicateKey } from './domain/duplicate-text.js';
import { decodeExportCursor } from './domain/export-cursor.js';
import type {
  Concept,
  ConceptGraph,
  EndUserSummary,
  Memory,
  MemoryChanges,
  MemoryFilter,
  MemoryRemoval,
  MemoryScope,
  MemoryScopeFilter,
  MemoryStats,
  MemoryVersion,
  NewMemoryRecord,
  ScoredId,
} from './domain/memory.js';
import { OPEN_ONLY } from './domain/memory.js';
import {
  badMetadataFilter,
  conceptNotFound,
  duplicateImportIds,
  embeddingDimension,
  endUserIdRequired,
  importanceOutOfRange,
  invalidExportCursor,
  memoryNotFound,
  metadataTooDeep,
  metadataTooLarge,
  metadataTooManyKeys,
  nothingToUpdate,
  scopeRequired,
  tooManyMetadataFilters,
  validityOrder,
} from './memory.errors.js';
import { MemoryCategoryService } from './categories/memory-category.service.js';
import { MemoryConceptLinker } from './memory-concept.linker.js';
import { MemorySentenceSweep } from './memory-sentence.sweep.js';
import { PrivacyPolicyService } from './privacy/privacy-policy.service.js';
import { DEFAULT_SESSION_GAP_MINUTES, MEMORY_SETTINGS, type MemorySettings } from './memory.options.js';
import { EMBEDDER, type Embedder } from './ports/embedder.js';
import { MEMORY_EVENTS, type MemoryEvents } from './ports/memory-events.js';
import { DuplicateOriginError } from './ports/memory.repository.js';
import { MEMORY_STORE, type MemoryStore } from './ports/memory-store.js';
import { SENTENCE_ENCODER, type SentenceEncoder } from './ports/sentence-encoder.js';
import { extractConcepts } from './retrieval/concepts.js';
import { analyzeQuery, queryTerms } from './retrieval/query-analysis.js';
import {
  type ConversationNeighbours,
  NEIGHBOURS_AFTER,
  NEIGHBOURS_BEFORE,
  neighbourSourceCount,
  type RankableMemory,
  rankCandidates,
} from './retrieval/rank.js';

/** What account deletion removed, counted by kind. */
export type RemovedUserData = Readonly<Record<string, number>>;

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

export interface DeletionOutcome extends MemoryRemoval {
  readonly deletedAt: Date;
}

/** A memory a create answers: stored now, or already held in the same words (`dedupe`). */
export interface StoredMemory {
  readonly memory: Memory;
  readonly deduplicated: boolean;
}

/** Candidates each channel hands the duplicate check of one new memory. */
const DUPLICATE_CANDIDATES = 10;

/** Imported memories written per transaction. */
const IMPORT_WRITE_SLICE = 25;

/** How many candidates each channel hands the ranker, for a search asking `limit` results. */
const candidatePool = (limit: number): number => Math.max(50, limit * 5);
const METADATA_KEY = /^[A-Za-z0-9_.-]{1,100}$/;

/** The request's scope; with `visibleAt`, memories expired by then are hidden from it. */
const scopeOf = (userId: string, fields: MemoryScopeFields, visibleAt?: Date): MemoryScopeFilter => ({
  userId,
  endUserId: fields.endUserId ?? '',
  agentId: fields.agentId,
  runId: fields.runId,
  ...(visibleAt ? { visibleAt } : {}),
});

const unionOfKinds = (lists: ReadonlyArray<readonly SensitiveKind[]>): SensitiveKind[] => {
  const all = new Set(lists.flat());
  return SENSITIVE_KINDS.filter((kind) => all.has(kind));
};

const categoryOf = (value: MemoryCategoryValue | undefined): Memory['category'] | undefined =>
  value === undefined ? undefined : value === 'none' ? null : value;

/** The rules of the memory service. Every read and write is scoped to the acting user and its end user. */
@Injectable()
export class MemoryService {
  constructor(
    @Inject(MEMORY_STORE) private readonly store: MemoryStore,
    @Inject(EMBEDDER) private readonly embedder: Embedder,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(MEMORY_EVENTS) private readonly events: MemoryEvents,
    @Inject(MEMORY_SETTINGS) private readonly settings: MemorySettings,
    private readonly concepts: MemoryConceptLinker,
    private readonly privacy: PrivacyPolicyService,
    private readonly categories: MemoryCategoryService,
    @Optional() private readonly sentenceSweep: MemorySentenceSweep | null = null,
    @Optional() @Inject(SENTENCE_ENCODER) private readonly sentenceEncoder: SentenceEncoder | null = null,
  ) {}

  async create(userId: string, request: CreateMemoryRequest): Promise<Memory> {
    return (await this.add(userId, { ...request, dedupe: false })).memory;
  }

  /** One memory; with `dedupe`, the open memory of the scope holding the same words is answered instead. */
  async add(userId: string, request: CreateMemoryRequest): Promise<StoredMemory> {
    const scope = this.readScope(userId, request);
    await this.categories.assertKnown(userId, [request.category]);
    const [screened] = await this.screened(userId, [request]);
    if (!screened) throw new Error('screened answered no item for one write');
    const [record] = await this.newRecords(scope, [screened], this.clock.now(), false);
    if (!record) throw new Error('newRecords answered no record for one item');
    if (request.dedupe === true) {
      const held = await this.openDuplicateOf(scope, record);
      if (held) return { memory: held, deduplicated: true };
    }
    // Its concepts are linked behind the answer, by the linker in its worker thread: the row is stored as
    // pending (durable), and a read of concept data settles its scope first.
    await this.store.memories.insertMany(scope, [record]);
    await this.privacy.countStored(userId, [record.memory.redactions ?? []]);
    this.concepts.schedule();
    this.sentenceSweep?.schedule();
    await this.events.changed(scope, 'created', [record.memory.id], record.memory.createdAt);
    return { memory: record.memory, deduplicated: false };
  }

  /** All or none, in one transaction; texts without an embedding are embedded in one call. */
  async createBatch(userId: string, request: CreateMemoryBatchRequest): Promise<Memory[]> {
    return (await this.addBatch(userId, { ...request, dedupe: false })).map((stored) => stored.memory);
  }

  /**
   * The new items in one transaction (all or none). With `dedupe`, an item whose words an open memory of the
   * scope, or an earlier item, holds is answered with that memory and not stored. One answer per item, in order.
   */
  async addBatch(userId: string, request: CreateMemoryBatchRequest): Promise<StoredMemory[]> {
    const scope = this.readScope(userId, request);
    const now = this.clock.now();
    const dedupe = request.dedupe === true;
    await this.categories.assertKnown(
      userId,
      request.memories.map((item) => item.category),
    );
    const records = await this.newRecords(
      scope,
      await this.screened(
        userId,
        request.memories.map((item) => withoutImportFields(item, request)),
      ),
      now,
      false,
    );
    const earlier = new Map<string, Memory>();
    const fresh: NewMemoryRecord[] = [];
    const stored: StoredMemory[] = [];
    for (const record of records) {
      const key = duplicateKey(record.memory.text);
      const held = dedupe ? (earlier.get(key) ?? (await this.openDuplicateOf(scope, record))) : null;
      if (held) {
        stored.push({ memory: held, deduplicated: true });
        continue;
      }
      if (dedupe) earlier.set(key, record.memory);
      fresh.push(record);
      stored.push({ memory: record.memory, deduplicated: false });
    }
    if (fresh.length > 0) {
      await this.store.memories.insertMany(scope, fresh);
      await this.privacy.countStored(
        userId,
        fresh.map((r) => r.memory.redactions ?? []),
      );
      this.concepts.schedule();
      this.sentenceSweep?.schedule();
      await this.events.changed(
        scope,
        'created',
        fresh.map((r) => r.memory.id),
        now,
      );
    }
    return stored;
  }

  /** Idempotent by the exported ids within the scope: lines already imported are skipped. */
  async import(
    userId: string,
    request: ImportMemoriesRequest,
    redactedEarlier: ReadonlyArray<readonly SensitiveKind[]> = [],
    screenedUnder?: PrivacyPolicy,
  ): Promise<{ imported: number; skipped: number; memoryIds: string[] }> {
    const scope = this.readScope(userId, request);
    const originIds = request.memories.map((item) => item.id).filter((id): id is string => id !== undefined);
    if (new Set(originIds).size !== originIds.length) throw duplicateImportIds();
    await this.categories.assertKnown(
      userId,
      request.memories.map((item) => item.category),
    );
    const already = await this.store.memories.importedOriginIds(scope, originIds);
    const fresh = request.memories
      .map((item, index) => ({ item, earlier: redactedEarlier[index] ?? [] }))
      .filter(({ item }) => item.id === undefined || !already.has(item.id));
    if (fresh.length === 0) return { imported: 0, skipped: request.memories.length, memoryIds: [] };
    const now = this.clock.now();
    const screened = await this.screened(
      userId,
      fresh.map(({ item }) => ({
        ...item,
        endUserId: request.endUserId,
        agentId: request.agentId,
        runId: request.runId,
      })),
      screenedUnder,
    );
    const records = await this.newRecords(
      scope,
      screened.map((item, index) => ({
        ...item,
        redactions: unionOfKinds([fresh[index]?.earlier ?? [], item.redactions]),
      })),
      now,
      true,
    );
    let stored = 0;
    try {
      // In slices, each its own transaction with a turn of the event loop between: a part of 200 lines in
      // one transaction held the loop for 40 ms on a quiet machine (400 ms loaded). Lines are idempotent by
      // their exported id, so a part cut short by a crash is completed, not duplicated, when it runs again.
      for (; stored < records.length; stored += IMPORT_WRITE_SLICE)
        await this.store.memories.insertMany(scope, records.slice(stored, stored + IMPORT_WRITE_SLICE));
    } catch (error) {
      const storedRecords = records.slice(0, stored);
      const storedIds = storedRecords.map((r) => r.memory.id);
      if (storedIds.length > 0) {
        await this.privacy.countStored(
          userId,
          storedRecords.map((r) => r.memory.redactions ?? []),
        );
        await this.events.changed(scope, 'created', storedIds, now);
      }
      // Another import of the same file stored a line meanwhile: the rest is retried without it.
      if (!(error instanceof DuplicateOriginError)) throw error;
      const rest = await this.import(userId, request, redactedEarlier, screenedUnder);
      // The retry counts this call's own stored slices as already imported: they are this call's.
      return {
        imported: rest.imported + storedIds.length,
        skipped: rest.skipped - storedIds.length,
        memoryIds: [...storedIds, ...rest.memoryIds],
      };
    }
    await this.privacy.countStored(
      userId,
      records.map((r) => r.memory.redactions ?? []),
    );
    this.concepts.schedule();
    this.sentenceSweep?.schedule();
    const ids = records.map((r) => r.memory.id);
    await this.events.changed(scope, 'created', ids, now);
    return { imported: records.length, skipped: request.memories.length - records.length, memoryIds: ids };
  }

  async get(userId: string, request: GetMemoryRequest): Promise<Memory> {
    const memory = await this.store.memories.findById(this.readScope(userId, request), request.memoryId, {
      withEmbedding: request.includeEmbedding === true,
    });
    if (!memory) throw memoryNotFound();
    return memory;
  }

  /** The scope of the account holding the memory (its end user, null for the account's own). */
  async locate(userId: string, memoryId: string): Promise<{ memoryId: string; endUserId: string | null }> {
    const endUserId = await this.store.memories.endUserOf(userId, memoryId);
    if (endUserId === null) throw memoryNotFound();
    return { memoryId, endUserId: endUserId === '' ? null : endUserId };
  }

  async list(
    userId: string,
    request: ListMemoriesRequest,
  ): Promise<{ memories: readonly Memory[]; totalCount: number }> {
    await this.categories.assertKnown(userId, [request.category]);
    const page = await this.store.memories.list(
      this.filteredScope(userId, request),
      this.filterOf(request, false),
      {
        limit: request.limit,
        offset: request.offset,
        sort: request.sort,
        withEmbedding: request.includeEmbedding === true,
      },
    );
    return { memories: page.memories, totalCount: page.totalCount };
  }

  async update(userId: string, request: UpdateMemoryRequest): Promise<Memory> {
    const scope = this.readScope(userId, request);
    const current = await this.store.memories.findById(scope, request.memoryId);
    if (!current) throw memoryNotFound();
    const given = [
      request.text,
      request.metadata,
      request.importance,
      request.category,
      request.embedding,
      request.validFrom,
      request.validTo,
      request.expirationDate,
    ];
    if (given.every((value) => value === undefined)) throw nothingToUpdate();
    await this.categories.assertKnown(userId, [request.category]);

    let redactions: SensitiveKind[] | undefined;
    if (request.text !== undefined || request.metadata !== undefined) {
      const [screened] = await this.privacy.screen(userId, [
        { text: request.text ?? '', metadata: request.metadata },
      ]);
      if (!screened) throw new Error('screen answered no item for one write');
      request = {
        ...request,
        ...(request.text !== undefined ? { text: screened.text } : {}),
        ...(request.metadata !== undefined ? { metadata: screened.metadata } : {}),
      };
      // A new text brings its own redactions; new metadata alone adds to those of the text kept.
      const kept = request.text !== undefined ? [] : (current.redactions ?? []);
      redactions = unionOfKinds([kept, screened.redactions]);
    }

    let importance = request.importance;
    let metadata: Record<string, unknown> | undefined;
    if (request.metadata !== undefined) {
      const parsed = this.parseMetadata(request.metadata);
      metadata = parsed.metadata;
      importance ??= parsed.importance;
    }
    const validFrom = request.validFrom !== undefined ? new Date(request.validFrom) : undefined;
    const validTo =
      request.validTo === undefined ? undefined : request.validTo === null ? null : new Date(request.validTo);
    const effectiveFrom = validFrom ?? current.validFrom;
    const effectiveTo = validTo === undefined ? current.validTo : validTo;
    if (effectiveTo !== null && effectiveTo.getTime() <= effectiveFrom.getTime()) throw validityOrder();

    let embedding: Float32Array | undefined;
    let embeddingModel: string | undefined;
    if (request.embedding !== undefined) {
      embedding = this.givenEmbedding(request.embedding);
      embeddingModel = 'client';
    } else if (request.text !== undefined && request.text !== current.text) {
      [embedding] = await this.embedder.embed([request.text], 'document');
      embeddingModel = this.embedder.model;
    }
    const newText = request.text !== undefined && request.text !== current.text ? request.text : undefined;
    const changes: MemoryChanges = {
      text: request.text,
      metadata,
      importance,
      category: categoryOf(request.category),
      validFrom,
      validTo,
      expiresAt:
        request.expirationDate === undefined
          ? undefined
          : request.expirationDate === null
            ? null
            : new Date(request.expirationDate),
      embedding,
      embeddingModel,
      concepts: newText !== undefined ? extractConcepts(newText) : undefined,
      redactions,
      updatedAt: this.clock.now(),
    };
    const updated = await this.store.memories.update(scope, request.memoryId, changes);
    if (!updated) throw memoryNotFound();
    if (newText !== undefined) this.sentenceSweep?.schedule();
    // Counted once per kind the write itself redacted (what the kept text had was counted when it came).
    const counted = (redactions ?? []).filter(
      (kind) => request.text !== undefined || !(current.redactions ?? []).includes(kind),
    );
    await this.privacy.countStored(userId, [counted]);
    await this.events.changed(scope, 'updated', [updated.id], updated.updatedAt);
    if (current.validTo === null && updated.validTo !== null)
      await this.events.changed(scope, 'closed', [updated.id], updated.updatedAt);
    return updated;
  }

  async history(userId: string, request: MemoryIdRequest): Promise<readonly MemoryVersion[]> {
    const versions = await this.store.memories.history(this.readScope(userId, request), request.memoryId);
    if (!versions) throw memoryNotFound();
    return versions;
  }

  async delete(userId: string, request: MemoryIdRequest): Promise<DeletionOutcome> {
    const scope = this.readScope(userId, request);
    const removal = await this.store.memories.delete(scope, [request.memoryId]);
    if (removal.memoryIds.length === 0) throw memoryNotFound();
    const deletedAt = this.clock.now();
    await this.events.changed(scope, 'deleted', removal.memoryIds, deletedAt);
    return { ...removal, deletedAt };
  }

  async search(userId: string, request: SearchMemoriesRequest): Promise<SearchOutcome> {
    if (!request.query.trim()) {
      throw new CommonError(CommonErrorCode.ValidationError, MemoryMessages.queryRequired);
    }
    await this.categories.assertKnown(userId, [request.category]);
    const scope = this.filteredScope(userId, request);
    const now = this.clock.now();
    const analysis = analyzeQuery(request.query, now);
    const asOf = request.asOf !== undefined ? new Date(request.asOf) : undefined;
    // A time named in the query opens the closed facts to the ranker, which keeps those that held then.
    const filter = this.filterOf(request, analysis.timeRange !== null);
    const pool = candidatePool(request.limit);
    const vector = await this.embedOne(request.query, 'query');
    // No settle here: a search right after a large import must not pay for its concept extraction; the concept
    // channel misses pending memories for the few seconds the background linker needs.
    const [dense, keyword, concept, sentence] = await Promise.all([
      this.store.search.dense(scope, filter, vector, pool),
      this.store.search.keyword(scope, filter, analysis.terms, pool),
      this.store.search.concept(scope, filter, analysis.conceptNames, pool),
      // The ranker reads the sentence channel for personal queries only (decision 197): no encoding for others.
      analysis.personal ? this.sentenceCandidates(scope, filter, request.query, pool) : undefined,
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
      const sources = rankCandidates({
        ...channels,
        limit: neighbourSourceCount(request.limit),
        reasons: false,
      });
      neighbours = await this.store.search.neighbours(
        scope,
        filter,
        sources.map((r) => r.id).filter(hasNeighbours),
        NEIGHBOURS_BEFORE,
        NEIGHBOURS_AFTER,
        sessionGapMs,
      );
      const unseen = new Set<string>();
      for (const around of neighbours.values()) {
        for (const id of [...around.previous, ...around.next]) if (!rankable.has(id)) unseen.add(id);
      }
      if (unseen.size > 0) await load([...unseen]);
    }
    // With a threshold (on the calibrated relevance, decision 104), the relevant memories are kept before the
    // limit cuts: a long memory that matches nothing can outrank a short relevant one on the length prior alone.
    const threshold = request.threshold;
    const rankTop = () =>
      threshold === undefined
        ? rankCandidates({ ...channels, neighbours, limit: request.limit })
        : rankCandidates({ ...channels, neighbours, limit: rankable.size })
            .filter((candidate) => candidate.relevance >= threshold)
            .slice(0, request.limit);
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
  ): Promise<ScoredId[] | undefined> {
    if (!this.sentenceEncoder || !this.sentenceSweep) return undefined;
    return this.sentenceSweep.nearest(scope, filter, query, pool);
  }

  /**
   * The memories each conversation taught: the open memories of the scope stored from it, the same
   * definition as the account's count (a fact a later one closed is no longer counted).
   */
  async conversationCounts(
    userId: string,
    request: ConversationMemoryCountsRequest,
  ): Promise<Record<string, number>> {
    const scope = this.readScope(userId, request);
    const counts: Record<string, number> = {};
    for (const conversationId of new Set(request.conversationIds)) {
      const page = await this.store.memories.list(
        scope,
        { ...OPEN_ONLY(this.clock.now()), conversationId },
        { limit: 1, offset: 0, sort: 'recent' },
      );
      counts[conversationId] = page.totalCount;
    }
    return counts;
  }

  async stats(userId: string, request: MemoryStatsRequest): Promise<MemoryStats & { oldestCreatedAt: Date }> {
    const scope = this.readScope(userId, request);
    await this.concepts.settle(scope);
    const stats = await this.store.memories.stats(scope, this.clock.now());
    // The spec's fallback: with no memories the oldest timestamp is now.
    return { ...stats, oldestCreatedAt: stats.oldestCreatedAt ?? this.clock.now() };
  }

  async exportPage(
    userId: string,
    request: ExportMemoriesRequest,
  ): Promise<{ memories: readonly Memory[]; nextCursor?: string | undefined }> {
    if (request.cursor !== undefined && !decodeExportCursor(request.cursor)) throw invalidExportCursor();
    return this.store.memories.exportPage(this.readScope(userId, request), request.cursor, request.limit, {
      withEmbedding: true,
    });
  }

  async generateEmbedding(
    text: string,
  ): Promise<{ embedding: Float32Array; dimension: number; model: string }> {
    const embedding = await this.embedOne(text, 'document');
    return { embedding, dimension: this.embedder.dimension, model: this.embedder.model };
  }

  async listEndUsers(
    userId: string,
    request: ListEndUsersRequest,
  ): Promise<{ endUsers: readonly EndUserSummary[]; total: number }> {
    return this.store.endUsers.list(userId, { limit: request.limit, offset: request.offset });
  }

  async deleteEndUser(userId: string, request: DeleteEndUserRequest): Promise<DeletionOutcome> {
    if (!request.endUserId.trim()) throw endUserIdRequired();
    const scope: MemoryScope = { userId, endUserId: request.endUserId };
    const removal = await this.store.endUsers.delete(userId, request.endUserId);
    const deletedAt = this.clock.now();
    await this.events.changed(scope, 'deleted', removal.memoryIds, deletedAt);
    return { ...removal, deletedAt };
  }

  /**
   * Deletes every memory of the scope the request names, with everything derived, and answers one receipt.
   * An end user alone is erased as `deleteEndUser` does (the whole scope and its caches); an agent or a run
   * is removed a page at a time (expired memories included: they are the scope's too).
   */
  async deleteScope(userId: string, request: DeleteScopeRequest): Promise<DeletionOutcome> {
    const named = [request.endUserId, request.agentId, request.runId].filter((id) => id !== undefined);
    if (named.length === 0 || named.some((id) => !id.trim())) throw scopeRequired();
    if (request.agentId === undefined && request.runId === undefined && request.endUserId !== undefined) {
      return this.deleteEndUser(userId, { endUserId: request.endUserId });
    }
    const scope = scopeOf(userId, request);
    const memoryIds: string[] = [];
    const removed: Record<string, number> = {};
    for (;;) {
      const page = await this.store.memories.list(
        scope,
        { validity: { kind: 'all' } },
        { limit: MEMORY_BATCH_MAX, offset: 0, sort: 'oldest' },
      );
      if (page.memories.length === 0) break;
      const removal = await this.store.memories.delete(
        scope,
        page.memories.map((memory) => memory.id),
      );
      if (removal.memoryIds.length === 0) break;
      memoryIds.push(...removal.memoryIds);
      for (const [kind, count] of Object.entries(removal.removed))
        removed[kind] = (removed[kind] ?? 0) + count;
    }
    const deletedAt = this.clock.now();
    await this.events.changed(scope, 'deleted', memoryIds, deletedAt);
    const none = {
      memories: 0,
      vectors: 0,
      keywordEntries: 0,
      versions: 0,
      conceptLinks: 0,
      concepts: 0,
      relations: 0,
    };
    return { memoryIds, removed: { ...none, ...removed }, deletedAt };
  }

  async conceptGraph(userId: string, request: ConceptGraphRequest): Promise<ConceptGraph> {
    const scope = this.readScope(userId, request);
    await this.concepts.settle(scope);
    return this.store.concepts.graph(scope, request.maxNodes);
  }

  async conceptMemories(userId: string, request: ConceptMemoriesRequest): Promise<readonly Memory[]> {
    const scope = this.readScope(userId, request);
    await this.concepts.settle(scope);
    const memories = await this.store.concepts.memoriesOf(scope, request.conceptId, request.limit);
    if (!memories) throw conceptNotFound();
    return memories;
  }

  /** The concepts extracted from one memory of the scope (the Memories screen's details). */
  async memoryConcepts(userId: string, request: MemoryIdRequest): Promise<readonly Concept[]> {
    const scope = this.readScope(userId, request);
    await this.concepts.settle(scope);
    const concepts = await this.store.concepts.ofMemory(scope, request.memoryId);
    if (!concepts) throw memoryNotFound();
    return concepts;
  }

  /** Account deletion: every memory of the user, its end users' included. Idempotent. */
  async deleteUserData(userId: string): Promise<RemovedUserData> {
    const removal = await this.store.memories.deleteAllOfUser(userId);
    if (removal.memoryIds.length > 0) {
      await this.events.changed({ userId, endUserId: '' }, 'deleted', removal.memoryIds, this.clock.now());
    }
    const privacyRecords = await this.store.privacyPolicies.deleteUser(userId);
    const categories = await this.categories.deleteUserData(userId);
    return {
      ...(removal.memoryIds.length > 0 ? removal.removed : {}),
      ...(privacyRecords > 0 ? { privacyPolicyRecords: privacyRecords } : {}),
      ...(categories > 0 ? { memoryCategories: categories } : {}),
    };
  }

  /** The items of a write as the privacy policy lets them be stored, each with the kinds it redacted. */
  private async screened<T extends CreateMemoryRequest>(
    userId: string,
    items: readonly T[],
    screenedUnder?: PrivacyPolicy,
  ): Promise<Array<T & { redactions: SensitiveKind[] }>> {
    const screened = await this.privacy.screen(userId, items, screenedUnder);
    return items.map((item, index) => {
      const outcome = screened[index];
      if (!outcome) throw new Error('screen answered fewer items than it was given');
      return {
        ...item,
        text: outcome.text,
        ...(item.metadata !== undefined ? { metadata: outcome.metadata } : {}),
        ...(item.conversationTitle !== undefined ? { conversationTitle: outcome.conversationTitle } : {}),
        redactions: outcome.redactions,
      };
    });
  }

  /**
   * The oldest open memory of exactly this scope (the end user, agent and run alike: a memory recorded for an
   * agent is not the account's) whose words are the record's (`duplicateKey`).
   */
  private async openDuplicateOf(scope: MemoryScopeFilter, record: NewMemoryRecord): Promise<Memory | null> {
    const now = this.clock.now();
    const candidates = await this.duplicateCandidates(scope, record, now);
    if (candidates.length === 0) return null;
    const key = duplicateKey(record.memory.text);
    const same = candidates.filter(
      (memory) =>
        memory.agentId === (scope.agentId ?? null) &&
        memory.runId === (scope.runId ?? null) &&
        (memory.validTo === null || memory.validTo.getTime() > now.getTime()) &&
        duplicateKey(memory.text) === key,
    );
    return same.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())[0] ?? null;
  }

  /**
   * The memories that may hold the record's words: those of its fingerprint where the store indexes it (one
   * index probe, every one of them found), else the nearest of each search channel, where a memory in the
   * same words ranks at the top of both.
   */
  private async duplicateCandidates(
    scope: MemoryScopeFilter,
    record: NewMemoryRecord,
    now: Date,
  ): Promise<Memory[]> {
    const memories = this.store.memories;
    if (memories.findByDuplicateFingerprint)
      return memories.findByDuplicateFingerprint(scope, duplicateFingerprint(record.memory.text));
    const filter: MemoryFilter = { validity: { kind: 'open', now } };
    const [dense, keyword] = await Promise.all([
      this.store.search.dense(scope, filter, record.embedding, DUPLICATE_CANDIDATES),
      this.store.search.keyword(scope, filter, queryTerms(record.memory.text), DUPLICATE_CANDIDATES),
    ]);
    const ids = [...new Set([...dense.candidates, ...keyword].map((candidate) => candidate.id))];
    return ids.length === 0 ? [] : memories.findByIds(scope, ids);
  }

  private async newRecords(
    scope: MemoryScopeFilter,
    items: readonly (CreateMemoryRequest & {
      id?: string | undefined;
      createdAt?: string | undefined;
      redactions: readonly SensitiveKind[];
    })[],
    now: Date,
    importing: boolean,
  ): Promise<NewMemoryRecord[]> {
    const prepared = items.map((item) => {
      const parsed = this.parseMetadata(item.metadata ?? {});
      const createdAt = importing && item.createdAt ? new Date(item.createdAt) : now;
      const validFrom = item.validFrom ? new Date(item.validFrom) : createdAt;
      const validTo = item.validTo ? new Date(item.validTo) : null;
      if (validTo && validTo.getTime() <= validFrom.getTime()) throw validityOrder();
      return {
        item,
        metadata: parsed.metadata,
        importance: item.importance ?? parsed.importance ?? DEFAULT_IMPORTANCE,
        createdAt,
        validFrom,
        validTo,
        embedding: item.embedding !== undefined ? this.givenEmbedding(item.embedding) : undefined,
      };
    });
    const toEmbed = prepared.filter((p) => !p.embedding);
    const computed = toEmbed.length
      ? await this.embedder.embed(
          toEmbed.map((p) => p.item.text),
          'document',
        )
      : [];
    if (computed.length !== toEmbed.length) {
      throw new Error(
        `The embedder ${this.embedder.model} answered ${computed.length} vectors for ${toEmbed.length} texts`,
      );
    }
    toEmbed.forEach((p, i) => (p.embedding = computed[i]));
    return prepared.map((p) => {
      if (!p.embedding) throw new Error('A new memory was left without a vector');
      return this.toRecord(scope, p, p.embedding, importing);
    });
  }

  private toRecord(
    scope: MemoryScopeFilter,
    p: {
      item: CreateMemoryRequest & { id?: string | undefined; redactions: readonly SensitiveKind[] };
      metadata: Record<string, unknown>;
      importance: number;
      createdAt: Date;
      validFrom: Date;
      validTo: Date | null;
    },
    embedding: Float32Array,
    importing: boolean,
  ): NewMemoryRecord {
    return {
      memory: {
        id: randomUUID(),
        userId: scope.userId,
        endUserId: scope.endUserId === '' ? null : scope.endUserId,
        agentId: scope.agentId ?? null,
        runId: scope.runId ?? null,
        text: p.item.text,
        metadata: p.metadata,
        importance: p.importance,
        category: categoryOf(p.item.category) ?? null,
        source: p.item.source ?? DEFAULT_MEMORY_SOURCE,
        conversationId: p.item.conversationId ?? null,
        conversationTitle: p.item.conversationTitle ?? null,
        createdAt: p.createdAt,
        updatedAt: p.createdAt,
        validFrom: p.validFrom,
        validTo: p.validTo,
        expiresAt: p.item.expirationDate ? new Date(p.item.expirationDate) : null,
        version: 1,
        embeddingModel: p.item.embedding !== undefined ? 'client' : this.embedder.model,
        redactions: p.item.redactions,
      },
      embedding,
      originId: importing ? p.item.id : undefined,
    };
  }

  /** The stored metadata (importance lives in its column) and the importance it carried, checked. */
  private parseMetadata(metadata: Record<string, unknown>): {
    metadata: Record<string, unknown>;
    importance: number | undefined;
  } {
    const { maxKeys, maxDepth } = this.settings.metadataLimits;
    const problem = metadataShapeProblem(metadata, { maxKeys, maxDepth });
    if (problem === 'keys') throw metadataTooManyKeys(maxKeys);
    if (problem === 'depth') throw metadataTooDeep(maxDepth);
    if (JSON.stringify(metadata).length > MEMORY_METADATA_MAX_LENGTH) throw metadataTooLarge();
    const { importance, ...rest } = metadata;
    if (importance === undefined || importance === null) return { metadata: rest, importance: undefined };
    if (typeof importance !== 'number' || !Number.isFinite(importance) || importance < 0 || importance > 1) {
      throw importanceOutOfRange();
    }
    return { metadata: rest, importance };
  }

  private async embedOne(text: string, purpose: 'document' | 'query'): Promise<Float32Array> {
    const [vector] = await this.embedder.embed([text], purpose);
    if (!vector) throw new Error(`The embedder ${this.embedder.model} answered no vector`);
    return vector;
  }

  private givenEmbedding(values: readonly number[]): Float32Array {
    if (values.length !== this.settings.dimension)
      throw embeddingDimension(this.settings.dimension, values.length);
    return Float32Array.from(values);
  }

  /** The request's scope as every read and change sees it: memories already expired are not there. */
  private readScope(userId: string, fields: MemoryScopeFields): MemoryScopeFilter {
    return scopeOf(userId, fields, this.clock.now());
  }

  /**
   * A list's or search's scope: where the request names no end user (agent, run), the one its filter pins at
   * the top level (`{"user_id": "alice"}`, Mem0's way of naming the user). Inside the acting account only, so
   * a filter never widens access; a filter naming another end user than the request's own matches nothing.
   */
  private filteredScope(userId: string, request: MemoryFilterFields): MemoryScopeFilter {
    const tree = expressionOf(request.filters);
    const pinned = tree ? memoryFilterScope(tree) : {};
    return this.readScope(userId, {
      endUserId: request.endUserId ?? pinned.endUserId,
      agentId: request.agentId ?? pinned.agentId,
      runId: request.runId ?? pinned.runId,
    });
  }

  private filterOf(request: MemoryFilterFields, openClosed: boolean): MemoryFilter {
    const metadata = request.metadata ?? {};
    const keys = Object.keys(metadata);
    if (keys.length > MEMORY_METADATA_FILTER_MAX_FIELDS) throw tooManyMetadataFilters();
    for (const key of keys) {
      const value: unknown = metadata[key];
      const scalar =
        typeof value === 'string' ||
        typeof value === 'boolean' ||
        (typeof value === 'number' && Number.isFinite(value));
      if (!METADATA_KEY.test(key) || !scalar) throw badMetadataFilter(key);
    }
    return {
      category: categoryOf(request.category),
      source: request.source,
      createdAfter: request.createdAfter !== undefined ? new Date(request.createdAfter) : undefined,
      createdBefore: request.createdBefore !== undefined ? new Date(request.createdBefore) : undefined,
      conversationId: request.conversationId,
      metadata: keys.length ? metadata : undefined,
      expression: expressionOf(request.filters),
      validity:
        request.asOf !== undefined
          ? { kind: 'asOf', at: new Date(request.asOf) }
          : request.includeClosed || openClosed
            ? { kind: 'all' }
            : { kind: 'open', now: this.clock.now() },
    };
  }
}

/** The request's `filters` as a tree (validated on the bus already); `{}` filters nothing. */
function expressionOf(filters: Record<string, unknown> | undefined): MemoryFilterNode | undefined {
  if (filters === undefined) return undefined;
  let tree: MemoryFilterNode;
  try {
    tree = parseMemoryFilter(filters);
  } catch (error) {
    if (error instanceof MemoryFilterError)
      throw new CommonError(CommonErrorCode.ValidationError, error.message);
    throw error;
  }
  return isEmptyMemoryFilter(tree) ? undefined : tree;
}

/** A batch create's items take the batch's scope; import-only fields do not apply. */
function withoutImportFields(item: BatchMemoryItem, scope: MemoryScopeFields): CreateMemoryRequest {
  const { id: _id, createdAt: _createdAt, ...fields } = item;
  return { ...fields, endUserId: scope.endUserId, agentId: scope.agentId, runId: scope.runId };
}
