import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MemoryCategory } from '@membolt/contracts';
import { makeMemoryRecord } from '../../testing/memory.factory.js';
import { openMemoryEmbeddedStore } from './memory-store.embedded.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const DIM = 8;
const A = { userId: 'user-a', endUserId: '' };
const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 10, minute));

describe('Embedded store: the rows a search answers, read again', () => {
  it("follows every write after a read: this process's, a category's deletion, another connection's", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'membolt-answer-rows-'));
    dirs.push(dir);
    const store = openMemoryEmbeddedStore(dir, { dimension: DIM, annMinVectors: 1000 });
    const other = openMemoryEmbeddedStore(dir, { dimension: DIM, annMinVectors: 1000 });
    const work = 'work' as MemoryCategory;
    const first = makeMemoryRecord(A, DIM, { text: 'first', category: work });
    const second = makeMemoryRecord(A, DIM, { text: 'second' });
    const ids = [first.memory.id, second.memory.id];
    const read = async () =>
      (await store.memories.findByIds(A, ids)).map((m) => ({ text: m.text, category: m.category }));
    try {
      await store.categories.insert(
        { userId: A.userId, name: 'work', description: 'work', createdAt: at(0), updatedAt: at(0) },
        10,
      );
      await store.memories.insertMany(A, [first, second]);
      expect(await read()).toEqual([
        { text: 'first', category: 'work' },
        { text: 'second', category: null },
      ]);
      await store.memories.update(A, first.memory.id, { text: 'first, edited', updatedAt: at(1) });
      expect(await read()).toEqual([
        { text: 'first, edited', category: 'work' },
        { text: 'second', category: null },
      ]);
      await store.categories.delete(A.userId, 'work');
      expect(await read()).toEqual([
        { text: 'first, edited', category: null },
        { text: 'second', category: null },
      ]);
      await other.memories.update(A, second.memory.id, { text: 'second, elsewhere', updatedAt: at(2) });
      expect(await read()).toEqual([
        { text: 'first, edited', category: null },
        { text: 'second, elsewhere', category: null },
      ]);
      await store.memories.delete(A, [first.memory.id]);
      expect(await read()).toEqual([{ text: 'second, elsewhere', category: null }]);
    } finally {
      await other.close();
      await store.close();
    }
  });

  it('checks the agent, the run and the expiry of a row held from a wider read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'membolt-answer-rows-'));
    dirs.push(dir);
    const store = openMemoryEmbeddedStore(dir, { dimension: DIM, annMinVectors: 1000 });
    const ofAgent = makeMemoryRecord(A, DIM, { text: 'of an agent', agentId: 'agent-1', runId: 'run-1' });
    const expiring = makeMemoryRecord(A, DIM, { text: 'expiring', expiresAt: at(30) });
    const ids = [ofAgent.memory.id, expiring.memory.id];
    const texts = async (scope: Parameters<typeof store.memories.findByIds>[0]) =>
      (await store.memories.findByIds(scope, ids)).map((m) => m.text);
    try {
      await store.memories.insertMany(A, [ofAgent, expiring]);
      expect(await texts(A)).toEqual(['of an agent', 'expiring']);
      expect(await texts({ ...A, agentId: 'agent-1' })).toEqual(['of an agent']);
      expect(await texts({ ...A, agentId: 'agent-2' })).toEqual([]);
      expect(await texts({ ...A, runId: 'run-1' })).toEqual(['of an agent']);
      expect(await texts({ ...A, runId: 'run-2' })).toEqual([]);
      expect(await texts({ ...A, visibleAt: at(29) })).toEqual(['of an agent', 'expiring']);
      expect(await texts({ ...A, visibleAt: at(30) })).toEqual(['of an agent']);
      expect(await texts({ userId: 'user-b', endUserId: '' })).toEqual([]);
    } finally {
      await store.close();
    }
  });
});
