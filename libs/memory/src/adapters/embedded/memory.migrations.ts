import type { Migration } from '@membolt/embedded-store';

import { duplicateFingerprint } from '../../domain/duplicate-text.js';
import { FTS5_TOKENIZE } from '../../retrieval/keyword-index.js';

/**
 * The schema of `DATA_DIR/memory.sqlite`, one version per change. Append; never edit a shipped version.
 *
 * Scopes are in every table and lead every index: (user_id, end_user_id), end_user_id '' for the account's
 * own memories. Times are epoch milliseconds. `seq` (never reused: AUTOINCREMENT) is the FTS rowid and the
 * ANN index key; `vec_seq` (from `memory_counters`) grows on every vector write so the ANN cache knows
 * which vectors it has not seen.
 */
export const MEMORY_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'memories, versions, keywords, vectors, concepts',
    up: (db) => {
      db.exec(`
        CREATE TABLE memories (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          id TEXT NOT NULL UNIQUE,
          user_id TEXT NOT NULL,
          end_user_id TEXT NOT NULL,
          agent_id TEXT,
          run_id TEXT,
          scope_tok TEXT NOT NULL,
          text TEXT NOT NULL,
          metadata TEXT NOT NULL,
          importance REAL NOT NULL,
          category TEXT,
          source TEXT NOT NULL,
          conversation_id TEXT,
          conversation_title TEXT,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL,
          valid_from INTEGER NOT NULL,
          valid_to INTEGER,
          version INTEGER NOT NULL,
          embedding_model TEXT NOT NULL,
          origin_id TEXT,
          concepts_pending INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX memories_concepts_pending ON memories (user_id, end_user_id, seq) WHERE concepts_pending = 1;
        CREATE INDEX memories_scope_created ON memories (user_id, end_user_id, created_at, id);
        CREATE INDEX memories_scope_importance ON memories (user_id, end_user_id, importance, created_at);
        CREATE INDEX memories_scope_category ON memories (user_id, end_user_id, category);
        CREATE INDEX memories_scope_conversation ON memories (user_id, end_user_id, conversation_id);
        CREATE UNIQUE INDEX memories_scope_origin ON memories (user_id, end_user_id, origin_id)
          WHERE origin_id IS NOT NULL;

        CREATE TABLE memory_versions (
          memory_id TEXT NOT NULL,
          user_id TEXT NOT NULL,
          end_user_id TEXT NOT NULL,
          version INTEGER NOT NULL,
          text TEXT NOT NULL,
          metadata TEXT NOT NULL,
          importance REAL NOT NULL,
          category TEXT,
          valid_from INTEGER NOT NULL,
          valid_to INTEGER,
          recorded_at INTEGER NOT NULL,
          event TEXT NOT NULL,
          PRIMARY KEY (memory_id, version)
        );
        CREATE INDEX memory_versions_scope ON memory_versions (user_id, end_user_id);

        CREATE TABLE memory_vectors (
          seq INTEGER PRIMARY KEY,
          user_id TEXT NOT NULL,
          end_user_id TEXT NOT NULL,
          vec_seq INTEGER NOT NULL,
          embedding BLOB NOT NULL
        );
        CREATE INDEX memory_vectors_scope ON memory_vectors (user_id, end_user_id, vec_seq);

        CREATE TABLE memory_counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
        INSERT INTO memory_counters (name, value) VALUES ('vec_seq', 0);

        CREATE VIRTUAL TABLE memory_fts USING fts5(
          text, scope_tok, content='memories', content_rowid='seq', tokenize='unicode61 remove_diacritics 2'
        );
        CREATE TRIGGER memories_fts_insert AFTER INSERT ON memories BEGIN
          INSERT INTO memory_fts (rowid, text, scope_tok) VALUES (new.seq, new.text, new.scope_tok);
        END;
        CREATE TRIGGER memories_fts_delete AFTER DELETE ON memories BEGIN
          INSERT INTO memory_fts (memory_fts, rowid, text, scope_tok) VALUES ('delete', old.seq, old.text, old.scope_tok);
        END;
        CREATE TRIGGER memories_fts_update AFTER UPDATE OF text ON memories BEGIN
          INSERT INTO memory_fts (memory_fts, rowid, text, scope_tok) VALUES ('delete', old.seq, old.text, old.scope_tok);
          INSERT INTO memory_fts (rowid, text, scope_tok) VALUES (new.seq, new.text, new.scope_tok);
        END;

        CREATE TABLE concepts (
          id TEXT PRIMARY KEY,
          user_id TEXT NOT NULL,
          end_user_id TEXT NOT NULL,
          name TEXT NOT NULL,
          kind TEXT NOT NULL,
          memory_count INTEGER NOT NULL,
          UNIQUE (user_id, end_user_id, name)
        );
        CREATE INDEX concepts_scope_count ON concepts (user_id, end_user_id, memory_count);

        CREATE TABLE memory_concepts (
          memory_seq INTEGER NOT NULL,
          concept_id TEXT NOT NULL,
          PRIMARY KEY (memory_seq, concept_id)
        );
        CREATE INDEX memory_concepts_concept ON memory_concepts (concept_id, memory_seq);

        CREATE TABLE concept_relations (
          source_id TEXT NOT NULL,
          target_id TEXT NOT NULL,
          user_id TEXT NOT NULL,
          end_user_id TEXT NOT NULL,
          weight INTEGER NOT NULL,
          PRIMARY KEY (source_id, target_id)
        );
        CREATE INDEX concept_relations_scope ON concept_relations (user_id, end_user_id);
        CREATE INDEX concept_relations_target ON concept_relations (target_id);
      `);
    },
  },
  {
    version: 2,
    name: 'keyword index: Porter stems, the previous memory of the conversation as a weighted column',
    up: (db) => {
      // Decision 021. Porter stems meet word forms ("painted"/"painting"): BM25 hit@10 0.647 -> 0.700 on the
      // LoCoMo dev set. `keyword_context` is the text of the memory just before this one in its conversation,
      // kept at insert, indexed as a second column weighted KEYWORD_CONTEXT_WEIGHT: a question's words then
      // also reach its answer. It is a retrieval hint: a later edit or delete of that previous memory does
      // not rewrite it. FTS5 cannot change a tokenizer or add a column in place: drop, recreate, rebuild.
      db.exec(`
        ALTER TABLE memories ADD COLUMN keyword_context TEXT;
        CREATE INDEX memories_scope_conversation_order
          ON memories (user_id, end_user_id, conversation_id, created_at, seq)
          WHERE conversation_id IS NOT NULL;
        UPDATE memories SET keyword_context = (${previousTextSql('memories')})
          WHERE conversation_id IS NOT NULL;

        DROP TRIGGER memories_fts_insert;
        DROP TRIGGER memories_fts_delete;
        DROP TRIGGER memories_fts_update;
        DROP TABLE memory_fts;
        CREATE VIRTUAL TABLE memory_fts USING fts5(
          text, scope_tok, keyword_context, content='memories', content_rowid='seq', tokenize='${FTS5_TOKENIZE}'
        );
        CREATE TRIGGER memories_fts_insert AFTER INSERT ON memories BEGIN
          UPDATE memories SET keyword_context = (${previousTextSql('new')})
            WHERE seq = new.seq AND new.conversation_id IS NOT NULL;
          INSERT INTO memory_fts (rowid, text, scope_tok, keyword_context)
            SELECT seq, text, scope_tok, keyword_context FROM memories WHERE seq = new.seq;
        END;
        CREATE TRIGGER memories_fts_delete AFTER DELETE ON memories BEGIN
          INSERT INTO memory_fts (memory_fts, rowid, text, scope_tok, keyword_context)
            VALUES ('delete', old.seq, old.text, old.scope_tok, old.keyword_context);
        END;
        CREATE TRIGGER memories_fts_update AFTER UPDATE OF text ON memories BEGIN
          INSERT INTO memory_fts (memory_fts, rowid, text, scope_tok, keyword_context)
            VALUES ('delete', old.seq, old.text, old.scope_tok, old.keyword_context);
          INSERT INTO memory_fts (rowid, text, scope_tok, keyword_context)
            VALUES (new.seq, new.text, new.scope_tok, new.keyword_context);
        END;
        INSERT INTO memory_fts (memory_fts) VALUES ('rebuild');
      `);
    },
  },
  {
    version: 3,
    name: 'concept linker: pending memories by seq (partial index)',
    up: (db) => {
      // The linker's sweep asks for the oldest pending memories of every scope (`concepts_pending = 1 ORDER
      // BY seq`); the partial index of version 1 leads with the scope, so SQLite walked the table from its
      // first row on every chunk, over every memory already linked (quadratic in a large backlog).
      db.exec(`CREATE INDEX memories_concepts_pending_seq ON memories (seq) WHERE concepts_pending = 1;`);
    },
  },
  {
    version: 4,
    name: 'memory expiration (expires_at) and the retention sweep of expired memories',
    up: (db) => {
      // Few memories expire: a partial index keeps the sweep's "expired before now" lookups off the others.
      db.exec(`
        ALTER TABLE memories ADD COLUMN expires_at INTEGER;
        CREATE INDEX memories_expires ON memories (expires_at, user_id) WHERE expires_at IS NOT NULL;
      `);
    },
  },
  {
    version: 5,
    name: 'write-time privacy policy: redacted kinds on memories, policies per account and key, counts',
    up: (db) => {
      // key_id '' is the account's own policy; another value overrides it for one API key.
      db.exec(`
        ALTER TABLE memories ADD COLUMN redactions TEXT;
        CREATE TABLE privacy_policies (
          user_id TEXT NOT NULL,
          key_id TEXT NOT NULL,
          actions TEXT NOT NULL,
          updated_at INTEGER NOT NULL,
          PRIMARY KEY (user_id, key_id)
        ) WITHOUT ROWID;
        CREATE TABLE redaction_counts (
          user_id TEXT NOT NULL,
          kind TEXT NOT NULL,
          count INTEGER NOT NULL,
          PRIMARY KEY (user_id, kind)
        ) WITHOUT ROWID;
      `);
    },
  },
  {
    version: 6,
    name: 'sentence vectors (SENTENCE_ENCODER) and the memories still to encode',
    up: (db) => {
      // Every memory, those already stored included, starts pending: turning the encoder on backfills them
      // through the sweep (durable: the flag is in the row). A new text is encoded again.
      db.exec(`
        ALTER TABLE memories ADD COLUMN sentence_pending INTEGER NOT NULL DEFAULT 1;
        CREATE INDEX memories_sentence_pending ON memories (seq) WHERE sentence_pending = 1;
        CREATE TABLE memory_sentence_vectors (
          seq INTEGER PRIMARY KEY,
          model TEXT NOT NULL,
          vector BLOB NOT NULL
        );
        CREATE TRIGGER memories_sentence_delete AFTER DELETE ON memories BEGIN
          DELETE FROM memory_sentence_vectors WHERE seq = old.seq;
        END;
        CREATE TRIGGER memories_sentence_text AFTER UPDATE OF text ON memories
          WHEN new.text IS NOT old.text BEGIN
          UPDATE memories SET sentence_pending = 1 WHERE seq = new.seq;
          DELETE FROM memory_sentence_vectors WHERE seq = new.seq;
        END;
        `);
    },
  },
  {
    version: 7,
    name: 'custom memory categories per account',
    up: (db) => {
      // Deleting a category uncategorises the account's memories carrying it: found by (user, category).
      db.exec(`
        CREATE TABLE memory_categories (
          user_id TEXT NOT NULL,
          name TEXT NOT NULL,
          description TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL,
          PRIMARY KEY (user_id, name)
        ) WITHOUT ROWID;
        CREATE INDEX memories_user_category ON memories (user_id, category) WHERE category IS NOT NULL;
      `);
    },
  },
  {
    version: 8,
    name: 'the duplicate fingerprint of each memory, indexed by scope',
    up: (db) => {
      // A deduplicated write looks its words up here (one index probe) instead of searching both channels.
      // Computed in JavaScript (the key normalises Unicode), so the rows already stored are filled here.
      db.exec(`
        ALTER TABLE memories ADD COLUMN dup_fp TEXT;
        CREATE INDEX memories_dup_fp ON memories (user_id, end_user_id, dup_fp) WHERE dup_fp IS NOT NULL;
      `);
      // In pages: better-sqlite3 runs no other statement while one is being iterated.
      const page = db.prepare<[number], { seq: number; text: string }>(
        'SELECT seq, text FROM memories WHERE seq > ? ORDER BY seq LIMIT 5000',
      );
      const fill = db.prepare('UPDATE memories SET dup_fp = ? WHERE seq = ?');
      for (let after = 0, rows = page.all(after); rows.length > 0; rows = page.all(after))
        for (const row of rows) {
          fill.run(duplicateFingerprint(row.text), row.seq);
          after = row.seq;
        }
    },
  },
  {
    version: 9,
    name: 'memories without a conversation in creation order, by scope',
    up: (db) => {
      // The inferred session of a memory added without a conversation (decision 196) is walked here, nearest
      // first; partial, so a scope's conversations do not lengthen the walk and cost nothing to keep.
      db.exec(`
        CREATE INDEX memories_scope_session_order ON memories (user_id, end_user_id, created_at, seq)
          WHERE conversation_id IS NULL;
      `);
    },
  },
  {
    version: 10,
    name: 'bulk writes: the keyword row written with the memory, no trigger; one index fewer',
    up: (db) => {
      // Decision 208. The repository computes a new memory's keyword context (the previous memory of its
      // conversation) before the insert and writes its FTS row itself, with the same values the trigger
      // wrote: the trigger ran an update of the row and a read of it back for every new memory. The delete
      // and text-update triggers stay (they fire on the rarer writes, with the values the row holds).
      // memories_scope_conversation (user, end user, conversation) held a NULL entry for every memory
      // outside a conversation; memories_scope_conversation_order (migration 2) leads with the same columns
      // for the memories in one, and a query naming a conversation implies it is not NULL.
      // Vectors need no rewrite: a blob of the older dense form is read as before (memory-rows.ts).
      db.exec(`
        DROP TRIGGER memories_fts_insert;
        DROP INDEX memories_scope_conversation;
      `);
    },
  },
  {
    version: 11,
    name: 'a write count per scope, for what is held of a scope between its writes',
    up: (db) => {
      // Decision 240. The neighbour timelines (neighbour-timeline.ts) hold a large scope between its writes;
      // the file's own change counters move with every scope's writes, so a server's other users would have
      // a 100k scope read again on nearly every search. The repository counts each write transaction per
      // scope it wrote (`countScopeWrite`), in the file, so another connection's writes count too. A
      // trigger per row counted the same but cost a bulk insert 50 us a row, more than doubling it.
      db.exec(`
        CREATE TABLE memory_scope_writes (
          user_id TEXT NOT NULL,
          end_user_id TEXT NOT NULL,
          writes INTEGER NOT NULL,
          PRIMARY KEY (user_id, end_user_id)
        ) WITHOUT ROWID;
      `);
    },
  },
  {
    version: 12,
    name: 'the duplicate fingerprint index in creation order, by agent and run',
    up: (db) => {
      // Decision 270. The duplicate check wants the oldest open memory of exactly its scope per fingerprint:
      // with the agent, run and creation time in the key it reads that one entry (the oldest copy is open in
      // all but odd cases) instead of every copy of the text, which a scope can hold thousands of.
      db.exec(`
        DROP INDEX IF EXISTS memories_dup_fp;
        CREATE INDEX memories_dup_fp ON memories (user_id, end_user_id, dup_fp, agent_id, run_id, created_at)
          WHERE dup_fp IS NOT NULL;
      `);
    },
  },
];

/** The text of the memory just before row `row` in its conversation (creation time, then insertion order). */
function previousTextSql(row: string): string {
  return `SELECT p.text FROM memories p
    WHERE p.user_id = ${row}.user_id AND p.end_user_id = ${row}.end_user_id
      AND p.conversation_id = ${row}.conversation_id AND p.conversation_id IS NOT NULL
      AND (p.created_at, p.seq) < (${row}.created_at, ${row}.seq)
    ORDER BY p.created_at DESC, p.seq DESC LIMIT 1`;
}
