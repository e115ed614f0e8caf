// The engine's search of bench:memory's large user (100,000 memories in a kept directory, decision 232), one
// or more builds' MemoryService over one store in this process, without the rest of bench:memory. Two uses:
// - `--same`: every build answers the bench's 200 queries (limit 10, with and without the default threshold)
//   with a clock that stands still; the answers (ids, scores, relevance, breakdown, memory) are compared whole
//   with the first build's. Prints how many are identical.
// - otherwise: SEARCHES searches (1000) per build, in turn (the order swapped every search), after 50 of
//   warm-up each (with `--threshold T`, each search asks that relevance threshold); prints each build's p50
//   and CPU per search and the ratio to the first build's. Run with
//   `node --cpu-prof` to see where a search goes (tools/bench/cpuprofile-top.mjs).
// The directory is opened through the first build's store (it migrates it); a copy is best, runs add nothing
// to it but the store's bookkeeping.
//   node tools/bench/engine-large.bench.mjs <data dir> [--root <checkout>]... [--same] [--searches N] [--threshold T]
// Without a --root, this checkout alone.
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { isDeepStrictEqual } from 'node:util';

import { memoryData } from './support/memory-data.mjs';
import { openMemoryEngine } from './support/memory-engine.mjs';
import { ROOT } from './support/standalone-process.mjs';

const args = process.argv.slice(2);
const dataDir = args.find(
  (arg, i) =>
    !arg.startsWith('--') &&
    !args[i - 1]?.startsWith('--root') &&
    !args[i - 1]?.startsWith('--searches') &&
    !args[i - 1]?.startsWith('--threshold'),
);
const roots = args.flatMap((arg, i) => (arg === '--root' && args[i + 1] ? [resolve(args[i + 1])] : []));
const same = args.includes('--same');
const searchesAt = args.indexOf('--searches');
const SEARCHES = searchesAt >= 0 ? Number(args[searchesAt + 1]) : 1000;
const thresholdAt = args.indexOf('--threshold');
const THRESHOLD = thresholdAt >= 0 ? Number(args[thresholdAt + 1]) : undefined;
if (
  !dataDir ||
  !Number.isInteger(SEARCHES) ||
  SEARCHES < 1 ||
  (THRESHOLD !== undefined && !(THRESHOLD >= 0 && THRESHOLD <= 1))
) {
  console.error(
    'usage: engine-large.bench.mjs <data dir> [--root <checkout>]... [--same] [--searches N] [--threshold T]',
  );
  process.exit(64);
}
if (roots.length === 0) roots.push(ROOT);

const manifest = JSON.parse(readFileSync(join(dataDir, 'bench-manifest.json'), 'utf8'));
const { dimension, annMin } = manifest.params;
const bigUser = manifest.data?.big?.userId;
if (!bigUser) {
  console.error(`${dataDir} holds no finished bench:memory seeding`);
  process.exit(64);
}
const { queries: QUERIES } = memoryData(42, { queries: 200 });
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
const log = (line) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

// A clock that stands still for --same (recency is a function of now); the system clock for timing.
const fixed = new Date();
const clock = same ? { now: () => new Date(fixed) } : undefined;
const engine = await openMemoryEngine(dataDir, { dimension, annMinVectors: annMin, root: roots[0], clock });
const services = [engine.service];
for (const root of roots.slice(1)) {
  const { MemoryService } = await import(join(root, 'libs/memory/dist/memory.service.js'));
  services.push(engine.serviceOf(MemoryService));
}
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
const search = (service, i, threshold) =>
  service.search(bigUser, {
    query: QUERIES[i % QUERIES.length],
    limit: 10,
    ...(threshold === undefined ? {} : { threshold }),
  });

try {
  // The first searches start the scope's background builds (ANN, keyword postings, neighbour timeline).
  for (let round = 0; round < 3; round++) {
    await search(engine.service, 0);
    await engine.store.search.whenIndexed?.();
  }
  for (const service of services) for (let i = 0; i < 50; i++) await search(service, i);
  if (same) {
    let identical = 0;
    const different = [];
    for (let i = 0; i < QUERIES.length; i++) {
      for (const threshold of [undefined, 0.1]) {
        const answers = [];
        for (const service of services) answers.push(await search(service, i, threshold));
        for (let b = 1; b < answers.length; b++) {
          if (isDeepStrictEqual(answers[0], answers[b])) identical++;
          else different.push({ query: QUERIES[i], threshold, build: roots[b] });
        }
      }
    }
    log(`${identical} of ${identical + different.length} answers identical to ${roots[0]}'s`);
    for (const d of different.slice(0, 10)) log(`  different: ${JSON.stringify(d)}`);
    process.exitCode = different.length > 0 ? 1 : 0;
  } else {
    const samples = services.map(() => []);
    const cpu = services.map(() => 0);
    log(
      `${SEARCHES} searches per build, in turn` +
        (THRESHOLD === undefined ? '' : `, threshold ${THRESHOLD}`) +
        ` (load average ${load()})`,
    );
    for (let i = 0; i < SEARCHES; i++) {
      await nextTurn();
      const order = services.map((_, b) => b);
      if (i % 2 === 1) order.reverse();
      for (const b of order) {
        const before = process.cpuUsage();
        const start = performance.now();
        await search(services[b], i + 7, THRESHOLD);
        samples[b].push(performance.now() - start);
        const used = process.cpuUsage(before);
        cpu[b] += used.user + used.system;
      }
    }
    const p50 = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
    const firstP50 = p50(samples[0]);
    services.forEach((_, b) => {
      const mine = p50(samples[b]);
      log(
        `${roots[b]}: p50 ${mine.toFixed(3)} ms, CPU ${(cpu[b] / 1000 / SEARCHES).toFixed(3)} ms a search` +
          (b === 0 ? '' : `, p50 ${(mine / firstP50).toFixed(3)} of the first's`),
      );
    });
    log(`load average ${load()}; RSS ${(process.memoryUsage().rss / 1048576).toFixed(0)} MB`);
  }
} finally {
  await engine.close();
}
