import { afterAll, describe, expect, it } from '@jest/globals';
import { QdrantClient } from '@qdrant/js-client-rest';
import mongoose from 'mongoose';
import type { MemoryStoreSettings } from '../../ports/memory-store.js';
import { describeMemoryStoreContract } from '../../testing/memory-store.contract.js';
import { axisVector, makeMemoryRecord } from '../../testing/memory.factory.js';
import { newDocument } from './memory-documents.js';
import { type MemoryDocument, memorySchema } from './memory.schemas.js';
import { type MemoryMongoStore, openMemoryMongoStore } from './memory-store.mongo.js';

// '' when unset: the suites below are skipped.
const MONGO_URL = process.env['MONGO_URL'] ?? '';
const QDRANT_URL = process.env['QDRANT_URL'] ?? '';
const QDRANT_API_KEY = process.env['QDRANT_API_KEY'];
const TEST_DB = `membolt_test_memory_${process.pid}`;
const collections: string[] = [];
let opened = 0;

/** A fresh store: the test database dropped, a new Qdrant collection (removed after the run). */
async function freshStore(settings: MemoryStoreSettings): Promise<MemoryMongoStore> {
  const admin = mongoose.createConnection(MONGO_URL, { dbName: TEST_DB });
  await admin.asPromise();
  await admin.dropDatabase();
  await admin.close();
  const collection = `membolt_test_memory_${process.pid}_${++opened}`;
  collections.push(collection);
  return openMemoryMongoStore(
    {
      mongoUrl: MONGO_URL,
      dbName: TEST_DB,
      qdrant: { url: QDRANT_URL, apiKey: QDRANT_API_KEY, collection },
      sync: { intervalMs: 0 },
      log: () => undefined,
    },
    settings,
  );
}

if (MONGO_URL && QDRANT_URL) {
  afterAll(async () => {
    const client = new QdrantClient({
      url: QDRANT_URL,
      ...(QDRANT_API_KEY ? { apiKey: QDRANT_API_KEY } : {}),
    });
    for (const name of collections) await client.deleteCollection(name).catch(() => undefined);
  });

  describeMemoryStoreContract('MongoDB + Qdrant', freshStore);

  describe('MemoryStore: MongoDB + Qdrant', () => {
    const scope = { userId: 'user-a', endUserId: '' };
    const all = { validity: { kind: 'all' as const } };
    const settings = { dimension: 8, annMinVectors: 1000 };

    it('fuses dense and BM25 candidates with the Query API inside the scope', async () => {
      const store = await freshStore(settings);
      try {
        const kyoto = makeMemoryRecord(scope, 8, { text: 'Trip to Kyoto', embedding: axisVector(8, 1) });
        const tea = makeMemoryRecord(scope, 8, { text: 'Green tea', embedding: axisVector(8, 2) });
        const other = { userId: 'user-b', endUserId: '' };
        await store.memories.insertMany(scope, [kyoto, tea]);
        await store.memories.insertMany(other, [
          makeMemoryRecord(other, 8, { text: 'Kyoto', embedding: axisVector(8, 1) }),
        ]);
        const fused = await store.search.hybrid(scope, all, axisVector(8, 1), ['kyoto'], 5);
        expect(fused[0]?.id).toBe(kyoto.memory.id);
        expect(fused.map((c) => c.id).sort()).toEqual([kyoto.memory.id, tea.memory.id].sort());
      } finally {
        await store.close();
      }
    });

    it('repairs what a crash left: rolls back an unacknowledged batch, finishes tombstones, re-syncs points', async () => {
      const store = await freshStore(settings);
      const connection = mongoose.createConnection(MONGO_URL, { dbName: TEST_DB });
      try {
        await connection.asPromise();
        const memories = connection.model<MemoryDocument>('Memory', memorySchema);
        const kept = makeMemoryRecord(scope, 8, { text: 'kept', embedding: axisVector(8, 3) });
        const doomed = makeMemoryRecord(scope, 8, { text: 'doomed', embedding: axisVector(8, 4) });
        await store.memories.insertMany(scope, [kept, doomed]);
        const long = new Date(Date.now() - 3_600_000);
        // A batch whose writer died before acknowledging it.
        const orphan = makeMemoryRecord(scope, 8, { text: 'orphan', embedding: axisVector(8, 5) });
        await memories.create(newDocument(scope, orphan, 'insert:dead', long));
        // A delete that died after its tombstone.
        await memories.updateOne({ _id: doomed.memory.id }, { $set: { state: 'deleting', touchedAt: long } });
        // An update whose point write was lost.
        await memories.updateOne(
          { _id: kept.memory.id },
          { $set: { category: 'work', dirty: true, touchedAt: long }, $inc: { syncRev: 1 } },
        );
        expect(await store.sync.repair()).toEqual({ rolledBack: 1, deleted: 1, resynced: 1 });
        expect(await memories.countDocuments({})).toBe(1);
        const work = await store.search.dense(scope, { ...all, category: 'work' }, axisVector(8, 3), 5);
        expect(work.candidates.map((c) => c.id)).toEqual([kept.memory.id]);
        const any = await store.search.dense(scope, all, axisVector(8, 4), 5);
        expect(any.candidates.map((c) => c.id)).toEqual([kept.memory.id]);
        expect(await store.sync.repair()).toEqual({ rolledBack: 0, deleted: 0, resynced: 0 });
      } finally {
        await connection.close();
        await store.close();
      }
    });
  });
} else {
  describe('MemoryStore contract: MongoDB + Qdrant', () => {
    it.skip('runs when MONGO_URL and QDRANT_URL point at MongoDB and Qdrant servers', () => undefined);
  });
}
