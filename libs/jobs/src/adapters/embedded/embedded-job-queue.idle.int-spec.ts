import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { migrate, openEmbeddedDatabase } from '@membolt/embedded-store';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '../../testing/job-queue.contract.js';
import { EmbeddedJobQueue } from './embedded-job-queue.js';
import { JOBS_MIGRATIONS } from './jobs.migrations.js';

const settings = { leaseMs: 600, pollMs: 20, keepFinishedMs: 3_600_000, closeTimeoutMs: 1_000 };

describe('EmbeddedJobQueue: an idle pass only reads', () => {
  const cleanup: Array<() => unknown> = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  /** A queue whose connection fails at once on another connection's write lock, and a count of its passes. */
  const openQueue = (leaseMs: number): { queue: EmbeddedJobQueue; file: string; passes: () => number } => {
    const dir = mkdtempSync(join(tmpdir(), 'membolt-jobs-idle-'));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    // The product's settings (WAL) stay in the file for the connections below.
    const setup = openEmbeddedDatabase(dir, 'idle.jobs');
    migrate(setup, JOBS_MIGRATIONS);
    setup.close();
    const file = join(dir, 'idle.jobs.sqlite');
    // No busy wait: any write the queue tries while the lock is held shows as a failed pass.
    const queue = new EmbeddedJobQueue(new Database(file, { timeout: 0 }), { ...settings, leaseMs });
    cleanup.push(() => queue.close());
    let passes = 0;
    const internals = queue as unknown as { tick: () => void };
    const tick = internals.tick.bind(queue);
    internals.tick = () => {
      passes++;
      tick();
    };
    return { queue, file, passes: () => passes };
  };

  const warningsCaught = () => {
    const warnings = jest.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    cleanup.push(() => warnings.mockRestore());
    return () => warnings.mock.calls.map(([warning]) => String(warning));
  };

  /** Another connection's write lock on the file, until the returned function releases it. */
  const lockFile = (file: string): (() => void) => {
    const other = new Database(file, { timeout: 0 });
    cleanup.push(() => other.close());
    other.exec('BEGIN IMMEDIATE');
    return () => other.exec('COMMIT');
  };

  it('polls, purges and keeps leases without taking the write lock while no job is due', async () => {
    const { queue, file, passes } = openQueue(settings.leaseMs);
    const ran: string[] = [];
    queue.process('plain', async (job) => void ran.push(job.id));
    queue.process('grouped', async (job) => void ran.push(job.id), {
      concurrency: 2,
      concurrencyPerGroup: 1,
    });
    // A job not yet due: the claim has rows to look at, none to take.
    await queue.enqueue('plain', {}, { jobId: 'later', delayMs: 3_600_000 });

    const warnings = warningsCaught();
    const unlock = lockFile(file);
    await queue.start();
    // Past a lease renewal's period as well as several polls.
    await eventually(() => passes() >= 10, 30_000, 'ten idle passes');
    await new Promise((resolve) => setTimeout(resolve, settings.leaseMs));
    unlock();

    expect(warnings()).toEqual([]);
    // Still a queue: work that comes later is claimed and run, a grouped job too.
    const { id } = await queue.enqueue('plain', { n: 1 });
    const grouped = await queue.enqueue('grouped', { n: 2 }, { group: 'account-1' });
    expect((await queue.waitFor(id, 10_000)).state).toBe('done');
    expect((await queue.waitFor(grouped.id, 10_000)).state).toBe('done');
    expect(ran.sort()).toEqual([grouped.id, id].sort());
    expect((await queue.get('later'))?.state).toBe('queued');
  }, 60_000);

  it('takes no write lock while every due job waits for a running job of its group', async () => {
    // A long lease: its renewal, a write while a job runs, falls outside the test.
    const { queue, file, passes } = openQueue(600_000);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    queue.process('grouped', async () => held, { concurrency: 2, concurrencyPerGroup: 1 });
    await queue.start();
    const first = await queue.enqueue('grouped', { n: 1 }, { group: 'account-1' });
    await eventually(
      async () => (await queue.get(first.id))?.state === 'active',
      10_000,
      'the first job running',
    );
    const second = await queue.enqueue('grouped', { n: 2 }, { group: 'account-1' });

    const warnings = warningsCaught();
    const unlock = lockFile(file);
    const seen = passes();
    await eventually(() => passes() >= seen + 10, 30_000, 'ten passes with the group at its bound');
    unlock();

    expect(warnings()).toEqual([]);
    expect((await queue.get(second.id))?.state).toBe('queued');
    release();
    expect((await queue.waitFor(second.id, 10_000)).state).toBe('done');
  }, 60_000);
});
