import { afterAll, describe, expect, it } from '@jest/globals';
import { openEmbeddedDatabase } from '@membolt/embedded-store';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { annAnswer, describeMemoryStoreContract } from '../../testing/memory-store.contract.js';
import { axisVector, makeMemoryRecord } from '../../testing/memory.factory.js';
import { openMemoryEmbeddedStore } from './memory-store.embedded.js';
import { SCOPE_VECTORS_SCAN_SQL } from './memory-vectors.embedded.js';
import { DuplicateOriginError } from '../../ports/memory.repository.js';
import { OLDEST_OPEN_DUPLICATES_SQL, PENDING_CONCEPTS_SQL } from './memory.embedded.repository.js';
import { MEMORY_MIGRATIONS } from './memory.migrations.js';
import { duplicateKey } from '../../domain/duplicate-text.js';

const NOW = new Date(Date.UTC(2026, 1, 1));

const dirs: string[] = [];
const newDataDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'membolt-memory-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describeMemoryStoreContract('embedded (SQLite)', async (settings) =>
  openMemoryEmbeddedStore(newDataDir(), settings),
);

describe('MemoryStore: embedded (SQLite)', () => {
  const settings = { dimension: 8, annMinVectors: 30 };
  const scope = { userId: 'user-a', endUserId: '' };

  it('keeps its data in DATA_DIR/memory.sqlite and applies each migration once across reopens', async () => {
    const dataDir = newDataDir();
    await openMemoryEmbeddedStore(dataDir, settings).close();
    await openMemoryEmbeddedStore(dataDir, settings).close();
    expect(existsSync(join(dataDir, 'memory.sqlite'))).toBe(true);
    const db = openEmbeddedDatabase(dataDir, 'memory');
    try {
      const applied = db.prepare('SELECT version FROM schema_migrations ORDER BY version').all();
      expect(applied).toEqual(MEMORY_MIGRATIONS.map(({ version }) => ({ version })));
    } finally {
      db.close();
    }
  });

  it('group-commits the inserts of one turn: each in the file when answered, a failing one rolled back alone', async () => {
    const dataDir = newDataDir();
    const store = openMemoryEmbeddedStore(dataDir, settings);
    const other = { userId: 'user-b', endUserId: '' };
    await store.memories.insertMany(scope, [makeMemoryRecord(scope, 8, { originId: 'line-1' })]);
    const reader = openEmbeddedDatabase(dataDir, 'memory');
    try {
      const inFile = (id: string): number =>
        (reader.prepare('SELECT count(*) AS n FROM memories WHERE id = ?').get(id) as { n: number }).n;
      const mine = makeMemoryRecord(scope, 8);
      const theirs = makeMemoryRecord(other, 8);
      // Its second line repeats an imported line: the whole insert fails, its first line with it.
      const clash = [
        makeMemoryRecord(scope, 8, { originId: 'line-2' }),
        makeMemoryRecord(scope, 8, { originId: 'line-1' }),
      ];
      const outcomes = await Promise.allSettled([
        store.memories.insertMany(scope, [mine]).then(() => inFile(mine.memory.id)),
        store.memories.insertMany(scope, clash),
        store.memories.insertMany(other, [theirs]).then(() => inFile(theirs.memory.id)),
      ]);
      expect(outcomes[0]).toEqual({ status: 'fulfilled', value: 1 });
      expect(outcomes[1]).toMatchObject({ status: 'rejected', reason: new DuplicateOriginError('line-1') });
      expect(outcomes[2]).toEqual({ status: 'fulfilled', value: 1 });
      expect(inFile(clash[0]!.memory.id)).toBe(0);
    } finally {
      reader.close();
      await store.close();
    }
  });

  it('finds a new memory by vector right after a search cached its scope (the cache takes new rows)', async () => {
    const store = openMemoryEmbeddedStore(newDataDir(), settings);
    const all = { validity: { kind: 'all' as const } };
    await store.memories.insertMany(scope, [makeMemoryRecord(scope, 8, { embedding: axisVector(8, 1) })]);
    expect((await store.search.dense(scope, all, axisVector(8, 2), 5)).candidates).toHaveLength(1);
    const added = makeMemoryRecord(scope, 8, { embedding: axisVector(8, 2) });
    await store.memories.insertMany(scope, [added]);
    const dense = await store.search.dense(scope, all, axisVector(8, 2), 5);
    expect(dense.candidates.map((c) => c.id)).toEqual([added.memory.id, expect.any(String)]);
    await store.memories.delete(scope, [added.memory.id]);
    const after = await store.search.dense(scope, all, axisVector(8, 2), 5);
    expect(after.candidates.map((c) => c.id)).not.toContain(added.memory.id);
    await store.close();
  });

  it('keeps the exact sets it caches within exactCacheMb, and scans a scope too large for it from SQLite', async () => {
    // One set of 10 vectors at dimension 8 takes (10 + 64 spare rows) x 44 bytes = 3,256: room for three.
    const budget = 10_000;
    const store = openMemoryEmbeddedStore(newDataDir(), {
      ...settings,
      annMinVectors: 1000,
      exactCacheMb: budget / 1024 / 1024,
    });
    const vectors = (store.search as unknown as { vectors: { exactCacheBytes: number } }).vectors;
    const all = { validity: { kind: 'all' as const } };
    const scopes = Array.from({ length: 6 }, (_, i) => ({ userId: `user-${i}`, endUserId: '' }));
    // In each scope, the memory along axis a is the one nearest to the query along a.
    const seed = async (target: (typeof scopes)[number], count: number) => {
      const records = Array.from({ length: count }, (_, a) =>
        makeMemoryRecord(target, 8, { embedding: axisVector(8, a, (a + 1) / (count + 1)) }),
      );
      await store.memories.insertMany(target, records);
      return records;
    };
    const seeded = await Promise.all(scopes.map((target) => seed(target, 10)));
    // (200 + 64) x 44 bytes: more than the whole bound on its own.
    const large = { userId: 'user-large', endUserId: '' };
    const largeRecords = await seed(large, 200);

    for (let round = 0; round < 2; round++) {
      for (const [i, target] of scopes.entries()) {
        const dense = await store.search.dense(target, all, axisVector(8, i, (i + 1) / 11), 3);
        expect(dense.strategy).toBe('exact');
        expect(dense.candidates[0]!.id).toBe(seeded[i]![i]!.memory.id);
        expect(dense.candidates).toHaveLength(3);
        expect(vectors.exactCacheBytes).toBeGreaterThan(0);
        expect(vectors.exactCacheBytes).toBeLessThanOrEqual(budget);
      }
      const dense = await store.search.dense(large, all, axisVector(8, 5, 6 / 201), 2);
      expect(dense.candidates.map((c) => c.id)[0]).toBe(largeRecords[5]!.memory.id);
      expect(vectors.exactCacheBytes).toBeLessThanOrEqual(budget);
    }
    // A new memory in a cached scope is appended to its set (or the set dropped), still within the bound.
    const added = makeMemoryRecord(scopes[5]!, 8, { embedding: axisVector(8, 7, 0.001) });
    await store.memories.insertMany(scopes[5]!, [added]);
    const after = await store.search.dense(scopes[5]!, all, axisVector(8, 7, 0.001), 1);
    expect(after.candidates.map((c) => c.id)).toEqual([added.memory.id]);
    expect(vectors.exactCacheBytes).toBeLessThanOrEqual(budget);
    await store.close();
  });

  it("reads a scope too large to hold through its index, without sorting the scope's blobs", async () => {
    const dataDir = newDataDir();
    await openMemoryEmbeddedStore(dataDir, settings).close();
    const db = openEmbeddedDatabase(dataDir, 'memory');
    try {
      const plan = db
        .prepare(`EXPLAIN QUERY PLAN ${SCOPE_VECTORS_SCAN_SQL}`)
        .all('user-a', '')
        .map((row) => (row as { detail: string }).detail);
      expect(plan.join(' | ')).toContain('USING INDEX memory_vectors_scope');
      expect(plan.join(' | ')).not.toContain('TEMP B-TREE');
    } finally {
      db.close();
    }
  });

  it('caches no exact set at all with exactCacheMb 0, and answers the same', async () => {
    const store = openMemoryEmbeddedStore(newDataDir(), { ...settings, exactCacheMb: 0 });
    const vectors = (store.search as unknown as { vectors: { exactCacheBytes: number } }).vectors;
    const all = { validity: { kind: 'all' as const } };
    const records = Array.from({ length: 5 }, (_, a) =>
      makeMemoryRecord(scope, 8, { embedding: axisVector(8, a) }),
    );
    await store.memories.insertMany(scope, records);
    const dense = await store.search.dense(scope, all, axisVector(8, 2), 5);
    expect(dense.candidates.map((c) => c.id)[0]).toBe(records[2]!.memory.id);
    expect(dense.candidates).toHaveLength(5);
    expect(vectors.exactCacheBytes).toBe(0);
    await store.close();
  });

  it('scans a held set for the scope and filter alone, in the order a scan of those rows gives, columns included', async () => {
    const dataDir = newDataDir();
    const held = openMemoryEmbeddedStore(dataDir, { ...settings, annMinVectors: 1000 });
    const records = Array.from({ length: 60 }, (_, i) =>
      makeMemoryRecord(scope, 8, {
        // Ties on purpose: every third memory shares its neighbour's vector.
        embedding: axisVector(8, 0, (i - (i % 3)) / 60),
        category: i % 7 === 0 ? 'work' : null,
        importance: i / 60,
        validTo: i % 5 === 0 ? new Date(Date.UTC(2025, 0, 1)) : null,
        expiresAt: i % 11 === 0 ? new Date(Date.UTC(2025, 0, 1)) : null,
      }),
    );
    await held.memories.insertMany(scope, records);
    await held.memories.insertMany({ userId: 'user-other', endUserId: '' }, [
      makeMemoryRecord({ userId: 'user-other', endUserId: '' }, 8),
    ]);
    // The same file scanned from SQLite (no set held): the rows the filter allows, scored and sorted.
    const scanned = openMemoryEmbeddedStore(dataDir, { ...settings, annMinVectors: 1000, exactCacheMb: 0 });
    const visible = { ...scope, visibleAt: new Date(Date.UTC(2026, 5, 1)) };
    const open = { validity: { kind: 'open' as const, now: new Date(Date.UTC(2026, 5, 1)) } };
    const cases = [
      [visible, open, 5],
      [visible, { ...open, category: 'work' as const }, 4],
      [scope, { validity: { kind: 'all' as const } }, 60],
      [visible, open, 0],
    ] as const;
    for (const [where, filter, k] of cases) {
      // The second search reads the kept rows from the scope's keyword index, built by the first.
      for (let round = 0; round < 2; round++) {
        const query = axisVector(8, 0, 0.3);
        const fromSet = await held.search.dense(where, filter, query, k);
        const fromRows = await scanned.search.dense(where, filter, query, k);
        // The held set keeps its norms as float32: scores agree to the float's precision, the order exactly.
        expect(fromSet.candidates.map((c) => c.id)).toEqual(fromRows.candidates.map((c) => c.id));
        fromSet.candidates.forEach((c, i) => expect(c.score).toBeCloseTo(fromRows.candidates[i]!.score, 6));
        await held.search.keyword(where, filter, ['green'], 1);
        for (const candidate of fromSet.candidates) {
          expect([candidate.memory]).toEqual(await held.memories.rankablesByIds(where, [candidate.id]));
        }
      }
    }
    await held.close();
    await scanned.close();
  });

  it('finds pending memories through the partial index, not by walking every memory', async () => {
    const dataDir = newDataDir();
    const store = openMemoryEmbeddedStore(dataDir, settings);
    // Without concepts: pending, as after a batch create.
    const pending = () => ({ ...makeMemoryRecord(scope, 8), concepts: undefined });
    await store.memories.insertMany(scope, [makeMemoryRecord(scope, 8), pending(), pending()]);
    expect(await store.memories.pendingConcepts(null, 10)).toHaveLength(2);
    await store.close();
    const db = openEmbeddedDatabase(dataDir, 'memory');
    try {
      const plan = db
        .prepare(`EXPLAIN QUERY PLAN ${PENDING_CONCEPTS_SQL}`)
        .all(10)
        .map((row) => (row as { detail: string }).detail);
      expect(plan.join('\n')).toContain('memories_concepts_pending_seq');
      expect(plan.join('\n')).not.toMatch(/^SCAN memories$/m);
    } finally {
      db.close();
    }
  });

  it('finds the open memory of a duplicate key through its fingerprint index, in its scope only, after an edit too', async () => {
    const dataDir = newDataDir();
    const store = openMemoryEmbeddedStore(dataDir, settings);
    const other = { userId: 'user-b', endUserId: '' };
    const paris = makeMemoryRecord(scope, 8, { text: 'I live in Paris.' });
    await store.memories.insertMany(scope, [paris, makeMemoryRecord(scope, 8, { text: 'I live in Rome.' })]);
    await store.memories.insertMany(other, [makeMemoryRecord(other, 8, { text: 'I live in Paris.' })]);
    const find = async (text: string) =>
      (await store.memories.findOpenDuplicates?.(scope, [duplicateKey(text)], NOW))?.get(duplicateKey(text))
        ?.id;
    expect(await find('i live in  paris!')).toBe(paris.memory.id);
    await store.memories.update(scope, paris.memory.id, { text: 'I drink green tea', updatedAt: new Date() });
    expect(await find('I live in Paris')).toBeUndefined();
    expect(await find('I drink green tea')).toBe(paris.memory.id);
    await store.close();
  });

  it('reads one entry of the fingerprint index per key, however many copies the scope holds', async () => {
    const dataDir = newDataDir();
    const store = openMemoryEmbeddedStore(dataDir, settings);
    const at = (day: number) => new Date(Date.UTC(2026, 0, day));
    const copy = (overrides: Parameters<typeof makeMemoryRecord>[2]) =>
      makeMemoryRecord(scope, 8, { text: 'I drink tea', ...overrides });
    // Inserted newest first, so the oldest open copy is neither the first nor the last row.
    const copies = Array.from({ length: 300 }, (_, i) => copy({ createdAt: at(20 - (i % 10)) }));
    const oldestOpen = copy({ createdAt: at(5) });
    const sameDayLater = copy({ createdAt: at(5) });
    await store.memories.insertMany(scope, [
      ...copies,
      copy({ createdAt: at(1), validTo: at(3) }), // older, closed
      copy({ createdAt: at(2), agentId: 'helper' }), // older, an agent's
      copy({ createdAt: at(2), expiresAt: at(4) }), // older, expired
      oldestOpen,
      sameDayLater,
    ]);
    const key = duplicateKey('I DRINK TEA!');
    const found = await store.memories.findOpenDuplicates!(
      { ...scope, visibleAt: NOW },
      [key, 'absent'],
      NOW,
    );
    expect([...found.keys()]).toEqual([key]);
    expect(found.get(key)?.id).toBe(oldestOpen.memory.id);
    const agents = await store.memories.findOpenDuplicates!({ ...scope, agentId: 'helper' }, [key], NOW);
    expect(agents.get(key)?.agentId).toBe('helper');
    await store.close();
    // The index is walked in creation order and stops at the first open entry: no sort of every copy.
    const db = openEmbeddedDatabase(dataDir, 'memory');
    try {
      const plan = db
        .prepare(`EXPLAIN QUERY PLAN ${OLDEST_OPEN_DUPLICATES_SQL}`)
        .all('[]', 'user-a', '', null, null, 0, 0)
        .map((row) => (row as { detail: string }).detail);
      expect(plan.join('\n')).toContain(
        'memories_dup_fp (user_id=? AND end_user_id=? AND dup_fp=? AND agent_id=? AND run_id=?)',
      );
      expect(plan.join('\n')).not.toContain('TEMP B-TREE');
    } finally {
      db.close();
    }
  });

  it('answers a key its own memory when an older memory of another key shares its fingerprint', async () => {
    const dataDir = newDataDir();
    const store = openMemoryEmbeddedStore(dataDir, settings);
    const other = makeMemoryRecord(scope, 8, {
      text: 'I ride a bike',
      createdAt: new Date(Date.UTC(2026, 0, 1)),
    });
    const tea = makeMemoryRecord(scope, 8, {
      text: 'I drink tea',
      createdAt: new Date(Date.UTC(2026, 0, 2)),
    });
    await store.memories.insertMany(scope, [other, tea]);
    // A collision of the 96-bit fingerprint, forged: the older memory holds the tea's fingerprint.
    const db = openEmbeddedDatabase(dataDir, 'memory');
    try {
      db.prepare('UPDATE memories SET dup_fp = (SELECT dup_fp FROM memories WHERE id = ?) WHERE id = ?').run(
        tea.memory.id,
        other.memory.id,
      );
    } finally {
      db.close();
    }
    const key = duplicateKey('I drink tea');
    const found = await store.memories.findOpenDuplicates!(scope, [key, duplicateKey('I ride a bike')], NOW);
    expect(found.get(key)?.id).toBe(tea.memory.id);
    expect(found.size).toBe(1);
    await store.close();
  });

  it('fills the duplicate fingerprint of the memories stored before its column existed', async () => {
    const dataDir = newDataDir();
    const store = openMemoryEmbeddedStore(dataDir, settings);
    const held = makeMemoryRecord(scope, 8, { text: "I'm allergic to peanuts" });
    await store.memories.insertMany(scope, [held]);
    await store.close();
    // The file as the version before the column left it.
    const db = openEmbeddedDatabase(dataDir, 'memory');
    db.exec(`DROP INDEX memories_dup_fp; ALTER TABLE memories DROP COLUMN dup_fp;
      DELETE FROM schema_migrations WHERE version IN (8, 12);`);
    db.close();
    const reopened = openMemoryEmbeddedStore(dataDir, settings);
    const key = duplicateKey('Im allergic to peanuts!');
    const found = await reopened.memories.findOpenDuplicates?.(scope, [key], NOW);
    expect(found?.get(key)?.id).toBe(held.memory.id);
    await reopened.close();
  });

  /** 40 memories in a store whose ANN index was built and saved at close; answers the memories. */
  async function withSavedSnapshot(dataDir: string) {
    const store = openMemoryEmbeddedStore(dataDir, settings);
    const records = Array.from({ length: 40 }, (_, i) =>
      makeMemoryRecord(scope, 8, { embedding: axisVector(8, i % 8, i / 50) }),
    );
    await store.memories.insertMany(scope, records);
    const built = await annAnswer(() =>
      store.search.dense(scope, { validity: { kind: 'all' } }, axisVector(8, 1), 1),
    );
    expect(built.strategy).toBe('ann');
    await store.close();
    return records;
  }

  it('builds the ANN index once a scope held for exact scans grows past annMinVectors by its own writes', async () => {
    const store = openMemoryEmbeddedStore(newDataDir(), settings);
    const all = { validity: { kind: 'all' } } as const;
    const records = Array.from({ length: 40 }, (_, i) =>
      makeMemoryRecord(scope, 8, { embedding: axisVector(8, i % 8, i / 50) }),
    );
    await store.memories.insertMany(scope, records.slice(0, 20));
    const nearest = () => store.search.dense(scope, all, axisVector(8, 3, 3 / 50), 1);
    expect((await nearest()).strategy).toBe('exact');
    await store.memories.insertMany(scope, records.slice(20));
    const grown = await annAnswer(nearest);
    expect(grown.strategy).toBe('ann');
    expect(grown.candidates.map((c) => c.id)).toEqual([records[3]!.memory.id]);
    await store.close();
  });

  it('keeps answering when the ANN worker thread dies: exact scans until the index is opened again', async () => {
    const dataDir = newDataDir();
    const records = await withSavedSnapshot(dataDir);
    const store = openMemoryEmbeddedStore(dataDir, settings);
    const all = { validity: { kind: 'all' } } as const;
    const nearest = () => store.search.dense(scope, all, axisVector(8, 3, 3 / 50), 1);
    expect((await annAnswer(nearest)).strategy).toBe('ann');
    // The thread is the vector index's private worker; nothing else reaches it.
    const internals = store.search as unknown as { vectors: { worker: { worker: Worker } } };
    await internals.vectors.worker.worker.terminate();

    const during = await nearest();
    expect(during.strategy).toBe('exact');
    expect(during.candidates.map((c) => c.id)).toEqual([records[3]!.memory.id]);
    const after = await annAnswer(nearest);
    expect(after.strategy).toBe('ann');
    expect(after.candidates.map((c) => c.id)).toEqual([records[3]!.memory.id]);
    await store.close();
  });

  it('saves the ANN snapshot at close and repairs it from SQLite at open (rows written without it)', async () => {
    const dataDir = newDataDir();
    await withSavedSnapshot(dataDir);
    expect(readdirSync(join(dataDir, 'memory-ann')).some((f) => f.endsWith('.usearch'))).toBe(true);

    // Rows written straight to SQLite, as if the process died before the snapshot was saved.
    const late = makeMemoryRecord(scope, 8, { embedding: axisVector(8, 5, 0.77) });
    const db = openEmbeddedDatabase(dataDir, 'memory');
    const seq = Number(
      db
        .prepare(
          `INSERT INTO memories (id, user_id, end_user_id, scope_tok, text, metadata, importance, source, created_at,
             updated_at, valid_from, version, embedding_model)
           SELECT ?, user_id, end_user_id, scope_tok, 'late', '{}', 0.5, 'memory', 1, 1, 1, 1, 'x' FROM memories LIMIT 1`,
        )
        .run(late.memory.id).lastInsertRowid,
    );
    db.prepare(
      `INSERT INTO memory_vectors (seq, user_id, end_user_id, vec_seq, embedding) VALUES (?, 'user-a', '', 1000, ?)`,
    ).run(seq, Buffer.from(late.embedding.buffer));
    db.close();

    const store = openMemoryEmbeddedStore(dataDir, settings);
    const found = await annAnswer(() =>
      store.search.dense(scope, { validity: { kind: 'all' } }, axisVector(8, 5, 0.77), 1),
    );
    expect(found).toEqual({
      strategy: 'ann',
      candidates: [
        {
          id: late.memory.id,
          score: expect.closeTo(1, 4),
          memory: expect.objectContaining({ text: 'late', validTo: null }),
        },
      ],
    });
    await store.close();
  });

  it('rebuilds a snapshot of another scalar kind (an F32 one of an older version) and removes its file', async () => {
    const dataDir = newDataDir();
    const records = await withSavedSnapshot(dataDir);
    const annDir = join(dataDir, 'memory-ann');
    const metaFile = readdirSync(annDir).find((f) => f.endsWith('.json'));
    expect(metaFile).toBeDefined();
    const meta = JSON.parse(readFileSync(join(annDir, metaFile ?? ''), 'utf8')) as Record<string, unknown>;
    expect(meta['quantization']).toBe('i8');
    // What a version before int8 wrote: no quantization in the meta.
    writeFileSync(join(annDir, metaFile ?? ''), JSON.stringify({ ...meta, quantization: undefined }));
    const oldFile = String(meta['file']);

    const store = openMemoryEmbeddedStore(dataDir, settings);
    const found = await annAnswer(() =>
      store.search.dense(scope, { validity: { kind: 'all' } }, axisVector(8, 3, 3 / 50), 1),
    );
    expect(found.candidates.map((c) => c.id)).toEqual([records[3]?.memory.id]);
    expect(existsSync(join(annDir, oldFile))).toBe(false);
    await store.close();
    const rewritten = JSON.parse(readFileSync(join(annDir, metaFile ?? ''), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(rewritten['quantization']).toBe('i8');
    expect(existsSync(join(annDir, String(rewritten['file'])))).toBe(true);
  });

  it('sees what another process sharing the file wrote (two replicas on one DATA_DIR)', async () => {
    const dataDir = newDataDir();
    for (const annMinVectors of [1000, 5]) {
      const one = openMemoryEmbeddedStore(dataDir, { dimension: 8, annMinVectors });
      const two = openMemoryEmbeddedStore(dataDir, { dimension: 8, annMinVectors });
      const all = { validity: { kind: 'all' as const } };
      await one.memories.insertMany(
        scope,
        Array.from({ length: 6 }, () => makeMemoryRecord(scope, 8, { embedding: axisVector(8, 0) })),
      );
      // Both caches are warm now (the exact sets, or the ANN indexes once built).
      const strategy = annMinVectors <= 6 ? 'ann' : 'exact';
      const attempts = strategy === 'ann' ? 500 : 1;
      expect(
        (await annAnswer(() => one.search.dense(scope, all, axisVector(8, 7), 1), attempts)).strategy,
      ).toBe(strategy);
      expect(
        (await annAnswer(() => two.search.dense(scope, all, axisVector(8, 7), 1), attempts)).strategy,
      ).toBe(strategy);
      const fresh = makeMemoryRecord(scope, 8, { embedding: axisVector(8, 7) });
      await one.memories.insertMany(scope, [fresh]);
      const seen = await two.search.dense(scope, all, axisVector(8, 7), 1);
      expect(seen.strategy).toBe(strategy);
      expect(seen.candidates.map(({ id, score }) => ({ id, score }))).toEqual([
        { id: fresh.memory.id, score: expect.closeTo(1, 4) },
      ]);
      await one.memories.delete(scope, [fresh.memory.id]);
      expect((await two.search.dense(scope, all, axisVector(8, 7), 1)).candidates[0]?.id).not.toBe(
        fresh.memory.id,
      );
      await one.memories.deleteAllOfUser('user-a');
      await one.close();
      await two.close();
    }
  });
});
