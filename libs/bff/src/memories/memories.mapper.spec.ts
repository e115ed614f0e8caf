import { describe, expect, it } from '@jest/globals';
import type { MemoryView } from '@membolt/contracts';
import {
  toCategoryChange,
  toDeletionReceiptModel,
  toFilterFields,
  toMemoryModel,
} from './memories.mapper.js';
import { MemorySourceModel } from './memories.models.js';

const aMemoryView = (overrides: Partial<MemoryView> = {}): MemoryView => ({
  id: 'm1',
  userId: 'owner-1',
  endUserId: 'end-user-1',
  agentId: 'agent-1',
  runId: 'run-1',
  text: 'I moved to Lisbon.',
  metadata: { importance: 0.7, topic: 'moving' },
  importance: 0.7,
  category: 'personal',
  source: 'chat',
  conversationId: 'c1',
  conversationTitle: 'Moving',
  createdAt: '2026-11-23T07:00:00.000Z',
  updatedAt: '2026-11-23T07:10:00.000Z',
  validFrom: '2026-11-23T07:00:00.000Z',
  validTo: null,
  version: 2,
  redactions: [],
  ...overrides,
});

describe('memories mapper', () => {
  it('keeps owner and scope ids and the embedding server-side; metadata travels as a JSON string', () => {
    const model = toMemoryModel(aMemoryView({ embedding: [0.1, 0.2] }));
    expect(model).toEqual({
      id: 'm1',
      text: 'I moved to Lisbon.',
      importance: 0.7,
      category: 'personal',
      source: 'chat',
      conversationId: 'c1',
      conversationTitle: 'Moving',
      metadata: '{"importance":0.7,"topic":"moving"}',
      createdAt: '2026-11-23T07:00:00.000Z',
      updatedAt: '2026-11-23T07:10:00.000Z',
      validFrom: '2026-11-23T07:00:00.000Z',
      validTo: null,
      expirationDate: null,
      version: 2,
      redactions: [],
    });
  });

  it('sends only the filters given (the bus refuses unknown and empty fields)', () => {
    expect(toFilterFields(null)).toEqual({});
    expect(toFilterFields({ category: null, source: MemorySourceModel.chat })).toEqual({ source: 'chat' });
    expect(toFilterFields({ category: 'work', createdAfter: '2026-01-01T00:00:00Z' })).toEqual({
      category: 'work',
      createdAfter: '2026-01-01T00:00:00Z',
    });
  });

  it('clears the category on an explicit null and leaves it alone when absent', () => {
    expect(toCategoryChange(undefined)).toEqual({});
    expect(toCategoryChange(null)).toEqual({ category: 'none' });
    expect(toCategoryChange('interest')).toEqual({ category: 'interest' });
  });

  it('lists what a deletion removed as kind and count pairs', () => {
    expect(
      toDeletionReceiptModel({
        memoryIds: ['m1'],
        removed: { memories: 1, vectors: 1 },
        deletedAt: '2026-11-23T08:00:00.000Z',
      }),
    ).toEqual({
      memoryIds: ['m1'],
      removed: [
        { kind: 'memories', count: 1 },
        { kind: 'vectors', count: 1 },
      ],
      deletedAt: '2026-11-23T08:00:00.000Z',
    });
  });
});
