import { type EmbeddedDatabase, preparedOnce } from '@membolt/embedded-store';
import type { MemoryFilter, MemoryScope, MemoryScopeFilter, RankableWithId } from '../../domain/memory.js';
import type { ConversationNeighbours } from '../../retrieval/rank.js';
import { heldInValidity, isOpenOnly } from './memory-rows.js';

/** The largest scope whose timeline is read on a search's path; a larger one is built in the background. */
const TIMELINE_READ_ROWS = 2_000;
/** The largest scope whose timeline is held at all: past it the neighbours are always walked in SQL. */
const TIMELINE_MAX_ROWS = 200_000;
/** How many rows the timelines of every scope hold together; the least recently searched go first. */
const TIMELINES_HELD_ROWS = 250_000;
/** Rows a background build reads per turn of the event loop, so searches of other scopes run between. */
const BUILD_CHUNK_ROWS = 5_000;
/** How long a scope found past TIMELINE_MAX_ROWS is not read again (it seldom shrinks below it). */
const LARGE_SCOPE_TTL_MS = 60_000;

/** The bounds of `NeighbourTimelines` (tests set small ones). */
export interface NeighbourTimelineLimits {
  /** Largest scope read on the search's path (TIMELINE_READ_ROWS). */
  readonly readRows?: number;
  /** Largest scope held (TIMELINE_MAX_ROWS); 0 turns the timelines off. */
  readonly maxRows?: number;
  /** Rows held by every timeline together (TIMELINES_HELD_ROWS). */
  readonly heldRows?: number;
  /** Rows a background build reads per turn (BUILD_CHUNK_ROWS). */
  readonly chunkRows?: number;
}

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
  /** Whether its id is all below U+D800 (`inSqliteIdOrder`), tested at its first search. */
  plainId: boolean | undefined;
  /** Its last walk in a small timeline whose walks read no clock (`ScopeTimeline.timeless`). */
  walk: Walk | undefined;
}

/** A row's neighbours, nearest first, as rows and as ids; `key` names what they were walked for. */
interface Walk {
  readonly key: string | null;
  readonly previous: readonly TimelineRow[];
  readonly next: readonly TimelineRow[];
  readonly previousIds: readonly string[];
  readonly nextIds: readonly string[];
}

interface ScopeTimeline {
  /** The scope's write count it was read at (`memory_scope_writes`). */
  readonly version: number;
  readonly byId: Map<string, TimelineRow>;
  readonly rows: number;
  /**
   * No row expires or is closed: a walk then passes the same rows whatever the search's time (its
   * visibility, an open-facts filter's now), and a small timeline keeps each row's walk (`TimelineRow.walk`).
   */
  readonly timeless: boolean;
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

const TIMELINE_COLUMNS =
  'id, seq, created_at, conversation_id, agent_id, run_id, expires_at, valid_from, valid_to';

/**
 * The neighbours of a search's best candidates (`MemorySearchIndex.neighbours`, decisions 021, 196 and 240)
 * from a scope's timeline held in memory: every memory of the scope (user and end user) with what the
 * neighbours' rules compare, in (created_at, seq) order per conversation and per writer's session. The SQL
 * walk (`neighboursInSql`) costs a statement with four indexed walks per candidate, a few tens of
 * microseconds each whatever the scope's size: for the 100 candidates of a search, about 3.5 ms, and where
 * every memory is in an inferred session (a bulk import) half of the search. A lookup in the timeline is a
 * step along an array per neighbour.
 *
 * Exact, like the walk: a timeline is read at the scope's write count (`memory_scope_writes`, counted by the
 * repository in each write transaction, whichever connection writes: `countScopeWrite`) and read
 * again once that count has moved; a write to another scope leaves it held. A small scope is read on the
 * search's path (one statement); a larger one, up to TIMELINE_MAX_ROWS, is read in the background from its
 * first search, a chunk per turn of the event loop, while the SQL walk answers, and is kept only if no
 * write to the scope happened during the read. It answers only what it holds the columns for: the scope's
 * agent, run and visibility, and a filter on validity alone (`isOpenOnly`); any other filter, and a scope
 * not (yet) held, answers null and the caller walks in SQL.
 */
export class NeighbourTimelines {
  private readonly timelines = new Map<string, ScopeTimeline>();
  /** Scopes found past maxRows, and when. */
  private readonly large = new Map<string, number>();
  /** Background reads in progress, by scope. */
  private readonly builds = new Map<string, Promise<void>>();
  /** The write count at which a large scope's last build was dropped (a write came during it). */
  private readonly dropped = new Map<string, number>();
  private heldRows = 0;
  private readonly readRows: number;
  private readonly maxRows: number;
  private readonly heldMax: number;
  private readonly chunkRows: number;

  constructor(
    private readonly db: EmbeddedDatabase,
    limits: NeighbourTimelineLimits = {},
  ) {
    this.maxRows = limits.maxRows ?? TIMELINE_MAX_ROWS;
    this.readRows = Math.min(limits.readRows ?? TIMELINE_READ_ROWS, this.maxRows);
    this.heldMax = limits.heldRows ?? TIMELINES_HELD_ROWS;
    this.chunkRows = Math.max(1, limits.chunkRows ?? BUILD_CHUNK_ROWS);
  }

  /**
   * The same map as `neighboursInSql`, or null when the timeline cannot answer (see the class). With
   * `rowsOf` (the scope's rows held elsewhere, by seq, or null when not held), each entry also carries the
   * rows of its neighbours that `rowsOf` answers (`ConversationNeighbours.rows`), but those of `known` (the
   * caller's: in a small scope most neighbours are candidates already, whose rows it need not be handed).
   */
  neighbours(
    scope: MemoryScopeFilter,
    filter: MemoryFilter,
    ids: readonly string[],
    before: number,
    after: number,
    sessionGapMs: number,
    rowsOf?: (seqs: readonly number[]) => ReadonlyMap<number, RankableWithId> | null,
    known?: { has(id: string): boolean },
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
    const found = new Map<string, Walk>();
    // A small scope is searched again and again with the same walks: kept on its rows while the timeline is
    // held (it is read again at the scope's next write), for the walks that read no clock and no asOf time.
    const key =
      timeline.timeless && timeline.rows <= this.readRows && filter.validity.kind !== 'asOf'
        ? JSON.stringify([scope.agentId ?? null, scope.runId ?? null, before, after, sessionGapMs])
        : null;
    const idOf = (row: TimelineRow): string => row.id;
    const walked = (row: TimelineRow, gapMs: number | null): Walk => {
      if (key !== null && row.walk?.key === key) return row.walk;
      const previous = walkLine(row, -1, Math.max(0, before), gapMs, passes);
      const next = walkLine(row, 1, Math.max(0, after), gapMs, passes);
      // A kept walk's ids are handed to every search that asks it: read-only (ConversationNeighbours), not
      // frozen, whose arrays V8 iterates on a slower path.
      const walk: Walk = {
        key,
        previous,
        next,
        previousIds: previous.map(idOf),
        nextIds: next.map(idOf),
      };
      if (key !== null) row.walk = walk;
      return walk;
    };
    // In the order `neighboursInSql` fills the map (the ranker reads it in that order): the conversations'
    // turns first, then the inferred sessions, each by id as SQLite orders text (its IN list is a sorted
    // list of the ids, UTF-8 bytes compared).
    const wanted: TimelineRow[] = [];
    for (const id of new Set(ids)) {
      const row = timeline.byId.get(id);
      if (row) wanted.push(row);
    }
    inSqliteIdOrder(wanted);
    const inConversation = wanted.filter((row) => row.conversationId !== null);
    const inSession = sessionGapMs > 0 ? wanted.filter((row) => row.conversationId === null) : [];
    for (const [rows, gapMs] of [
      [inConversation, null],
      [inSession, sessionGapMs],
    ] as const) {
      for (const row of rows) {
        const walk = walked(row, gapMs);
        if (walk.previous.length > 0 || walk.next.length > 0) found.set(row.id, walk);
      }
    }
    const rows = rowsOf ? heldRows(found.values(), rowsOf, known) : null;
    for (const [id, { previous, next, previousIds, nextIds }] of found) {
      const held: RankableWithId[] = [];
      if (rows) {
        for (const other of previous) pushHeld(held, rows, other.seq);
        for (const other of next) pushHeld(held, rows, other.seq);
      }
      // Written out, not spread: an object spread per entry takes V8's slow path for copying an object.
      out.set(
        id,
        held.length > 0
          ? { previous: previousIds, next: nextIds, rows: held }
          : { previous: previousIds, next: nextIds },
      );
    }
    return out;
  }

  /** Resolves when the background reads started so far are done (tests, benches). */
  async whenBuilt(): Promise<void> {
    while (this.builds.size > 0) await Promise.all([...this.builds.values()]);
  }

  /** The scope's timeline at its current write count, read if it is small; null when it is not held. */
  private timelineOf(scope: MemoryScope): ScopeTimeline | null {
    const key = `${scope.userId}\u0000${scope.endUserId}`;
    const now = Date.now();
    const largeSince = this.large.get(key);
    if (largeSince !== undefined) {
      if (now - largeSince < LARGE_SCOPE_TTL_MS) return null;
      this.large.delete(key);
    }
    const version = this.versionOf(scope);
    const held = this.timelines.get(key);
    if (held) {
      this.timelines.delete(key);
      if (held.version === version) {
        // Last used, last in the map: the first entries are the least recently searched.
        this.timelines.set(key, held);
        return held;
      }
      this.heldRows -= held.rows;
      // Known to be large: read again in the background, the SQL walk answers meanwhile.
      if (held.rows > this.readRows) return this.buildLater(scope, key, version);
    }
    if (this.builds.has(key) || this.dropped.has(key)) return this.buildLater(scope, key, version);
    const raw = preparedOnce(
      this.db,
      `SELECT ${TIMELINE_COLUMNS} FROM memories WHERE user_id = ? AND end_user_id = ? LIMIT ?`,
      'raw',
    ).all(scope.userId, scope.endUserId, this.readRows + 1) as RawRow[];
    if (raw.length > this.readRows) return this.buildLater(scope, key, version);
    const timeline = timelineOfRows(raw, version);
    this.hold(key, timeline);
    return timeline;
  }

  private hold(key: string, timeline: ScopeTimeline): void {
    this.timelines.set(key, timeline);
    this.heldRows += timeline.rows;
    for (const [other, entry] of this.timelines) {
      if (this.heldRows <= this.heldMax || other === key) break;
      this.timelines.delete(other);
      this.heldRows -= entry.rows;
    }
  }

  /**
   * Starts the background read of a large scope unless one is running, and answers null. A read dropped
   * because the scope was written during it is started again only once a search finds the scope at the
   * same write count as that read ended at: a scope written between every two searches stays with SQL
   * rather than being read again and again.
   */
  private buildLater(scope: MemoryScope, key: string, version: number): null {
    if (this.builds.has(key)) return null;
    const droppedAt = this.dropped.get(key);
    if (droppedAt !== undefined && droppedAt !== version) {
      this.dropped.set(key, version);
      return null;
    }
    this.dropped.delete(key);
    const build = this.build(scope, key, version)
      // A read that fails (the store closed under it) leaves the scope to the SQL walk; nothing awaits it.
      .catch(() => undefined)
      .finally(() => this.builds.delete(key));
    this.builds.set(key, build);
    return null;
  }

  /**
   * Reads the scope in chunks of (created_at, id) order (memories_scope_created), one per turn of the event
   * loop. The timeline is kept only if the scope's write count is still `version` at the end: the count
   * moves with every write to the scope, so an unchanged count means the chunks read one state.
   */
  private async build(scope: MemoryScope, key: string, version: number): Promise<void> {
    const first = preparedOnce(
      this.db,
      `SELECT ${TIMELINE_COLUMNS} FROM memories WHERE user_id = ? AND end_user_id = ?
       ORDER BY created_at, id LIMIT ?`,
      'raw',
    );
    const next = preparedOnce(
      this.db,
      `SELECT ${TIMELINE_COLUMNS} FROM memories WHERE user_id = ? AND end_user_id = ? AND (created_at, id) > (?, ?)
       ORDER BY created_at, id LIMIT ?`,
      'raw',
    );
    const raw: RawRow[] = [];
    let chunk = first.all(scope.userId, scope.endUserId, this.chunkRows) as RawRow[];
    for (;;) {
      for (const row of chunk) raw.push(row);
      if (raw.length > this.maxRows) {
        if (this.large.size >= 10_000) this.large.clear();
        this.large.set(key, Date.now());
        return;
      }
      if (chunk.length < this.chunkRows) break;
      await new Promise((resolve) => setImmediate(resolve));
      if (this.versionOf(scope) !== version) break;
      const last = chunk[chunk.length - 1]!;
      chunk = next.all(scope.userId, scope.endUserId, last[2], last[0], this.chunkRows) as RawRow[];
    }
    const now = this.versionOf(scope);
    if (now !== version) {
      if (this.dropped.size >= 10_000) this.dropped.clear();
      this.dropped.set(key, now);
      return;
    }
    const held = this.timelines.get(key);
    if (held) {
      this.timelines.delete(key);
      this.heldRows -= held.rows;
    }
    this.hold(key, timelineOfRows(raw, version));
  }

  /** How many write transactions the scope's memories have had (`countScopeWrite`). */
  private versionOf(scope: MemoryScope): number {
    return scopeWriteCount(this.db, scope);
  }
}

/** How many write transactions the scope's memories have had, whichever connection wrote (`countScopeWrite`). */
export function scopeWriteCount(db: EmbeddedDatabase, scope: MemoryScope): number {
  const writes = preparedOnce(
    db,
    'SELECT writes FROM memory_scope_writes WHERE user_id = ? AND end_user_id = ?',
    'pluck',
  ).get(scope.userId, scope.endUserId) as number | undefined;
  return writes ?? 0;
}

/**
 * Counts a write to the scope's memories (insert, delete, or update of any column a memory is read from),
 * inside the writing transaction: a timeline, or the rows searches answered (`AnswerRows`), read at another
 * count is read again. Every write of those columns in the embedded store calls this once per transaction
 * and scope (the repository's writes, a category's deletion); the count is in the file, so a write from
 * another connection (another replica's process) is seen too. The bookkeeping columns (concepts_pending,
 * sentence_pending) are not counted.
 */
export function countScopeWrite(db: EmbeddedDatabase, scope: MemoryScope): void {
  preparedOnce(
    db,
    `INSERT INTO memory_scope_writes (user_id, end_user_id, writes) VALUES (?, ?, 1)
     ON CONFLICT (user_id, end_user_id) DO UPDATE SET writes = writes + 1`,
  ).run(scope.userId, scope.endUserId);
}

/**
 * Up to `count` memories of the row's line that pass, nearest first, in the direction `step`. In a session
 * (`gapMs`), no further than `count x gapMs` from the row (the SQL walk's bound), and only up to the first
 * pause longer than `gapMs` (`withinSession`, read as the walk goes).
 */
function walkLine(
  row: TimelineRow,
  step: -1 | 1,
  count: number,
  gapMs: number | null,
  passes: (row: TimelineRow) => boolean,
): TimelineRow[] {
  const near: TimelineRow[] = [];
  const reach = gapMs === null ? Infinity : count * gapMs;
  let last = row.createdAt;
  for (let i = row.at + step; near.length < count && i >= 0 && i < row.line.length; i += step) {
    const other = row.line[i] as TimelineRow;
    if (other.createdAt !== row.createdAt && Math.abs(other.createdAt - row.createdAt) > reach) break;
    if (!passes(other)) continue;
    if (gapMs !== null && Math.abs(other.createdAt - last) > gapMs) break;
    near.push(other);
    last = other.createdAt;
  }
  return near;
}

/** `rowsOf` of every neighbour found but those `known`, asked once. */
function heldRows(
  found: Iterable<{ readonly previous: readonly TimelineRow[]; readonly next: readonly TimelineRow[] }>,
  rowsOf: (seqs: readonly number[]) => ReadonlyMap<number, RankableWithId> | null,
  known: { has(id: string): boolean } | undefined,
): ReadonlyMap<number, RankableWithId> | null {
  const seqs = new Set<number>();
  for (const { previous, next } of found) {
    for (const other of previous) if (!known?.has(other.id)) seqs.add(other.seq);
    for (const other of next) if (!known?.has(other.id)) seqs.add(other.seq);
  }
  return seqs.size > 0 ? rowsOf([...seqs]) : null;
}

function pushHeld(held: RankableWithId[], rows: ReadonlyMap<number, RankableWithId>, seq: number): void {
  const row = rows.get(seq);
  if (row) held.push(row);
}

/** The scope's rows, each placed in its conversation's or its writer's session's line. */
function timelineOfRows(raw: readonly RawRow[], version: number): ScopeTimeline {
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
      plainId: undefined,
      walk: undefined,
    };
    line.push(row);
    byId.set(id, row);
  }
  for (const line of lines.values()) {
    line.sort((a, b) => a.createdAt - b.createdAt || a.seq - b.seq);
    line.forEach((row, at) => (row.at = at));
  }
  const timeless = raw.every((row) => row[6] === null && row[8] === null);
  return { version, byId, rows: raw.length, timeless };
}

// eslint-disable-next-line no-control-regex
const BELOW_SURROGATES = /^[\u0000-\ud7ff]*$/;

/**
 * Sorts the rows by SQLite's BINARY order of their ids: their UTF-8 bytes compared. Below U+D800 JavaScript's
 * order of strings is the same; past it (a surrogate pair sorts before U+E000 in UTF-16, after it in UTF-8)
 * the bytes are compared. Each id is tested once while its timeline is held, not at every search.
 */
function inSqliteIdOrder(rows: TimelineRow[]): void {
  if (rows.every((row) => (row.plainId ??= BELOW_SURROGATES.test(row.id)))) {
    rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return;
  }
  const bytes = new Map(rows.map((row) => [row, Buffer.from(row.id, 'utf8')]));
  rows.sort((a, b) => Buffer.compare(bytes.get(a)!, bytes.get(b)!));
}
