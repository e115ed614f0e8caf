import { randomUUID } from 'node:crypto';
import type {
  CreateMemoryRequest,
  MemoryCategory,
  MemoryCategoryValue,
  MemoryCategoryView,
  MemoryScopeFields,
  MemorySearchResultView,
  MemoryView,
  SearchMemoriesRequest,
  UpdateMemoryRequest,
} from '@membolt/contracts';
import type { Clock } from '@membolt/platform';
import type { MemoryAccess } from '../ports/memory-access.js';

/** A request's category as a memory holds it ("none" clears it, as the memory service does). */
const categoryOf = (category: MemoryCategoryValue | undefined): MemoryCategory | null =>
  category === undefined || category === 'none' ? null : category;

/** Lower-cased words of a text, for the stand-in search. */
const wordsOf = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
const FUNCTION_WORDS = new Set(['user', 'the', 'a', 'an', 'is', 'in', 'at', 'of', 'to', 'and', 'my', 'i']);

/**
 * The memory service as the learner sees it, in memory, for tests that run the learner in process. Search
 * stands in for the real ranking with shared words (a memory shares a word with the query, most shared
 * first): the learner only searches to find near-duplicates and the memories that name a word, and checks
 * each result's text itself. Closed facts are left out of search and lists unless asked for, as the memory
 * service does.
 */
export class InMemoryMemoryAccess implements MemoryAccess {
  private readonly memories = new Map<string, MemoryView>();

  constructor(private readonly clock: Clock) {}

  /** Every memory of a user, open and closed, oldest first. */
  all(userId: string): MemoryView[] {
    return [...this.memories.values()].filter((memory) => memory.userId === userId);
  }

  /** The user's memories valid at an instant (the memory service's `asOf`). */
  asOf(userId: string, at: string): MemoryView[] {
    const time = new Date(at).getTime();
    return this.all(userId).filter(
      (memory) =>
        new Date(memory.validFrom).getTime() <= time &&
        (memory.validTo === null || new Date(memory.validTo).getTime() > time),
    );
  }

  /** The learner's tests hold no custom category: the built-in ones only. */
  async customCategories(): Promise<readonly MemoryCategoryView[]> {
    return [];
  }

  async classifyCategories(_userId: string, texts: readonly string[]): Promise<ReadonlyArray<string | null>> {
    return texts.map(() => null);
  }

  isOpen(memory: MemoryView): boolean {
    return memory.validTo === null || new Date(memory.validTo).getTime() > this.clock.now().getTime();
  }

  async search(userId: string, request: SearchMemoriesRequest): Promise<readonly MemorySearchResultView[]> {
    const asked = new Set(wordsOf(request.query).filter((word) => !FUNCTION_WORDS.has(word)));
    return this.inScope(userId, request)
      .filter((memory) => request.includeClosed === true || this.isOpen(memory))
      .map((memory) => ({ memory, shared: wordsOf(memory.text).filter((word) => asked.has(word)).length }))
      .filter(({ shared }) => shared > 0)
      .sort((a, b) => b.shared - a.shared)
      .slice(0, request.limit)
      .map(({ memory, shared }) => ({
        memory,
        score: shared,
        relevance: Math.min(1, shared / Math.max(1, asked.size)),
        scores: {
          semantic: null,
          keyword: shared,
          fused: shared,
          importance: memory.importance,
          recency: 1,
          conceptMatch: false,
          timeMatch: false,
          final: shared,
          meaning: 0,
          slotMatch: false,
          coverage: shared / Math.max(1, asked.size),
          reasons: [],
        },
      }));
  }

  async openFactsOn(
    userId: string,
    scope: MemoryScopeFields,
    subject: string,
  ): Promise<readonly MemoryView[]> {
    return this.factsWith(userId, scope, { subject }, false);
  }

  async factsWith(
    userId: string,
    scope: MemoryScopeFields,
    metadata: Readonly<Record<string, string>>,
    includeClosed: boolean,
  ): Promise<readonly MemoryView[]> {
    return this.inScope(userId, scope)
      .filter((memory) => includeClosed || this.isOpen(memory))
      .filter((memory) => Object.entries(metadata).every(([key, value]) => memory.metadata[key] === value))
      .reverse();
  }

  async create(userId: string, request: CreateMemoryRequest): Promise<MemoryView> {
    const now = this.clock.now().toISOString();
    const memory: MemoryView = {
      id: randomUUID(),
      userId,
      endUserId: request.endUserId ?? null,
      agentId: request.agentId ?? null,
      runId: request.runId ?? null,
      text: request.text,
      metadata: { ...request.metadata },
      importance: request.importance ?? 0.5,
      category: categoryOf(request.category),
      source: request.source ?? 'api',
      conversationId: request.conversationId ?? null,
      conversationTitle: request.conversationTitle ?? null,
      createdAt: now,
      updatedAt: now,
      validFrom: request.validFrom ?? now,
      validTo: request.validTo ?? null,
      version: 1,
      redactions: [],
    };
    this.memories.set(memory.id, memory);
    return memory;
  }

  async update(userId: string, request: UpdateMemoryRequest): Promise<MemoryView> {
    const memory = this.memories.get(request.memoryId);
    if (!memory || memory.userId !== userId) throw new Error(`No memory ${request.memoryId}`);
    const updated: MemoryView = {
      ...memory,
      ...(request.text !== undefined ? { text: request.text } : {}),
      ...(request.metadata !== undefined ? { metadata: { ...request.metadata } } : {}),
      ...(request.importance !== undefined ? { importance: request.importance } : {}),
      ...(request.category !== undefined ? { category: categoryOf(request.category) } : {}),
      ...(request.validFrom !== undefined ? { validFrom: request.validFrom } : {}),
      ...(request.validTo !== undefined ? { validTo: request.validTo } : {}),
      updatedAt: this.clock.now().toISOString(),
      version: memory.version + 1,
    };
    this.memories.set(updated.id, updated);
    return updated;
  }

  async conversationCounts(
    userId: string,
    scope: MemoryScopeFields,
    conversationIds: readonly string[],
  ): Promise<Readonly<Record<string, number>>> {
    const open = this.inScope(userId, scope).filter((memory) => this.isOpen(memory));
    return Object.fromEntries(
      conversationIds.map((id) => [id, open.filter((memory) => memory.conversationId === id).length]),
    );
  }

  private inScope(userId: string, scope: MemoryScopeFields): MemoryView[] {
    return this.all(userId).filter(
      (memory) =>
        memory.endUserId === (scope.endUserId ?? null) &&
        (scope.agentId === undefined || memory.agentId === scope.agentId) &&
        (scope.runId === undefined || memory.runId === scope.runId),
    );
  }
}
