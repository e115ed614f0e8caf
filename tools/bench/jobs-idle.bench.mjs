// node tools/bench/jobs-idle.bench.mjs [--root DIR]... — what an idle embedded job queue costs: each root's
// `EmbeddedJobQueue` (libs/jobs/dist) on a fresh file, with two job names (one with a per-group bound), a job
// not due for an hour and an hourly schedule, makes BENCH_JOBS_PASSES (3,000) passes driven one after another
// (its private `tick`, timers left out); prints the CPU µs a pass (user + system of this process) and whether
// the file's `data_version`, read by a second connection, moved over them (a write committed). Then, unless
// BENCH_JOBS_APP=0, each root's standalone app (its four queues among the rest) idles on a fresh data directory
// BENCH_JOBS_IDLE_S (60) s after 20 s of rest, and its main thread's and process's CPU ms a second are printed.
// Roots alternate, BENCH_JOBS_ROUNDS (2) times; only ratios taken in one run are read. State the load average.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

import {
  benchEnv,
  processCpuSeconds,
  rootsFromArgs,
  startStandalone,
  stopProcess,
} from './support/standalone-process.mjs';

const PASSES = Number(process.env.BENCH_JOBS_PASSES ?? 3000);
const ROUNDS = Number(process.env.BENCH_JOBS_ROUNDS ?? 2);
const IDLE_S = Number(process.env.BENCH_JOBS_IDLE_S ?? 60);
const APP = process.env.BENCH_JOBS_APP !== '0';
for (const [name, value] of [
  ['BENCH_JOBS_PASSES', PASSES],
  ['BENCH_JOBS_ROUNDS', ROUNDS],
  ['BENCH_JOBS_IDLE_S', IDLE_S],
]) {
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${name} must be a positive integer`);
    process.exit(64);
  }
}
const load = () => loadavg()[0].toFixed(1);
const settings = { leaseMs: 30_000, pollMs: 500, keepFinishedMs: 3_600_000, closeTimeoutMs: 1000 };

async function passes(root) {
  const { EmbeddedJobQueue } = await import(
    pathToFileURL(join(root, 'libs/jobs/dist/adapters/embedded/embedded-job-queue.js')).href
  );
  const { default: Database } = await import(
    pathToFileURL(join(root, 'node_modules/better-sqlite3/lib/index.js')).href
  );
  const dir = mkdtempSync(join(tmpdir(), 'membolt-bench-jobs-'));
  const queue = EmbeddedJobQueue.open(dir, 'bench', settings);
  const other = new Database(join(dir, 'bench.jobs.sqlite'));
  try {
    queue.process('plain', async () => undefined);
    queue.process('grouped', async () => undefined, { concurrency: 2, concurrencyPerGroup: 1 });
    await queue.enqueue('plain', {}, { jobId: 'later', delayMs: 3_600_000 });
    await queue.every('sweep', 3_600_000, {});
    // Passes are driven here, not by the queue's timers (`start` is not called).
    queue.started = true;
    for (let i = 0; i < 200; i++) queue.tick();
    const version = other.pragma('data_version', { simple: true });
    const before = process.cpuUsage();
    for (let i = 0; i < PASSES; i++) queue.tick();
    const cpu = process.cpuUsage(before);
    clearTimeout(queue.timer);
    return {
      'idle pass µs': Number(((cpu.user + cpu.system) / PASSES).toFixed(1)),
      'file written': other.pragma('data_version', { simple: true }) !== version,
    };
  } finally {
    other.close();
    queue.started = false;
    await queue.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function mainThreadCpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function idleApp(root) {
  const dataDir = mkdtempSync(join(tmpdir(), 'membolt-bench-jobs-app-'));
  let server;
  try {
    let ops;
    ({ server, ops } = await startStandalone(await benchEnv(dataDir), 180_000, { root }));
    await new Promise((done) => setTimeout(done, 20_000));
    const main = mainThreadCpuSeconds(server.pid);
    const cpu = await processCpuSeconds(ops);
    const started = performance.now();
    await new Promise((done) => setTimeout(done, IDLE_S * 1000));
    const seconds = (performance.now() - started) / 1000;
    return {
      'idle app main thread CPU ms/s': Number(
        (((mainThreadCpuSeconds(server.pid) - main) * 1000) / seconds).toFixed(2),
      ),
      'idle app CPU ms/s': Number(((((await processCpuSeconds(ops)) - cpu) * 1000) / seconds).toFixed(2)),
    };
  } finally {
    await stopProcess(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const args = process.argv.slice(2);
const roots = rootsFromArgs(args);
const rows = [];
for (let round = 1; round <= ROUNDS; round++) {
  for (const root of roots) {
    rows.push({
      root,
      round,
      ...(await passes(root)),
      ...(APP ? await idleApp(root) : {}),
      'load average': load(),
    });
    console.table([rows.at(-1)]);
  }
}
console.table(rows);
