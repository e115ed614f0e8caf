import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { createJobQueue, type JobQueue } from '@membolt/jobs';
import { TestClock } from '@membolt/platform';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MemoryScope } from '../domain/memory.js';
import { DEFAULT_RETENTION_SETTINGS } from '../memory.options.js';
import { openMemoryStore } from '../memory.store.js';
import type { MemoryStore } from '../ports/memory-store.js';
import type { PlanRetention, RetentionAnswer } from '../ports/plan-retention.js';
import { makeMemoryRecord } from '../testing/memory.factory.js';
import { RETENTION_PURGE_JOB, RetentionPurgeJob } from './retention-purge.job.js';

const DIM = 8;
const NOW = new Date(Date.UTC(2026, 5, 30, 12));
const daysAgo = (days: number): Date => new Date(NOW.getTime() - days * 86_400_000);
const FREE: MemoryScope = { userId: 'user-free', endUserId: '' };
const FREE_END: MemoryScope = { userId: 'user-free', endUserId: 'alice' };
const BASIC: MemoryScope = { userId: 'user-basic', endUserId: '' };
const PRO: MemoryScope = { userId: 'user-pro', endUserId: '' };

/** Billing's answers, per account (the purge asks over the bus in the product). */
class PlansOf implements PlanRetention {
  readonly asked: string[] = [];
  unreachable = false;
  constructor(private readonly plans: Record<string, RetentionAnswer>) {}
  async of(userId: string): Promise<RetentionAnswer> {
    this.asked.push(userId);
    if (this.unreachable) throw new Error('billing.subscriptions.get.v1 got no answer');
    return this.plans[userId] ?? { kind: 'no-account' };
  }
}

describe('retention purge (embedded store, test clock)', () => {
  let dataDir: string;
  let store: MemoryStore;
  let queue: JobQueue;
  let plans: PlansOf;
  let announced: Array<{ userId: string; ids: readonly string[] }>;
  let purge: RetentionPurgeJob;

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'membolt-retention-'));
    store = await openMemoryStore({ kind: 'embedded', dataDir }, { dimension: DIM, annMinVectors: 5000 });
    queue = await createJobQueue('memory', {
      backend: { kind: 'embedded', dataDir },
      leaseMs: 5000,
      pollMs: 25,
      keepFinishedMs: 600_000,
      closeTimeoutMs: 1000,
    });
    plans = new PlansOf({
      'user-free': { kind: 'days', days: 7 },
      'user-basic': { kind: 'days', days: 30 },
      'user-pro': { kind: 'days', days: null },
    });
    announced = [];
    purge = new RetentionPurgeJob(
      queue,
      store,
      plans,
      { changed: async (scope, _change, ids) => void announced.push({ userId: scope.userId, ids }) },
      DEFAULT_RETENTION_SETTINGS,
      new TestClock(NOW),
    );
  });
  afterEach(async () => {
    await queue.close();
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const seed = async (scope: MemoryScope, ...ages: number[]) => {
    const records = ages.map((age) =>
      makeMemoryRecord(scope, DIM, { text: `${age} days old`, createdAt: daysAgo(age) }),
    );
    await store.memories.insertMany(scope, records);
    return records.map((record) => record.memory.id);
  };
  const textsOf = async (scope: MemoryScope) =>
    (
      await store.memories.list(
        scope,
        { validity: { kind: 'all' } },
        { limit: 100, offset: 0, sort: 'oldest' },
      )
    ).memories.map((memory) => memory.text);

  it('removes what is older than the plan keeps, end users included, with everything derived; keeps the rest', async () => {
    const [oldest, old] = await seed(FREE, 40, 8, 6, 1);
    const [endUserOld] = await seed(FREE_END, 10, 2);
    expect(await purge.purge('user-free')).toEqual({ retentionDays: 7, deleted: 3 });
    expect(await textsOf(FREE)).toEqual(['6 days old', '1 days old']);
    expect(await textsOf(FREE_END)).toEqual(['2 days old']);
    expect(await store.memories.findByIds(FREE, [oldest!, old!])).toEqual([]);
    expect(announced).toEqual([{ userId: 'user-free', ids: [oldest, endUserOld, old] }]);
    // Run again: nothing more to remove, nothing announced.
    expect(await purge.purge('user-free')).toEqual({ retentionDays: 7, deleted: 0 });
    expect(announced).toHaveLength(1);
  });

  it('removes the least important first and keeps a pinned memory (importance 1) however old', async () => {
    const record = (text: string, importance: number, age: number) =>
      makeMemoryRecord(FREE, DIM, { text, importance, createdAt: daysAgo(age) });
    const pinned = record('pinned', 1, 400);
    const trivial = record('trivial', 0.2, 10);
    const vital = record('vital', 0.9, 30);
    await store.memories.insertMany(FREE, [pinned, vital, trivial]);
    expect(await purge.wouldRemove('user-free', 7)).toBe(2);
    expect(await purge.purge('user-free')).toEqual({ retentionDays: 7, deleted: 2 });
    expect(announced).toEqual([{ userId: 'user-free', ids: [trivial.memory.id, vital.memory.id] }]);
    expect(await textsOf(FREE)).toEqual(['pinned']);
    expect(await purge.purge('user-free')).toEqual({ retentionDays: 7, deleted: 0 });
  });

  it('lets the event loop turn while it removes many memories (the store is written on the serving loop)', async () => {
    await seed(FREE, ...Array.from({ length: 1_000 }, (_, i) => 30 + (i % 300)));
    let turns = 0;
    const counting = setInterval(() => turns++, 0);
    try {
      expect(await purge.purge('user-free')).toEqual({ retentionDays: 7, deleted: 1_000 });
    } finally {
      clearInterval(counting);
    }
    // Removed in slices with a turn of the loop between them: timers (other requests) ran meanwhile.
    expect(turns).toBeGreaterThan(1);
  });

  it('keeps 30 days on Basic and everything on Pro; another account is never touched', async () => {
    await seed(BASIC, 45, 20);
    await seed(PRO, 400, 45);
    await seed(FREE, 40);
    expect(await purge.purge('user-basic')).toEqual({ retentionDays: 30, deleted: 1 });
    expect(await purge.purge('user-pro')).toEqual({ retentionDays: null, deleted: 0 });
    expect(await textsOf(BASIC)).toEqual(['20 days old']);
    expect(await textsOf(PRO)).toEqual(['400 days old', '45 days old']);
    expect(await textsOf(FREE)).toEqual(['40 days old']);
  });

  it('deletes nothing when billing cannot answer (the job is retried), nor for an account billing does not know', async () => {
    await seed(FREE, 40);
    plans.unreachable = true;
    await expect(purge.purge('user-free')).rejects.toThrow(/no answer/);
    expect(await textsOf(FREE)).toEqual(['40 days old']);
    plans.unreachable = false;
    await seed({ userId: 'user-gone', endUserId: '' }, 40);
    expect(await purge.purge('user-gone')).toEqual({
      retentionDays: null,
      deleted: 0,
      skipped: 'no-account',
    });
    expect(await textsOf({ userId: 'user-gone', endUserId: '' })).toEqual(['40 days old']);
  });

  it('the sweep queues one durable purge per account holding old memories, once per hour', async () => {
    await seed(FREE, 40);
    await seed(BASIC, 8);
    await seed(PRO, 3);
    expect(await purge.sweep()).toEqual({ queued: 2 });
    expect(await purge.sweep()).toEqual({ queued: 2 });
    const hour = NOW.toISOString().slice(0, 13).replace(/[-:T]/g, '');
    expect(await queue.get(`retention-${hour}-user-free`)).toMatchObject({
      name: RETENTION_PURGE_JOB,
      state: 'queued',
    });
    expect(await queue.get(`retention-${hour}-user-basic`)).toMatchObject({ name: RETENTION_PURGE_JOB });
    expect(await queue.get(`retention-${hour}-user-pro`)).toBeNull();
  });

  it('says how many memories a shorter retention would remove (the downgrade warning)', async () => {
    await seed(PRO, 400, 45, 20, 3);
    expect(await purge.wouldRemove('user-pro', 7)).toBe(3);
    expect(await purge.wouldRemove('user-pro', 30)).toBe(2);
    expect(await purge.wouldRemove('user-pro', null)).toBe(0);
    // Never under the floor: a 1-day plan removes what a 7-day one would.
    expect(await purge.wouldRemove('user-pro', 1)).toBe(3);
  });
});
