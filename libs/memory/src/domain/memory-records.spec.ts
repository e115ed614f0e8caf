import { describe, expect, it } from '@jest/globals';
import type { Embedder } from '../ports/embedder.js';
import { MemoryRecordBuilder } from './memory-records.js';

const dimension = 4;
const embedder: Embedder = {
  model: 'test-constant',
  dimension,
  embed: async (texts) => texts.map(() => Float32Array.of(1, 0, 0, 0)),
};
const builder = new MemoryRecordBuilder(embedder, {
  dimension,
  metadataLimits: { maxKeys: 50, maxDepth: 5 },
});
const scope = { userId: 'user-a', endUserId: '' };
const items = (n: number) => Array.from({ length: n }, (_, i) => ({ text: `note ${i}`, redactions: [] }));

describe('MemoryRecordBuilder: the ids of new memories', () => {
  it('are UUIDs that sort in the order the memories were built, within a batch and across writes', async () => {
    const now = new Date(Date.UTC(2026, 0, 1));
    const first = await builder.newRecords(scope, items(300), now, false);
    const second = await builder.newRecords(scope, items(3), now, false);
    // An import keeps its lines' exported times; its new ids still follow the order of writing.
    const imported = await builder.newRecords(
      scope,
      [{ text: 'old', createdAt: '2001-01-01T00:00:00.000Z', redactions: [] }],
      now,
      true,
    );
    const ids = [...first, ...second, ...imported].map((record) => record.memory.id);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    expect(imported[0]?.memory.createdAt.toISOString()).toBe('2001-01-01T00:00:00.000Z');
  });
});
