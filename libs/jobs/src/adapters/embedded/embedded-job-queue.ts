import { type EmbeddedDatabase, migrate, openEmbeddedDatabase, preparedOnce } from '@membolt/embedded-store';
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import {
  assertJobName,
  assertPercent,
  backoffDelay,
  type EnqueueOptions,
  errorMessage,
  FINISHED_STATES,
  type Job,
  type JobHandler,
  JobNotFoundError,
  type JobQueue,
  type JobState,
  type JobStatus,
  PermanentJobError,
  type ProcessOptions,
  resolveEnqueueOptions,
  resolveGroupConcurrency,
  serializeData,
} from '../../job-queue.js';
import type { JobsConfig } from '../../jobs.options.js';
import { JOBS_MIGRATIONS } from './jobs.migrations.js';

interface JobRow {
  id: string;
  name: string;
  data: string;
  state: JobStatus;
  stage: string | null;
  percent: number;
  attempts: number;
  max_attempts: number;
  backoff_ms: number;
  result: string | null;
  error: string | null;
  created_at: number;
  updated_at: number;
}

interface Registration {
  readonly handler: JobHandler;
  readonly concurrency: number;
  readonly perGroup: number | null;
  running: number;
}

export type EmbeddedQueueSettings = Pick<
  JobsConfig,
  'leaseMs' | 'pollMs' | 'keepFinishedMs' | 'closeTimeoutMs'
>;

/** The error a job gets when its worker process died while running it. */
const CRASHED_RUN_ERROR = 'The worker stopped while running the job (process exit or crash)';

const PURGE_EVERY_MS = 60_000;

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The embedded durable queue: one SQLite file per service (`DATA_DIR/<service>.jobs.sqlite`, WAL). A job is
 * a row; a worker claims due rows in one UPDATE … RETURNING (so two processes on one file never take the
 * same job), holds a lease it renews while the handler runs, and writes the outcome only while it still
 * owns the lease. Jobs of a process that died (kill -9) are handed back: at start when the owning PID is
 * gone, or by any live worker once the lease has expired. A pass that finds nothing to do only reads the
 * file: it takes the write lock only to claim, hand back, purge or renew what exists.
 */
export class EmbeddedJobQueue implements JobQueue {
  private readonly owner = `${process.pid}:${randomUUID()}`;
  private readonly registrations = new Map<string, Registration>();
  private readonly running = new Set<Promise<void>>();
  private readonly changes = new EventEmitter();
  private timer: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private started = false;
  private closed = false;
  private ticking = false;
  private tickAgain = false;
  private lastPurge = 0;

  constructor(
    private readonly db: EmbeddedDatabase,
    private readonly settings: EmbeddedQueueSettings,
    private readonly ownsDatabase = true,
  ) {
    migrate(db, JOBS_MIGRATIONS);
    this.changes.setMaxListeners(0);
  }

  /** Opens (creating) `DATA_DIR/<service>.jobs.sqlite`. */
  static open(dataDir: string, service: string, settings: EmbeddedQueueSettings): EmbeddedJobQueue {
    assertJobName(service, 'service name');
    return new EmbeddedJobQueue(openEmbeddedDatabase(dataDir, `${service}.jobs`), settings);
  }

  process<T>(name: string, handler: JobHandler<T>, opts: ProcessOptions = {}): void {
    assertJobName(name);
    if (this.registrations.has(name)) throw new Error(`A handler for job "${name}" is already registered`);
    const concurrency = opts.concurrency ?? 1;
    if (!Number.isInteger(concurrency) || concurrency < 1)
      throw new Error(`concurrency must be a positive integer (got ${concurrency})`);
    const perGroup = resolveGroupConcurrency(opts);
    this.registrations.set(name, { handler: handler as JobHandler, concurrency, perGroup, running: 0 });
    if (this.started) this.wake();
  }

  async enqueue<T>(name: string, data: T, opts: EnqueueOptions = {}): Promise<{ id: string }> {
    assertJobName(name);
    const resolved = resolveEnqueueOptions(opts);
    const id = opts.jobId ?? randomUUID();
    const now = Date.now();
    preparedOnce(
      this.db,
      `INSERT INTO jobs (id, name, data, state, percent, attempts, max_attempts, backoff_ms, run_at, created_at, updated_at, group_key)
         VALUES (?, ?, ?, 'queued', 0, 0, ?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO NOTHING`,
    ).run(
      id,
      name,
      serializeData(data),
      resolved.attempts,
      resolved.backoffMs,
      now + resolved.delayMs,
      now,
      now,
      resolved.group,
    );
    this.wake();
    return { id };
  }

  async every<T>(name: string, intervalMs: number, data: T): Promise<void> {
    assertJobName(name);
    if (!Number.isInteger(intervalMs) || intervalMs < 1)
      throw new Error(`intervalMs must be a positive integer (got ${intervalMs})`);
    const now = Date.now();
    // A restart keeps the schedule's next run; a shorter interval brings it forward.
    preparedOnce(
      this.db,
      `INSERT INTO schedules (name, interval_ms, data, next_run_at) VALUES (?, ?, ?, ?)
         ON CONFLICT(name) DO UPDATE SET interval_ms = excluded.interval_ms, data = excluded.data,
           next_run_at = MIN(schedules.next_run_at, ? + excluded.interval_ms)`,
    ).run(name, intervalMs, serializeData(data), now, now);
    this.wake();
  }

  async get(id: string): Promise<JobState | null> {
    const row = preparedOnce(this.db, 'SELECT * FROM jobs WHERE id = ?').get(id) as JobRow | undefined;
    return row ? toState(row) : null;
  }

  async waitFor(id: string, timeoutMs: number): Promise<JobState> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const state = await this.get(id);
      if (!state) throw new JobNotFoundError(id);
      const left = deadline - Date.now();
      if (FINISHED_STATES.has(state.state) || left <= 0) return state;
      // Woken at once by this process's own changes; another process's are seen by polling.
      await new Promise<void>((resolve) => {
        const done = (): void => {
          clearTimeout(timer);
          this.changes.off(id, done);
          resolve();
        };
        const timer = setTimeout(done, Math.min(left, Math.max(20, Math.min(this.settings.pollMs, 100))));
        this.changes.on(id, done);
      });
    }
  }

  async start(): Promise<void> {
    if (this.closed) throw new Error('The job queue is closed');
    if (this.started) return;
    this.started = true;
    this.recover(true);
    this.heartbeat = setInterval(
      () => this.renewLeases(),
      Math.max(100, Math.floor(this.settings.leaseMs / 3)),
    );
    this.heartbeat.unref();
    this.wake();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.timer);
    clearInterval(this.heartbeat);
    if (this.running.size) {
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...this.running]),
        new Promise((resolve) => (timeout = setTimeout(resolve, this.settings.closeTimeoutMs))),
      ]);
      clearTimeout(timeout);
    }
    if (this.db.open) {
      // Runs cut short by the shutdown go back to the queue without using up an attempt.
      preparedOnce(
        this.db,
        `UPDATE jobs SET state = 'queued', attempts = MAX(0, attempts - 1), lease_owner = NULL, lease_pid = NULL,
             lease_until = NULL, run_at = ?, updated_at = ? WHERE state = 'active' AND lease_owner = ?`,
      ).run(Date.now(), Date.now(), this.owner);
      if (this.ownsDatabase) this.db.close();
    }
  }

  /** Runs a pass soon (coalesced): recovery, schedules, claims. */
  private wake(): void {
    if (!this.started || this.closed) return;
    if (this.ticking) {
      this.tickAgain = true;
      return;
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.tick(), 0);
  }

  private tick(): void {
    if (this.closed) return;
    this.ticking = true;
    let nextDue = Date.now() + this.settings.pollMs;
    try {
      do {
        this.tickAgain = false;
        const now = Date.now();
        this.recover(false);
        this.runSchedules(now);
        for (const [name, registration] of this.registrations) this.claim(name, registration);
        if (now - this.lastPurge >= PURGE_EVERY_MS) this.purge(now);
        const due = preparedOnce(
          this.db,
          `SELECT MIN(run_at) AS at FROM jobs WHERE state = 'queued'`,
        ).get() as {
          at: number | null;
        };
        const schedule = preparedOnce(this.db, 'SELECT MIN(next_run_at) AS at FROM schedules').get() as {
          at: number | null;
        };
        for (const at of [due.at, schedule.at])
          if (at !== null) nextDue = Math.min(nextDue, Math.max(at, now + 5));
      } while (this.tickAgain && !this.closed);
    } catch (error) {
      if (this.closed) return;
      process.emitWarning(`Job queue pass failed: ${errorMessage(error)}`);
    } finally {
      this.ticking = false;
    }
    if (this.closed) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.tick(), Math.max(0, nextDue - Date.now()));
  }

  /**
   * Hands back runs whose worker is gone: with `atStart`, every active row of a process that no longer
   * exists; always, every row whose lease expired. A run cut short counts as an attempt, so a job that kills
   * its process every time ends dead instead of looping.
   */
  private recover(atStart: boolean): void {
    const now = Date.now();
    const rows = preparedOnce(
      this.db,
      `SELECT id, attempts, max_attempts, lease_pid, lease_until, lease_owner FROM jobs WHERE state = 'active'`,
    ).all() as Array<{
      id: string;
      attempts: number;
      max_attempts: number;
      lease_pid: number | null;
      lease_until: number | null;
      lease_owner: string | null;
    }>;
    const handBack = preparedOnce(
      this.db,
      `UPDATE jobs SET state = CASE WHEN attempts >= max_attempts THEN 'dead' ELSE 'queued' END, error = ?,
         lease_owner = NULL, lease_pid = NULL, lease_until = NULL, run_at = ?, updated_at = ?
       WHERE id = ? AND state = 'active' AND lease_owner IS ?`,
    );
    for (const row of rows) {
      if (row.lease_owner === this.owner) continue;
      const expired = row.lease_until === null || row.lease_until < now;
      const orphaned =
        atStart && row.lease_pid !== null && row.lease_pid !== process.pid && !processAlive(row.lease_pid);
      if (expired || orphaned) {
        handBack.run(CRASHED_RUN_ERROR, now, now, row.id, row.lease_owner);
        this.changes.emit(row.id);
      }
    }
  }

  private runSchedules(now: number): void {
    const due = preparedOnce(this.db, 'SELECT * FROM schedules WHERE next_run_at <= ?').all(now) as Array<{
      name: string;
      interval_ms: number;
      data: string;
      next_run_at: number;
    }>;
    const take = preparedOnce(
      this.db,
      'UPDATE schedules SET next_run_at = ? WHERE name = ? AND next_run_at = ?',
    );
    const insert = preparedOnce(
      this.db,
      `INSERT INTO jobs (id, name, data, state, percent, attempts, max_attempts, backoff_ms, run_at, created_at, updated_at)
       VALUES (?, ?, ?, 'queued', 0, 0, 1, 0, ?, ?, ?) ON CONFLICT(id) DO NOTHING`,
    );
    for (const schedule of due) {
      // One run per slot even with several processes on the file: only the one that moves the slot inserts.
      this.db.transaction(() => {
        const moved = take.run(now + schedule.interval_ms, schedule.name, schedule.next_run_at);
        if (moved.changes === 1) {
          insert.run(
            `${schedule.name}.every.${schedule.next_run_at}`,
            schedule.name,
            schedule.data,
            now,
            now,
            now,
          );
        }
      })();
    }
  }

  private claim(name: string, registration: Registration): void {
    const free = registration.concurrency - registration.running;
    if (free <= 0) return;
    const now = Date.now();
    // A pass with nothing due stays a read (one probe of the due index): the claim below is a write
    // transaction on the file, which every poll of an idle queue would otherwise take. A job another process
    // enqueues after this read is seen at the next poll, as one enqueued after the claim would be.
    if (
      preparedOnce(
        this.db,
        `SELECT 1 FROM jobs WHERE name = ? AND state = 'queued' AND run_at <= ? LIMIT 1`,
        'pluck',
      ).get(name, now) === undefined
    )
      return;
    const rows =
      registration.perGroup === null
        ? (preparedOnce(
            this.db,
            `UPDATE jobs SET state = 'active', attempts = attempts + 1, lease_owner = ?, lease_pid = ?, lease_until = ?,
               updated_at = ?
             WHERE id IN (SELECT id FROM jobs WHERE name = ? AND state = 'queued' AND run_at <= ?
                          ORDER BY run_at, rowid LIMIT ?)
             RETURNING *`,
          ).all(this.owner, process.pid, now + this.settings.leaseMs, now, name, now, free) as JobRow[])
        : this.claimByGroup(name, registration.perGroup, free, now);
    for (const row of rows) {
      registration.running++;
      this.changes.emit(row.id);
      const run = this.run(row, registration).finally(() => {
        registration.running--;
        this.running.delete(run);
        this.wake();
      });
      this.running.add(run);
    }
  }

  /**
   * Claims the oldest due jobs while no group goes over `perGroup` running jobs (counted over every process
   * on the file, in one write transaction): a group's n-th waiting job is due only while the group runs
   * fewer than `perGroup - n + 1`, so a later group's job passes an earlier group's backlog.
   */
  private claimByGroup(name: string, perGroup: number, free: number, now: number): JobRow[] {
    // Read first, outside the write transaction: when every due job's group is at its bound (another
    // account's backlog waiting on its own running jobs) the pass takes no write lock. The selection is
    // made again under the lock, so what another process claimed meanwhile is not taken twice.
    if (!this.claimableByGroup(name, perGroup, free, now).length) return [];
    return this.db
      .transaction(() => {
        const ids = this.claimableByGroup(name, perGroup, free, now);
        if (!ids.length) return [];
        return preparedOnce(
          this.db,
          `UPDATE jobs SET state = 'active', attempts = attempts + 1, lease_owner = ?, lease_pid = ?, lease_until = ?,
             updated_at = ?
           WHERE id IN (SELECT value FROM json_each(?)) AND state = 'queued'
           RETURNING *`,
        ).all(this.owner, process.pid, now + this.settings.leaseMs, now, JSON.stringify(ids)) as JobRow[];
      })
      .immediate();
  }

  /** The ids `claimByGroup` may take now, oldest first (see there). */
  private claimableByGroup(name: string, perGroup: number, free: number, now: number): string[] {
    return preparedOnce(
      this.db,
      `SELECT q.id FROM (
             SELECT id, run_at, rowid AS rid, group_key,
                    ROW_NUMBER() OVER (PARTITION BY COALESCE(group_key, id) ORDER BY run_at, rowid) AS nth
               FROM jobs WHERE name = ? AND state = 'queued' AND run_at <= ?) q
           LEFT JOIN (SELECT group_key, COUNT(*) AS n FROM jobs
                       WHERE name = ? AND state = 'active' AND group_key IS NOT NULL GROUP BY group_key) a
             ON a.group_key = q.group_key
           WHERE q.nth + COALESCE(a.n, 0) <= ?
           ORDER BY q.run_at, q.rid LIMIT ?`,
      'pluck',
    ).all(name, now, name, perGroup, free) as string[];
  }

  private async run(row: JobRow, registration: Registration): Promise<void> {
    const job: Job = {
      id: row.id,
      name: row.name,
      data: JSON.parse(row.data) as unknown,
      attempt: row.attempts,
      progress: async (stage: string, percent: number) => {
        const value = assertPercent(percent);
        if (this.closed && !this.db.open) return;
        preparedOnce(
          this.db,
          `UPDATE jobs SET stage = ?, percent = ?, updated_at = ? WHERE id = ? AND lease_owner = ?`,
        ).run(stage, value, Date.now(), row.id, this.owner);
        this.changes.emit(row.id);
      },
    };
    let outcome: { ok: true; result: unknown } | { ok: false; error: unknown };
    try {
      outcome = { ok: true, result: await registration.handler(job) };
    } catch (error) {
      outcome = { ok: false, error };
    }
    if (!this.db.open) return;
    const now = Date.now();
    if (outcome.ok) {
      const result = outcome.result === undefined ? null : serializeData(outcome.result);
      preparedOnce(
        this.db,
        `UPDATE jobs SET state = 'done', result = ?, error = NULL, percent = 100, lease_owner = NULL,
             lease_pid = NULL, lease_until = NULL, updated_at = ? WHERE id = ? AND lease_owner = ?`,
      ).run(result, now, row.id, this.owner);
    } else {
      const permanent = outcome.error instanceof PermanentJobError;
      const exhausted = row.attempts >= row.max_attempts;
      const state: JobStatus = permanent ? 'failed' : exhausted ? 'dead' : 'queued';
      preparedOnce(
        this.db,
        `UPDATE jobs SET state = ?, error = ?, run_at = ?, lease_owner = NULL, lease_pid = NULL,
             lease_until = NULL, updated_at = ? WHERE id = ? AND lease_owner = ?`,
      ).run(
        state,
        errorMessage(outcome.error),
        now + backoffDelay(row.attempts, row.backoff_ms),
        now,
        row.id,
        this.owner,
      );
    }
    this.changes.emit(row.id);
  }

  private renewLeases(): void {
    // No run of this process, no lease of its to renew: an idle queue does not write.
    if (this.closed || !this.db.open || !this.running.size) return;
    try {
      preparedOnce(this.db, `UPDATE jobs SET lease_until = ? WHERE state = 'active' AND lease_owner = ?`).run(
        Date.now() + this.settings.leaseMs,
        this.owner,
      );
    } catch (error) {
      process.emitWarning(`Job queue lease renewal failed: ${errorMessage(error)}`);
    }
  }

  private purge(now: number): void {
    this.lastPurge = now;
    const before = now - this.settings.keepFinishedMs;
    const finished = `state IN ('done', 'failed', 'dead') AND updated_at < ?`;
    if (
      preparedOnce(this.db, `SELECT 1 FROM jobs WHERE ${finished} LIMIT 1`, 'pluck').get(before) === undefined
    )
      return;
    preparedOnce(this.db, `DELETE FROM jobs WHERE ${finished}`).run(before);
  }
}

function toState(row: JobRow): JobState {
  return {
    id: row.id,
    name: row.name,
    state: row.state,
    stage: row.stage,
    percent: row.percent,
    attempts: row.attempts,
    ...(row.result !== null && row.result !== 'null' ? { result: JSON.parse(row.result) as unknown } : {}),
    ...(row.error !== null ? { error: row.error } : {}),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}
