import type { Logger } from '@nestjs/common';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { CpuWorkerLimitError } from './workers/memory-cpu-worker.js';

/**
 * When a sweep runs relative to the writes that give it work (decision 227): it starts once no write has
 * scheduled it for `quietMs`, or `maxDelayMs` after the first write it has not yet swept, whichever comes
 * first; a running sweep pauses between its steps on the same terms. 0 and 0: at once, between nothing.
 */
export interface SweepPacing {
  readonly quietMs: number;
  readonly maxDelayMs: number;
}

const IMMEDIATE_PACING: SweepPacing = { quietMs: 0, maxDelayMs: 0 };

/**
 * One background sweep at a time over work whose pending flag is stored (concepts to link, sentence vectors
 * to compute): `schedule` starts it, or asks the running one to look again once it ends, so a burst of writes
 * costs one sweep and none is missed. A failure is logged, never thrown at the writer that scheduled it.
 * `stop` (at shutdown) lets the sweep end its current step and waits for it.
 *
 * With a pacing, the work of a burst of writes waits for the burst to pause (bounded by `maxDelayMs`): the
 * sweep's CPU (concept extraction, sentence encoding: several times a write's own) then runs on the two cores
 * after the writes instead of beside them. The flag is stored, so a sweep not yet started when the process
 * stops runs at the next start.
 */
export class BackgroundSweep {
  private running: Promise<void> | null = null;
  private again = false;
  private stoppedFlag = false;
  private timer: NodeJS.Timeout | null = null;
  /** The last write that scheduled work, and the first whose work no run has started on (null: none). */
  private lastWrite = 0;
  private waitingSince: number | null = null;
  /** Ends the current pause early (`idle`, `start`, `stop`). */
  private wake: (() => void) | null = null;
  private flushing = 0;

  /** `sweep` runs until nothing is pending, checking `stopped` (and awaiting `step`) between its steps. */
  constructor(
    private readonly failure: string,
    private readonly logger: Pick<Logger, 'error'>,
    private readonly sweep: () => Promise<void>,
    private readonly pacing: SweepPacing = IMMEDIATE_PACING,
  ) {}

  get stopped(): boolean {
    return this.stoppedFlag;
  }

  /** A write stored work for the sweep: it runs when the writes pause (see `SweepPacing`). */
  schedule(): void {
    if (this.stoppedFlag) return;
    const now = Date.now();
    this.lastWrite = now;
    this.waitingSince ??= now;
    if (this.running) {
      this.again = true;
      return;
    }
    this.arm();
  }

  /** Sweeps now, whatever the writes (the start of the process, a read that hands its scope's rest over). */
  start(): void {
    if (this.stoppedFlag) return;
    this.waitingSince ??= Date.now();
    this.lastWrite = 0;
    this.wake?.();
    if (this.running) {
      this.again = true;
      return;
    }
    this.run();
  }

  /**
   * Between two steps of the sweep: the next turn of the event loop, and while writes are arriving (one in
   * the last `quietMs`), a pause until they stop or the oldest unswept write has waited `maxDelayMs`.
   */
  async step(): Promise<void> {
    await nextTurn();
    for (let wait = this.dueIn(); wait > 0 && !this.stoppedFlag && this.flushing === 0; wait = this.dueIn()) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
  }

  /** Runs what is scheduled now, without waiting for the writes to pause, and resolves when it is done. */
  async idle(): Promise<void> {
    this.flushing++;
    try {
      if (this.timer) {
        clearTimeout(this.timer);
        this.timer = null;
        this.run();
      }
      this.wake?.();
      while (this.running) await this.running;
    } finally {
      this.flushing--;
    }
  }

  async stop(): Promise<void> {
    this.stoppedFlag = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.wake?.();
    await this.running;
  }

  /** Milliseconds until the pacing lets the sweep run (0: now). */
  private dueIn(): number {
    if (this.waitingSince === null) return 0;
    const due = Math.min(this.lastWrite + this.pacing.quietMs, this.waitingSince + this.pacing.maxDelayMs);
    return Math.max(0, due - Date.now());
  }

  private arm(): void {
    if (this.timer || this.running || this.stoppedFlag) return;
    const wait = this.flushing > 0 ? 0 : this.dueIn();
    if (wait === 0) {
      this.run();
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = null;
      this.arm();
    }, wait);
    // Pending work is stored: a process that ends meanwhile sweeps it at its next start.
    this.timer.unref();
  }

  private run(): void {
    // What is stored now is this run's to sweep; a write from here on waits again (in `step`).
    this.waitingSince = null;
    this.running = this.sweep()
      .catch((error: unknown) =>
        this.logger.error(`${this.failure}: ${error instanceof Error ? error.message : String(error)}`),
      )
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.arm();
        }
      });
  }
}

/**
 * Runs `work` over `texts` in the worker thread; a batch over a worker limit is tried text by text, so one
 * hostile text costs only its own result, which `givenUp` supplies (and logs) for a single text still over it.
 */
export async function textByTextOverLimit<T>(
  texts: readonly string[],
  work: (texts: readonly string[]) => Promise<T[]>,
  givenUp: (error: CpuWorkerLimitError) => T,
): Promise<T[]> {
  try {
    return await work(texts);
  } catch (error) {
    if (!(error instanceof CpuWorkerLimitError)) throw error;
    if (texts.length === 1) return [givenUp(error)];
    const each: T[] = [];
    for (const text of texts) each.push(...(await textByTextOverLimit([text], work, givenUp)));
    return each;
  }
}
