import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Gives the C heap's free memory back to the system once the process is quiet again.
 *
 * Native allocations (SQLite's pages and statements, Buffers, V8's own malloc'd memory) come from glibc's
 * malloc. When bulk work frees them, glibc keeps the free chunks mapped: it returns only a free run at the
 * very top of an arena. After a 50,000-line import the main arena held 97 MB of which 36 MB were in use;
 * RSS stayed 60-70 MB above its level before, for good. `malloc_trim(0)` hands every free page of every
 * arena back (RSS 244 -> 177 MB on that process; ~95 ms for 110 MB freed at load average 29). Node has no binding for it, so it is called
 * through koffi's FFI; where there is no glibc (musl, macOS, Windows) the trimmer does nothing.
 */
export type TrimMalloc = () => boolean;

/**
 * Whether a process's memory map (the text of /proc/<pid>/maps) holds glibc: `libc.so.6`, or `libc-2.NN.so`
 * where an older glibc names its file by version, `(deleted)` after it once an upgrade replaced the file. A
 * musl process maps its C library as `ld-musl-<arch>.so.1`.
 */
export function mapsHoldGlibc(maps: string): boolean {
  return /\/libc(?:\.so\.6|-2\.\d+\.so)(?: \(deleted\))?$/m.test(maps);
}

/**
 * glibc's malloc_trim(0), or null where the C library has none (or the FFI cannot load). Whether the process
 * runs on glibc is read from its memory map, well under a millisecond, where `process.report.getReport()`
 * builds a whole diagnostic report (tens of milliseconds) at every process's start-up.
 */
export function loadMallocTrim(): TrimMalloc | null {
  if (process.platform !== 'linux') return null;
  try {
    if (!mapsHoldGlibc(readFileSync('/proc/self/maps', 'utf8'))) return null;
    const koffi = createRequire(import.meta.url)('koffi') as typeof import('koffi');
    const trim = koffi.load('libc.so.6').func('int malloc_trim(size_t pad)') as (pad: number) => number;
    return () => trim(0) === 1;
  } catch {
    return null;
  }
}

/**
 * A full garbage collection, or null where V8 will not give one. V8 keeps the pages of a heap that grew during
 * bulk work committed until its own heuristics shrink it, and Buffers and other external memory freed by that
 * work go back to malloc only when their owners are collected: one collection before the trim lets the trim
 * reach them (a heap of 108 MB after a 50,000-line import fell to 77 MB). `--expose-gc` set after start-up
 * defines `gc` only in contexts made afterwards, so the function is taken from a new one; it collects the whole
 * isolate.
 */
export function loadFullGc(): (() => void) | null {
  const existing = (globalThis as { gc?: unknown }).gc;
  if (typeof existing === 'function') return existing as () => void;
  try {
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    return typeof gc === 'function' ? (gc as () => void) : null;
  } catch {
    return null;
  }
}

export interface IdleMallocTrimOptions {
  /** How often the process is looked at; 0 turns trimming off. */
  readonly intervalMs: number;
  /** Trim only after an interval whose event loop was busy less than this share of the time. */
  readonly maxBusyShare?: number;
  /** Trim only once RSS has grown this much since after the last trim (nothing to give back otherwise). */
  readonly minGrowthBytes?: number;
  /**
   * Quiet looks after a trim that collect and trim again, while each still gives back at least
   * `minFollowUpGainBytes` of RSS or committed heap: V8 releases what one collection emptied only at its next
   * one (the old generation's freed pages, then its compacted fragments), and shrinks the young generation only
   * once a collection finds the allocation rate low, which a collection right after a burst does not.
   */
  readonly followUps?: number;
  readonly minFollowUpGainBytes?: number;
  /**
   * How soon after a trim, and after each follow-up, the next follow-up look comes (at most `intervalMs`): the
   * follow-ups give a burst's memory back within seconds instead of one interval each.
   */
  readonly followUpDelayMs?: number;
}

/** What the trimmer reads and calls, replaceable in tests. */
export interface IdleMallocTrimProbes {
  readonly trim: TrimMalloc | null;
  /** A full garbage collection run before each trim (loadFullGc); none when absent. */
  readonly collect?: (() => void) | null;
  readonly rss: () => number;
  /** The V8 heap's committed size (total_heap_size); the follow-ups read what each collection gave back. */
  readonly heapCommitted?: () => number;
  readonly loopUtilization: (since?: EventLoopUtilization) => EventLoopUtilization;
}

const DEFAULT_MAX_BUSY_SHARE = 0.5;
const DEFAULT_MIN_GROWTH_BYTES = 16 * 1024 * 1024;
/**
 * A burst's heap measured in a plain process (decision 259): the second to fifth collection, seconds apart,
 * each gave back 10-70 MB of heap or RSS that the first left committed; the sixth gave nothing.
 */
const DEFAULT_FOLLOW_UPS = 5;
const DEFAULT_MIN_FOLLOW_UP_GAIN_BYTES = 1024 * 1024;
/** Decision 259's collections 2 or 5 s apart each gave memory back; decision 269 measured 2 s. */
const DEFAULT_FOLLOW_UP_DELAY_MS = 2000;

/** Set by requestIdleTrim, cleared by the first trimmer that collects and trims after it. */
let trimRequested = false;

/**
 * Asks the next quiet look of the process's trimmer to collect and trim even though RSS has not grown: for
 * work that ends by giving memory back (a worker thread ending after a burst). RSS falls then, so growth never
 * shows, yet the main thread's heap is still sized for the burst: V8 keeps its grown young generation and the
 * old generation's emptied pages committed until a full collection at a quiet moment (40-60 MB after a load
 * of searches and adds), and glibc keeps the free chunks the burst left.
 */
export function requestIdleTrim(): void {
  trimRequested = true;
}

/**
 * Runs one full garbage collection, then malloc_trim, when an interval was quiet (the event loop busy less than `maxBusyShare`) and RSS grew
 * by at least `minGrowthBytes` since the last trim, or work asked for it (requestIdleTrim). Under steady load it waits: trimming then would only
 * make the allocator fault the same pages in again. A collection and trim hold the loop while they hand pages back
 * (tens of milliseconds for ~100 MB), once per quiet interval after growth, never per request. After a trim, up to
 * `followUps` further quiet looks, `followUpDelayMs` apart, collect and trim again, ending at the first that gives
 * back less than `minFollowUpGainBytes` of RSS and of committed heap: at most that many collections per burst.
 */
export class IdleMallocTrim {
  private timer: NodeJS.Timeout | null = null;
  /** The next follow-up look, while follow-ups are due (start()ed trimmers only). */
  private followUpTimer: NodeJS.Timeout | null = null;
  private lastLoop: EventLoopUtilization;
  private baseline: number;
  /** Follow-up collections still due after the last trim, and what RSS and the heap held right after it. */
  private followUpsLeft = 0;
  private afterLastTrim = { rss: 0, heap: 0 };
  /** Trims done so far (metrics, tests). */
  trims = 0;

  constructor(
    private readonly options: IdleMallocTrimOptions,
    private readonly probes: IdleMallocTrimProbes = {
      trim: loadMallocTrim(),
      collect: loadFullGc(),
      rss: () => process.memoryUsage.rss(),
      heapCommitted: () => getHeapStatistics().total_heap_size,
      loopUtilization: (since) => performance.eventLoopUtilization(since),
    },
  ) {
    this.lastLoop = probes.loopUtilization();
    this.baseline = probes.rss();
  }

  /** False when there is nothing to call (no glibc) or trimming is off. */
  get active(): boolean {
    return this.probes.trim !== null && this.options.intervalMs > 0;
  }

  start(): this {
    if (!this.active || this.timer) return this;
    this.timer = setInterval(() => this.check(), this.options.intervalMs);
    this.timer.unref();
    return this;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.followUpTimer) clearTimeout(this.followUpTimer);
    this.followUpTimer = null;
  }

  /**
   * While follow-ups are due, looks again after `followUpDelayMs` (a busy look, too, waits that long for the
   * next), besides the interval's own looks. A look that finds none due schedules nothing.
   */
  private scheduleFollowUp(): void {
    if (!this.timer || this.followUpTimer || this.followUpsLeft === 0) return;
    const delay = Math.min(
      this.options.followUpDelayMs ?? DEFAULT_FOLLOW_UP_DELAY_MS,
      this.options.intervalMs,
    );
    this.followUpTimer = setTimeout(() => {
      this.followUpTimer = null;
      this.check();
    }, delay);
    this.followUpTimer.unref();
  }

  /** One look: answers whether it trimmed. */
  check(): boolean {
    const trimmed = this.look();
    this.scheduleFollowUp();
    return trimmed;
  }

  private look(): boolean {
    const trim = this.probes.trim;
    if (!trim) return false;
    const loop = this.probes.loopUtilization(this.lastLoop);
    this.lastLoop = this.probes.loopUtilization();
    const rss = this.probes.rss();
    // RSS that went down by itself (V8 shrinking its heap) lowers the mark the next growth is counted from.
    this.baseline = Math.min(this.baseline, rss);
    const quiet = loop.utilization < (this.options.maxBusyShare ?? DEFAULT_MAX_BUSY_SHARE);
    const grown = rss - this.baseline >= (this.options.minGrowthBytes ?? DEFAULT_MIN_GROWTH_BYTES);
    if (!quiet) return false;
    if (grown || trimRequested) {
      trimRequested = false;
      this.collectAndTrim(trim);
      this.followUpsLeft = this.options.followUps ?? DEFAULT_FOLLOW_UPS;
      return true;
    }
    if (this.followUpsLeft === 0) return false;
    const before = this.afterLastTrim;
    this.collectAndTrim(trim);
    const minGain = this.options.minFollowUpGainBytes ?? DEFAULT_MIN_FOLLOW_UP_GAIN_BYTES;
    const gained =
      before.rss - this.afterLastTrim.rss >= minGain || before.heap - this.afterLastTrim.heap >= minGain;
    this.followUpsLeft = gained ? this.followUpsLeft - 1 : 0;
    return true;
  }

  private collectAndTrim(trim: TrimMalloc): void {
    this.probes.collect?.();
    trim();
    this.trims++;
    this.baseline = this.probes.rss();
    this.afterLastTrim = { rss: this.baseline, heap: this.probes.heapCommitted?.() ?? 0 };
  }
}
