import { randomUUID } from 'node:crypto';
import type { ConceptMention, Memory, MemoryScope, NewMemoryRecord } from '../domain/memory.js';

/** A unit vector of `dimension` numbers pointing mostly along `axis` (distinct axes are orthogonal). */
export function axisVector(dimension: number, axis: number, tilt = 0): Float32Array {
  const v = new Float32Array(dimension);
  v[axis % dimension] = 1;
  if (tilt) v[(axis + 1) % dimension] = tilt;
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
}

export interface MemoryRecordOverrides extends Partial<Omit<Memory, 'embedding'>> {
  readonly embedding?: Float32Array;
  readonly concepts?: readonly ConceptMention[];
  readonly originId?: string;
}

/** One new memory of the scope with sensible defaults; name only what the test is about. */
export function makeMemoryRecord(
  scope: MemoryScope,
  dimension: number,
  overrides: MemoryRecordOverrides = {},
): NewMemoryRecord {
  const at = overrides.createdAt ?? new Date(Date.UTC(2026, 0, 1));
  const { embedding, concepts, originId, ...fields } = overrides;
  return {
    memory: {
      id: randomUUID(),
      userId: scope.userId,
      endUserId: scope.endUserId === '' ? null : scope.endUserId,
      agentId: null,
      runId: null,
      text: 'I like green tea in the morning',
      metadata: {},
      importance: 0.5,
      category: null,
      source: 'memory',
      conversationId: null,
      conversationTitle: null,
      createdAt: at,
      updatedAt: at,
      validFrom: at,
      validTo: null,
      expiresAt: null,
      version: 1,
      embeddingModel: 'test-axes',
      ...fields,
    },
    embedding: embedding ?? axisVector(dimension, 0),
    concepts: concepts ?? [],
    ...(originId ? { originId } : {}),
  };
}
