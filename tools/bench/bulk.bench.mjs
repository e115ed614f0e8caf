// node tools/bench/bulk.bench.mjs [--root DIR]... — bulk add through the product's REST edge, as
// edge.bench.mjs measures it, alone: the built standalone app on a fresh DATA_DIR receives BENCH_BULK
// (10,000) new memories as POST …/memories/batch of 1,000 (the batch limit), then as many as POST
// …/memories/import of 1,000 NDJSON lines (stored before the answer), two requests in flight each, into a
// scope of their own. Prints memories stored per second, the app's CPU time per memory (user + system, from
// its /metrics: less swayed than wall time by what else the machine runs), the same of its main thread alone
// (from /proc: the serving thread, which every acknowledgement waits for; the process's figure also counts
// its worker threads' background work, the concept linking of memories stored earlier among it) and its RSS
// after. Concept linking and sentence encoding run once the writes pause (decision 227): the bench then waits
// for the app to settle (under BENCH_BULK_SETTLE_CPU of a core over 2 s, at most BENCH_BULK_SETTLE_S) and prints
// that background work's CPU per memory stored, and the whole (writes and background) per memory.
// MEMORY_BACKGROUND_QUIET_MS and MEMORY_BACKGROUND_MAX_DELAY_MS, when set, are passed to the app.
// Each --root names a built checkout (default: this one); with several, each round starts every root's app
// in turn, BENCH_BULK_ROUNDS (2) times, so old and new builds alternate in one run on one machine and only
// their ratio is read. State the load average (printed) beside any figure quoted from it. Not part of
// `npm test`: it saturates the machine.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

import {
  benchEnv,
  processCpuSeconds,
  residentMemoryMb,
  rootsFromArgs,
  startStandalone,
  stopProcess,
} from './support/standalone-process.mjs';

const BULK = Number(process.env.BENCH_BULK ?? 10_000);
const ROUNDS = Number(process.env.BENCH_BULK_ROUNDS ?? 2);
const SETTLE_S = Number(process.env.BENCH_BULK_SETTLE_S ?? 300);
const SETTLE_CPU = Number(process.env.BENCH_BULK_SETTLE_CPU ?? 0.05);
const PER_REQUEST = 1000;
const IN_FLIGHT = 2;
for (const [name, value] of [
  ['BENCH_BULK', BULK],
  ['BENCH_BULK_ROUNDS', ROUNDS],
  ['BENCH_BULK_SETTLE_S', SETTLE_S],
]) {
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${name} must be a positive integer`);
    process.exit(64);
  }
}

if (!(SETTLE_CPU > 0 && SETTLE_CPU < 2)) {
  console.error('BENCH_BULK_SETTLE_CPU must be a share of a core above 0 and below 2');
  process.exit(64);
}

const topics = ['tea', 'hiking', 'Berlin', 'piano', 'sourdough', 'cycling', 'Lisbon', 'chess', 'orchids'];
const sentence = (i) =>
  `Note ${i}: the user mentioned ${topics[i % topics.length]} and ${topics[(i * 7) % topics.length]} on day ${i % 31}.`;
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

/** `membolt user:create` of the root's own build (its migrations), before its app starts. */
async function createUser(root, env) {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      join(root, 'apps/standalone/dist/cli.js'),
      'user:create',
      '--email',
      `bulk-${randomBytes(4).toString('hex')}@example.com`,
      '--name',
      'Bulk Bench',
      '--password',
      `Bench-${randomBytes(18).toString('base64url')}`,
    ],
    { env, cwd: root },
  );
  const created = JSON.parse(stdout);
  if (typeof created.apiKey !== 'string') throw new Error(`user:create returned no key: ${stdout}`);
  return created;
}

/** CPU seconds (user + system) of the main thread of process `pid`, from /proc (clock ticks of 10 ms). */
function mainThreadCpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
  // utime and stime are the 14th and 15th fields of the line, the 12th and 13th after the command's name.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Memories stored per second and the app's CPU ms per memory (all of it, and its main thread's) when `total`
 * are sent PER_REQUEST at a time, IN_FLIGHT requests at once; `send(part)` posts part `part` and answers its
 * Response.
 */
async function bulkRate(ops, pid, total, send, expected) {
  const parts = Math.ceil(total / PER_REQUEST);
  let next = 0;
  const mainBefore = mainThreadCpuSeconds(pid);
  const cpuBefore = await processCpuSeconds(ops);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      for (let part = next++; part < parts; part = next++) {
        const response = await send(part);
        if (response.status !== expected)
          throw new Error(`A bulk add answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
        await response.arrayBuffer();
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const main = mainThreadCpuSeconds(pid) - mainBefore;
  const cpu = (await processCpuSeconds(ops)) - cpuBefore;
  return { perSecond: total / seconds, cpuMs: (cpu * 1000) / total, mainCpuMs: (main * 1000) / total };
}

/**
 * CPU seconds the app spends after the writes until it settles (its background work on what they stored):
 * polled every 2 s until a window used under SETTLE_CPU of a core; that last window is not counted.
 */
async function settleCpuSeconds(ops) {
  const start = await processCpuSeconds(ops);
  const deadline = performance.now() + SETTLE_S * 1000;
  let previous = start;
  while (performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const now = await processCpuSeconds(ops);
    if (now - previous < SETTLE_CPU * 2) return { cpu: previous - start, settled: true };
    previous = now;
  }
  return { cpu: previous - start, settled: false };
}

async function runOne(root) {
  const dataDir = mkdtempSync(join(tmpdir(), 'membolt-bench-bulk-'));
  let server;
  try {
    const env = await benchEnv(dataDir, {
      BUS_TIMEOUT_MS: process.env.BUS_TIMEOUT_MS ?? '120000',
      // The background work's pacing (decision 227), to be set for a loaded machine, where a burst lasts
      // many times longer than the seconds it takes on a quiet one; a build without the settings ignores them.
      ...Object.fromEntries(
        ['MEMORY_BACKGROUND_QUIET_MS', 'MEMORY_BACKGROUND_MAX_DELAY_MS'].flatMap((name) =>
          process.env[name] ? [[name, process.env[name]]] : [],
        ),
      ),
    });
    const { apiKey, userId } = await createUser(root, env);
    let base, ops;
    ({ server, base, ops } = await startStandalone(env, 120_000, { root }));
    const key = { 'x-api-key': apiKey };
    const texts = (offset, part) =>
      Array.from({ length: Math.min(PER_REQUEST, BULK - part * PER_REQUEST) }, (_, i) =>
        sentence(offset + part * PER_REQUEST + i),
      );
    const batch = (scope, offset) => (part) =>
      fetch(`${base}/api/user/${userId}/memories/batch?end_user_id=${scope}`, {
        method: 'POST',
        headers: { ...key, 'content-type': 'application/json' },
        body: JSON.stringify({ memories: texts(offset, part).map((text) => ({ text })) }),
      });
    // A warm-up request of each route (code paths compiled, worker threads started) into a scope of its own.
    const warm = await batch('bulk-warm', 9e6)(0);
    if (warm.status !== 201) throw new Error(`The warm-up answered ${warm.status}: ${await warm.text()}`);
    const batchFigure = await bulkRate(ops, server.pid, BULK, batch('bulk-batch', 1e6), 201);
    const importFigure = await bulkRate(
      ops,
      server.pid,
      BULK,
      (part) =>
        fetch(`${base}/api/user/${userId}/memories/import?end_user_id=bulk-import`, {
          method: 'POST',
          headers: { ...key, 'content-type': 'application/x-ndjson' },
          body: texts(2e6, part)
            .map((text, i) => JSON.stringify({ id: `bulk-${part}-${i}`, text }))
            .join('\n'),
        }),
      200,
    );
    const after = await settleCpuSeconds(ops);
    return { batch: batchFigure, import: importFigure, after, rss: await residentMemoryMb(ops) };
  } finally {
    await stopProcess(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const args = process.argv.slice(2);
const roots = rootsFromArgs(args);
console.log(`Bulk bench: ${BULK} memories a route, ${PER_REQUEST} a request; load average ${load()}`);
const rows = [];
for (let round = 1; round <= ROUNDS; round++) {
  for (const root of roots) {
    const figure = await runOne(root);
    rows.push({
      root,
      round,
      'batch memories/s': Math.round(figure.batch.perSecond),
      'batch CPU ms/memory': Number(figure.batch.cpuMs.toFixed(3)),
      'batch main thread ms/memory': Number(figure.batch.mainCpuMs.toFixed(3)),
      'import memories/s': Math.round(figure.import.perSecond),
      'import CPU ms/memory': Number(figure.import.cpuMs.toFixed(3)),
      'import main thread ms/memory': Number(figure.import.mainCpuMs.toFixed(3)),
      'after, CPU ms/memory': Number(((figure.after.cpu * 1000) / (2 * BULK)).toFixed(3)),
      'whole CPU ms/memory': Number(
        ((figure.batch.cpuMs + figure.import.cpuMs) / 2 + (figure.after.cpu * 1000) / (2 * BULK)).toFixed(3),
      ),
      settled: figure.after.settled,
      'RSS after MB': Math.round(figure.rss),
      'load average': load(),
    });
    console.table([rows.at(-1)]);
  }
}
console.table(rows);
