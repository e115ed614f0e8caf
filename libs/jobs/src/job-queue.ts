/**
 * The job queue port every service uses for work that must survive a crash (an upload to ingest, a purge
 * to run every night). Two adapters implement it with the same contract (testing/job-queue.contract.ts):
 * an embedded queue on a SQLite file (standalone) and BullMQ on Redis (distributed).
 *
 * Delivery is at-least-once: a job whose worker died mid-run runs again, so handlers must be idempotent.
 */

/** The injection token of a service's queue (provided by `JobsModule.forRoot`). */
export const JOB_QUEUE = Symbol('JOB_QUEUE');

export type JobStatus = 'queued' | 'active' | 'done' | 'failed' | 'dead';

/** States after which a job never runs again (`waitFor` resolves at them). */
export const FINISHED_STATES: ReadonlySet<JobStatus> = new Set(['done', 'failed', 'dead']);

/** One run of a job, as its handler sees it. */
export interface Job<T = unknown> {
  readonly id: string;
  readonly name: string;
  readonly data: T;
  /** 1 on the first run, 2 on the first retry, and so on (a run cut short by a crash counts). */
  readonly attempt: number;
  /** Records the stage the job is in and how far along it is (0-100), readable with `get`. */
  progress(stage: string, percent: number): Promise<void>;
}

export interface JobState {
  readonly id: string;
  readonly name: string;
  /**
   * queued (waiting, delayed, or waiting for a retry), active (running), done, failed (the handler threw a
   * `PermanentJobError`: retrying cannot help), dead (every attempt failed; the dead-letter state).
   */
  readonly state: JobStatus;
  /** The last stage reported with `progress`, or null before the first report. */
  readonly stage: string | null;
  readonly percent: number;
  /** Runs started so far. */
  readonly attempts: number;
  /** The handler's return value once done. */
  readonly result?: unknown;
  /** The last failure's message (kept while a retry waits, and in failed/dead). */
  readonly error?: string;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface EnqueueOptions {
  /** Makes enqueueing idempotent: a second enqueue with the same id returns the existing job. */
  readonly jobId?: string;
  /** Runs in all, the first included (default 3). */
  readonly attempts?: number;
  /** The first retry waits this long; each next one twice the previous (default 1000 ms). */
  readonly backoffMs?: number;
  /** Runs the job no earlier than this from now. */
  readonly delayMs?: number;
  /**
   * The job's group (an account): with `concurrencyPerGroup`, jobs of one group take at most that many
   * workers at once, so one group's backlog never starves another's.
   */
  readonly group?: string;
}

export interface ProcessOptions {
  /** Jobs of this name one worker runs at once (default 1). */
  readonly concurrency?: number;
  /**
   * Jobs of one group (see `EnqueueOptions.group`) running at once, across every worker of the queue
   * (default: no per-group bound). Jobs of a group at its bound wait while other groups' jobs run.
   */
  readonly concurrencyPerGroup?: number;
}

export type JobHandler<T = unknown> = (job: Job<T>) => Promise<unknown>;

export interface JobQueue {
  /** Registers the handler of one job name; call before `start`. */
  process<T>(name: string, handler: JobHandler<T>, opts?: ProcessOptions): void;
  /** Durable once the promise resolves. */
  enqueue<T>(name: string, data: T, opts?: EnqueueOptions): Promise<{ id: string }>;
  /** A repeatable schedule, idempotent across restarts and replicas (one run per interval in all). */
  every<T>(name: string, intervalMs: number, data: T): Promise<void>;
  get(id: string): Promise<JobState | null>;
  /** Resolves when the job is done/failed/dead, or at the timeout with its current state. */
  waitFor(id: string, timeoutMs: number): Promise<JobState>;
  /** Starts the workers; re-runs the jobs that were active when a previous process died. */
  start(): Promise<void>;
  /** Stops taking jobs, lets running ones finish (bounded), and closes the connection or file. */
  close(): Promise<void>;
}

/** Thrown by a handler when retrying cannot help (a corrupt file): the job ends `failed` at once. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

export class JobNotFoundError extends Error {
  constructor(readonly jobId: string) {
    super(`No job "${jobId}"`);
    this.name = 'JobNotFoundError';
  }
}

export const DEFAULT_ATTEMPTS = 3;
export const DEFAULT_BACKOFF_MS = 1000;
const NAME = /^[a-z][a-z0-9.-]{0,99}$/;
const JOB_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** Job and service names: lower-case letters, digits, dots and hyphens (they name Redis keys and files). */
export function assertJobName(name: string, what = 'job name'): void {
  if (!NAME.test(name)) {
    throw new Error(
      `Invalid ${what} "${name}": use lower-case letters, digits, "." and "-", starting with a letter`,
    );
  }
}

/** Caller-chosen job ids: letters, digits, ".", "_", "-" (not only digits: BullMQ keeps those for itself). */
export function assertJobId(id: string): void {
  if (!JOB_ID.test(id) || /^\d+$/.test(id)) {
    throw new Error(`Invalid job id "${id}": use letters, digits, ".", "_" and "-", not only digits`);
  }
}

export interface ResolvedEnqueueOptions {
  readonly attempts: number;
  readonly backoffMs: number;
  readonly delayMs: number;
  readonly group: string | null;
}

/** The per-group bound of `process` options: null for none. */
export function resolveGroupConcurrency(opts: ProcessOptions): number | null {
  const perGroup = opts.concurrencyPerGroup;
  if (perGroup === undefined) return null;
  if (!Number.isInteger(perGroup) || perGroup < 1)
    throw new Error(`concurrencyPerGroup must be a positive integer (got ${perGroup})`);
  return perGroup;
}

export function resolveEnqueueOptions(opts: EnqueueOptions = {}): ResolvedEnqueueOptions {
  const attempts = opts.attempts ?? DEFAULT_ATTEMPTS;
  const backoffMs = opts.backoffMs ?? DEFAULT_BACKOFF_MS;
  const delayMs = opts.delayMs ?? 0;
  if (!Number.isInteger(attempts) || attempts < 1 || attempts > 100)
    throw new Error(`attempts must be an integer from 1 to 100 (got ${attempts})`);
  if (!Number.isInteger(backoffMs) || backoffMs < 0)
    throw new Error(`backoffMs must be a non-negative integer (got ${backoffMs})`);
  if (!Number.isInteger(delayMs) || delayMs < 0)
    throw new Error(`delayMs must be a non-negative integer (got ${delayMs})`);
  if (opts.jobId !== undefined) assertJobId(opts.jobId);
  const group = opts.group ?? null;
  if (group !== null && (typeof group !== 'string' || group.length < 1 || group.length > 200))
    throw new Error('group must be a string of 1 to 200 characters');
  return { attempts, backoffMs, delayMs, group };
}

/** The wait before the retry that follows run `attemptsMade` (exponential: base, 2 base, 4 base...). */
export function backoffDelay(attemptsMade: number, backoffMs: number): number {
  return backoffMs * 2 ** Math.max(0, attemptsMade - 1);
}

/** JSON text of a job's data; refuses what JSON cannot carry (the data crosses processes). */
export function serializeData(data: unknown): string {
  const text = JSON.stringify(data);
  if (text === undefined) throw new Error('Job data must be JSON-serialisable (got undefined or a function)');
  return text;
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

export function assertPercent(percent: number): number {
  if (!Number.isFinite(percent)) throw new Error(`percent must be a number from 0 to 100 (got ${percent})`);
  return Math.min(100, Math.max(0, percent));
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
