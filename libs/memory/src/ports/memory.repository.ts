import type {
  ConceptMention,
  Memory,
  MemoryChanges,
  MemoryFilter,
  MemoryRemoval,
  MemoryScope,
  MemoryScopeFilter,
  MemorySort,
  MemoryStats,
  MemoryVersion,
  NewMemoryRecord,
  PendingConcepts,
  RankableWithId,
} from '../domain/memory.js';

export interface MemoryPage {
  readonly memories: readonly Memory[];
  /** Memories matching the scope and filters in all pages. */
  readonly totalCount: number;
}

export interface MemoryExportPage {
  readonly memories: readonly Memory[];
  /** Absent on the last page. */
  readonly nextCursor?: string | undefined;
}

/**
 * Memories with their derived items (keyword entry, vector, concept links, versions). Every method takes
 * the scope (account + end user, '' for the account's own) as its first argument, so a query that forgets
 * the tenant does not compile. A write is one transaction across every derived item: a memory is stored
 * with its vector and keyword entry, or not at all.
 */
export interface MemoryRepository {
  /**
   * Stores every record (all or none). Each record's `memory.userId` / `endUserId` must be the scope's.
   * An `originId` already imported into the scope is a duplicate: the store throws DuplicateOriginError.
   */
  insertMany(scope: MemoryScope, records: readonly NewMemoryRecord[]): Promise<void>;

  /** The memory in the scope (agent/run narrow when given), or null: another scope's id is not found. */
  findById(
    scope: MemoryScopeFilter,
    id: string,
    options?: { withEmbedding?: boolean },
  ): Promise<Memory | null>;

  /**
   * The end user whose scope holds this memory of the account ('' for the account's own), or null when the
   * account holds no such memory. For callers that name a memory by id alone (the Mem0-compatible API).
   */
  endUserOf(userId: string, id: string): Promise<string | null>;

  /** The memories of these ids that are in the scope, in no particular order. */
  findByIds(
    scope: MemoryScopeFilter,
    ids: readonly string[],
    options?: { withEmbedding?: boolean },
  ): Promise<Memory[]>;

  /**
   * The oldest open memory (at `now`) of exactly this scope (its agent and run, none when the scope names
   * none) whose `duplicateKey` is each of these keys, where one is stored: a key absent from the answer has
   * none. Bounded whatever the number of copies (one index entry read per key when the oldest copy is open):
   * the check runs on the serving thread for every deduplicated write. An adapter without a fingerprint index
   * leaves it out, and the duplicate check then looks among the nearest memories of both search channels.
   */
  findOpenDuplicates?(
    scope: MemoryScopeFilter,
    keys: readonly string[],
    now: Date,
  ): Promise<Map<string, Memory>>;

  /** What the ranker reads of the memories of these ids that are in the scope, in no particular order. */
  rankablesByIds(scope: MemoryScopeFilter, ids: readonly string[]): Promise<RankableWithId[]>;

  list(
    scope: MemoryScopeFilter,
    filter: MemoryFilter,
    page: {
      readonly limit: number;
      readonly offset: number;
      readonly sort: MemorySort;
      readonly withEmbedding?: boolean;
    },
  ): Promise<MemoryPage>;

  /**
   * Applies the changes and records the previous state as a version, in one transaction. A new embedding
   * replaces the vector; new concepts replace the memory's concept links (relation weights follow).
   * Null when the id is not in the scope.
   */
  update(scope: MemoryScopeFilter, id: string, changes: MemoryChanges): Promise<Memory | null>;

  /** Previous versions then the current state (oldest first), or null when the id is not in the scope. */
  history(scope: MemoryScopeFilter, id: string): Promise<readonly MemoryVersion[] | null>;

  /** Removes the memories of these ids that are in the scope with everything derived from them. */
  delete(scope: MemoryScopeFilter, ids: readonly string[]): Promise<MemoryRemoval>;

  /** Oldest first (createdAt, then id); `cursor` is the previous page's `nextCursor`. */
  exportPage(
    scope: MemoryScopeFilter,
    cursor: string | undefined,
    limit: number,
    options?: { withEmbedding?: boolean },
  ): Promise<MemoryExportPage>;

  /** Which of these origin ids (ids of an exported file) were already imported into the scope. */
  importedOriginIds(scope: MemoryScope, originIds: readonly string[]): Promise<Set<string>>;

  /** The scope's figures (see MemoryStats), open and closed as of `now`. */
  stats(scope: MemoryScopeFilter, now: Date): Promise<MemoryStats>;

  /**
   * Memories stored without their concepts (see NewMemoryRecord.concepts), oldest first: of one scope, or
   * of every scope when `scope` is null (the background linker's sweep, which works across tenants by
   * design and hands each item's scope back).
   */
  pendingConcepts(scope: MemoryScope | null, limit: number): Promise<PendingConcepts[]>;

  /** Links the concepts of memories still pending, in one transaction; others (linked, deleted) are skipped. */
  linkConcepts(
    scope: MemoryScope,
    items: ReadonlyArray<{ readonly id: string; readonly concepts: readonly ConceptMention[] }>,
  ): Promise<void>;

  /** Account deletion: every memory of the user, end users included, with everything derived. */
  deleteAllOfUser(userId: string): Promise<MemoryRemoval>;

  /**
   * Retention: removes up to `limit` of the user's memories (end users included) created before `cutoff`, the
   * least important first (then the oldest), never a pinned one (importance PINNED_IMPORTANCE), with everything
   * derived from them (the same cascade as a delete).
   */
  deleteCreatedBefore(userId: string, cutoff: Date, limit: number): Promise<MemoryRemoval>;

  /**
   * Retention: removes up to `limit` of the user's memories (end users included) whose expiration is at or
   * before `now`, soonest expired first, with everything derived from them.
   */
  deleteExpired(userId: string, now: Date, limit: number): Promise<MemoryRemoval>;

  /** Retention's sweep: up to `limit` users holding a memory expired at `now`, after `afterUserId`. */
  ownersWithExpired(now: Date, afterUserId: string, limit: number): Promise<string[]>;

  /** Retention: how many of the user's memories (end users included, pinned ones not) were created before `cutoff`. */
  countCreatedBefore(userId: string, cutoff: Date): Promise<number>;

  /**
   * Retention's sweep: up to `limit` users holding a memory (not pinned) created before `cutoff`, after `afterUserId`
   * (user id order). Works across tenants by design: it only names owners, each purge then acts as one.
   */
  ownersWithMemoriesBefore(cutoff: Date, afterUserId: string, limit: number): Promise<string[]>;
}

/** An import line whose origin id the scope already holds (raced with another import of the same file). */
export class DuplicateOriginError extends Error {
  constructor(readonly originId: string) {
    super(`Origin id ${originId} was already imported into this scope`);
  }
}
