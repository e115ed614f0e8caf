// npm run bench:rss — the standalone process's resident memory (decisions 182, 199), in one run:
// 1. idle: the built standalone (all six services, embedded stores) started on an empty DATA_DIR, RSS once
//    it has settled (V8 shrinks its heap a few seconds after the start's allocations stop), with the
//    heap / external / rest split from its /metrics;
// 2. loaded: BENCH_RSS_MEMORIES memories (default 100,000) of one user sent through the product's bulk
//    route (POST /api/user/{id}/memories/batch, 1,000 a request, two requests in flight) to a standalone
//    process, the process restarted on that DATA_DIR (a store long in use, nothing held from the writes),
//    then that user searched until its indexes are built: RSS at the peak and settled, with the split
//    (BENCH_RSS_KEEP_ANN=1: the kept directory's saved ANN snapshot is copied too, so the process opens the
//    index from its file as after a restart instead of building it, minutes instead of the build's half hour);
// 3. fuzzed: BENCH_RSS_FUZZ_RUNS (default 10,000) generated REST and GraphQL requests of the edge fuzzer
//    (tools/fuzz, compiled on the fly) sent to a fresh standalone: RSS before, peak, after and after settling.
// Each figure is printed beside its target. Needs `npm run build:server` (the npm script does it).
// MALLOC_ARENA_MAX=<n> in the bench's environment is passed to every process it starts (glibc reads it at
// start only; unset, glibc allows 8 arenas per core): decision 243 measured 2 against unset.
import 'reflect-metadata';
import { transformFileSync } from '@swc/core';
import { randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

import { memoryData } from './support/memory-data.mjs';
import {
  benchEnv,
  createUserWithKey,
  freePort,
  memorySplit,
  residentMemoryMb,
  ROOT,
  startStandalone,
  stopProcess,
  waitUntil,
} from './support/standalone-process.mjs';

const positiveInteger = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${name} must be a positive integer`);
    process.exit(64);
  }
  return value;
};
const MEMORIES = positiveInteger('BENCH_RSS_MEMORIES', 100_000);
const FUZZ_RUNS = positiveInteger('BENCH_RSS_FUZZ_RUNS', 10_000);
/** How long the process is left alone before an "idle" or "settled" reading. */
const SETTLE_MS = positiveInteger('BENCH_RSS_SETTLE_MS', 30_000);
/** Which parts run (all three by default): `BENCH_RSS_PARTS=idle,fuzz` skips the long store of memories. */
const PARTS = new Set((process.env.BENCH_RSS_PARTS ?? 'idle,loaded,fuzz').split(','));
for (const part of PARTS) {
  if (!['idle', 'loaded', 'fuzz'].includes(part)) {
    console.error('BENCH_RSS_PARTS is a comma-separated list of idle, loaded and fuzz');
    process.exit(64);
  }
}
const FUZZ_SEED = 20261123;
/** Memories per bulk request: the batch route's limit. */
const BATCH = 1000;
const IN_FLIGHT = 2;
const DIMENSION = 1536;
const ANN_MIN = 5000;
/**
 * How long the loaded part searches once the ANN index is saved (BENCH_RSS_WARM_S, default 15 s). With
 * BENCH_RSS_KEEP_ANN that is right after the start, while the scope's keyword index is still being built in
 * the background (a minute or two for 100k memories under load): give it 180.
 */
const WARM_SEARCH_S = positiveInteger('BENCH_RSS_WARM_S', 15);
/**
 * How long the loaded part waits for the scope's index (BENCH_RSS_ANN_WAIT_S, default 1,800 s): at load
 * average 20-40 from other work on two cores the build gets little CPU, and 30 minutes were not enough.
 */
const ANN_READY_TIMEOUT_MS = positiveInteger('BENCH_RSS_ANN_WAIT_S', 1800) * 1000;
/** glibc's arena limit of the processes started, when the bench's environment sets one (see the header). */
const ARENA_MAX = process.env.MALLOC_ARENA_MAX ?? '';
const MALLOC_ENV = ARENA_MAX ? { MALLOC_ARENA_MAX: ARENA_MAX } : {};
const LOADED_ENV = { EMBEDDING_DIMENSION: String(DIMENSION), MEMORY_ANN_MIN: String(ANN_MIN), ...MALLOC_ENV };
const KEEP_ANN = process.env.BENCH_RSS_KEEP_ANN === '1';
/** The bench's user and key, kept in a loaded DATA_DIR (not copied into the directories started on). */
const LOADED_USER_FILE = 'bench-rss-user.json';
/**
 * The builds measured: this checkout, and with BENCH_RSS_BASELINE (the root of another checkout, built)
 * that one too, started on the same data in turn, so their figures compare within one run.
 */
const BUILDS = [
  { name: 'this build', root: ROOT },
  ...(process.env.BENCH_RSS_BASELINE ? [{ name: 'baseline', root: process.env.BENCH_RSS_BASELINE }] : []),
];
let loadedUser;

const TARGETS = { idleMb: 200, loadedMb: 450, fuzzGrowth: 0.2 };

const log = (line) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (value) => Math.round(value);
const data = memoryData(42, { queries: 100 });

/** Stores `count` memories of `user` through POST …/memories/batch, IN_FLIGHT requests at a time. */
async function storeThroughBatchRoute(base, user, count) {
  let next = 0;
  const url = `${base}/api/user/${encodeURIComponent(user.userId)}/memories/batch`;
  const headers = { 'x-api-key': user.apiKey, 'content-type': 'application/json' };
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < count) {
        const size = Math.min(BATCH, count - next);
        next += size;
        // Drawn before the request goes: the texts do not depend on which request answers first.
        const body = JSON.stringify({ memories: Array.from({ length: size }, data.item) });
        const response = await fetch(url, { method: 'POST', headers, body });
        if (response.status !== 201)
          throw new Error(`batch answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
        await response.arrayBuffer();
      }
    }),
  );
}

/**
 * tools/fuzz is TypeScript run by jest: compiled here with swc into tmp/ (ignored by git), two levels below
 * the root as tools/fuzz is, so its own paths (`../../schema.graphql`, the root) resolve the same.
 */
function compileFuzzer() {
  const out = join(ROOT, 'tmp/bench-rss-fuzz');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const dir = join(ROOT, 'tools/fuzz');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !/\.(int-)?spec\.ts$/.test(f))) {
    const { code } = transformFileSync(join(dir, file), {
      jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
      module: { type: 'es6' },
    });
    // @membolt/bus/testing also holds jest's contract suites, which plain node cannot load: the same
    // free-port helper comes from the benchmarks' support module instead.
    const support = pathToFileURL(join(ROOT, 'tools/bench/support/standalone-process.mjs')).href;
    writeFileSync(
      join(out, file.replace(/\.ts$/, '.js')),
      code.replace(/(['"])@membolt\/bus\/testing\1/, `'${support}'`),
    );
  }
  return out;
}

/**
 * The DATA_DIR holding BENCH_RSS_MEMORIES memories of one user, stored through the batch route by this
 * build. BENCH_RSS_LOADED_DIR names a directory kept between runs: stored into when empty, used as it is
 * when it already holds them (the user and key are in its LOADED_USER_FILE).
 */
async function loadedDataDir() {
  const kept = process.env.BENCH_RSS_LOADED_DIR;
  if (kept && existsSync(join(kept, LOADED_USER_FILE))) {
    loadedUser = JSON.parse(readFileSync(join(kept, LOADED_USER_FILE), 'utf8'));
    if (loadedUser.memories !== MEMORIES)
      throw new Error(`${kept} holds ${loadedUser.memories} memories, not BENCH_RSS_MEMORIES ${MEMORIES}`);
    log(`${MEMORIES} memories from ${kept}`);
    return kept;
  }
  const dataDir = kept ?? mkdtempSync(join(tmpdir(), 'membolt-bench-rss-store-'));
  mkdirSync(dataDir, { recursive: true });
  if (!kept) cleanup.push(dataDir);
  const env = await benchEnv(dataDir, LOADED_ENV);
  const user = await createUserWithKey(env, {
    email: `bench-rss-${randomBytes(4).toString('hex')}@example.com`,
    name: 'RSS Bench',
  });
  const { server: writer, base, ops } = await startStandalone(env, 180_000);
  try {
    const started = performance.now();
    await storeThroughBatchRoute(base, user, MEMORIES);
    const seconds = (performance.now() - started) / 1000;
    results.store = { seconds, rss: await residentMemoryMb(ops) };
    log(`${MEMORIES} memories stored in ${seconds.toFixed(0)} s (${round(MEMORIES / seconds)}/s)`);
  } finally {
    // The concepts of the last batches are linked by whichever process opens the store next.
    await stopProcess(writer);
  }
  loadedUser = { ...user, memories: MEMORIES };
  writeFileSync(join(dataDir, LOADED_USER_FILE), JSON.stringify(loadedUser));
  return dataDir;
}

/**
 * One build started on a loaded DATA_DIR: waits until the large scope's ANN index is built and saved (its
 * snapshot's meta appears under memory-ann/), searches for WARM_SEARCH_S, settles, reads the split.
 */
async function measureLoaded(dataDir, build) {
  const env = await benchEnv(dataDir, LOADED_ENV);
  const user = loadedUser;
  const started = performance.now();
  const { server: process_, base, ops } = await startStandalone(env, 300_000, { root: build.root });
  server = process_;
  try {
    const search = async (i) => {
      const query = encodeURIComponent(data.queries[i % data.queries.length]);
      const response = await fetch(
        `${base}/api/user/${encodeURIComponent(user.userId)}/search?query=${query}&limit=10`,
        { headers: { 'x-api-key': user.apiKey } },
      );
      const body = await response.json();
      if (response.status !== 200)
        throw new Error(`search answered ${response.status}: ${JSON.stringify(body)}`);
      return body;
    };
    let searches = 0;
    let peak = 0;
    const annDir = join(dataDir, 'memory-ann');
    const annSaved = () => existsSync(annDir) && readdirSync(annDir).some((f) => f.endsWith('.json'));
    // Searched while the index is built, as users would: the exact scan's figures count in the peak.
    while (!annSaved()) {
      if (performance.now() - started > ANN_READY_TIMEOUT_MS)
        throw new Error(`${build.name}: the ANN index was not saved after ${ANN_READY_TIMEOUT_MS / 1000} s`);
      const first = await search(searches++);
      if (!Array.isArray(first.results) || first.results.length === 0)
        throw new Error(`search found nothing: ${JSON.stringify(first).slice(0, 300)}`);
      peak = Math.max(peak, await residentMemoryMb(ops));
      await sleep(1000);
    }
    const annSeconds = (performance.now() - started) / 1000;
    const until = performance.now() + WARM_SEARCH_S * 1000;
    for (let i = 0; i < 100 || performance.now() < until; i++) await search(searches++);
    peak = Math.max(peak, await residentMemoryMb(ops));
    await sleep(SETTLE_MS);
    const annBytes = readdirSync(annDir)
      .filter((f) => f.endsWith('.usearch'))
      .reduce((sum, f) => sum + statSync(join(annDir, f)).size, 0);
    return {
      annSeconds,
      searches,
      peak: round(peak),
      annFileMb: round(annBytes / 1024 / 1024),
      ...(await memorySplit(ops)),
    };
  } finally {
    await stopProcess(server);
  }
}

const results = { idle: {}, loaded: {} };
const cleanup = [];
let server;
try {
  // ---------------------------------------------------------------------------------------- 1. idle
  if (PARTS.has('idle')) {
    for (const build of BUILDS) {
      const dataDir = mkdtempSync(join(tmpdir(), 'membolt-bench-rss-idle-'));
      cleanup.push(dataDir);
      const env = await benchEnv(dataDir, MALLOC_ENV);
      let ops;
      ({ server, ops } = await startStandalone(env, 180_000, { root: build.root }));
      const atReady = await residentMemoryMb(ops);
      await sleep(SETTLE_MS);
      results.idle[build.name] = { atReady: round(atReady), ...(await memorySplit(ops)) };
      log(`${build.name}: idle ${results.idle[build.name].rss} MB (${round(atReady)} MB when ready)`);
      await stopProcess(server);
    }
  }

  // -------------------------------------------------------------------------------------- 2. loaded
  if (PARTS.has('loaded')) {
    const loadedDir = await loadedDataDir();
    for (const build of BUILDS) {
      // A copy per start: each build opens the same store as it was written.
      const dataDir = mkdtempSync(join(tmpdir(), 'membolt-bench-rss-loaded-'));
      cleanup.push(dataDir);
      // The ANN snapshots are left out (the operator CLI opening a kept directory may have saved one), unless
      // BENCH_RSS_KEEP_ANN asks for the index as a restart opens it.
      cpSync(loadedDir, dataDir, {
        recursive: true,
        filter: (path) => !path.endsWith(LOADED_USER_FILE) && (KEEP_ANN || !path.includes('memory-ann')),
      });
      results.loaded[build.name] = await measureLoaded(dataDir, build);
      log(`${build.name}: ${MEMORIES} memories loaded, ${results.loaded[build.name].rss} MB`);
    }
  }

  // -------------------------------------------------------------------------------------- 3. fuzzed
  if (PARTS.has('fuzz')) {
    const out = compileFuzzer();
    cleanup.push(out);
    const [{ FuzzTarget }, { runEdgeFuzz, formatReport }] = await Promise.all([
      import(pathToFileURL(join(out, 'fuzz-target.js')).href),
      import(pathToFileURL(join(out, 'edge-fuzz.js')).href),
    ]);
    // A busy machine may need a longer wait for a service's answer than the default (as benchEnv passes it).
    // The ops listener gives the heap / external / rest split; BENCH_RSS_HEAP_SNAPSHOTS=<dir> also writes
    // a heap snapshot before and after the run there (to diff what the heap kept).
    const metricsPort = await freePort();
    const snapshots = process.env.BENCH_RSS_HEAP_SNAPSHOTS;
    // BENCH_NODE_ARGS (node options, as for the other parts) reach the fuzzed process through NODE_OPTIONS.
    const fuzzNodeOptions = [
      process.env.BENCH_NODE_ARGS ?? '',
      snapshots ? `--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${snapshots}` : '',
    ]
      .filter(Boolean)
      .join(' ');
    const target = await FuzzTarget.start({
      ...(process.env.BUS_TIMEOUT_MS ? { BUS_TIMEOUT_MS: process.env.BUS_TIMEOUT_MS } : {}),
      ...MALLOC_ENV,
      METRICS_PORT: String(metricsPort),
      METRICS_HOST: '127.0.0.1',
      ...(fuzzNodeOptions ? { NODE_OPTIONS: fuzzNodeOptions } : {}),
    });
    const ops = `http://127.0.0.1:${metricsPort}`;
    const snapshot = async () => {
      if (!snapshots) return;
      const before = new Set(readdirSync(snapshots));
      process.kill(target.pid, 'SIGUSR2');
      // Written synchronously by the process: done once a new file stops growing.
      await waitUntil(
        async () => {
          const file = readdirSync(snapshots).find((f) => !before.has(f));
          if (!file) return false;
          const size = statSync(join(snapshots, file)).size;
          await sleep(2000);
          return size > 0 && statSync(join(snapshots, file)).size === size;
        },
        600_000,
        'the heap snapshot',
      );
    };
    try {
      await sleep(SETTLE_MS);
      const before = target.rssMb();
      const splitBefore = await memorySplit(ops);
      await snapshot();
      log(`fuzz: ${FUZZ_RUNS} requests from ${before} MB`);
      const report = await runEdgeFuzz(target, { runs: FUZZ_RUNS, seed: FUZZ_SEED });
      await sleep(SETTLE_MS);
      const settled = target.rssMb();
      const splitAfter = await memorySplit(ops);
      await snapshot();
      results.fuzz = {
        before,
        peak: report.rssMb.peak,
        after: report.rssMb.end,
        settled,
        report,
        splitBefore,
        splitAfter,
      };
      log(formatReport(report));
    } finally {
      await target.stop();
    }
  }

  // -------------------------------------------------------------------------------------- report
  const { idle, loaded, fuzz } = results;
  const verdict = (ok) => (ok ? 'met' : 'MISSED');
  console.log(
    `\nRSS bench: standalone (six services, embedded stores), parts ${[...PARTS].join(', ')}${KEEP_ANN ? ' (ANN snapshot kept)' : ''}, MALLOC_ARENA_MAX ${ARENA_MAX || 'unset'}, settle ${SETTLE_MS / 1000} s, load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}`,
  );
  const rows = [];
  for (const [name, figures] of Object.entries(idle))
    rows.push({
      build: name,
      figure: 'idle RSS (MB)',
      value: figures.rss,
      target: `<= ${TARGETS.idleMb}`,
      verdict: verdict(figures.rss <= TARGETS.idleMb),
    });
  for (const [name, figures] of Object.entries(loaded))
    rows.push({
      build: name,
      figure: `RSS with ${MEMORIES} memories (MB)`,
      value: figures.rss,
      target: `<= ${TARGETS.loadedMb}`,
      verdict: verdict(figures.rss <= TARGETS.loadedMb),
    });
  if (fuzz) {
    const growth = (fuzz.settled - fuzz.before) / fuzz.before;
    rows.push({
      build: BUILDS[0].name,
      figure: `RSS after ${FUZZ_RUNS} fuzzed requests (MB)`,
      value: `${fuzz.before} -> ${fuzz.settled} (${(growth * 100).toFixed(0)}%)`,
      target: `within ${TARGETS.fuzzGrowth * 100}%`,
      verdict: verdict(Math.abs(growth) <= TARGETS.fuzzGrowth),
    });
  }
  console.table(rows);
  const splits = [];
  for (const [name, figures] of Object.entries(idle))
    splits.push({ build: name, state: 'idle', 'when ready': figures.atReady, ...pickSplit(figures) });
  for (const [name, figures] of Object.entries(loaded))
    splits.push({
      build: name,
      state: `${MEMORIES} memories`,
      peak: figures.peak,
      ...pickSplit(figures),
      'ANN file MB': figures.annFileMb,
      'ANN saved after s': round(figures.annSeconds),
    });
  if (results.store)
    console.log(
      `stored ${MEMORIES} through the batch route in ${results.store.seconds.toFixed(0)} s (${round(MEMORIES / results.store.seconds)}/s), RSS ${round(results.store.rss)} MB right after`,
    );
  if (fuzz) {
    splits.push({ build: BUILDS[0].name, state: 'before the fuzz', ...pickSplit(fuzz.splitBefore) });
    splits.push({ build: BUILDS[0].name, state: 'after the fuzz, settled', ...pickSplit(fuzz.splitAfter) });
  }
  if (splits.length) console.table(splits);
  if (fuzz)
    console.log(
      `fuzz: RSS ${fuzz.before} MB before, peak ${fuzz.peak}, ${fuzz.after} right after, ${fuzz.settled} settled; ${fuzz.report.failures.length} failures`,
    );
} finally {
  await stopProcess(server);
  for (const dir of cleanup) rmSync(dir, { recursive: true, force: true });
}

function pickSplit(split) {
  return {
    'RSS MB': split.rss,
    'heap used': split.heapUsed,
    'heap total': split.heapTotal,
    external: split.external,
    'rest (code, native)': split.rest,
  };
}
