import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { MemoryScope } from './domain/memory.js';
import { DEFAULT_CONCEPT_SETTLE_MS, MEMORY_SETTINGS, type MemorySettings } from './memory.options.js';
import { CONCEPT_EXTRACTION, type ConceptExtraction } from './ports/concept-extraction.js';
import { MEMORY_STORE, type MemoryStore } from './ports/memory-store.js';
import { type ExtractedConcept, extractConcepts } from './retrieval/concepts.js';
import { BackgroundSweep, textByTextOverLimit } from './background-sweep.js';

const CHUNK = 100;
/** Memories whose concepts are written in one transaction, with a turn of the event loop between. */
const WRITE_SLICE = 25;

/** Extraction where it is asked for (tests, tools); the service's module runs it in its worker thread. */
const inProcessConceptExtraction: ConceptExtraction = {
  extract: async (texts) => texts.map((text) => extractConcepts(text)),
};

/**
 * Extracts and links the concepts of memories stored without them (batch create and import), off the
 * request path: concept extraction (compromise) costs ~0.5-2 ms a text, several times the rest of a write,
 * so it runs in the memory worker thread and only the writes (in slices, yielding between them) run on the
 * event loop. A text whose extraction breaks the worker's memory cap or deadline is linked with no concepts
 * (and logged), so it is never tried again in a loop.
 * The pending flag is stored with the memory, so work a crash interrupted resumes at the next start, and
 * every read of concept data (stats, graph, a concept's memories) first settles its scope (for at most
 * `conceptSettleMs`), so those miss a memory's concepts only while a large backlog is being linked. Search does not wait: its concept channel may miss memories still pending.
 */
@Injectable()
export class MemoryConceptLinker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('MemoryConcepts');
  private readonly background: BackgroundSweep;
  /** Memories whose concepts are being extracted or written, and the work that does it. */
  private readonly linking = new Map<string, Promise<void>>();

  constructor(
    @Inject(MEMORY_STORE) private readonly store: MemoryStore,
    @Inject(CONCEPT_EXTRACTION) private readonly extraction: ConceptExtraction = inProcessConceptExtraction,
    @Inject(MEMORY_SETTINGS)
    private readonly settings: Pick<MemorySettings, 'conceptSettleMs' | 'backgroundPacing'> = {
      conceptSettleMs: DEFAULT_CONCEPT_SETTLE_MS,
    },
  ) {
    this.background = new BackgroundSweep(
      'Concept linking failed',
      this.logger,
      () => this.runSweep(),
      settings.backgroundPacing,
    );
  }

  onApplicationBootstrap(): void {
    // What a crash or a stop left pending is linked at once: no write is waiting for a pause.
    this.background.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.background.stop();
  }

  /**
   * A write stored pending memories: a background sweep of every pending memory (one chunk per event-loop
   * turn) runs once the writes pause, at most `backgroundPacing.maxDelayMs` after this.
   */
  schedule(): void {
    this.background.schedule();
  }

  /**
   * Links the pending memories of the scope now (before a read of its concept data), for at most
   * `conceptSettleMs`: a backlog larger than that (a large import still being linked) is answered with the
   * concepts linked so far rather than holding the read past the bus's timeout. Memories the background
   * sweep is already linking are waited for, not extracted twice.
   */
  async settle(scope: MemoryScope): Promise<void> {
    const deadline = Date.now() + this.settings.conceptSettleMs;
    while (Date.now() < deadline) {
      const pending = await this.store.memories.pendingConcepts(scope, CHUNK * 5);
      if (pending.length === 0) return;
      const fresh = pending.filter((item) => !this.linking.has(item.id));
      const running = new Set(pending.flatMap((item) => this.linking.get(item.id) ?? []));
      const work = fresh.length > 0 ? [this.link(scope, fresh), ...running] : [...running];
      const finished = Promise.allSettled(work).then(() => 'done' as const);
      const left = deadline - Date.now();
      const outcome = await Promise.race([
        finished,
        new Promise<'late'>((resolve) => setTimeout(resolve, Math.max(0, left), 'late').unref()),
      ]);
      if (outcome === 'late') return;
    }
  }

  private async runSweep(): Promise<void> {
    let linked = 0;
    while (!this.background.stopped) {
      await this.background.step();
      if (this.background.stopped) return;
      const pending = await this.store.memories.pendingConcepts(null, CHUNK);
      if (pending.length === 0) {
        // A backlog (a batch or an import) is linked: the concept thread's heap (20-60 MB with compromise
        // loaded) may go back within seconds instead of the idle minute, unless more work keeps it.
        if (linked > CHUNK) this.extraction.bulkDone?.();
        return;
      }
      linked += pending.length;
      const byScope = new Map<string, { scope: MemoryScope; items: typeof pending }>();
      for (const item of pending) {
        const key = `${item.scope.userId}\u0000${item.scope.endUserId}`;
        const group = byScope.get(key) ?? { scope: item.scope, items: [] };
        group.items.push(item);
        byScope.set(key, group);
      }
      for (const { scope, items } of byScope.values()) await this.link(scope, items);
    }
  }

  private link(scope: MemoryScope, pending: ReadonlyArray<{ id: string; text: string }>): Promise<void> {
    const work = this.extractAndWrite(scope, pending).finally(() => {
      for (const item of pending) if (this.linking.get(item.id) === work) this.linking.delete(item.id);
    });
    for (const item of pending) this.linking.set(item.id, work);
    return work;
  }

  private async extractAndWrite(
    scope: MemoryScope,
    pending: ReadonlyArray<{ id: string; text: string }>,
  ): Promise<void> {
    const concepts = await this.extract(pending.map((item) => item.text));
    for (let start = 0; start < pending.length; start += WRITE_SLICE) {
      if (start > 0) await nextTurn();
      await this.store.memories.linkConcepts(
        scope,
        pending
          .slice(start, start + WRITE_SLICE)
          .map((item, index) => ({ id: item.id, concepts: concepts[start + index] ?? [] })),
      );
    }
  }

  /** A batch over a limit is tried text by text, so one hostile text costs only its own concepts. */
  private extract(texts: readonly string[]): Promise<ExtractedConcept[][]> {
    return textByTextOverLimit(
      texts,
      (batch) => this.extraction.extract(batch),
      (error) => {
        this.logger.warn(`A memory was linked without concepts: ${error.message}`);
        return [];
      },
    );
  }
}
