import { describe, expect, it } from '@jest/globals';
import { BackgroundSweep, textByTextOverLimit } from './background-sweep.js';
import { CpuWorkerLimitError } from './workers/memory-cpu-worker.js';

const quietLogger = () => {
  const errors: string[] = [];
  return { errors, logger: { error: (message: unknown) => void errors.push(String(message)) } };
};

describe('BackgroundSweep', () => {
  it('runs one sweep at a time; a schedule during one asks for exactly one more', async () => {
    const { logger } = quietLogger();
    let runs = 0;
    let release: () => void = () => undefined;
    const sweep = new BackgroundSweep('failed', logger, async () => {
      runs++;
      if (runs === 1) await new Promise<void>((resolve) => (release = resolve));
    });
    sweep.schedule();
    sweep.schedule();
    sweep.schedule();
    expect(runs).toBe(1);
    release();
    await sweep.idle();
    expect(runs).toBe(2);
  });

  it('logs a failure and sweeps again at the next schedule', async () => {
    const { errors, logger } = quietLogger();
    let runs = 0;
    const sweep = new BackgroundSweep('Linking failed', logger, () =>
      ++runs === 1 ? Promise.reject(new Error('disk full')) : Promise.resolve(),
    );
    sweep.schedule();
    await sweep.idle();
    expect(errors).toEqual(['Linking failed: disk full']);
    sweep.schedule();
    await sweep.idle();
    expect(runs).toBe(2);
  });

  it('once stopped, waits for the running sweep and starts no other', async () => {
    const { logger } = quietLogger();
    const seen: boolean[] = [];
    let runs = 0;
    let release: () => void = () => undefined;
    const sweep: BackgroundSweep = new BackgroundSweep('failed', logger, async () => {
      runs++;
      await new Promise<void>((resolve) => (release = resolve));
      seen.push(sweep.stopped);
    });
    sweep.schedule();
    sweep.schedule();
    const stopping = sweep.stop();
    release();
    await stopping;
    sweep.schedule();
    await sweep.idle();
    expect(runs).toBe(1);
    expect(seen).toEqual([true]);
  });
});

describe('BackgroundSweep paced by the writes', () => {
  // Long enough that no machine, however loaded, reaches it between two synchronous lines.
  const pacing = { quietMs: 60_000, maxDelayMs: 120_000 };

  it('waits for the writes to pause: a burst of schedules starts no sweep until then', async () => {
    const { logger } = quietLogger();
    let runs = 0;
    const sweep = new BackgroundSweep(
      'failed',
      logger,
      () => {
        runs++;
        return Promise.resolve();
      },
      pacing,
    );
    for (let i = 0; i < 5; i++) sweep.schedule();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runs).toBe(0);
    // A test or a bench asks for the work now; one sweep takes the whole burst.
    await sweep.idle();
    expect(runs).toBe(1);
    await sweep.stop();
  });

  it('starts on its own once the writes pause for quietMs', async () => {
    const { logger } = quietLogger();
    let ran: () => void = () => undefined;
    const done = new Promise<void>((resolve) => (ran = resolve));
    const sweep = new BackgroundSweep(
      'failed',
      logger,
      () => {
        ran();
        return Promise.resolve();
      },
      { quietMs: 30, maxDelayMs: 60_000 },
    );
    sweep.schedule();
    await done;
    await sweep.stop();
  });

  it('starts at most maxDelayMs after the first write, while writes keep coming', async () => {
    const { logger } = quietLogger();
    let runs = 0;
    const sweep = new BackgroundSweep(
      'failed',
      logger,
      () => {
        runs++;
        return Promise.resolve();
      },
      { quietMs: 60_000, maxDelayMs: 100 },
    );
    const writes = setInterval(() => sweep.schedule(), 10);
    try {
      sweep.schedule();
      while (runs === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      clearInterval(writes);
    }
    expect(runs).toBeGreaterThanOrEqual(1);
    await sweep.stop();
  });

  it('a running sweep pauses between its steps while writes arrive, and goes on when asked', async () => {
    const { logger } = quietLogger();
    const steps: number[] = [];
    let firstStep: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (firstStep = resolve));
    const sweep: BackgroundSweep = new BackgroundSweep(
      'failed',
      logger,
      async () => {
        for (let i = 0; i < 3; i++) {
          await sweep.step();
          steps.push(i);
          if (i === 0) firstStep();
        }
      },
      pacing,
    );
    sweep.start();
    await started;
    // A write during the sweep: its next step waits for the writes to pause.
    sweep.schedule();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(steps).toEqual([0]);
    await sweep.idle();
    expect(steps).toEqual([0, 1, 2, 0, 1, 2]);
    await sweep.stop();
  });

  it('stop ends a pause and a pending start: nothing runs after it', async () => {
    const { logger } = quietLogger();
    let runs = 0;
    const sweep = new BackgroundSweep(
      'failed',
      logger,
      () => {
        runs++;
        return Promise.resolve();
      },
      pacing,
    );
    sweep.schedule();
    await sweep.stop();
    await sweep.idle();
    expect(runs).toBe(0);
  });
});

describe('textByTextOverLimit', () => {
  it('tries a batch over the limit text by text; a single text still over it gets the fallback', async () => {
    const calls: string[][] = [];
    const work = (texts: readonly string[]) => {
      calls.push([...texts]);
      if (texts.length > 1 && texts.includes('huge')) return Promise.reject(new CpuWorkerLimitError('cap'));
      if (texts[0] === 'huge') return Promise.reject(new CpuWorkerLimitError('cap'));
      return Promise.resolve(texts.map((text) => text.length));
    };
    const given: string[] = [];
    const results = await textByTextOverLimit(['ab', 'huge', 'c'], work, (error) => {
      given.push(error.message);
      return 0;
    });
    expect(results).toEqual([2, 0, 1]);
    expect(given).toEqual(['cap']);
    expect(calls).toEqual([['ab', 'huge', 'c'], ['ab'], ['huge'], ['c']]);
  });

  it('passes any other failure on', async () => {
    await expect(
      textByTextOverLimit(
        ['a', 'b'],
        () => Promise.reject(new Error('worker gone')),
        () => 0,
      ),
    ).rejects.toThrow('worker gone');
  });
});
