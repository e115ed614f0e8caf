import { afterAll, describe, expect, it } from '@jest/globals';
import { openEmbeddedDatabase } from '@membolt/embedded-store';
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MemoryFilter, MemoryScope, MemoryScopeFilter, NewMemoryRecord } from '../../domain/memory.js';
import { makeMemoryRecord } from '../../testing/memory.factory.js';
import { neighboursInSql } from './memory-search.embedded.js';
import { openMemoryEmbeddedStore } from './memory-store.embedded.js';
import { NeighbourTimelines } from './neighbour-timeline.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const DIM = 8;
const A: MemoryScope = { userId: 'user-a', endUserId: '' };
const A2: MemoryScope = { userId: 'user-a', endUserId: 'end-2' };
const B: MemoryScope = { userId: 'user-b', endUserId: '' };
const T0 = Date.UTC(2026, 0, 1, 10);
const MINUTE = 60_000;
const GAP = 30 * MINUTE;
const NOW = new Date(T0 + 600 * MINUTE);

/** A scope of memories that meet every rule the neighbours read: conversations, sessions, shared times. */
function memoriesOf(
  scope: MemoryScope,
  count: number,
  random: () => number,
  { timeless = false } = {},
): NewMemoryRecord[] {
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
  let minute = 0;
  return Array.from({ length: count }, (_, i) => {
    // Pauses of every length (some beyond the session gap), and batches that share one creation time.
    if (random() < 0.7) minute += pick([0, 1, 5, 20, 45, 120]);
    const createdAt = new Date(T0 + minute * MINUTE);
    return makeMemoryRecord(scope, DIM, {
      text: `memory ${i}`,
      createdAt,
      validFrom: createdAt,
      conversationId: pick([null, null, null, 'conv-1', 'conv-2']),
      agentId: pick([null, null, 'agent-x']),
      runId: pick([null, null, 'run-1']),
      validTo: random() < 0.15 && !timeless ? new Date(T0 + pick([10, 300, 900]) * MINUTE) : null,
      expiresAt: random() < 0.1 && !timeless ? new Date(T0 + pick([100, 900]) * MINUTE) : null,
      category: pick([null, 'work']),
    });
  });
}

const filters: readonly MemoryFilter[] = [
  { validity: { kind: 'open', now: NOW } },
  { validity: { kind: 'all' } },
  { validity: { kind: 'asOf', at: new Date(T0 + 200 * MINUTE) } },
  // Not answered by the timeline (a column it does not hold): the SQL walk answers both sides.
  { category: 'work', validity: { kind: 'all' } },
];
const scopesOf = (scope: MemoryScope): readonly MemoryScopeFilter[] => [
  scope,
  { ...scope, visibleAt: NOW },
  { ...scope, agentId: 'agent-x' },
  { ...scope, runId: 'run-1', visibleAt: NOW },
];

const byId = (a: { id: string }, b: { id: string }): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** A deterministic generator (the property's seed picks it), so that a failure can be replayed. */
function seeded(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

describe('Neighbour timelines: the same neighbours as the SQL walks', () => {
  it('answers what the SQL walks answer for every scope, filter and candidate, and follows every write', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'membolt-timeline-'));
    dirs.push(dir);
    const store = openMemoryEmbeddedStore(dir, { dimension: DIM, annMinVectors: 1000 });
    // The truth, read through a second connection: its walks never touch a timeline.
    const truth = openEmbeddedDatabase(dir, 'memory');
    try {
      const random = seeded(7);
      const rows = {
        a: memoriesOf(A, 120, random),
        a2: memoriesOf(A2, 30, random),
        b: memoriesOf(B, 30, random),
      };
      await store.memories.insertMany(A, rows.a);
      await store.memories.insertMany(A2, rows.a2);
      await store.memories.insertMany(B, rows.b);
      const ids = [...rows.a, ...rows.a2, ...rows.b].map((record) => record.memory.id);

      const compare = async (seed: number): Promise<void> => {
        const pick = seeded(seed);
        const scope = scopesOf(pick() < 0.8 ? A : A2)[Math.floor(pick() * 4)]!;
        const filter = filters[Math.floor(pick() * filters.length)]!;
        // Candidates of the scope, of another scope and unknown ones, some twice.
        const wanted = Array.from(
          { length: 1 + Math.floor(pick() * 40) },
          () => ids[Math.floor(pick() * (ids.length + 5))] ?? 'no-such-id',
        );
        const before = Math.floor(pick() * 3);
        const after = Math.floor(pick() * 3);
        const gap = pick() < 0.8 ? GAP : 0;
        const answered = await store.search.neighbours!(scope, filter, wanted, before, after, gap);
        const expected = neighboursInSql(truth, scope, filter, wanted, before, after, gap);
        // Whole maps, in order: the ranker reads them in the order given.
        expect([...answered]).toEqual([...expected]);
      };

      await fc.assert(fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 31 - 1 }), compare), { numRuns: 150 });
      // Writes of each kind, then the same comparison: every timeline read before them is stale.
      await store.memories.delete(A, [rows.a[10]!.memory.id, rows.a[11]!.memory.id]);
      await fc.assert(fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 31 - 1 }), compare), { numRuns: 40 });
      await store.memories.update(A, rows.a[20]!.memory.id, {
        validTo: new Date(T0),
        expiresAt: new Date(T0 + 50 * MINUTE),
        updatedAt: NOW,
      });
      await fc.assert(fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 31 - 1 }), compare), { numRuns: 40 });
      await store.memories.insertMany(A, memoriesOf(A, 20, seeded(11)));
      await fc.assert(fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 31 - 1 }), compare), { numRuns: 40 });
    } finally {
      truth.close();
      await store.close();
    }
  });

  it('keeps the walks of a scope where nothing expires or closes, for each scope and filter, until a write', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'membolt-timeline-'));
    dirs.push(dir);
    const store = openMemoryEmbeddedStore(dir, { dimension: DIM, annMinVectors: 1000 });
    const truth = openEmbeddedDatabase(dir, 'memory');
    try {
      const rows = memoriesOf(A, 80, seeded(5), { timeless: true });
      await store.memories.insertMany(A, rows);
      const ids = rows.map((record) => record.memory.id);
      // Few seeds, each asked several times: the same rows are walked again under every scope and filter.
      const compare = async (seed: number): Promise<void> => {
        const pick = seeded(seed);
        const scope = scopesOf(A)[Math.floor(pick() * 4)]!;
        const filter = filters[Math.floor(pick() * filters.length)]!;
        const wanted = Array.from(
          { length: 1 + Math.floor(pick() * 60) },
          () => ids[Math.floor(pick() * ids.length)]!,
        );
        const before = 1 + Math.floor(pick() * 2);
        const gap = pick() < 0.8 ? GAP : 0;
        const answered = await store.search.neighbours!(scope, filter, wanted, before, 1, gap);
        expect([...answered]).toEqual([...neighboursInSql(truth, scope, filter, wanted, before, 1, gap)]);
      };
      // Twelve seeds spread over the generator's range (a small seed's first draws are all near 0).
      const seeds = fc.integer({ min: 1, max: 12 }).map((i) => (i * 2_654_435_761) % 2 ** 31);
      await fc.assert(fc.asyncProperty(seeds, compare), { numRuns: 80 });
      await store.memories.delete(A, [ids[30]!]);
      await fc.assert(fc.asyncProperty(seeds, compare), { numRuns: 40 });
      await store.memories.insertMany(A, memoriesOf(A, 10, seeded(6), { timeless: true }));
      await fc.assert(fc.asyncProperty(seeds, compare), { numRuns: 40 });
      // One closed fact: the walks read the filter's time again.
      await store.memories.update(A, ids[40]!, { validTo: new Date(T0 + 100 * MINUTE), updatedAt: NOW });
      await fc.assert(fc.asyncProperty(seeds, compare), { numRuns: 40 });
    } finally {
      truth.close();
      await store.close();
    }
  });

  it("hands the neighbours' rows from the scope's keyword index, as SQLite reads them", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'membolt-timeline-'));
    dirs.push(dir);
    const store = openMemoryEmbeddedStore(dir, { dimension: DIM, annMinVectors: 1000 });
    const truth = openEmbeddedDatabase(dir, 'memory');
    try {
      const random = seeded(17);
      const rows = memoriesOf(A, 120, random).map((record, i) =>
        i % 7 === 0 ? { ...record, memory: { ...record.memory, metadata: { slot: 'pet' } } } : record,
      );
      await store.memories.insertMany(A, rows);
      await store.memories.insertMany(B, memoriesOf(B, 30, random));
      const ids = rows.map((record) => record.memory.id);
      // A keyword search builds the scope's index (and its rows) and a neighbours search reads its timeline:
      // both small enough to be read on the search's path.
      await store.search.keyword(A, filters[0]!, ['memory'], 10);
      await store.search.neighbours!(A, filters[0]!, ids.slice(0, 5), 2, 1, GAP);

      let handed = 0;
      const compare = async (seed: number): Promise<void> => {
        const pick = seeded(seed);
        const scope = scopesOf(A)[Math.floor(pick() * 4)]!;
        const filter = filters[Math.floor(pick() * filters.length)]!;
        const wanted = Array.from(
          { length: 1 + Math.floor(pick() * 40) },
          () => ids[Math.floor(pick() * (ids.length + 5))] ?? 'no-such-id',
        );
        const answered = await store.search.neighbours!(scope, filter, wanted, 2, 1, GAP);
        const expected = neighboursInSql(truth, scope, filter, wanted, 2, 1, GAP);
        expect([...answered].map(([id, { previous, next }]) => [id, { previous, next }])).toEqual([
          ...expected,
        ]);
        for (const around of answered.values()) {
          if (!around.rows) continue;
          const neighbours = [...around.previous, ...around.next];
          expect(around.rows.map((row) => row.id)).toEqual(neighbours);
          const read = await store.memories.rankablesByIds(scope, neighbours);
          expect([...around.rows].sort(byId)).toEqual(read.sort(byId));
          handed += around.rows.length;
        }
      };
      await fc.assert(fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 31 - 1 }), compare), { numRuns: 60 });
      // The scope's plain searches (no agent or run, a filter on validity alone) get every row handed.
      expect(handed).toBeGreaterThan(0);
      const open = await store.search.neighbours!(A, filters[0]!, ids, 2, 1, GAP);
      for (const around of open.values())
        expect(around.rows?.length).toBe(around.previous.length + around.next.length);
      // The rows of the memories the caller holds are left out; the neighbours are the same.
      const known = new Set(ids.filter((_, i) => i % 2 === 0));
      const withKnown = await store.search.neighbours!(A, filters[0]!, ids, 2, 1, GAP, known);
      expect([...withKnown].map(([id, { previous, next }]) => [id, { previous, next }])).toEqual(
        [...open].map(([id, { previous, next }]) => [id, { previous, next }]),
      );
      let unknown = 0;
      for (const around of withKnown.values()) {
        const wantedRows = [...around.previous, ...around.next].filter((id) => !known.has(id));
        expect((around.rows ?? []).map((row) => row.id)).toEqual(wantedRows);
        unknown += wantedRows.length;
      }
      expect(unknown).toBeGreaterThan(0);
    } finally {
      truth.close();
      await store.close();
    }
  });

  it('fills the map in the order SQLite orders the ids, past the characters where JavaScript differs', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'membolt-timeline-'));
    dirs.push(dir);
    const store = openMemoryEmbeddedStore(dir, { dimension: DIM, annMinVectors: 1000 });
    const truth = openEmbeddedDatabase(dir, 'memory');
    try {
      // UTF-16 puts U+1F600 (a surrogate pair) before U+E000; UTF-8, as SQLite compares, after it.
      const ids = ['m\u{1F600}', 'm\uE000', 'ma', 'mz'];
      await store.memories.insertMany(
        A,
        ids.map((id, i) => makeMemoryRecord(A, DIM, { id, createdAt: new Date(T0 + i * MINUTE) })),
      );
      const open: MemoryFilter = { validity: { kind: 'open', now: NOW } };
      const answered = await store.search.neighbours!(A, open, ids, 2, 1, GAP);
      expect([...answered.keys()]).toEqual(['ma', 'mz', 'm\uE000', 'm\u{1F600}']);
      expect([...answered]).toEqual([...neighboursInSql(truth, A, open, ids, 2, 1, GAP)]);
    } finally {
      truth.close();
      await store.close();
    }
  });

  it("reads another connection's commits, and leaves a scope past its bound to SQL", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'membolt-timeline-'));
    dirs.push(dir);
    const store = openMemoryEmbeddedStore(dir, { dimension: DIM, annMinVectors: 1000 });
    const reader = openEmbeddedDatabase(dir, 'memory');
    try {
      const open: MemoryFilter = { validity: { kind: 'open', now: NOW } };
      const at = (minute: number) => new Date(T0 + minute * MINUTE);
      const first = makeMemoryRecord(A, DIM, { createdAt: at(0) });
      const second = makeMemoryRecord(A, DIM, { createdAt: at(1) });
      await store.memories.insertMany(A, [first, second]);
      const timelines = new NeighbourTimelines(reader, { readRows: 3, maxRows: 3 });
      expect(timelines.neighbours(A, open, [second.memory.id], 2, 1, GAP)).toEqual(
        new Map([[second.memory.id, { previous: [first.memory.id], next: [] }]]),
      );
      // Written by the store's connection: this reader's timeline is read again.
      const third = makeMemoryRecord(A, DIM, { createdAt: at(2) });
      await store.memories.insertMany(A, [third]);
      expect(timelines.neighbours(A, open, [second.memory.id], 2, 1, GAP)).toEqual(
        new Map([[second.memory.id, { previous: [first.memory.id], next: [third.memory.id] }]]),
      );
      // Past three memories the scope is walked in SQL; a filter on another column too.
      await store.memories.insertMany(A, [makeMemoryRecord(A, DIM, { createdAt: at(3) })]);
      expect(timelines.neighbours(A, open, [second.memory.id], 2, 1, GAP)).toBeNull();
      expect(
        timelines.neighbours(B, { ...open, source: 'memory' }, [second.memory.id], 2, 1, GAP),
      ).toBeNull();
    } finally {
      reader.close();
      await store.close();
    }
  });

  it("holds a scope past the read bound from a background read, kept across other scopes' writes", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'membolt-timeline-'));
    dirs.push(dir);
    const store = openMemoryEmbeddedStore(dir, { dimension: DIM, annMinVectors: 1000 });
    const reader = openEmbeddedDatabase(dir, 'memory');
    try {
      const random = seeded(23);
      const rows = memoriesOf(A, 150, random);
      await store.memories.insertMany(A, rows);
      await store.memories.insertMany(B, memoriesOf(B, 5, random));
      const open: MemoryFilter = { validity: { kind: 'open', now: NOW } };
      // Past 10 memories a scope is read in the background, 7 rows a turn.
      const timelines = new NeighbourTimelines(reader, { readRows: 10, maxRows: 1_000, chunkRows: 7 });
      const ids = rows.map((record) => record.memory.id);
      const sameAsSql = (wanted: readonly string[]): void => {
        const answered = timelines.neighbours(A, open, wanted, 2, 1, GAP);
        expect(answered).not.toBeNull();
        expect([...answered!]).toEqual([...neighboursInSql(reader, A, open, wanted, 2, 1, GAP)]);
      };
      // The first search starts the read and leaves this one to SQL.
      expect(timelines.neighbours(A, open, ids.slice(0, 20), 2, 1, GAP)).toBeNull();
      await timelines.whenBuilt();
      for (let from = 0; from < ids.length; from += 25) sameAsSql(ids.slice(from, from + 25));

      // Another scope's write leaves the timeline held: it answers at once.
      await store.memories.insertMany(B, memoriesOf(B, 3, seeded(5)));
      sameAsSql(ids.slice(0, 40));

      // A write to the scope: SQL answers until the timeline is read again, then it holds the write.
      await store.memories.delete(A, [ids[30]!]);
      const added = memoriesOf(A, 4, seeded(9));
      await store.memories.insertMany(A, added);
      expect(timelines.neighbours(A, open, ids.slice(0, 40), 2, 1, GAP)).toBeNull();
      await timelines.whenBuilt();
      sameAsSql([...ids.slice(20, 60), ...added.map((record) => record.memory.id)]);

      // A write during the read: what was read is dropped, and read again after a search at the new count.
      await store.memories.update(A, ids[40]!, { validTo: new Date(T0), updatedAt: NOW });
      expect(timelines.neighbours(A, open, ids.slice(0, 40), 2, 1, GAP)).toBeNull();
      await new Promise((resolve) => setImmediate(resolve));
      await store.memories.update(A, ids[41]!, { validTo: new Date(T0), updatedAt: NOW });
      await timelines.whenBuilt();
      expect(timelines.neighbours(A, open, ids.slice(0, 60), 2, 1, GAP)).toBeNull();
      await timelines.whenBuilt();
      sameAsSql(ids.slice(20, 60));
    } finally {
      reader.close();
      await store.close();
    }
  });

  it('leaves a scope to SQL when its background read fails (the connection closed under it)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'membolt-timeline-'));
    dirs.push(dir);
    const store = openMemoryEmbeddedStore(dir, { dimension: DIM, annMinVectors: 1000 });
    const reader = openEmbeddedDatabase(dir, 'memory');
    try {
      const rows = memoriesOf(A, 40, seeded(13));
      await store.memories.insertMany(A, rows);
      const open: MemoryFilter = { validity: { kind: 'open', now: NOW } };
      const timelines = new NeighbourTimelines(reader, { readRows: 10, maxRows: 1_000, chunkRows: 7 });
      expect(timelines.neighbours(A, open, [rows[5]!.memory.id], 2, 1, GAP)).toBeNull();
      reader.close();
      await expect(timelines.whenBuilt()).resolves.toBeUndefined();
    } finally {
      if (reader.open) reader.close();
      await store.close();
    }
  });

  it('counts each write transaction per scope it wrote, and none that changed nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'membolt-timeline-'));
    dirs.push(dir);
    const store = openMemoryEmbeddedStore(dir, { dimension: DIM, annMinVectors: 1000 });
    const reader = openEmbeddedDatabase(dir, 'memory');
    try {
      const writes = (scope: MemoryScope): number =>
        (reader
          .prepare('SELECT writes FROM memory_scope_writes WHERE user_id = ? AND end_user_id = ?')
          .pluck()
          .get(scope.userId, scope.endUserId) as number | undefined) ?? 0;
      const rows = memoriesOf(A, 6, seeded(3));
      await store.memories.insertMany(A, rows);
      expect([writes(A), writes(A2), writes(B)]).toEqual([1, 0, 0]);
      await store.memories.update(A, rows[0]!.memory.id, { validTo: new Date(T0), updatedAt: NOW });
      await store.memories.delete(A, [rows[1]!.memory.id, rows[2]!.memory.id]);
      expect(writes(A)).toBe(3);
      // Nothing written: an update or delete of a memory of another scope.
      expect(
        await store.memories.update(B, rows[3]!.memory.id, { validTo: new Date(T0), updatedAt: NOW }),
      ).toBeNull();
      await store.memories.delete(B, [rows[3]!.memory.id]);
      expect(writes(A)).toBe(3);
      await store.memories.insertMany(A2, memoriesOf(A2, 2, seeded(4)));
      expect([writes(A), writes(A2), writes(B)]).toEqual([3, 1, 0]);
    } finally {
      reader.close();
      await store.close();
    }
  });
});
