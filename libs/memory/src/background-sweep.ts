import type { Logger } from '@nestjs/common';
import { CpuWorkerLimitError } from './workers/memory-cpu-worker.js';

/**
 * One background sweep at a time over work whose pending flag is stored (concepts to link, sentence vectors
 * to compute): `schedule` starts it, or asks the running one to look again once it ends, so a burst of writes
 * costs one sweep and none is missed. A failure is logged, never thrown at the writer that scheduled it.
 * `stop` (at shutdown) lets the sweep end its current step and waits for it.
 */
export class BackgroundSweep {
  private running: Promise<void> | null = null;
  private again = false;
  private stoppedFlag = false;

  /** `sweep` runs until nothing is pending, checking `stopped` between its steps. */
  constructor(
    private readonly failure: string,
    private readonly logger: Pick<Logger, 'error'>,
    private readonly sweep: () => Promise<void>,
  ) {}

  get stopped(): boolean {
    return this.stoppedFlag;
  }

  schedule(): void {
    if (this.stoppedFlag) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.sweep()
      .catch((error: unknown) =>
        this.logger.error(`${this.failure}: ${error instanceof Error ? error.message : String(error)}`),
      )
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.schedule();
        }
      });
  }

  /** Resolves when the sweep running now (if any) and those it asked for are done. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    this.stoppedFlag = true;
    await this.running;
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
