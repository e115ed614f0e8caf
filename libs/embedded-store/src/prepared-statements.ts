import type Database from 'better-sqlite3';

/** Prepared statements by SQL text, per connection. */
const preparedStatements = new WeakMap<Database.Database, Map<string, Database.Statement>>();
/** SQL built from a scope's or filter's shape varies a little: past this many texts the cache starts over. */
const PREPARED_STATEMENTS_MAX = 200;

/**
 * `sql` prepared once per connection and reused: better-sqlite3 compiles a statement on every `prepare`,
 * which cost more than running the small queries of a request. `mode` fixes the statement's row shape for
 * good (`raw`: arrays of column values, `pluck`: the first column); it is part of the cache key, so a mode is
 * never changed on a shared statement. Not for a statement iterated while another caller may use it.
 */
export function preparedOnce(db: Database.Database, sql: string, mode?: 'raw' | 'pluck'): Database.Statement {
  let statements = preparedStatements.get(db);
  if (!statements) preparedStatements.set(db, (statements = new Map()));
  const key = mode ? `${mode}:${sql}` : sql;
  let statement = statements.get(key);
  if (!statement) {
    if (statements.size >= PREPARED_STATEMENTS_MAX) statements.clear();
    statement = db.prepare(sql);
    if (mode === 'raw') statement.raw(true);
    if (mode === 'pluck') statement.pluck(true);
    statements.set(key, statement);
  }
  return statement;
}
