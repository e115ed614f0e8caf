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

  it('polls, purges and keeps leases without taking the write lock while no job is due', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'membolt-jobs-idle-'));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    // The product's settings (WAL) stay in the file for the connections below.
    const setup = openEmbeddedDatabase(dir, 'idle.jobs');
    migrate(setup, JOBS_MIGRATIONS);
    setup.close();
    // The queue's own connection fails at once on another connection's write lock (no busy wait), so any
    // write it tries during an idle pass shows as a failed pass.
    const db = new Database(join(dir, 'idle.jobs.sqlite'), { timeout: 0 });
    const queue = new EmbeddedJobQueue(db, settings);
    cleanup.push(() => queue.close());
    const ran: string[] = [];
    queue.process('plain', async (job) => void ran.push(job.id));
    queue.process('grouped', async (job) => void ran.push(job.id), {
      concurrency: 2,
      concurrencyPerGroup: 1,
    });
    // A job not yet due: the claim has rows to look at, none to take.
    await queue.enqueue('plain', {}, { jobId: 'later', delayMs: 3_600_000 });

    const warnings = jest.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    cleanup.push(() => warnings.mockRestore());
    const other = new Database(join(dir, 'idle.jobs.sqlite'), { timeout: 0 });
    cleanup.push(() => other.close());
    other.exec('BEGIN IMMEDIATE');

    let passes = 0;
    const internals = queue as unknown as { tick: () => void };
    const tick = internals.tick.bind(queue);
    internals.tick = () => {
      passes++;
      tick();
    };
    await queue.start();
    // Past a lease renewal's period as well as several polls.
    await eventually(() => passes >= 10, 30_000, 'ten idle passes');
    await new Promise((resolve) => setTimeout(resolve, settings.leaseMs));
    other.exec('COMMIT');

    expect(warnings.mock.calls.map(([warning]) => String(warning))).toEqual([]);
    // Still a queue: work that comes later is claimed and run, a grouped job too.
    const { id } = await queue.enqueue('plain', { n: 1 });
    const grouped = await queue.enqueue('grouped', { n: 2 }, { group: 'account-1' });
    expect((await queue.waitFor(id, 10_000)).state).toBe('done');
    expect((await queue.waitFor(grouped.id, 10_000)).state).toBe('done');
    expect(ran.sort()).toEqual([grouped.id, id].sort());
    expect((await queue.get('later'))?.state).toBe('queued');
  }, 60_000);
});
