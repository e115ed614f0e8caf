import { existsSync, readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parentPort, type Transferable, Worker, workerData } from 'node:worker_threads';
import { requestIdleTrim } from '../memory/idle-malloc-trim.js';

export interface CpuWorkerLimits {
  /** The worker's V8 heap (old generation), in MB. */
  readonly memoryMb: number;
  /** Longest one task may run before the worker is ended. */
  readonly timeoutMs: number;
  /**
   * How long the thread is kept without a task before it is ended (its heap and loaded modules given back;
   * the next task starts a new one). Absent: kept for good.
   */
  readonly idleMs?: number;
  /**
   * How much higher the thread's nice value is than the one of the thread that starts it (Linux schedules each
   * thread by its own): work that can wait, such as learning from a turn already answered, gives way to the
   * event loop that answers requests when the two want the same core. Absent: the same.
   */
  readonly niceness?: number;
}

export const DEFAULT_CPU_WORKER_LIMITS: CpuWorkerLimits = {
  memoryMb: 256,
  timeoutMs: 60_000,
  idleMs: 60_000,
};

/** What a thread is called in its errors, and the settings that raise its limits. */
export interface CpuWorkerIdentity {
  /** "The memory worker": the subject of its errors. */
  readonly name: string;
  /** The setting of `memoryMb` (`MEMORY_WORKER_MEMORY_MB`), named where a task breaks it. */
  readonly memorySetting: string;
  /** The setting of `timeoutMs` (`MEMORY_WORKER_TIMEOUT_SECONDS`), named where a task breaks it. */
  readonly timeoutSetting: string;
}

/** A task that broke the worker's memory cap or its deadline: running it again cannot help. */
export class CpuWorkerLimitError extends Error {
  override readonly name = 'CpuWorkerLimitError';
}

/** What a worker script posts back for each task. */
export type CpuWorkerAnswer<Answer> =
  { readonly ok: true; readonly value: Answer } | { readonly ok: false; readonly message: string };

/**
 * A compiled worker script beside `moduleUrl` (the module that starts it): there when it runs from dist/;
 * under the test runner (from the TypeScript sources) the lib's dist/ copy, which `npm run build:server`
 * writes.
 */
export function compiledWorkerScript(moduleUrl: string, file: string): string {
  const here = fileURLToPath(new URL(file, moduleUrl));
  if (existsSync(here)) return here;
  const built = here.replace(/\/libs\/([^/]+)\/src\//, '/libs/$1/dist/');
  if (existsSync(built)) return built;
  throw new Error(`The worker script ${built} is missing: run \`npm run build:server\``);
}

/**
 * The entry side of a worker script: answers one message at a time, in the order they come, with what `run`
 * gives (or its error's message). `transfer` names the buffers handed over without a copy.
 */
export function serveCpuTasks<Task, Answer>(
  run: (task: Task) => Promise<Answer> | Answer,
  transfer: (answer: Answer) => Transferable[] = () => [],
): void {
  lowerThisThreadsPriority((workerData as { niceness?: number } | null)?.niceness);
  parentPort?.on('message', async ({ id, task }: { id: number; task: Task }) => {
    let answer: CpuWorkerAnswer<Answer>;
    try {
      answer = { ok: true, value: await run(task) };
    } catch (error) {
      answer = { ok: false, message: error instanceof Error ? error.message : String(error) };
    }
    parentPort?.postMessage({ id, answer }, answer.ok ? transfer(answer.value) : []);
  });
}

/**
 * Raises the calling thread's nice value by `niceness` (never lowers it: that needs a privilege). Linux gives
 * each thread its own nice value, set through its thread id (`/proc/thread-self`); elsewhere it does nothing.
 */
function lowerThisThreadsPriority(niceness: number | undefined): void {
  if (!niceness || niceness <= 0 || process.platform !== 'linux') return;
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    // getPriority() reads the calling thread's value: the one it inherited from the thread that started it.
    setPriority(threadId, Math.min(19, getPriority() + niceness));
  } catch {
    // Without /proc (a sandbox), the thread keeps the process's priority: slower to give way, never wrong.
  }
}

interface Pending<Task, Answer> {
  readonly task: Task;
  readonly label: string;
  /** How long this task asks the thread to be kept after it, when shorter than `idleMs`. */
  readonly keepMs: number | undefined;
  readonly resolve: (answer: Answer) => void;
  readonly reject: (error: Error) => void;
}

/**
 * A long-lived worker thread for a service's CPU-heavy work, so the event loop that answers requests only
 * posts inputs and reads answers. Tasks run one at a time, in order. The thread has a heap cap and each task
 * a deadline: a task that breaks either ends the thread (its heap freed; the next task starts a new one) and
 * fails with CpuWorkerLimitError naming the limit and its setting. The thread holds the process open only
 * while a task is pending, and is ended after `idleMs` without one, or sooner when its tasks ask for less: an
 * idle process does not keep a thread's heap and modules (tens of MB with compromise loaded) for work that
 * comes in bursts.
 */
export class CpuWorkerThread<Task, Answer> {
  private worker: Worker | null = null;
  private readonly waiting: Pending<Task, Answer>[] = [];
  private current: (Pending<Task, Answer> & { readonly id: number; readonly timer: NodeJS.Timeout }) | null =
    null;
  private nextId = 0;
  private closed = false;
  private idleTimer: NodeJS.Timeout | null = null;
  /** A shorter wait than `idleMs` asked for by endSoonAfterWork, until the thread next ends. */
  private soonMs: number | null = null;
  /**
   * When the running thread may end without a task (epoch ms): the latest of its tasks' ends plus what each
   * asked to be kept for (`keepMs`, else `idleMs`). Null before its first task has ended.
   */
  private keepUntil: number | null = null;

  constructor(
    private readonly script: string,
    private readonly identity: CpuWorkerIdentity,
    private readonly limits: CpuWorkerLimits = DEFAULT_CPU_WORKER_LIMITS,
  ) {}

  /**
   * Runs one task on the thread; `label` names it in a limit's error ("Concept extraction of 3 texts").
   * `keepMs`, when shorter than `idleMs`, is how long this task asks the thread to be kept after it: work
   * that is over once done (a write's backfill) lets the thread go sooner than work a user is likely to ask
   * for again (a search's query). The thread stays until every task's ask has passed.
   */
  run(task: Task, label: string, keepMs?: number): Promise<Answer> {
    if (this.closed) return Promise.reject(new Error(`${this.identity.name} is closed`));
    return new Promise<Answer>((resolve, reject) => {
      this.waiting.push({ task, label, keepMs, resolve, reject });
      this.pump();
    });
  }

  /** Whether a thread is running now (started by a task, not yet ended). */
  get running(): boolean {
    return this.worker !== null;
  }

  /**
   * Ends the thread `ms` after its last task instead of `idleMs`, until it next ends: for a caller that knows
   * its burst is over (a bulk backlog worked off), so the thread's heap goes back within seconds. A task that
   * comes meanwhile keeps the thread, as usual.
   */
  endSoonAfterWork(ms: number): void {
    this.soonMs = ms;
    if (this.idleTimer) {
      this.clearIdle();
      this.endWhenIdle();
    }
  }

  /** Ends the thread; pending and later tasks are refused. */
  async close(): Promise<void> {
    this.closed = true;
    this.clearIdle();
    const stopped = new Error(`${this.identity.name} is closed`);
    for (const pending of this.waiting.splice(0)) pending.reject(stopped);
    this.settle((pending) => pending.reject(stopped));
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }

  private pump(): void {
    if (this.current || this.closed) return;
    const next = this.waiting.shift();
    if (!next) {
      this.worker?.unref();
      this.endWhenIdle();
      return;
    }
    this.clearIdle();
    const worker = this.worker ?? this.start();
    worker.ref();
    const id = ++this.nextId;
    const timer = setTimeout(() => {
      this.settle((pending) =>
        pending.reject(
          new CpuWorkerLimitError(
            `${pending.label} ran past its ${Math.round(this.limits.timeoutMs / 1000)} s deadline ` +
              `(${this.identity.timeoutSetting})`,
          ),
        ),
      );
      this.restart();
    }, this.limits.timeoutMs);
    this.current = { ...next, id, timer };
    worker.postMessage({ id, task: next.task });
  }

  /** Ends the current task (if any) with `outcome` and moves to the next one. */
  private settle(outcome: (pending: Pending<Task, Answer>) => void): void {
    const current = this.current;
    if (!current) return;
    this.current = null;
    clearTimeout(current.timer);
    this.keepAfter(current.keepMs);
    outcome(current);
    queueMicrotask(() => this.pump());
  }

  /** A task has ended: the thread is kept at least `keepMs` (at most `idleMs`) from now. */
  private keepAfter(keepMs: number | undefined): void {
    const idleMs = this.limits.idleMs;
    if (idleMs === undefined) return;
    const until = Date.now() + Math.min(keepMs ?? idleMs, idleMs);
    this.keepUntil = Math.max(this.keepUntil ?? until, until);
  }

  /** Ends the thread once it has had no task for as long as its tasks asked (`idleMs` at most). */
  private endWhenIdle(): void {
    const idleMs = this.limits.idleMs;
    const wait =
      this.soonMs ??
      (idleMs === undefined
        ? undefined
        : this.keepUntil === null
          ? idleMs
          : Math.max(0, this.keepUntil - Date.now()));
    if (!this.worker || this.idleTimer || wait === undefined) return;
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (!this.current && this.waiting.length === 0) {
        this.soonMs = null;
        this.restart();
      }
    }, wait);
    this.idleTimer.unref();
  }

  private clearIdle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  private restart(): void {
    const worker = this.worker;
    this.worker = null;
    void worker?.terminate();
  }

  private start(): Worker {
    const worker = new Worker(this.script, {
      workerData: { niceness: this.limits.niceness },
      resourceLimits: {
        maxOldGenerationSizeMb: this.limits.memoryMb,
        maxYoungGenerationSizeMb: Math.max(8, Math.min(64, Math.floor(this.limits.memoryMb / 8))),
      },
    });
    this.worker = worker;
    this.keepUntil = null;
    // Events of a thread already replaced (ended past its deadline) are not the current task's.
    const mine = () => this.worker === worker;
    worker.on('message', ({ id, answer }: { id: number; answer: CpuWorkerAnswer<Answer> }) => {
      if (!mine() || this.current?.id !== id) return;
      this.settle((pending) =>
        answer.ok ? pending.resolve(answer.value) : pending.reject(new Error(answer.message)),
      );
    });
    worker.on('error', (error: Error & { code?: string }) => {
      if (!mine()) return;
      this.worker = null;
      this.settle((pending) =>
        pending.reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new CpuWorkerLimitError(
                `${pending.label} needed more than the worker's ${this.limits.memoryMb} MB ` +
                  `(${this.identity.memorySetting})`,
              )
            : error,
        ),
      );
    });
    worker.on('exit', (code) => {
      // The thread's heap is gone; the burst it served has left the main thread's heap grown (see
      // requestIdleTrim): the next quiet moment collects and trims.
      requestIdleTrim();
      if (!mine()) return;
      this.worker = null;
      this.settle((pending) =>
        pending.reject(new Error(`${this.identity.name} stopped (exit code ${code}) before it answered`)),
      );
    });
    return worker;
  }
}
