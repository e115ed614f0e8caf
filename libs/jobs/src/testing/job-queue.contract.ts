import { afterEach, describe, expect, it } from '@jest/globals';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createJobQueue } from '../create-job-queue.js';
import { type Job, JobNotFoundError, type JobQueue, PermanentJobError } from '../job-queue.js';
import type { JobsConfig } from '../jobs.options.js';

/** Polls `probe` until it returns true; fails after `timeoutMs`. */
export async function eventually(
  probe: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A promise with its resolver outside, to hold a handler mid-run. */
export function gate(): { promise: Promise<void>; open: () => void } {
  let open: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

export interface JobQueueFixture {
  /** A fresh backend for one test: its own temp dir or Redis prefix. */
  readonly config: () => JobsConfig;
  readonly teardown?: () => Promise<void>;
}

const LIB_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The compiled crash worker (see `buildJobsLib`). */
export const CRASH_WORKER = join(LIB_ROOT, 'dist', 'testing', 'crash-worker.js');

const BUILT_LIBS = ['libs/contracts', 'libs/platform', 'libs/embedded-store', 'libs/jobs'];

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * Compiles the jobs lib and what it imports (when a source is newer than the build), so a child process
 * can run the crash worker. A lock directory keeps parallel suites from rebuilding under each other.
 */
export function buildJobsLib(): void {
  const root = join(LIB_ROOT, '..', '..');
  const lock = join(LIB_ROOT, '.build-lock');
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || Date.now() > deadline) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
    }
  }
  try {
    const built = existsSync(CRASH_WORKER) ? statSync(CRASH_WORKER).mtimeMs : 0;
    const newest = Math.max(...BUILT_LIBS.map((lib) => newestSource(join(root, lib, 'src'))));
    if (newest > built) {
      execFileSync(process.execPath, ['tools/build-server.mjs', ...BUILT_LIBS], {
        cwd: root,
        stdio: 'inherit',
      });
    }
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** The behaviour every JobQueue adapter must have. Run by each adapter's int-spec. */
export function describeJobQueueContract(adapterName: string, fixture: JobQueueFixture): void {
  describe(`JobQueue contract: ${adapterName}`, () => {
    const open: JobQueue[] = [];
    const children: ChildProcess[] = [];
    const make = async (config: JobsConfig, service = 'contract'): Promise<JobQueue> => {
      const queue = await createJobQueue(service, config);
      open.push(queue);
      return queue;
    };

    afterEach(async () => {
      for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
      await Promise.all(open.splice(0).map((queue) => queue.close()));
      await fixture.teardown?.();
    });

    it('runs a job once, with its data, progress and result', async () => {
      const queue = await make(fixture.config());
      const seen: Array<Job<{ text: string; n: number[] }>> = [];
      const progressSeen = gate();
      const finish = gate();
      queue.process<{ text: string; n: number[] }>('echo', async (job) => {
        seen.push(job);
        await job.progress('extracting', 40);
        progressSeen.open();
        await finish.promise;
        return { length: job.data.text.length, sum: job.data.n.reduce((a, b) => a + b, 0) };
      });
      await queue.start();
      const { id } = await queue.enqueue('echo', { text: 'héllo', n: [1, 2, 3] });
      await progressSeen.promise;
      const running = await queue.get(id);
      expect(running).toMatchObject({ id, name: 'echo', state: 'active', stage: 'extracting', percent: 40 });
      finish.open();
      const done = await queue.waitFor(id, 20_000);
      expect(done).toMatchObject({ id, state: 'done', attempts: 1, result: { length: 5, sum: 6 } });
      expect(done.error).toBeUndefined();
      expect(Date.parse(done.updatedAt)).toBeGreaterThanOrEqual(Date.parse(done.createdAt));
      expect(seen.map((job) => [job.id, job.attempt, job.data])).toEqual([
        [id, 1, { text: 'héllo', n: [1, 2, 3] }],
      ]);
    });

    it('retries a failing job with exponential backoff until it succeeds', async () => {
      const queue = await make(fixture.config());
      const runs: Array<{ attempt: number; at: number }> = [];
      queue.process('flaky', async (job) => {
        runs.push({ attempt: job.attempt, at: Date.now() });
        if (job.attempt < 3) throw new Error(`boom ${job.attempt}`);
        return 'ok';
      });
      await queue.start();
      const { id } = await queue.enqueue('flaky', {}, { attempts: 4, backoffMs: 150 });
      const state = await queue.waitFor(id, 30_000);
      expect(state).toMatchObject({ state: 'done', attempts: 3, result: 'ok' });
      expect(runs.map((r) => r.attempt)).toEqual([1, 2, 3]);
      // Lower bounds only: the first retry waits the base delay, the second twice that.
      const [first, second, third] = runs.map((r) => r.at);
      expect((second ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(140);
      expect((third ?? 0) - (second ?? 0)).toBeGreaterThanOrEqual(290);
    });

    it('dead-letters a job after its attempts, keeping the last error', async () => {
      const queue = await make(fixture.config());
      let runs = 0;
      queue.process('doomed', async (job) => {
        runs++;
        throw new Error(`failure on attempt ${job.attempt}`);
      });
      await queue.start();
      const { id } = await queue.enqueue('doomed', { x: 1 }, { attempts: 2, backoffMs: 20 });
      const state = await queue.waitFor(id, 30_000);
      expect(state).toMatchObject({ state: 'dead', attempts: 2, error: 'failure on attempt 2' });
      expect(runs).toBe(2);
    });

    it('fails a job at once when the handler says retrying cannot help', async () => {
      const queue = await make(fixture.config());
      let runs = 0;
      queue.process('corrupt', async (job) => {
        runs++;
        await job.progress('extracting', 20);
        throw new PermanentJobError('The PDF is encrypted');
      });
      await queue.start();
      const { id } = await queue.enqueue('corrupt', {}, { attempts: 5, backoffMs: 10 });
      const state = await queue.waitFor(id, 20_000);
      expect(state).toMatchObject({ state: 'failed', attempts: 1, error: 'The PDF is encrypted' });
      expect(state.stage).toBe('extracting');
      expect(runs).toBe(1);
    });

    it('treats the same jobId as the same job: never run twice, never at once', async () => {
      const queue = await make(fixture.config());
      let runs = 0;
      const hold = gate();
      queue.process('once', async () => {
        runs++;
        await hold.promise;
        return runs;
      });
      await queue.start();
      const jobId = `upload-${randomUUID()}`;
      const first = await queue.enqueue('once', { v: 1 }, { jobId });
      await eventually(async () => (await queue.get(jobId))?.state === 'active', 20_000, 'the job to start');
      const second = await queue.enqueue('once', { v: 2 }, { jobId });
      expect([first.id, second.id]).toEqual([jobId, jobId]);
      hold.open();
      expect(await queue.waitFor(jobId, 20_000)).toMatchObject({ state: 'done', result: 1 });
      const third = await queue.enqueue('once', { v: 3 }, { jobId });
      expect(third.id).toBe(jobId);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(runs).toBe(1);
      expect(await queue.get(jobId)).toMatchObject({ state: 'done', attempts: 1 });
    });

    it('waitFor answers at the timeout with the current state, and refuses an unknown id', async () => {
      const queue = await make(fixture.config());
      const hold = gate();
      queue.process('slow', async () => hold.promise);
      await queue.start();
      const { id } = await queue.enqueue('slow', {});
      const state = await queue.waitFor(id, 200);
      expect(['queued', 'active']).toContain(state.state);
      hold.open();
      expect((await queue.waitFor(id, 20_000)).state).toBe('done');
      await expect(queue.waitFor('no-such-job', 100)).rejects.toBeInstanceOf(JobNotFoundError);
      expect(await queue.get('no-such-job')).toBeNull();
    });

    it('runs at most `concurrency` jobs of a name at once, and holds delayed jobs back', async () => {
      const queue = await make(fixture.config());
      let inFlight = 0;
      let peak = 0;
      queue.process(
        'parallel',
        async () => {
          inFlight++;
          peak = Math.max(peak, inFlight);
          await new Promise((resolve) => setTimeout(resolve, 150));
          inFlight--;
        },
        { concurrency: 2 },
      );
      let delayedRanAt = 0;
      queue.process('later', async () => {
        delayedRanAt = Date.now();
      });
      await queue.start();
      const enqueuedAt = Date.now();
      const delayed = await queue.enqueue('later', {}, { delayMs: 400 });
      const ids = await Promise.all([1, 2, 3, 4, 5].map((n) => queue.enqueue('parallel', { n })));
      for (const { id } of ids) expect((await queue.waitFor(id, 30_000)).state).toBe('done');
      expect(peak).toBe(2);
      expect((await queue.waitFor(delayed.id, 20_000)).state).toBe('done');
      expect(delayedRanAt - enqueuedAt).toBeGreaterThanOrEqual(390);
    });

    it('runs at most `concurrencyPerGroup` jobs of one group at once: a later group is not starved', async () => {
      const queue = await make(fixture.config());
      const hold = gate();
      const running = new Map<string, number>();
      const peak = new Map<string, number>();
      const finished: string[] = [];
      queue.process<{ group: string; n: number }>(
        'fair',
        async (job) => {
          const group = job.data.group;
          running.set(group, (running.get(group) ?? 0) + 1);
          peak.set(group, Math.max(peak.get(group) ?? 0, running.get(group) ?? 0));
          if (group === 'busy') await hold.promise;
          running.set(group, (running.get(group) ?? 0) - 1);
          finished.push(`${group}-${job.data.n}`);
          return job.attempt;
        },
        { concurrency: 3, concurrencyPerGroup: 2 },
      );
      await queue.start();
      const busy: Array<{ id: string }> = [];
      for (let n = 0; n < 8; n++)
        busy.push(await queue.enqueue('fair', { group: 'busy', n }, { group: 'busy' }));
      await eventually(
        async () => (await queue.get(busy[0]?.id ?? ''))?.state === 'active',
        20_000,
        'busy jobs',
      );
      // Enqueued after eight of the busy account: it runs while the busy ones still wait their turn.
      const quiet = await queue.enqueue('fair', { group: 'quiet', n: 0 }, { group: 'quiet' });
      expect(await queue.waitFor(quiet.id, 20_000)).toMatchObject({ state: 'done', result: 1 });
      expect(finished).toEqual(['quiet-0']);
      const states = await Promise.all(busy.map(async ({ id }) => (await queue.get(id))?.state));
      expect(states.filter((state) => state === 'active')).toHaveLength(2);
      expect(states.filter((state) => state === 'queued')).toHaveLength(6);
      hold.open();
      for (const { id } of busy)
        expect(await queue.waitFor(id, 30_000)).toMatchObject({ state: 'done', result: 1 });
      expect(peak.get('busy')).toBe(2);
      await expect(queue.enqueue('fair', {}, { group: '' })).rejects.toThrow(/group/);
      expect(() => queue.process('other', async () => 1, { concurrencyPerGroup: 0 })).toThrow(
        /concurrencyPerGroup/,
      );
    });

    it('every() repeats a job, and declaring it again (a restart, a replica) does not double it', async () => {
      const config = fixture.config();
      const a = await make(config);
      const b = await make(config);
      const runs: number[] = [];
      a.process('tick', async () => {
        runs.push(Date.now());
      });
      await a.start();
      await b.start();
      await a.every('tick', 300, { purge: true });
      await b.every('tick', 300, { purge: true });
      await a.every('tick', 300, { purge: true });
      await eventually(() => runs.length >= 3, 30_000, 'three scheduled runs');
      // Three declarations of one schedule: runs stay one per interval, never bunched in threes.
      runs.slice(1).forEach((at, i) => expect(at - (runs[i] ?? 0)).toBeGreaterThanOrEqual(150));
    });

    it('refuses bad names, ids and options, and data JSON cannot carry', async () => {
      const queue = await make(fixture.config());
      await queue.start();
      expect(() => queue.process('Bad Name', async () => undefined)).toThrow(/Invalid job name/);
      await expect(queue.enqueue('ok', {}, { jobId: 'has:colon' })).rejects.toThrow(/Invalid job id/);
      await expect(queue.enqueue('ok', {}, { jobId: '12345' })).rejects.toThrow(/Invalid job id/);
      await expect(queue.enqueue('ok', {}, { attempts: 0 })).rejects.toThrow(/attempts/);
      await expect(queue.enqueue('ok', undefined)).rejects.toThrow(/JSON/);
      await expect(queue.every('ok', 0, {})).rejects.toThrow(/intervalMs/);
    });

    it('re-runs a job whose worker process was killed mid-job (kill -9)', async () => {
      if (!existsSync(CRASH_WORKER)) throw new Error(`Build the jobs lib first: ${CRASH_WORKER} is missing`);
      const config = fixture.config();
      const service = 'crash';
      const child = spawn(process.execPath, [CRASH_WORKER], {
        env: {
          ...process.env,
          JOBS_CRASH_CONFIG: JSON.stringify({ service, config }),
          JOBS_CRASH_JOB: 'ingest',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      children.push(child);
      let output = '';
      child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      await eventually(
        () => {
          if (child.exitCode !== null) throw new Error(`The worker process exited (${child.exitCode})`);
          return output.includes('ready');
        },
        30_000,
        'the worker process to start',
      );

      const producer = await make(config, service);
      const { id } = await producer.enqueue('ingest', { file: 'notes.pdf' }, { attempts: 3, backoffMs: 10 });
      await eventually(() => output.includes(`started ${id} 1`), 30_000, 'the worker to take the job');
      expect(await producer.get(id)).toMatchObject({ state: 'active', stage: 'hanging' });
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;

      // A new worker (the restarted service) finishes it: at start for the embedded queue, once the dead
      // worker's lock expires for BullMQ.
      const restarted = await make(config, service);
      const attempts: number[] = [];
      restarted.process<{ file: string }>('ingest', async (job) => {
        attempts.push(job.attempt);
        return `stored ${job.data.file}`;
      });
      await restarted.start();
      const state = await restarted.waitFor(id, 60_000);
      expect(state).toMatchObject({ state: 'done', result: 'stored notes.pdf' });
      expect(attempts).toEqual([2]);
    });

    it('ends dead a job that kills its worker process on every run: its attempts bound the crashes', async () => {
      if (!existsSync(CRASH_WORKER)) throw new Error(`Build the jobs lib first: ${CRASH_WORKER} is missing`);
      const config = fixture.config();
      const service = 'crashloop';
      const producer = await make(config, service);
      const { id } = await producer.enqueue('ingest', { file: 'bomb.docx' }, { attempts: 2, backoffMs: 10 });
      for (const attempt of [1, 2]) {
        const child = spawn(process.execPath, [CRASH_WORKER], {
          env: {
            ...process.env,
            JOBS_CRASH_CONFIG: JSON.stringify({ service, config }),
            JOBS_CRASH_JOB: 'ingest',
          },
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        children.push(child);
        let output = '';
        child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
        await eventually(
          () => {
            if (child.exitCode !== null) throw new Error(`The worker process exited (${child.exitCode})`);
            return output.includes(`started ${id} ${attempt}`);
          },
          60_000,
          `run ${attempt} to start`,
        );
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        await exited;
      }

      // The restarted service does not run it a third time: the job is dead, with why.
      const restarted = await make(config, service);
      let runs = 0;
      restarted.process('ingest', async () => {
        runs++;
        return 'ran';
      });
      await restarted.start();
      const state = await restarted.waitFor(id, 60_000);
      expect(state.state).toBe('dead');
      expect(state.error).toMatch(/stopped|stalled/i);
      expect(runs).toBe(0);
    });
  });
}
