// node tools/bench/dup-check.bench.mjs [--root DIR]... — what a deduplicated add costs the serving thread when
// its scope already holds many copies of the same words (decision 270). Each root's own memory service (its
// test fixture: embedded store, hashed embedder, no HTTP or bus) stores BENCH_DUP_COPIES (4,400) copies of one
// text with `dedupe: false`, then makes BENCH_DUP_ADDS (200) `add` calls of that text with `dedupe: true`
// (each answered with the oldest copy, nothing stored) and the same number of a text no memory holds (stored:
// the check and a write). Prints the CPU time per add (user + system of the child; no worker thread does
// this work). Each root runs in its own child process; with several roots, each round runs every root in
// turn, BENCH_DUP_ROUNDS (2) times, so builds alternate in one run and only their ratio is read. State the
// load average (printed) beside any figure quoted from it.
import { execFile } from 'node:child_process';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

import { rootsFromArgs } from './support/standalone-process.mjs';

const COPIES = Number(process.env.BENCH_DUP_COPIES ?? 4_400);
const ADDS = Number(process.env.BENCH_DUP_ADDS ?? 200);
const ROUNDS = Number(process.env.BENCH_DUP_ROUNDS ?? 2);
for (const [name, value] of [
  ['BENCH_DUP_COPIES', COPIES],
  ['BENCH_DUP_ADDS', ADDS],
  ['BENCH_DUP_ROUNDS', ROUNDS],
]) {
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${name} must be a positive integer`);
    process.exit(64);
  }
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

/** In the child: `root`'s service stores the copies, then times the deduplicated adds; prints JSON. */
async function child(root) {
  const fromDist = (path) => import(pathToFileURL(join(root, 'libs/memory/dist', path)).href);
  const { openTestMemoryStore, createTestMemoryService } = await fromDist(
    'testing/memory-service.fixture.js',
  );
  const opened = openTestMemoryStore('bench-dup', 64);
  let ms = Date.UTC(2026, 0, 1);
  // One millisecond a call, so every copy has its own creation time and the oldest is well defined.
  const clock = { now: () => new Date(++ms), nowMs: () => ++ms };
  const memory = createTestMemoryService({
    store: opened.store,
    linker: opened.linker,
    clock,
    dimension: 64,
  });
  const user = 'bench-user';
  const text = 'I drink green tea every morning before work';
  try {
    for (let at = 0; at < COPIES; at += 500)
      await memory.createBatch(user, {
        memories: Array.from({ length: Math.min(500, COPIES - at) }, () => ({ text })),
      });
    const cpuMs = () => {
      const { user: u, system } = process.cpuUsage();
      return (u + system) / 1000;
    };
    let started = cpuMs();
    for (let i = 0; i < ADDS; i++) {
      const answer = await memory.add(user, { text, dedupe: true });
      if (!answer.deduplicated) throw new Error('a copy was not found');
    }
    const held = ((cpuMs() - started) * 1000) / ADDS;
    started = cpuMs();
    for (let i = 0; i < ADDS; i++) await memory.add(user, { text: `A new note number ${i}`, dedupe: true });
    const fresh = ((cpuMs() - started) * 1000) / ADDS;
    return { held, fresh };
  } finally {
    await opened.close();
  }
}

if (process.argv[2] === '--child') {
  console.log(JSON.stringify(await child(process.argv[3])));
} else {
  const args = process.argv.slice(2);
  const roots = rootsFromArgs(args);
  console.log(`Duplicate check bench: ${COPIES} copies, ${ADDS} adds of each kind; load average ${load()}`);
  const rows = [];
  for (let round = 1; round <= ROUNDS; round++) {
    for (const root of roots) {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [new URL(import.meta.url).pathname, '--child', root],
        { cwd: root, maxBuffer: 1 << 20 },
      );
      const figure = JSON.parse(stdout.trim().split('\n').at(-1));
      rows.push({
        root,
        round,
        'held text µs/add': Math.round(figure.held),
        'new text µs/add': Math.round(figure.fresh),
        'load average': load(),
      });
      console.table([rows.at(-1)]);
    }
  }
  console.table(rows);
}
