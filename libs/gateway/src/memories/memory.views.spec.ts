import { describe, expect, it } from '@jest/globals';
import type { MemorySearchResultView, MemoryView } from '@membolt/contracts';
import {
  formatSearchResults,
  toMemoryBatchResponse,
  toMemoryDeletionResponse,
  toMemoryResponse,
} from './memory.views.js';

function makeMemoryView(overrides: Partial<MemoryView> = {}): MemoryView {
  return {
    id: 'm1',
    userId: 'u1',
    endUserId: null,
    agentId: null,
    runId: null,
    text: 'I moved to Lisbon.',
    metadata: { importance: 0.8, topic: 'home' },
    importance: 0.8,
    category: 'personal',
    source: 'api',
    conversationId: null,
    conversationTitle: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-02T10:00:00.000Z',
    validFrom: '2026-03-01T10:00:00.000Z',
    validTo: null,
    version: 1,
    redactions: [],
    ...overrides,
  };
}

const resultOf = (memory: MemoryView): MemorySearchResultView => ({
  memory,
  score: 0.5,
  relevance: 0.7,
  scores: {
    semantic: 0.5,
    keyword: null,
    fused: 0.1,
    importance: 0.8,
    recency: 1,
    conceptMatch: false,
    timeMatch: false,
    final: 0.5,
    meaning: 0,
    slotMatch: false,
    coverage: 1,
    reasons: [],
  },
});

describe('REST memory views (decision 022)', () => {
  it('answers metadata as a JSON string, timestamp as created_at, and no embedding unless asked', () => {
    const view = makeMemoryView({ embedding: [0.1, 0.2] });
    const plain = toMemoryResponse(view);
    expect(plain.metadata).toBe('{"importance":0.8,"topic":"home"}');
    expect(plain.timestamp).toBe(view.createdAt);
    expect(plain).not.toHaveProperty('embedding');
    expect(toMemoryResponse(view, true).embedding).toEqual([0.1, 0.2]);
  });

  it('answers a batch item as the memory answer, plus `deduplicated` when held, in the same JSON', () => {
    const views = [
      makeMemoryView({ embedding: [0.1, 0.2] }),
      makeMemoryView({ expirationDate: '2027-01-01T00:00:00.000Z', redactions: ['email'] }),
      makeMemoryView({
        conversationTitle: 'Moving',
        conversationId: 'c1',
        validTo: '2026-04-01T00:00:00.000Z',
      }),
    ];
    const batch = toMemoryBatchResponse({
      memories: views.map((view, i) => ({ ...view, deduplicated: i === 1 })),
      count: views.length,
    });
    // Byte for byte: the same fields in the same order as the memory answer, `deduplicated` last when true.
    expect(batch.memories.map((memory) => JSON.stringify(memory))).toEqual(
      views.map((view, i) =>
        JSON.stringify({ ...toMemoryResponse(view), ...(i === 1 ? { deduplicated: true } : {}) }),
      ),
    );
    expect(batch.memories[0]).not.toHaveProperty('embedding');
    expect(batch.memories[0]).not.toHaveProperty('user_id');
  });

  it('formats results as numbered lines with the text on one line and the day', () => {
    expect(
      formatSearchResults([
        resultOf(makeMemoryView()),
        resultOf(makeMemoryView({ text: 'two\nlines  here ', createdAt: '2025-12-31T23:59:59.000Z' })),
      ]),
    ).toBe('1. I moved to Lisbon. (2026-03-01)\n2. two lines here (2025-12-31)');
    expect(formatSearchResults([])).toBe('');
  });

  it('names what a delete removed in snake_case', () => {
    expect(
      toMemoryDeletionResponse({
        memoryIds: ['m1'],
        removed: { memories: 1, keywordEntries: 1, conceptLinks: 2 },
        deletedAt: '2026-03-01T10:00:00.000Z',
      }),
    ).toEqual({
      deleted: true,
      memory_ids: ['m1'],
      removed: { memories: 1, keyword_entries: 1, concept_links: 2 },
      deleted_at: '2026-03-01T10:00:00.000Z',
    });
  });
});
