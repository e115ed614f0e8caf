import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  Optional,
} from '@nestjs/common';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { MemoryFilter, MemoryScope, MemoryScopeFilter, ScoredId } from './domain/memory.js';
import { DEFAULT_SENTENCE_MAX_SCOPE, MEMORY_SETTINGS, type MemorySettings } from './memory.options.js';
import { MEMORY_STORE, type MemoryStore } from './ports/memory-store.js';
import { SENTENCE_ENCODER, type SentenceEncoder } from './ports/sentence-encoder.js';
import type { SentencePending } from './ports/sentence-vectors.js';
import { BackgroundSweep, textByTextOverLimit } from './background-sweep.js';

/**
 * Memories encoded per worker task: ~10 ms a text in a batch, so a search's query vector waits at most a few
 * hundred milliseconds behind the sweep in the sentence thread.
 */
export const SENTENCE_SWEEP_CHUNK = 16;

/**
 * Memories of a large scope marked deferred per turn of the loop: ~5 µs each, so a 100,000-memory import
 * is set aside in slices of a few milliseconds between requests.
 */
const SENTENCE_DEFER_BATCH = 1_000;

/**
 * A personal search first encodes up to this many of its scope's memories that have no sentence vector yet
 * (newest first, ~10 ms each): a fact told a moment ago is found by meaning when it is asked about.
 */
export const SENTENCE_SETTLE_LIMIT = 32;

/**
 * Longest a search waits for the sentence channel (the model's load after an idle thread ended, the scope's
 * new memories, the query), as long as a read of concept data waits for its scope: past it, the search is
 * ranked without the channel, well under the bus's 5 s timeout. The encoding goes on, so the next search
 * finds the query's vector cached.
 */
const DEFAULT_SENTENCE_WAIT_MS = 1_500;

const scopeKey = (scope: MemoryScope) => `${scope.userId}\u0000${scope.endUserId}`;

/**
 * The sentence channel's vectors (decisions 162, 203). The sweep computes those of every memory still
 * pending: new memories, changed texts, and those stored before the encoder was turned on (migration 6 marks
 * every existing memory pending). The flag is in the memory's row, so the backfill survives a restart and
 * resumes at the next start. Runs at boot and after each write, one chunk per turn, in the sentence worker
 * thread. A text the worker cannot encode within its limits is stored with no vector (a zero vector: it
 * matches nothing) so it is never tried again in a loop. Without `SENTENCE_ENCODER` (or a store that keeps
 * no sentence vectors) it does nothing.
 *
 * In `auto` mode (`sentenceEncodes: 'small-scopes'`) only the memories of scopes holding at most
 * `sentenceMaxScope` memories are encoded: a larger scope's pending memories are marked deferred, so a bulk
 * import of 100,000 memories neither queues ~1,000 s of the thread's time nor loads the model. A deferred
 * scope that shrinks back within the bound is encoded again at its next personal search (`nearest`).
 */
@Injectable()
export class MemorySentenceSweep implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('MemorySentences');
  private readonly background: BackgroundSweep;
  private readonly maxScope: number;
  private readonly smallScopesOnly: boolean;
  private readonly waitMs: number;
  private deferredResumed = false;
  /**
   * The encoding a search gave up waiting for, while it still runs (the model loading after the thread idled
   * out, on a busy machine several seconds): the searches that come meanwhile do not wait for the thread
   * again, so a burst of searches pays the wait once, not each.
   */
  private behind: Promise<unknown> | null = null;
  /** Encodings that searches with a bound of their own gave up waiting for, still running. */
  private boundedBehind = 0;
  private readonly withoutSentences = new SearchesWithoutSentences(this.logger);

  constructor(
    @Inject(MEMORY_STORE) private readonly store: MemoryStore,
    @Optional() @Inject(SENTENCE_ENCODER) private readonly encoder: SentenceEncoder | null = null,
    @Optional()
    @Inject(MEMORY_SETTINGS)
    settings: Pick<
      MemorySettings,
      'sentenceMaxScope' | 'sentenceEncodes' | 'sentenceWaitMs' | 'backgroundPacing'
    > | null = null,
  ) {
    this.background = new BackgroundSweep(
      'Sentence encoding failed',
      this.logger,
      () => this.runSweep(),
      settings?.backgroundPacing,
    );
    this.maxScope = settings?.sentenceMaxScope ?? DEFAULT_SENTENCE_MAX_SCOPE;
    this.smallScopesOnly = (settings?.sentenceEncodes ?? 'small-scopes') === 'small-scopes';
    this.waitMs = settings?.sentenceWaitMs ?? DEFAULT_SENTENCE_WAIT_MS;
  }

  onApplicationBootstrap(): void {
    // The backfill (migration 6) and what a stop left pending start at once: no write is waiting for a pause.
    if (this.encoder && this.store.sentences) this.background.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.background.stop();
  }

  /**
   * A write stored memories to encode: a background sweep of every pending memory runs once the writes
   * pause (at most `backgroundPacing.maxDelayMs` after this), or the running one looks again.
   */
  schedule(): void {
    if (!this.encoder || !this.store.sentences) return;
    this.background.schedule();
  }

  /**
   * Runs what the writes scheduled without waiting for them to pause, and resolves when it and the sweeps it
   * asked for are done (tests, benches).
   */
  async idle(): Promise<void> {
    await this.background.idle();
  }

  /**
   * The sentence channel's candidates for a personal search: the `k` memories of the scope and filter whose
   * sentence vector is nearest the query's. Undefined (the search goes without the channel) when the encoder
   * is off, the store keeps no sentence vectors, the scope holds more than `sentenceMaxScope` memories (the
   * query is then not encoded), the channel is not ready within `sentenceWaitMs`, or an earlier search's
   * encoding is still running past its own wait (the thread is busy: one search waits for it, not each).
   *
   * `loadWaitMs`, when shorter than `sentenceWaitMs`, is the caller's own bound (a chat turn's,
   * `CHAT_SENTENCE_LOAD_WAIT_MS`) on the wait while the encoder's model is not loaded (its thread ended after
   * idling): past it the search goes without the channel while the model loads and the encoding goes on.
   * Until that encoding ends, the next searches with a bound of their own go without the channel at once
   * rather than queue behind it; searches without one wait for it as before. A loaded model's query is
   * waited for as any search's. How many went without it is logged (`SearchesWithoutSentences`).
   */
  async nearest(
    scope: MemoryScopeFilter,
    filter: MemoryFilter,
    query: string,
    k: number,
    loadWaitMs?: number,
  ): Promise<ScoredId[] | undefined> {
    const encoder = this.encoder;
    const sentences = this.store.sentences;
    if (!encoder || !sentences) return undefined;
    const boundedBy = loadWaitMs !== undefined && loadWaitMs < this.waitMs ? loadWaitMs : undefined;
    // An empty scope (a new account's first chat turns) has nothing to find: no query encoded, no model loaded.
    if (await sentences.holdsAtMost(scope, 0)) return undefined;
    if (!(await sentences.fits(scope, this.maxScope))) return undefined;
    // The thread is still busy with what an earlier search stopped waiting for: this one goes without the
    // channel at once and queues nothing more behind it.
    if (this.behind) return undefined;
    if (boundedBy !== undefined && this.boundedBehind > 0) {
      this.withoutSentences.record('busy');
      return undefined;
    }
    // Only a model still to load is not waited for: a loaded one answers in milliseconds, and a query given up
    // on would go on taking the cores the rest of the search's caller needs (decision 229).
    const bounded = boundedBy !== undefined && encoder.modelLoaded === false;
    const ready = (async () => {
      await this.settle(scope);
      return encoder.encodeQuery(query);
    })();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), bounded ? (boundedBy ?? this.waitMs) : this.waitMs);
      timer.unref();
    });
    let vector: Float32Array | null;
    try {
      vector = await Promise.race([ready, late]);
    } catch (error) {
      // The channel adds to the others; a search does not fail for it.
      this.logger.warn(`Searched without the sentence channel: ${(error as Error).message}`);
      return undefined;
    } finally {
      clearTimeout(timer);
    }
    if (vector === null) {
      const behind = ready.then(
        () => undefined,
        (error: Error) => this.logger.warn(`Sentence encoding failed: ${error.message}`),
      );
      if (bounded) {
        // The caller's bound, not a busy thread: searches without a bound of their own still wait for it.
        this.withoutSentences.record('late');
        this.boundedBehind += 1;
        void behind.finally(() => (this.boundedBehind -= 1));
        return undefined;
      }
      this.behind = behind;
      void behind.finally(() => {
        if (this.behind === behind) this.behind = null;
      });
      return undefined;
    }
    if (boundedBy !== undefined) this.withoutSentences.record('read');
    return (await sentences.nearest(scope, filter, vector, k, this.maxScope)) ?? undefined;
  }

  /**
   * Encodes the scope's newest memories without a sentence vector (at most SENTENCE_SETTLE_LIMIT), deferred
   * ones included; more than that are handed to the sweep.
   */
  private async settle(scope: MemoryScope): Promise<void> {
    const encoder = this.encoder;
    const sentences = this.store.sentences;
    if (!encoder || !sentences) return;
    const unencoded = await sentences.unencoded(scope, SENTENCE_SETTLE_LIMIT);
    if (unencoded.length === 0) return;
    if (unencoded.length === SENTENCE_SETTLE_LIMIT) {
      // The scope fits (checked by the caller) and has more to encode: the sweep takes the rest.
      await sentences.resume(scope);
      this.background.start();
    }
    await this.encodeAndSave(encoder, unencoded);
  }

  private async runSweep(): Promise<void> {
    const encoder = this.encoder;
    const sentences = this.store.sentences;
    if (!encoder || !sentences) return;
    if (!this.smallScopesOnly && !this.deferredResumed) {
      // `use-lite` encodes every memory: those an `auto` run deferred are pending again (once a process).
      this.deferredResumed = true;
      const resumed = await sentences.resume();
      if (resumed > 0) this.logger.log(`${resumed} memories of large scopes are to be encoded (use-lite)`);
    }
    while (!this.background.stopped) {
      await this.background.step();
      if (this.background.stopped) return;
      let pending = await sentences.pending(SENTENCE_SWEEP_CHUNK);
      if (pending.length === 0) return;
      if (this.smallScopesOnly) {
        const scopes = new Map(pending.map((item) => [scopeKey(item.scope), item.scope]));
        const large = new Set<string>();
        for (const [key, scope] of scopes) {
          if (await sentences.holdsAtMost(scope, this.maxScope)) continue;
          large.add(key);
          // In slices, each a turn of the loop: writes and searches go on between them.
          while (!this.background.stopped && (await sentences.defer(scope, SENTENCE_DEFER_BATCH)) > 0)
            await nextTurn();
        }
        pending = pending.filter((item) => !large.has(scopeKey(item.scope)));
        if (pending.length === 0) continue;
      }
      await this.encodeAndSave(encoder, pending);
    }
  }

  private async encodeAndSave(encoder: SentenceEncoder, pending: readonly SentencePending[]): Promise<void> {
    const sentences = this.store.sentences;
    if (!sentences) return;
    const vectors = await textByTextOverLimit(
      pending.map((item) => item.text),
      (texts) => encoder.encode(texts),
      (error) => {
        this.logger.warn(`A memory was left without a sentence vector: ${error.message}`);
        return new Float32Array(encoder.dimension);
      },
    );
    // A short answer would leave memories pending and the sweep asking for them again forever: it stops.
    const encoded = pending.flatMap((item, index) => {
      const vector = vectors[index];
      return vector ? [{ ...item, vector }] : [];
    });
    if (encoded.length < pending.length)
      throw new Error(`${encoder.model} answered ${vectors.length} vectors for ${pending.length} texts`);
    await sentences.save(encoder.model, encoded);
  }
}

/** How often a log line sums up the searches with a bound of their own. */
const WITHOUT_SENTENCES_LOG_MS = 60_000;

/**
 * What became of the searches that set a bound of their own on the wait for the sentence encoder's model
 * (chat turns): read with the channel, ranked without it because the model was still loading past the
 * bound, or because an earlier one's encoding (the load) still ran. A line at most once a minute says how
 * many went without it.
 */
class SearchesWithoutSentences {
  private counts = { read: 0, late: 0, busy: 0 };
  private since = Date.now();

  constructor(private readonly logger: Pick<Logger, 'warn'>) {}

  record(outcome: 'read' | 'late' | 'busy'): void {
    this.counts[outcome] += 1;
    const now = Date.now();
    if (now - this.since < WITHOUT_SENTENCES_LOG_MS) return;
    const { read, late, busy } = this.counts;
    if (late + busy > 0)
      this.logger.warn(
        `${late + busy} of ${read + late + busy} searches with a bound of their own went without the sentence ` +
          `channel in the last ${Math.round((now - this.since) / 1000)} s, its model loading (${late} late, ${busy} behind a late one)`,
      );
    this.counts = { read: 0, late: 0, busy: 0 };
    this.since = now;
  }
}
