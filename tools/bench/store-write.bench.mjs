// node tools/bench/store-write.bench.mjs [--root DIR]... — the embedded memory store's write alone: no HTTP, no
// bus, no screening, no embedder. Each root's own record builder (`MemoryRecordBuilder`, so its own ids) makes
// BENCH_STORE_ROWS (60,000) import records of one scope (a sparse vector of 150 of 1,536 components, as the
// offline embedder's), and its own store (`openMemoryEmbeddedStore` on a fresh directory) writes them through
// `insertMany` in transactions of each size of BENCH_STORE_SLICES (25,200: an import's slices on a loaded and a
// quiet machine). Prints the CPU time per row (user + system, the child's own: the store starts no worker
// thread below its ANN threshold, set out of reach here) over the first and the last tenth of the rows, so a
// cost that grows with the store shows. Each root runs in its own child process; with several roots, each
// round runs every root in turn, BENCH_STORE_ROUNDS (2) times, so builds alternate in one run on one machine
// and only their ratio is read. State the load average (printed) beside any figure quoted from it.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

import { rootsFromArgs } from './support/standalone-process.mjs';
import { storeBenchOf } from './support/store-records.mjs';

const ROWS = Number(process.env.BENCH_STORE_ROWS ?? 60_000);
const ROUNDS = Number(process.env.BENCH_STORE_ROUNDS ?? 2);
const SLICES = (process.env.BENCH_STORE_SLICES ?? '25,200').split(',').map(Number);
for (const [name, value] of [
  ['BENCH_STORE_ROWS', ROWS],
  ['BENCH_STORE_ROUNDS', ROUNDS],
  ...SLICES.map((slice) => ['BENCH_STORE_SLICES', slice]),
]) {
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${name} must hold positive integers`);
    process.exit(64);
  }
}
if (ROWS < 10 * Math.max(...SLICES)) {
  console.error('BENCH_STORE_ROWS must be at least ten times the largest slice');
  process.exit(64);
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

/** In the child: `root`'s builder and store write ROWS records `slice` at a time; prints the figures as JSON. */
async function child(root, slice) {
  const { scope, records, openStore } = await storeBenchOf(root, ROWS);
  const dir = mkdtempSync(join(tmpdir(), 'membolt-bench-store-'));
  const store = openStore(dir);
  try {
    const tenth = Math.floor(ROWS / 10);
    const cpuMs = () => {
      const { user, system } = process.cpuUsage();
      return (user + system) / 1000;
    };
    const marks = [];
    const started = cpuMs();
    for (let at = 0; at < ROWS; at += slice) {
      if (at >= tenth && marks.length === 0) marks.push({ at, cpu: cpuMs() });
      if (at >= ROWS - tenth && marks.length === 1) marks.push({ at, cpu: cpuMs() });
      await store.memories.insertMany(scope, records.slice(at, at + slice));
    }
    const ended = cpuMs();
    const [firstEnd, lastStart] = marks;
    return {
      all: ((ended - started) * 1000) / ROWS,
      first: ((firstEnd.cpu - started) * 1000) / firstEnd.at,
      last: ((ended - lastStart.cpu) * 1000) / (ROWS - lastStart.at),
    };
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') {
  console.log(JSON.stringify(await child(process.argv[3], Number(process.argv[4]))));
} else {
  const args = process.argv.slice(2);
  const roots = rootsFromArgs(args);
  console.log(`Store write bench: ${ROWS} rows a run, slices ${SLICES.join(', ')}; load average ${load()}`);
  const rows = [];
  for (let round = 1; round <= ROUNDS; round++) {
    for (const slice of SLICES) {
      for (const root of roots) {
        const { stdout } = await promisify(execFile)(
          process.execPath,
          [new URL(import.meta.url).pathname, '--child', root, String(slice)],
          { cwd: root, maxBuffer: 1 << 20 },
        );
        const figure = JSON.parse(stdout.trim().split('\n').at(-1));
        rows.push({
          root,
          round,
          'rows a transaction': slice,
          'CPU µs/row': Number(figure.all.toFixed(1)),
          'first tenth µs/row': Number(figure.first.toFixed(1)),
          'last tenth µs/row': Number(figure.last.toFixed(1)),
          'load average': load(),
        });
        console.table([rows.at(-1)]);
      }
    }
  }
  console.table(rows);
}
