import { type EmbeddedDatabase, preparedOnce } from '@membolt/embedded-store';
import type { MemoryScopeFilter } from '../../domain/memory.js';
import { MEMORY_VIEW_SELECT, type MemoryViewRow, memoryViewRow } from './memory-rows.js';
import { scopeWriteCount } from './neighbour-timeline.js';

/** How many rows the answer rows of every scope hold together; the least recently searched scope goes first. */
const ANSWER_ROWS_HELD = 10_000;

interface ScopeRows {
  /** The scope's write count they were read at (`scopeWriteCount`). */
  readonly version: number;
  readonly byId: Map<string, MemoryViewRow>;
}

/**
 * The rows of the memories searches answered, per scope (user and end user), kept at the scope's write count
 * (`memory_scope_writes`, which every write of a memory's columns moves, whichever connection writes): a
 * search of a small scope answers the same few memories again and again, and reading ten of them back cost
 * as much as the dense scan of a hundred. Rows are held as read (all of the scope's, whatever the agent, run
 * or visibility), and those conditions are checked on every read (`scopeSql`'s, in memory); the caller builds
 * a new `Memory` from a row each time, so nothing held is handed out.
 */
export class AnswerRows {
  private readonly scopes = new Map<string, ScopeRows>();
  private heldRows = 0;

  constructor(
    private readonly db: EmbeddedDatabase,
    private readonly heldMax = ANSWER_ROWS_HELD,
  ) {}

  /** The rows of `ids` (each once, in that order) in the scope, as `findByIds` reads them. */
  rowsOf(scope: MemoryScopeFilter, ids: readonly string[]): MemoryViewRow[] {
    const key = `${scope.userId}\u0000${scope.endUserId}`;
    // Read before the rows: a write committed in between leaves newer rows under an older count, read again
    // at the next search, never older rows under a newer count.
    const version = scopeWriteCount(this.db, scope);
    let held = this.scopes.get(key);
    if (held) {
      this.scopes.delete(key);
      if (held.version !== version) {
        this.heldRows -= held.byId.size;
        held = undefined;
      }
    }
    held ??= { version, byId: new Map() };
    // Last used, last in the map: the first entries are the least recently searched.
    this.scopes.set(key, held);
    const wanted = [...new Set(ids)];
    const missing = wanted.filter((id) => !held.byId.has(id));
    if (missing.length > 0) {
      const rows = preparedOnce(
        this.db,
        `SELECT ${MEMORY_VIEW_SELECT} FROM memories m
         WHERE +m.user_id = ? AND +m.end_user_id = ? AND m.id IN (SELECT value FROM json_each(?))`,
        'raw',
      ).all(scope.userId, scope.endUserId, JSON.stringify(missing)) as unknown[][];
      for (const values of rows) {
        const row = memoryViewRow(values);
        held.byId.set(row.id, row);
      }
      this.heldRows += rows.length;
      this.evict(key);
    }
    const visibleAt = scope.visibleAt?.getTime();
    const out: MemoryViewRow[] = [];
    for (const id of wanted) {
      const row = held.byId.get(id);
      if (
        row &&
        (scope.agentId === undefined || row.agent_id === scope.agentId) &&
        (scope.runId === undefined || row.run_id === scope.runId) &&
        (visibleAt === undefined || row.expires_at === null || row.expires_at > visibleAt)
      )
        out.push(row);
    }
    return out;
  }

  /** Drops the least recently searched scopes until the rows held fit (the one just read stays). */
  private evict(current: string): void {
    for (const [key, held] of this.scopes) {
      if (this.heldRows <= this.heldMax) return;
      if (key === current) continue;
      this.scopes.delete(key);
      this.heldRows -= held.byId.size;
    }
    // The scope just read alone is past the bound: it keeps no rows.
    const held = this.scopes.get(current);
    if (held && this.heldRows > this.heldMax) {
      this.heldRows -= held.byId.size;
      this.scopes.delete(current);
    }
  }
}
