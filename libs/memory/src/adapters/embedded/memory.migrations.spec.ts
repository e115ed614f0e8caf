import { afterAll, describe, expect, it } from '@jest/globals';
import { type EmbeddedDatabase, migrate, openEmbeddedDatabase } from '@membolt/embedded-store';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MemoryScope, NewMemoryRecord } from '../../domain/memory.js';
import { makeMemoryRecord } from '../../testing/memory.factory.js';
import { openMemoryEmbeddedStore } from './memory-store.embedded.js';
import { scopeToken, toBlob } from './memory-rows.js';
import { MEMORY_MIGRATIONS } from './memory.migrations.js';

const dirs: string[] = [];
const newDataDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'membolt-memory-migrations-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const DIM = 64;
const scope: MemoryScope = { userId: 'user-a', endUserId: 'end-1' };
// The in-memory keyword index is off: every keyword search below is answered by FTS5.
const settings = { dimension: DIM, annMinVectors: 1000, smallScopeKeywordDocs: 0 };

/** A vector with a few components set (the offline embedder's kind), or every one (a provider's). */
function vector(seed: number, dense = false): Float32Array {
  const v = new Float32Array(DIM);
  if (dense) for (let d = 0; d < DIM; d++) v[d] = Math.sin(seed * 7 + d) / 4;
  else for (let j = 0; j < 5; j++) v[(seed * 11 + j * 13) % DIM] = (j + 1) / (seed + 3);
  return v;
}

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 9, minute));
/** Two turns of a conversation, a memory outside any, and a third turn: the order they are written in. */
const rows = (): NewMemoryRecord[] => [
  makeMemoryRecord(scope, DIM, {
    text: 'We planned the trip to Lisbon',
    conversationId: 'chat-1',
    createdAt: at(0),
    embedding: vector(1),
  }),
  makeMemoryRecord(scope, DIM, {
    text: 'The flight leaves on Friday',
    conversationId: 'chat-1',
    createdAt: at(1),
    embedding: vector(2, true),
  }),
  makeMemoryRecord(scope, DIM, {
    text: 'I keep orchids on the balcony',
    createdAt: at(2),
    embedding: vector(3),
  }),
  makeMemoryRecord(scope, DIM, {
    text: 'Remember to book the hotel',
    conversationId: 'chat-1',
    createdAt: at(3),
    embedding: vector(4),
  }),
];

/** A store's file as the code of migration 9 wrote it: its insert trigger, dense vector blobs. */
function storeAtVersion9(dataDir: string, records: readonly NewMemoryRecord[]): void {
  const db = openEmbeddedDatabase(dataDir, 'memory');
  try {
    migrate(
      db,
      MEMORY_MIGRATIONS.filter((m) => m.version <= 9),
    );
    const insert = db.prepare(
      `INSERT INTO memories (id, user_id, end_user_id, agent_id, run_id, scope_tok, text, metadata, importance,
         category, source, conversation_id, conversation_title, created_at, updated_at, valid_from, valid_to,
         version, embedding_model, origin_id, concepts_pending, expires_at, redactions, dup_fp)
       VALUES (?, ?, ?, NULL, NULL, ?, ?, '{}', 0.5, NULL, 'memory', ?, NULL, ?, ?, ?, NULL, 1, 'test', NULL, 1,
         NULL, NULL, NULL)`,
    );
    const vecSeq = db
      .prepare(`UPDATE memory_counters SET value = value + 1 WHERE name = 'vec_seq' RETURNING value`)
      .pluck();
    const insertVector = db.prepare(
      'INSERT INTO memory_vectors (seq, user_id, end_user_id, vec_seq, embedding) VALUES (?, ?, ?, ?, ?)',
    );
    for (const { memory: m, embedding } of records) {
      const time = m.createdAt.getTime();
      const seq = insert.run(
        m.id,
        scope.userId,
        scope.endUserId,
        scopeToken(scope),
        m.text,
        m.conversationId,
        time,
        time,
        time,
      ).lastInsertRowid;
      insertVector.run(seq, scope.userId, scope.endUserId, vecSeq.get(), toBlob(embedding));
    }
  } finally {
    db.close();
  }
}

const read = <T>(dataDir: string, use: (db: EmbeddedDatabase) => T): T => {
  const db = openEmbeddedDatabase(dataDir, 'memory');
  try {
    return use(db);
  } finally {
    db.close();
  }
};

/** Each memory's text and keyword context, in insertion order; and FTS5's own check of its index. */
const keywordState = (dataDir: string) =>
  read(dataDir, (db) => {
    // Throws (SQLITE_CORRUPT_VTAB) when the index and the rows it is built from differ.
    db.prepare(`INSERT INTO memory_fts (memory_fts, rank) VALUES ('integrity-check', 1)`).run();
    return db.prepare('SELECT text, keyword_context FROM memories ORDER BY seq').all();
  });

describe('memory.sqlite migration 10 (decision 208)', () => {
  it('takes a store written at migration 9: keywords, contexts and vectors read as the same', async () => {
    const [first, second, outside, third] = rows();
    const dataDir = newDataDir();
    storeAtVersion9(dataDir, [first!, second!, outside!]);

    const store = openMemoryEmbeddedStore(dataDir, settings);
    await store.memories.insertMany(scope, [third!]);
    const all = { validity: { kind: 'all' as const } };

    // The old rows are found by their words; the new one by its own and, through its keyword context, by
    // the words of the turn before it in its conversation.
    const ids = async (word: string) =>
      (await store.search.keyword(scope, all, [word], 10)).map((hit) => hit.id).sort();
    expect(await ids('Lisbon')).toEqual([first!.memory.id, second!.memory.id].sort());
    expect(await ids('orchids')).toEqual([outside!.memory.id]);
    expect(await ids('hotel')).toEqual([third!.memory.id]);
    expect(await ids('Friday')).toEqual([second!.memory.id, third!.memory.id].sort());

    // Vectors of either form come back bit for bit, and each is its own nearest.
    for (const record of [first!, second!, outside!, third!]) {
      const found = await store.memories.findById(scope, record.memory.id, { withEmbedding: true });
      expect(Array.from(new Uint32Array(found!.embedding!.buffer))).toEqual(
        Array.from(new Uint32Array(record.embedding.buffer)),
      );
      const nearest = await store.search.dense(scope, all, record.embedding, 1);
      expect(nearest.candidates.map((c) => c.id)).toEqual([record.memory.id]);
    }

    // The deletion and text-update triggers still keep the index in step.
    await store.memories.delete(scope, [first!.memory.id]);
    await store.memories.update(scope, outside!.memory.id, { text: 'I keep cacti now', updatedAt: at(9) });
    expect(await ids('Lisbon')).toEqual([second!.memory.id]);
    expect(await ids('orchids')).toEqual([]);
    expect(await ids('cacti')).toEqual([outside!.memory.id]);
    await store.close();
    expect(keywordState(dataDir)).toEqual([
      { text: 'The flight leaves on Friday', keyword_context: 'We planned the trip to Lisbon' },
      { text: 'I keep cacti now', keyword_context: null },
      { text: 'Remember to book the hotel', keyword_context: 'The flight leaves on Friday' },
    ]);

    const schema = read(dataDir, (db) =>
      db.prepare(`SELECT name FROM sqlite_master WHERE type IN ('index', 'trigger')`).pluck().all(),
    );
    expect(schema).not.toContain('memories_fts_insert');
    expect(schema).not.toContain('memories_scope_conversation');
    expect(schema).toEqual(expect.arrayContaining(['memories_fts_delete', 'memories_fts_update']));
  });

  it('writes the keyword rows and contexts the insert trigger of migration 9 wrote', async () => {
    const records = rows();
    const before = newDataDir();
    storeAtVersion9(before, records);
    const after = newDataDir();
    const store = openMemoryEmbeddedStore(after, settings);
    // One at a time and all together (one transaction): each row sees the turns written before it.
    await store.memories.insertMany(scope, records.slice(0, 1));
    await store.memories.insertMany(scope, records.slice(1));
    await store.close();
    expect(keywordState(after)).toEqual(keywordState(before));
    const matches = (dataDir: string, query: string) =>
      read(dataDir, (db) =>
        db
          .prepare(
            `SELECT m.id FROM memory_fts JOIN memories m ON m.seq = memory_fts.rowid
             WHERE memory_fts MATCH ? ORDER BY m.seq`,
          )
          .pluck()
          .all(query),
      );
    for (const query of [
      'lisbon',
      'friday',
      'keyword_context:friday',
      'orchids',
      `scope_tok:${scopeToken(scope)}`,
    ])
      expect(matches(after, query)).toEqual(matches(before, query));
  });

  it('a conversation turn written before the others in time takes the turn before it, not the last written', async () => {
    const store = openMemoryEmbeddedStore(newDataDir(), settings);
    const turn = (text: string, minute: number) =>
      makeMemoryRecord(scope, DIM, {
        text,
        conversationId: 'chat-2',
        createdAt: at(minute),
        embedding: vector(minute),
      });
    await store.memories.insertMany(scope, [turn('first words', 0), turn('third words', 20)]);
    // Imported late, dated between the two.
    const late = turn('second words', 10);
    await store.memories.insertMany(scope, [late]);
    const context = (await store.search.keyword(scope, { validity: { kind: 'all' } }, ['first'], 10)).map(
      (hit) => hit.id,
    );
    expect(context).toContain(late.memory.id);
    await store.close();
  });
});
