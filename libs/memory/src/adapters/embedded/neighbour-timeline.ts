import { type EmbeddedDatabase, preparedOnce } from '@membolt/embedded-store';
import type { MemoryFilter, MemoryScope, MemoryScopeFilter } from '../../domain/memory.js';
import { type ConversationNeighbours, withinSession } from '../../retrieval/rank.js';
import { heldInValidity, isOpenOnly, readDataVersion } from './memory-rows.js';

/** The largest scope whose timeline is held: past it the neighbours are walked in SQL. */
const TIMELINE_MAX_ROWS = 2_000;
/** How many rows the timelines of every scope hold together; the least recently searched go first. */
const TIMELINES_HELD_ROWS = 50_000;
/** How long a scope found past TIMELINE_MAX_ROWS is not read again (it seldom shrinks below it). */
const LARGE_SCOPE_TTL_MS = 60_000;

/** What the neighbours' rules read of a memory (memories_scope_conversation_order, _session_order). */
interface TimelineRow {
  readonly id: string;
  readonly seq: number;
  readonly createdAt: number;
  readonly conversationId: string | null;
  readonly agentId: string | null;
  readonly runId: string | null;
  readonly expiresAt: number | null;
  readonly validFrom: number;
  readonly validTo: number | null;
  /** The memories it may neighbour, ordered by (created_at, seq): its conversation, or its writer's session. */
  line: TimelineRow[];
  /** Its place in `line`. */
  at: number;
  /** Its place among the scope's memories by id, in SQLite's order of text (`byUtf8`). */
  byId: number;
}

interface ScopeTimeline {
  /** The store's write version it was read at (`StoreVersion`). */
  readonly version: string;
  readonly byId: Map<string, TimelineRow>;
  readonly rows: number;
}

type RawRow = [
  id: string,
  seq: number,
  createdAt: number,
  conversationId: string | null,
  agentId: string | null,
  runId: string | null,
  expiresAt: number | null,
  validFrom: number,
  validTo: number | null,
];

/**
 * The neighbours of a search's best candidates (`MemorySearchIndex.neighbours`, decisions 021 and 196) from
 * a small scope's timeline held in memory: every memory of the scope (user and end user) with what the
 * neighbours' rules compare, in (created_at, seq) order per conversation and per writer's session. The SQL
 * walk (`neighboursInSql`) costs a statement with four indexed walks per candidate, a few tens of
 * microseconds each whatever the scope's size: for the 100 candidates of a search over 100 memories, two
 * fifths of the engine's time. The timeline is read once (one statement over the scope's rows) and answers
 * every later search until the store is written.
 *
 * Exact, like the walk: a timeline is read at a version of the whole file (this connection's count of
 * changed rows and SQLite's `data_version`, which moves when another connection commits) and read again
 * when any write has happened since, whichever scope it touched. It answers only what it holds the columns
 * for: the scope's agent, run and visibility, and a filter on validity alone (`isOpenOnly`); any other
 * filter, and a scope over TIMELINE_MAX_ROWS, answers null and the caller walks in SQL.
 */
export class NeighbourTimelines {
  private readonly timelines = new Map<string, ScopeTimeline>();
  private readonly large = new Map<string, number>();
  private heldRows = 0;

  constructor(
    private readonly db: EmbeddedDatabase,
    private readonly maxRows = TIMELINE_MAX_ROWS,
    private readonly heldMax = TIMELINES_HELD_ROWS,
  ) {}

  /** The same map as `neighboursInSql`, or null when the timeline cannot answer (see the class). */
  neighbours(
    scope: MemoryScopeFilter,
    filter: MemoryFilter,
    ids: readonly string[],
    before: number,
    after: number,
    sessionGapMs: number,
  ): Map<string, ConversationNeighbours> | null {
    if (!isOpenOnly(filter) || this.maxRows <= 0) return null;
    const timeline = this.timelineOf(scope);
    if (!timeline) return null;
    const visibleAt = scope.visibleAt?.getTime();
    const passes = (row: TimelineRow): boolean =>
      (scope.agentId === undefined || row.agentId === scope.agentId) &&
      (scope.runId === undefined || row.runId === scope.runId) &&
      (visibleAt === undefined || row.expiresAt === null || row.expiresAt > visibleAt) &&
      heldInValidity(row, filter.validity);
    const out = new Map<string, ConversationNeighbours>();
    // In the order `neighboursInSql` fills the map (the ranker reads it in that order): the conversations'
    // turns first, then the inferred sessions, each by id as SQLite orders text (its IN list is a sorted
    // list of the ids, UTF-8 bytes compared).
    const wanted: TimelineRow[] = [];
    for (const id of new Set(ids)) {
      const row = timeline.byId.get(id);
      if (row) wanted.push(row);
    }
    wanted.sort((a, b) => a.byId - b.byId);
    const inConversation = wanted.filter((row) => row.conversationId !== null);
    const inSession = sessionGapMs > 0 ? wanted.filter((row) => row.conversationId === null) : [];
    for (const [rows, gapMs] of [
      [inConversation, null],
      [inSession, sessionGapMs],
    ] as const) {
      for (const row of rows) {
        const walk = (step: -1 | 1, count: number): string[] => {
          const found: Array<[string, number]> = [];
          // A session reaches at most `count x gapMs` from the candidate (the SQL walk's bound); its pauses
          // are then cut by withinSession.
          const reach = gapMs === null ? Infinity : count * gapMs;
          for (let i = row.at + step; found.length < count && i >= 0 && i < row.line.length; i += step) {
            const other = row.line[i]!;
            if (other.createdAt !== row.createdAt && Math.abs(other.createdAt - row.createdAt) > reach) break;
            if (passes(other)) found.push([other.id, other.createdAt]);
          }
          return gapMs === null ? found.map(([id]) => id) : withinSession(row.createdAt, found, gapMs);
        };
        const around = { previous: walk(-1, Math.max(0, before)), next: walk(1, Math.max(0, after)) };
        if (around.previous.length > 0 || around.next.length > 0) out.set(row.id, around);
      }
    }
    return out;
  }

  /** The scope's timeline at the store's current version, read if needed; null when the scope is too large. */
  private timelineOf(scope: MemoryScope): ScopeTimeline | null {
    const key = `${scope.userId}\u0000${scope.endUserId}`;
    const now = Date.now();
    const largeSince = this.large.get(key);
    if (largeSince !== undefined) {
      if (now - largeSince < LARGE_SCOPE_TTL_MS) return null;
      this.large.delete(key);
    }
    const version = this.version();
    const held = this.timelines.get(key);
    if (held) {
      this.timelines.delete(key);
      if (held.version === version) {
        // Last used, last in the map: the first entries are the least recently searched.
        this.timelines.set(key, held);
        return held;
      }
      this.heldRows -= held.rows;
    }
    const raw = preparedOnce(
      this.db,
      `SELECT id, seq, created_at, conversation_id, agent_id, run_id, expires_at, valid_from, valid_to
       FROM memories WHERE user_id = ? AND end_user_id = ? LIMIT ?`,
      'raw',
    ).all(scope.userId, scope.endUserId, this.maxRows + 1) as RawRow[];
    if (raw.length > this.maxRows) {
      if (this.large.size >= 10_000) this.large.clear();
      this.large.set(key, now);
      return null;
    }
    const timeline = timelineOfRows(raw, version);
    this.timelines.set(key, timeline);
    this.heldRows += timeline.rows;
    for (const [other, entry] of this.timelines) {
      if (this.heldRows <= this.heldMax || other === key) break;
      this.timelines.delete(other);
      this.heldRows -= entry.rows;
    }
    return timeline;
  }

  /**
   * Changes whenever the file may have changed: `total_changes()` counts every row this connection has
   * inserted, updated or deleted (each write of this process), `data_version` moves on another connection's
   * commit. The count leaves out rows changed by a trigger or a foreign key's action, which is enough here:
   * every trigger on `memories` runs with a statement on `memories` itself, and nothing else writes it.
   */
  private version(): string {
    const changes = preparedOnce(this.db, 'SELECT total_changes()', 'pluck').get() as number;
    return `${changes}:${readDataVersion(this.db)}`;
  }
}

/** The scope's rows, each placed in its conversation's or its writer's session's line. */
function timelineOfRows(raw: readonly RawRow[], version: string): ScopeTimeline {
  const lines = new Map<string, TimelineRow[]>();
  const byId = new Map<string, TimelineRow>();
  for (const [id, seq, createdAt, conversationId, agentId, runId, expiresAt, validFrom, validTo] of raw) {
    // A conversation's turns neighbour each other; memories without one, those of the same agent and run.
    const lineKey =
      conversationId !== null
        ? `c\u0000${conversationId}`
        : `s\u0000${agentId === null ? '\u0001' : `=${agentId}`}\u0000${runId === null ? '\u0001' : `=${runId}`}`;
    let line = lines.get(lineKey);
    if (!line) lines.set(lineKey, (line = []));
    const row: TimelineRow = {
      id,
      seq,
      createdAt,
      conversationId,
      agentId,
      runId,
      expiresAt,
      validFrom,
      validTo,
      line,
      at: 0,
      byId: 0,
    };
    line.push(row);
    byId.set(id, row);
  }
  for (const line of lines.values()) {
    line.sort((a, b) => a.createdAt - b.createdAt || a.seq - b.seq);
    line.forEach((row, at) => (row.at = at));
  }
  // Below U+D800 JavaScript's order of strings is SQLite's; past it, their UTF-8 bytes are compared.
  // eslint-disable-next-line no-control-regex
  const plain = raw.every(([id]) => /^[\u0000-\ud7ff]*$/.test(id));
  [...byId.values()]
    .sort(plain ? (a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : byUtf8)
    .forEach((row, at) => (row.byId = at));
  return { version, byId, rows: raw.length };
}

/** SQLite's BINARY order of two rows' ids: their UTF-8 bytes compared. */
function byUtf8(a: TimelineRow, b: TimelineRow): number {
  return Buffer.compare(Buffer.from(a.id, 'utf8'), Buffer.from(b.id, 'utf8'));
}
