import { Inject, Injectable, Optional } from '@nestjs/common';
import {
  type ConceptGraphRequest,
  type ConceptMemoriesRequest,
  type ConversationMemoryCountsRequest,
  type CreateMemoryBatchRequest,
  type CreateMemoryRequest,
  type DeleteEndUserRequest,
  type DeleteScopeRequest,
  MEMORY_BATCH_MAX,
  type ExportMemoriesRequest,
  type GetMemoryRequest,
  type ImportMemoriesRequest,
  type ListEndUsersRequest,
  type ListMemoriesRequest,
  type MemoryFilterFields,
  type MemoryIdRequest,
  type MemoryScopeFields,
  type MemoryStatsRequest,
  type SearchMemoriesRequest,
  type UpdateMemoryRequest,
  type PrivacyPolicy,
  type SensitiveKind,
} from '@membolt/contracts';
import { CLOCK, type Clock } from '@membolt/platform';
import { duplicateKey, fingerprintOfKey } from './domain/duplicate-text.js';
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
} from './domain/memory.js';
import { OPEN_ONLY } from './domain/memory.js';
import {
  categoryOf,
  embedOne,
  MemoryRecordBuilder,
  unionOfKinds,
  withoutImportFields,
} from './domain/memory-records.js';
import { filteredScopeFields, filterOf, scopeOf } from './domain/memory-request-filter.js';
import {
  conceptNotFound,
  duplicateImportIds,
  endUserIdRequired,
  invalidExportCursor,
  memoryNotFound,
  nothingToUpdate,
  scopeRequired,
  validityOrder,
} from './memory.errors.js';
import { MemoryCategoryService } from './categories/memory-category.service.js';
import { MemoryConceptLinker } from './memory-concept.linker.js';
import { IMPORT_SLICE_FIRST, nextImportSlice } from './domain/write-slices.js';
import { MemorySentenceSweep } from './memory-sentence.sweep.js';
import { PrivacyPolicyService } from './privacy/privacy-policy.service.js';
import { MEMORY_SETTINGS, type MemorySettings } from './memory.options.js';
import { EMBEDDER, type Embedder } from './ports/embedder.js';
import { MEMORY_EVENTS, type MemoryEvents } from './ports/memory-events.js';
import { DuplicateOriginError } from './ports/memory.repository.js';
import { MEMORY_STORE, type MemoryStore } from './ports/memory-store.js';
import { SENTENCE_ENCODER, type SentenceEncoder } from './ports/sentence-encoder.js';
import { extractConcepts } from './retrieval/concepts.js';
import { MemorySearcher, type SearchOutcome } from './retrieval/memory-searcher.js';
import { queryTerms } from './retrieval/query-analysis.js';

export type { SearchOutcome } from './retrieval/memory-searcher.js';

/** What account deletion removed, counted by kind. */
export type RemovedUserData = Readonly<Record<string, number>>;

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

/**
 * Of `candidates`, the oldest open memory of exactly this scope (the end user, agent and run alike: a memory
 * recorded for an agent is not the account's) for each duplicate key their texts have.
 */
function oldestOpenSame(
  scope: MemoryScopeFilter,
  candidates: readonly Memory[],
  now: Date,
): Map<string, Memory> {
  const oldest = new Map<string, Memory>();
  for (const memory of candidates) {
    if (memory.agentId !== (scope.agentId ?? null) || memory.runId !== (scope.runId ?? null)) continue;
    if (memory.validTo !== null && memory.validTo.getTime() <= now.getTime()) continue;
    const key = duplicateKey(memory.text);
    const held = oldest.get(key);
    if (!held || memory.createdAt.getTime() < held.createdAt.getTime()) oldest.set(key, memory);
  }
  return oldest;
}

/** The rules of the memory service. Every read and write is scoped to the acting user and its end user. */
@Injectable()
export class MemoryService {
  /** Builds the records a write stores (domain/memory-records.ts). */
  private readonly records: MemoryRecordBuilder;
  /** Runs a search end to end (retrieval/memory-searcher.ts). */
  private readonly searcher: MemorySearcher;
  /** Imported lines the next transaction writes, sized by the wall time of the last full one. */
  private importSlice = IMPORT_SLICE_FIRST;

  constructor(
    @Inject(MEMORY_STORE) private readonly store: MemoryStore,
    @Inject(EMBEDDER) private readonly embedder: Embedder,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(MEMORY_EVENTS) private readonly events: MemoryEvents,
    @Inject(MEMORY_SETTINGS) settings: MemorySettings,
    private readonly concepts: MemoryConceptLinker,
    private readonly privacy: PrivacyPolicyService,
    private readonly categories: MemoryCategoryService,
    // Named: SWC records a `T | null` parameter's type as Object, which Nest cannot resolve, and an optional
    // dependency it cannot resolve is silently null (no write scheduled the sweep, no search read the channel).
    @Optional()
    @Inject(MemorySentenceSweep)
    private readonly sentenceSweep: MemorySentenceSweep | null = null,
    @Optional() @Inject(SENTENCE_ENCODER) sentenceEncoder: SentenceEncoder | null = null,
  ) {
    this.records = new MemoryRecordBuilder(embedder, settings);
    this.searcher = new MemorySearcher(
      store,
      embedder,
      clock,
      settings,
      categories,
      sentenceEncoder,
      sentenceSweep,
    );
  }

  async create(userId: string, request: CreateMemoryRequest): Promise<Memory> {
    return (await this.add(userId, { ...request, dedupe: false })).memory;
  }

  /** One memory; with `dedupe`, the open memory of the scope holding the same words is answered instead. */
  async add(userId: string, request: CreateMemoryRequest): Promise<StoredMemory> {
    const scope = this.readScope(userId, request);
    await this.categories.assertKnown(userId, [request.category]);
    const [screened] = await this.screened(userId, [request]);
    if (!screened) throw new Error('screened answered no item for one write');
    const [built] = await this.records.newRecords(scope, [screened], this.clock.now(), false);
    if (!built) throw new Error('newRecords answered no record for one item');
    let record = built;
    if (request.dedupe === true) {
      const key = duplicateKey(record.memory.text);
      const fingerprint = fingerprintOfKey(key);
      const held = await this.openDuplicateOf(scope, record, key);
      if (held) return { memory: held, deduplicated: true };
      record = { ...record, duplicateFingerprint: fingerprint };
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
    const records = await this.records.newRecords(
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
    // Each text's key and fingerprint once: the check and the stored row share them.
    const keys = dedupe ? records.map((record) => duplicateKey(record.memory.text)) : [];
    const fingerprints = keys.map(fingerprintOfKey);
    const heldByBatch = dedupe ? await this.openDuplicatesOf(scope, keys) : null;
    for (const [i, plain] of records.entries()) {
      let record = plain;
      if (dedupe) {
        const key = keys[i]!;
        const held =
          earlier.get(key) ??
          (heldByBatch ? (heldByBatch.get(key) ?? null) : await this.openDuplicateOf(scope, record, key));
        if (held) {
          stored.push({ memory: held, deduplicated: true });
          continue;
        }
        earlier.set(key, record.memory);
        record = { ...record, duplicateFingerprint: fingerprints[i] };
      }
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
    const records = await this.records.newRecords(
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
      // one transaction held the loop for 40 ms on a quiet machine (400 ms loaded), so each slice is sized
      // from the wall time the last one took, this import's or an earlier part's (domain/write-slices.ts).
      // Lines are idempotent by their exported id, so a part cut short by a crash is completed, not
      // duplicated, when it runs again.
      while (stored < records.length) {
        const started = performance.now();
        const slice = records.slice(stored, stored + this.importSlice);
        await this.store.memories.insertMany(scope, slice);
        stored += slice.length;
        // A short last slice says little about a full one's time.
        if (slice.length === this.importSlice)
          this.importSlice = nextImportSlice(slice.length, performance.now() - started);
      }
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
      const parsed = this.records.parseMetadata(request.metadata);
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
      embedding = this.records.givenEmbedding(request.embedding);
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
    return this.searcher.search(userId, request);
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
    const embedding = await embedOne(this.embedder, text, 'document');
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
  private async openDuplicateOf(
    scope: MemoryScopeFilter,
    record: NewMemoryRecord,
    key = duplicateKey(record.memory.text),
  ): Promise<Memory | null> {
    const now = this.clock.now();
    const memories = this.store.memories;
    if (memories.findOpenDuplicates)
      return (await memories.findOpenDuplicates(scope, [key], now)).get(key) ?? null;
    const candidates = await this.duplicateCandidates(scope, record, now);
    return oldestOpenSame(scope, candidates, now).get(key) ?? null;
  }

  /**
   * `openDuplicateOf` for every text of a batch (by their keys) in one read of the store, by duplicate key;
   * null where the store has no fingerprint index (each record is then checked on its own).
   */
  private async openDuplicatesOf(
    scope: MemoryScopeFilter,
    keys: readonly string[],
  ): Promise<Map<string, Memory> | null> {
    const memories = this.store.memories;
    if (!memories.findOpenDuplicates) return null;
    return memories.findOpenDuplicates(scope, keys, this.clock.now());
  }

  /**
   * The memories that may hold the record's words where the store has no fingerprint index: the nearest of
   * each search channel, where a memory in the same words ranks at the top of both.
   */
  private async duplicateCandidates(
    scope: MemoryScopeFilter,
    record: NewMemoryRecord,
    now: Date,
  ): Promise<Memory[]> {
    const memories = this.store.memories;
    const filter: MemoryFilter = { validity: { kind: 'open', now } };
    const [dense, keyword] = await Promise.all([
      this.store.search.dense(scope, filter, record.embedding, DUPLICATE_CANDIDATES),
      this.store.search.keyword(scope, filter, queryTerms(record.memory.text), DUPLICATE_CANDIDATES),
    ]);
    const ids = [...new Set([...dense.candidates, ...keyword].map((candidate) => candidate.id))];
    return ids.length === 0 ? [] : memories.findByIds(scope, ids);
  }

  /** The request's scope as every read and change sees it: memories already expired are not there. */
  private readScope(userId: string, fields: MemoryScopeFields): MemoryScopeFilter {
    return scopeOf(userId, fields, this.clock.now());
  }

  /** A list's or search's scope (its filter may name the end user, agent or run). */
  private filteredScope(userId: string, request: MemoryFilterFields): MemoryScopeFilter {
    return this.readScope(userId, filteredScopeFields(request));
  }

  private filterOf(request: MemoryFilterFields, openClosed: boolean): MemoryFilter {
    return filterOf(request, openClosed, () => this.clock.now());
  }
}
