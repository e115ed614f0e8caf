import { type Job as BullJob, DelayedError, Queue, UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import {
  assertJobName,
  assertPercent,
  type EnqueueOptions,
  errorMessage,
  FINISHED_STATES,
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
  sleep,
} from '../../job-queue.js';
import type { JobsConfig } from '../../jobs.options.js';

export interface BullmqQueueSettings extends Pick<
  JobsConfig,
  'leaseMs' | 'keepFinishedMs' | 'closeTimeoutMs'
> {
  readonly url: string;
  /** The operator's prefix (JOBS_REDIS_PREFIX); the service name is added under it. */
  readonly prefix: string;
  readonly service: string;
}

/** What `job.progress` stores in BullMQ's progress field. */
interface Progress {
  readonly stage: string | null;
  readonly percent: number;
  readonly at: number;
  /** Set when the handler threw a PermanentJobError (BullMQ's failed state covers both failed and dead). */
  readonly permanent?: true;
  /** Times the job was taken and put back because its group was at its bound (not attempts). */
  readonly deferred?: number;
}

const WAIT_POLL_MS = 50;
/** A job whose group is at its bound is put back for this long, then tried again. */
const GROUP_WAIT_MS = 250;
/** The group of a job rides in its BullMQ job name, `<name>@<group>` (job names never hold "@"). */
const GROUP_SEPARATOR = '@';
/** The error of a job whose every attempt was cut short by its worker process stopping. */
const CRASHED_RUNS_ERROR =
  'The worker stopped while running the job (process exit or crash), on every attempt';

/**
 * Takes a place in a group's set of running jobs (a sorted set scored by lease expiry) when it has fewer
 * than the bound; expired places (a dead worker's) are dropped first. 1 when taken (or already held).
 */
const TAKE_GROUP_PLACE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZSCORE', KEYS[1], ARGV[3]) or redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[2]) then
  redis.call('ZADD', KEYS[1], ARGV[4], ARGV[3])
  redis.call('PEXPIRE', KEYS[1], ARGV[5])
  return 1
end
return 0`;
/** A job may be cut short by a dead worker this many times before BullMQ fails it (then it is dead). */
const MAX_STALLED = 2;

/**
 * BullMQ on Redis: one BullMQ queue per job name (so concurrency is per name) under the prefix
 * `<JOBS_REDIS_PREFIX>:<service>`, and a Redis set of the names so `get` finds a job by id from any
 * replica. Any number of replicas may process; a job whose worker died is re-run once its lock
 * (`leaseMs`) expires.
 */
export class BullmqJobQueue implements JobQueue {
  private readonly redis: Redis;
  private readonly prefix: string;
  private readonly namesKey: string;
  private readonly queues = new Map<string, Queue>();
  private readonly workers: Worker[] = [];
  private readonly handlers = new Map<
    string,
    { handler: JobHandler; concurrency: number; perGroup: number | null }
  >();
  private started = false;
  private closed = false;

  constructor(private readonly settings: BullmqQueueSettings) {
    assertJobName(settings.service, 'service name');
    this.prefix = `${settings.prefix}:${settings.service}`;
    this.namesKey = `${this.prefix}:_names`;
    this.redis = new Redis(settings.url, { maxRetriesPerRequest: null, lazyConnect: false });
    // Connection errors are retried by ioredis; an unhandled 'error' event would crash the process.
    this.redis.on('error', () => undefined);
  }

  process<T>(name: string, handler: JobHandler<T>, opts: ProcessOptions = {}): void {
    assertJobName(name);
    if (this.handlers.has(name)) throw new Error(`A handler for job "${name}" is already registered`);
    const concurrency = opts.concurrency ?? 1;
    if (!Number.isInteger(concurrency) || concurrency < 1)
      throw new Error(`concurrency must be a positive integer (got ${concurrency})`);
    this.handlers.set(name, {
      handler: handler as JobHandler,
      concurrency,
      perGroup: resolveGroupConcurrency(opts),
    });
    if (this.started) this.startWorker(name);
  }

  async enqueue<T>(name: string, data: T, opts: EnqueueOptions = {}): Promise<{ id: string }> {
    assertJobName(name);
    const resolved = resolveEnqueueOptions(opts);
    const id = opts.jobId ?? randomUUID();
    const queue = await this.queue(name);
    // BullMQ keeps the existing job when the id is taken: the same id is the same job.
    const jobName = resolved.group === null ? name : `${name}${GROUP_SEPARATOR}${resolved.group}`;
    await queue.add(jobName, JSON.parse(serializeData(data)) as unknown, {
      jobId: id,
      attempts: resolved.attempts,
      backoff: { type: 'exponential', delay: resolved.backoffMs },
      delay: resolved.delayMs,
      ...this.retention(),
    });
    return { id };
  }

  async every<T>(name: string, intervalMs: number, data: T): Promise<void> {
    assertJobName(name);
    if (!Number.isInteger(intervalMs) || intervalMs < 1)
      throw new Error(`intervalMs must be a positive integer (got ${intervalMs})`);
    const queue = await this.queue(name);
    await queue.upsertJobScheduler(
      `${name}.every`,
      { every: intervalMs },
      { name, data: JSON.parse(serializeData(data)) as unknown, opts: { attempts: 1, ...this.retention() } },
    );
  }

  async get(id: string): Promise<JobState | null> {
    for (const name of await this.names()) {
      const queue = await this.queue(name);
      // The state first, then the job: a job read first could finish before its state is read, and show
      // 'completed' without its result (or 'failed' with the previous attempt's error). A finished state
      // never changes, so the job read after it holds that state's result and error.
      const state = await queue.getJobState(id);
      if (state === 'unknown') continue;
      const job = await queue.getJob(id);
      if (job) return toState(job, state);
    }
    return null;
  }

  async waitFor(id: string, timeoutMs: number): Promise<JobState> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const state = await this.get(id);
      if (!state) throw new JobNotFoundError(id);
      const left = deadline - Date.now();
      if (FINISHED_STATES.has(state.state) || left <= 0) return state;
      await sleep(Math.min(left, WAIT_POLL_MS));
    }
  }

  async start(): Promise<void> {
    if (this.closed) throw new Error('The job queue is closed');
    if (this.started) return;
    this.started = true;
    for (const name of this.handlers.keys()) this.startWorker(name);
    await Promise.all(this.workers.map((worker) => worker.waitUntilReady()));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    let timeout: NodeJS.Timeout | undefined;
    const graceful = Promise.all(this.workers.map((worker) => worker.close()));
    const inTime = await Promise.race([
      graceful.then(() => true),
      new Promise<boolean>(
        (resolve) => (timeout = setTimeout(() => resolve(false), this.settings.closeTimeoutMs)),
      ),
    ]);
    clearTimeout(timeout);
    // Past the timeout the running jobs are left to BullMQ's stalled-job check (re-run after the lock expires).
    if (!inTime) await Promise.all(this.workers.map((worker) => worker.close(true)));
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  private retention(): { removeOnComplete: { age: number }; removeOnFail: { age: number } } {
    const age = Math.max(1, Math.round(this.settings.keepFinishedMs / 1000));
    return { removeOnComplete: { age }, removeOnFail: { age } };
  }

  private async queue(name: string): Promise<Queue> {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.redis, prefix: this.prefix });
      queue.on('error', () => undefined);
      this.queues.set(name, queue);
      await this.redis.sadd(this.namesKey, name);
    }
    return queue;
  }

  private groupKey(name: string, group: string): string {
    return `${this.prefix}:_groups:${name}:${group}`;
  }

  private async takeGroupPlace(key: string, jobId: string, perGroup: number): Promise<boolean> {
    const now = Date.now();
    const taken = await this.redis.eval(
      TAKE_GROUP_PLACE,
      1,
      key,
      now,
      perGroup,
      jobId,
      now + this.settings.leaseMs,
      this.settings.leaseMs * 2,
    );
    return taken === 1;
  }

  private async names(): Promise<string[]> {
    const known = await this.redis.smembers(this.namesKey);
    return [...new Set([...this.queues.keys(), ...known])];
  }

  private startWorker(name: string): void {
    const registration = this.handlers.get(name);
    if (!registration) return;
    void this.queue(name);
    const worker = new Worker(
      name,
      async (job: BullJob, token?: string) => {
        // Runs cut short by a dead worker come back as stalled jobs, which BullMQ does not count as attempts:
        // counted here (runs started, less group deferrals), so a job that kills its process every time
        // ends dead after its attempts, as with the embedded queue, never in a crash loop.
        const attempt = job.attemptsStarted - (readProgress(job).deferred ?? 0);
        if (attempt > (job.opts.attempts ?? 1)) throw new UnrecoverableError(CRASHED_RUNS_ERROR);
        const group = groupOf(job.name);
        const place = group === null || registration.perGroup === null ? null : this.groupKey(name, group);
        if (place !== null && !(await this.takeGroupPlace(place, job.id ?? '', registration.perGroup ?? 1))) {
          // The group is at its bound: back to the delayed set (not an attempt), other groups' jobs go first.
          const last = readProgress(job);
          await job.updateProgress({ ...last, deferred: (last.deferred ?? 0) + 1 } as unknown as object);
          await job.moveToDelayed(Date.now() + GROUP_WAIT_MS, token);
          throw new DelayedError();
        }
        const renew =
          place === null
            ? undefined
            : setInterval(
                () =>
                  void this.takeGroupPlace(place, job.id ?? '', registration.perGroup ?? 1).catch(() => 0),
                Math.max(250, Math.floor(this.settings.leaseMs / 3)),
              );
        try {
          return await registration.handler({
            id: job.id ?? '',
            name,
            data: job.data as unknown,
            attempt: Math.max(1, attempt),
            progress: async (stage: string, percent: number) => {
              const progress: Progress = {
                ...readProgress(job),
                stage,
                percent: assertPercent(percent),
                at: Date.now(),
              };
              await job.updateProgress(progress as unknown as object);
            },
          });
        } catch (error) {
          if (error instanceof PermanentJobError) {
            const last = readProgress(job);
            const progress: Progress = { ...last, at: Date.now(), permanent: true };
            await job.updateProgress(progress as unknown as object);
            throw new UnrecoverableError(errorMessage(error));
          }
          throw error;
        } finally {
          clearInterval(renew);
          if (place !== null) await this.redis.zrem(place, job.id ?? '').catch(() => 0);
        }
      },
      {
        connection: this.redis,
        prefix: this.prefix,
        concurrency: registration.concurrency,
        lockDuration: this.settings.leaseMs,
        stalledInterval: Math.max(250, Math.floor(this.settings.leaseMs / 2)),
        maxStalledCount: MAX_STALLED,
        removeOnComplete: this.retention().removeOnComplete,
        removeOnFail: this.retention().removeOnFail,
      },
    );
    worker.on('error', () => undefined);
    this.workers.push(worker);
  }
}

function groupOf(jobName: string): string | null {
  const at = jobName.indexOf(GROUP_SEPARATOR);
  return at < 0 ? null : jobName.slice(at + 1);
}

function readProgress(job: BullJob): Progress {
  const progress = job.progress as unknown;
  if (progress && typeof progress === 'object' && 'percent' in progress) return progress as Progress;
  return { stage: null, percent: 0, at: job.timestamp };
}

function toState(job: BullJob, bullState: string): JobState {
  const progress = readProgress(job);
  let state: JobStatus;
  switch (bullState) {
    case 'completed':
      state = 'done';
      break;
    case 'failed':
      state = progress.permanent ? 'failed' : 'dead';
      break;
    case 'active':
      state = 'active';
      break;
    default:
      state = 'queued';
  }
  const updated = Math.max(job.timestamp, job.processedOn ?? 0, job.finishedOn ?? 0, progress.at);
  const at = job.name.indexOf(GROUP_SEPARATOR);
  return {
    id: job.id ?? '',
    name: at < 0 ? job.name : job.name.slice(0, at),
    state,
    stage: progress.stage,
    percent: state === 'done' ? 100 : progress.percent,
    attempts: job.attemptsStarted,
    ...(state === 'done' && job.returnvalue !== undefined && job.returnvalue !== null
      ? { result: job.returnvalue as unknown }
      : {}),
    ...(job.failedReason ? { error: job.failedReason } : {}),
    createdAt: new Date(job.timestamp).toISOString(),
    updatedAt: new Date(updated).toISOString(),
  };
}
