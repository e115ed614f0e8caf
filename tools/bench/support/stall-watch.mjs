// node --import=<this file> …: records every stretch in which the process's event loop ran none of its timers
// for longer than STALL_WATCH_MS (500), and what the main thread was doing meanwhile, into STALL_WATCH_FILE
// (one JSON object a line; default stall-watch-<pid>.jsonl in the temporary directory, as the benchmarks give
// the app a fresh environment).
//
// The main thread stamps a shared heartbeat every 20 ms. A watchdog worker thread (asleep most of the time, so
// the scheduler wakes it promptly even on a busy machine) checks the stamp every 50 ms; while it is stale it
// samples the main thread's scheduler state from /proc (R: running or waiting for a core, S: asleep, D: in
// uninterruptible I/O such as fsync), its system call and its kernel wait channel. When the main thread
// stamps again, the stall is written with:
//   - the main thread's own time on a core, waiting for a core (the run queue) and neither (blocked), from
//     /proc/<pid>/task/<pid>/schedstat, over the stall;
//   - every thread's time on a core over the stall (V8's garbage-collection helpers, libuv's pool, worker
//     threads), by thread name;
//   - the states, system calls and wait channels sampled;
//   - V8's garbage collections that began inside it (from a PerformanceObserver, written when delivered);
//   - the window in process.hrtime microseconds (the clock of a `--cpu-prof` profile's timestamps), so
//     tools/bench/stall-report.mjs can list what the profile sampled inside each stall.
// It is a diagnostic loaded only on request (BENCH_NODE_ARGS); nothing of the product imports it.
import { readdirSync, readFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PerformanceObserver, performance } from 'node:perf_hooks';
import { isMainThread, Worker, workerData } from 'node:worker_threads';

const TICK_MS = 20;
const WATCH_MS = 50;

const nowUs = () => Number(process.hrtime.bigint() / 1000n);

/** One thread's line of /proc: [on a core ns, waiting for a core ns] from schedstat. */
function schedstat(tid) {
  try {
    const [run, wait] = readFileSync(`/proc/${process.pid}/task/${tid}/schedstat`, 'utf8').split(' ');
    return [Number(run), Number(wait)];
  } catch {
    return [0, 0];
  }
}

function threads() {
  const out = new Map();
  let tids = [];
  try {
    tids = readdirSync(`/proc/${process.pid}/task`);
  } catch {
    return out;
  }
  for (const tid of tids) {
    let name = '?';
    try {
      name = readFileSync(`/proc/${process.pid}/task/${tid}/comm`, 'utf8').trim();
    } catch {
      continue;
    }
    out.set(tid, { name, run: schedstat(tid)[0] });
  }
  return out;
}

function readOr(path, fallback) {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return fallback;
  }
}

if (isMainThread) {
  const thresholdMs = Number(process.env.STALL_WATCH_MS ?? 500);
  const file = process.env.STALL_WATCH_FILE ?? join(tmpdir(), `stall-watch-${process.pid}.jsonl`);
  const beat = new Float64Array(new SharedArrayBuffer(8));
  beat[0] = nowUs();
  const watchdog = new Worker(new URL(import.meta.url), {
    workerData: { stallWatch: true, beat, file, thresholdMs, pid: process.pid },
  });
  watchdog.unref();
  watchdog.on('error', (error) => process.stderr.write(`stall-watch: ${String(error)}\n`));
  // performance.now() is ms from timeOrigin; the profile and the watchdog use process.hrtime.
  const perfToUs = nowUs() - performance.now() * 1000;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.duration < 20) continue;
      watchdog.postMessage({
        kind: 'gc',
        startUs: Math.round(perfToUs + entry.startTime * 1000),
        ms: Math.round(entry.duration),
        gc: entry.detail?.kind,
      });
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  setInterval(() => {
    beat[0] = nowUs();
  }, TICK_MS).unref();
} else if (workerData?.stallWatch === true) {
  // Worker threads inherit the process's --import: only the watchdog this file started does anything.
  const { beat, file, thresholdMs, pid } = workerData;
  const { parentPort } = await import('node:worker_threads');
  const write = (record) => appendFileSync(file, `${JSON.stringify(record)}\n`);
  parentPort.on('message', (message) => write(message));
  write({ kind: 'start', pid, atUs: nowUs(), thresholdMs });
  let stall = null;
  const mainTask = `/proc/${pid}/task/${pid}`;
  setInterval(() => {
    const last = beat[0];
    const now = nowUs();
    if (now - last > thresholdMs * 1000 * 0.6) {
      if (!stall || stall.beat !== last) {
        stall = {
          beat: last,
          seenUs: now,
          main: schedstat(pid),
          threads: threads(),
          states: {},
          syscalls: {},
          wchans: {},
          samples: 0,
        };
      }
      const state =
        readOr(`${mainTask}/stat`, '')
          .replace(/^.*\) /, '')
          .split(' ')[0] || '?';
      const syscall = readOr(`${mainTask}/syscall`, '?').split(' ')[0];
      const wchan = readOr(`${mainTask}/wchan`, '?') || '0';
      stall.states[state] = (stall.states[state] ?? 0) + 1;
      stall.syscalls[syscall] = (stall.syscalls[syscall] ?? 0) + 1;
      stall.wchans[wchan] = (stall.wchans[wchan] ?? 0) + 1;
      stall.samples++;
      return;
    }
    if (!stall) return;
    const ended = stall;
    stall = null;
    const gapMs = (last - ended.beat) / 1000;
    if (gapMs < thresholdMs) return;
    const [run, wait] = schedstat(pid);
    const watchedMs = (now - ended.seenUs) / 1000;
    const runMs = (run - ended.main[0]) / 1e6;
    const queueMs = (wait - ended.main[1]) / 1e6;
    const busy = {};
    for (const [tid, { name, run: after }] of threads()) {
      const before = ended.threads.get(tid)?.run ?? 0;
      const ms = Math.round((after - before) / 1e6);
      if (ms > 0 && tid !== String(pid)) busy[name] = (busy[name] ?? 0) + ms;
    }
    write({
      kind: 'stall',
      // The window: the last stamp before the stall and the first after it (process.hrtime µs).
      startUs: Math.round(ended.beat),
      endUs: Math.round(last),
      gapMs: Math.round(gapMs),
      // The main thread over `watchedMs`: from when the watchdog saw the stamp stale (about 0.6 thresholdMs
      // into the stall) to when it saw it fresh again.
      watchedMs: Math.round(watchedMs),
      mainRunMs: Math.round(runMs),
      mainQueueMs: Math.round(queueMs),
      mainBlockedMs: Math.round(Math.max(0, watchedMs - runMs - queueMs)),
      otherThreadsMs: busy,
      states: ended.states,
      syscalls: ended.syscalls,
      wchans: ended.wchans,
      samples: ended.samples,
    });
  }, WATCH_MS);
}
