import { processReadiness } from '@membolt/platform';
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

export type EmbeddedDatabase = Database.Database;

export interface Migration {
  /** Strictly increasing per database, starting at 1. */
  readonly version: number;
  readonly name: string;
  readonly up: (db: EmbeddedDatabase) => void;
}

/**
 * Opens (creating if needed) one service's SQLite file under the data directory: WAL journal, NORMAL
 * sync (durable across process crashes, fast), foreign keys on, and a busy timeout so a second process
 * opening the same file waits instead of failing. Each service owns its own file.
 */
export function openEmbeddedDatabase(dataDir: string, name: string): EmbeddedDatabase {
  // Dotted names hold a service's second file, e.g. `ingestion.jobs` (its job queue, libs/jobs).
  if (!/^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)*$/.test(name))
    throw new Error(`Invalid embedded database name "${name}"`);
  const directory = resolve(dataDir);
  mkdirSync(directory, { recursive: true });
  const db = new Database(join(directory, `${name}.sqlite`), { timeout: BUSY_TIMEOUT_MS });
  enableWriteAheadLog(db);
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  // A database closed on shutdown no longer decides readiness; an open one must answer a query.
  processReadiness.add(`sqlite:${name}`, () => {
    if (db.open) db.prepare('SELECT 1').get();
  });
  return db;
}

/** How long a statement waits for another process's lock before it fails with SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 5_000;
const WAL_RETRY_PAUSE_MS = 20;

/**
 * Switches the file to WAL. SQLite does not wait on the busy timeout for this pragma: when another process
 * opens the same new file at the same moment (two replicas starting), it fails at once with SQLITE_BUSY. It
 * is retried here within the busy timeout; the mode is stored in the file, so the first process to set it
 * sets it for all.
 */
function enableWriteAheadLog(db: EmbeddedDatabase): void {
  const deadline = Date.now() + BUSY_TIMEOUT_MS;
  for (;;) {
    try {
      db.pragma('journal_mode = WAL');
      return;
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'SQLITE_BUSY' || Date.now() > deadline) throw error;
      // Opening a database is synchronous: a short blocking pause, as SQLite's own busy handler makes.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, WAL_RETRY_PAUSE_MS);
    }
  }
}

/**
 * A private in-memory SQLite database (no file, gone on close): scratch work that needs SQLite itself, such
 * as running text through an FTS5 tokenizer exactly as a service's file does.
 */
export function openScratchDatabase(): EmbeddedDatabase {
  return new Database(':memory:');
}

/**
 * Applies pending migrations in order, each in its own transaction, and records them in
 * `schema_migrations`. Refuses to run when the file was migrated by a newer build (unknown versions).
 *
 * Safe when several processes open the same file at once (two replicas of a service on one data directory):
 * each migration runs in an IMMEDIATE transaction, which takes the write lock before it reads, and checks
 * there whether another process applied it meanwhile. The others wait (busy timeout) and skip it.
 */
export function migrate(db: EmbeddedDatabase, migrations: readonly Migration[]): number[] {
  const versions = migrations.map((m) => m.version);
  if (versions.some((v, i) => v !== i + 1)) {
    throw new Error(
      `Migrations must be numbered 1..${migrations.length} in order; got ${versions.join(', ')}`,
    );
  }
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`);
  const newest = (
    db.prepare('SELECT MAX(version) AS newest FROM schema_migrations').get() as {
      newest: number | null;
    }
  ).newest;
  if ((newest ?? 0) > migrations.length) {
    throw new Error(
      `This data file was migrated to version ${newest} by a newer Membolt; this build knows ${migrations.length}.`,
    );
  }
  const isApplied = db.prepare('SELECT 1 FROM schema_migrations WHERE version = ?').pluck();
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  const ran: number[] = [];
  for (const migration of migrations) {
    const applyHere = db.transaction(() => {
      if (isApplied.get(migration.version) !== undefined) return false;
      migration.up(db);
      record.run(migration.version, migration.name, new Date().toISOString());
      return true;
    });
    if (applyHere.immediate()) ran.push(migration.version);
  }
  return ran;
}
