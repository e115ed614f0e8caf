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
