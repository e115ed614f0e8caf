import { Logger } from '@nestjs/common';
import type { MemoryScope, MemoryScopeFilter } from '../../domain/memory.js';
import type { MemoryStoreSettings } from '../../ports/memory-store.js';
import { emptyPostings, type ScopePostings } from './keyword-postings.js';
import { emptyRowCache, type RowCache } from './keyword-row-cache.js';
import { scopeToken } from './memory-rows.js';

/** Rows tokenized at a time while a scope's index is built in the background (~4 ms). */
const BUILD_CHUNK = 500;
/**
 * How long a background build works per event-loop turn. One chunk a turn left a scope of 100k memories,
 * searched back to back (~60 ms a search on FTS5 meanwhile), without its index for ~13 s; a request that
 * arrives during a slice waits for it, during the build only.
 */
const BUILD_SLICE_MS = 25;
/**
 * A scope with at most this many memories gets its index built inside its first search instead of in the
 * background, so that search is answered with the scope's exact BM25 like every later one: FTS5, which
 * answers meanwhile, only approximates it (the table's document lengths, decision 021). Building costs
 * ~16 µs a memory of a few words and ~100 µs a chat turn with its context (LoCoMo: 30-70 ms for 370-680
 * turns, once), against 1.5-4.4 ms for that search on FTS5. Above, the first searches of a scope (until the
 * background build is done) may rank a little differently from the next ones.
 */
export const BUILD_IN_SEARCH_MAX = 1000;
/** Memories of scopes below the ANN threshold whose postings are kept, unless the settings say otherwise. */
const SMALL_SCOPE_DOCS_DEFAULT = 200_000;

/** One scope's keyword index: its postings, its cached rows, and how far its build has come. */
export interface ScopeKeywords extends ScopePostings, RowCache {
  readonly scope: MemoryScope;
  /** Below the ANN threshold: dropped when small scopes hold too many memories (least recently searched). */
  readonly small: boolean;
  ready: boolean;
  /** Highest memory seq read by the build; rows above it are the build's to add. */
  covered: number;
}

/** How a build reads the scope: adds its rows above `covered`, at most `limit`, and answers how many. */
export type AddRowsAbove = (entry: ScopeKeywords, limit: number) => number;

/**
 * The scopes' keyword indexes, each built on its scope's first search: inside that search for a small scope
 * (BUILD_IN_SEARCH_MAX), else in the background in time slices. Small scopes (below the ANN threshold)
 * together keep at most `smallScopeKeywordDocs` memories, the least recently searched dropped first. A
 * build that fails is dropped (FTS5 keeps answering); the next search of the scope tries again.
 */
export class KeywordScopeBuilds {
  private readonly logger = new Logger('MemoryKeywords');
  private readonly scopes = new Map<string, ScopeKeywords>();
  private readonly builds = new Set<Promise<void>>();
  private readonly smallScopeDocs: number;
  private closed = false;

  constructor(
    private readonly settings: MemoryStoreSettings,
    private readonly count: (scope: MemoryScope) => number,
    private readonly addRowsAbove: AddRowsAbove,
  ) {
    this.smallScopeDocs = settings.smallScopeKeywordDocs ?? SMALL_SCOPE_DOCS_DEFAULT;
  }

  /** The scope's index, built or building, if it has one (no build is started). */
  held(scope: MemoryScopeFilter): ScopeKeywords | undefined {
    return this.scopes.get(scopeToken(scope));
  }

  /** The scope's index when it is built; starts the build on first use. */
  entryFor(scope: MemoryScopeFilter): ScopeKeywords | null {
    const tok = scopeToken(scope);
    const loaded = this.scopes.get(tok);
    if (loaded) {
      if (loaded.small) {
        // Map order is the order of last use: the least recently searched small scope is dropped first.
        this.scopes.delete(tok);
        this.scopes.set(tok, loaded);
      }
      return loaded.ready ? loaded : null;
    }
    const count = this.count(scope);
    const small = count < this.settings.annMinVectors;
    if (small && this.smallScopeDocs === 0) return null;
    const entry: ScopeKeywords = {
      scope: { userId: scope.userId, endUserId: scope.endUserId },
      small,
      ready: false,
      covered: 0,
      ...emptyPostings(),
      ...emptyRowCache(),
    };
    this.scopes.set(tok, entry);
    if (count <= BUILD_IN_SEARCH_MAX) return this.buildNow(tok, entry, count);
    const build = this.build(tok, entry).finally(() => this.builds.delete(build));
    this.builds.add(build);
    return null;
  }

  /** The scope's index goes (the scope went away). */
  drop(scope: MemoryScope): void {
    this.scopes.delete(scopeToken(scope));
  }

  /** Every index goes; builds under way stop. */
  clear(): void {
    this.scopes.clear();
  }

  /** Resolves when every background build started so far has finished. */
  async whenIndexed(): Promise<void> {
    while (this.builds.size > 0) await Promise.all([...this.builds]);
  }

  close(): void {
    this.closed = true;
    this.scopes.clear();
  }

  /** Builds a scope of at most BUILD_IN_SEARCH_MAX memories in one go; null (FTS5 answers) if it failed. */
  private buildNow(tok: string, entry: ScopeKeywords, count: number): ScopeKeywords | null {
    try {
      // The count was read in this same turn: no write can have come in between.
      this.addRowsAbove(entry, count + 1);
      this.built(entry);
      return entry;
    } catch (error) {
      this.buildFailed(tok, entry, error);
      return null;
    }
  }

  private async build(tok: string, entry: ScopeKeywords): Promise<void> {
    try {
      // Not one chunk on the path of the search that started it (FTS5 answers that one).
      await new Promise((resolve) => setImmediate(resolve));
      // Chunks for up to BUILD_SLICE_MS per event-loop turn: requests are served between slices, and a scope
      // searched without a pause (each search on FTS5 meanwhile) still gets its index in seconds.
      for (let complete = false; !complete;) {
        const sliceEnd = performance.now() + BUILD_SLICE_MS;
        do {
          if (this.closed || this.scopes.get(tok) !== entry) return;
          complete = this.addRowsAbove(entry, BUILD_CHUNK) < BUILD_CHUNK;
        } while (!complete && performance.now() < sliceEnd);
        if (!complete) await new Promise((resolve) => setImmediate(resolve));
      }
      this.built(entry);
    } catch (error) {
      this.buildFailed(tok, entry, error);
    }
  }

  private built(entry: ScopeKeywords): void {
    entry.ready = true;
    if (entry.small) this.dropLeastRecentSmallScopes(entry);
  }

  /** Dropped: FTS5 keeps answering; the next search of the scope tries again. */
  private buildFailed(tok: string, entry: ScopeKeywords, error: unknown): void {
    if (this.scopes.get(tok) === entry) this.scopes.delete(tok);
    if (!this.closed) {
      this.logger.error(
        `keyword index ${tok} not built: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /** Drops the least recently searched small scopes until they hold at most `smallScopeDocs` memories. */
  private dropLeastRecentSmallScopes(built: ScopeKeywords): void {
    // An empty scope counts as one, so that searches of many empty scopes cannot grow the map for ever.
    const held = (entry: ScopeKeywords): number => Math.max(1, entry.docs);
    let total = 0;
    for (const entry of this.scopes.values()) if (entry.small) total += held(entry);
    for (const [tok, entry] of this.scopes) {
      if (total <= this.smallScopeDocs) return;
      // The one just built stays even when it alone is over the limit: it was built to be searched.
      if (!entry.small || !entry.ready || entry === built) continue;
      this.scopes.delete(tok);
      total -= held(entry);
    }
  }
}
