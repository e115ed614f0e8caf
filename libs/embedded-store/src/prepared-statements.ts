import type Database from 'better-sqlite3';

/** Prepared statements by SQL text, per connection. */
const preparedStatements = new WeakMap<Database.Database, Map<string, Database.Statement>>();
/** SQL built from a scope's or filter's shape varies a little: past this many texts the cache starts over. */
const PREPARED_STATEMENTS_MAX = 200;

/**
 * `sql` prepared once per connection and reused: better-sqlite3 compiles a statement on every `prepare`,
 * which cost more than running the small queries of a request. Not for a statement whose mode is changed
 * (`pluck`, `raw`, `expand`) or that is iterated while another caller may use it: prepare those directly.
 */
export function preparedOnce(db: Database.Database, sql: string): Database.Statement {
  let statements = preparedStatements.get(db);
  if (!statements) preparedStatements.set(db, (statements = new Map()));
  let statement = statements.get(sql);
  if (!statement) {
    if (statements.size >= PREPARED_STATEMENTS_MAX) statements.clear();
    statement = db.prepare(sql);
    statements.set(sql, statement);
  }
  return statement;
}
