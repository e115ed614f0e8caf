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
  const db = new Database(join(directory, `${name}.sqlite`));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // A database closed on shutdown no longer decides readiness; an open one must answer a query.
  processReadiness.add(`sqlite:${name}`, () => {
    if (db.open) db.prepare('SELECT 1').get();
  });
  return db;
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
  const applied = new Set(
    (db.prepare('SELECT version FROM schema_migrations').all() as Array<{ version: number }>).map(
      (r) => r.version,
    ),
  );
  const newest = Math.max(0, ...applied);
  if (newest > migrations.length) {
    throw new Error(
      `This data file was migrated to version ${newest} by a newer Membolt; this build knows ${migrations.length}.`,
    );
  }
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  const ran: number[] = [];
  for (const migration of migrations) {
    if (applied.has(migration.version)) continue;
    db.transaction(() => {
      migration.up(db);
      record.run(migration.version, migration.name, new Date().toISOString());
    })();
    ran.push(migration.version);
  }
  return ran;
}
