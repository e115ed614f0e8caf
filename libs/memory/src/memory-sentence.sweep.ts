import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  Optional,
} from '@nestjs/common';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { MEMORY_STORE, type MemoryStore } from './ports/memory-store.js';
import { SENTENCE_ENCODER, type SentenceEncoder } from './ports/sentence-encoder.js';
import { BackgroundSweep, textByTextOverLimit } from './background-sweep.js';

/**
 * Memories encoded per worker task: ~10 ms a text in a batch, so a search's query vector waits at most a few
 * hundred milliseconds behind the sweep in the shared thread.
 */
export const SENTENCE_SWEEP_CHUNK = 16;

/**
 * Computes the sentence vectors of every memory still pending (decision 162): new memories, changed texts,
 * and those stored before the encoder was turned on (migration 6 marks every existing memory pending). The
 * flag is in the memory's row, so the backfill survives a restart and resumes at the next start. Runs at
 * boot and after each write, one chunk per turn, in the worker thread that embeds. A text the worker cannot
 * encode within its limits is stored with no vector (a zero vector: it matches nothing) so it is never tried
 * again in a loop. Without `SENTENCE_ENCODER` (or a store that keeps no sentence vectors) it does nothing.
 */
@Injectable()
export class MemorySentenceSweep implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('MemorySentences');
  private readonly background = new BackgroundSweep('Sentence encoding failed', this.logger, () =>
    this.runSweep(),
  );

  constructor(
    @Inject(MEMORY_STORE) private readonly store: MemoryStore,
    @Optional() @Inject(SENTENCE_ENCODER) private readonly encoder: SentenceEncoder | null = null,
  ) {}

  onApplicationBootstrap(): void {
    this.schedule();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.background.stop();
  }

  /** Starts a background sweep of every pending memory, or asks the running one to look again. */
  schedule(): void {
    if (!this.encoder || !this.store.sentences) return;
    this.background.schedule();
  }

  /** Resolves when the sweep running now (if any) and those it asked for are done (tests, benches). */
  async idle(): Promise<void> {
    await this.background.idle();
  }

  private async runSweep(): Promise<void> {
    const encoder = this.encoder;
    const sentences = this.store.sentences;
    if (!encoder || !sentences) return;
    while (!this.background.stopped) {
      await nextTurn();
      const pending = await sentences.pending(SENTENCE_SWEEP_CHUNK);
      if (pending.length === 0) return;
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
}
