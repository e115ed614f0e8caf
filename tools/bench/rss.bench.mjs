// npm run bench:rss — the standalone process's resident memory (decision 182), in one run:
// 1. idle: the built standalone (all six services, embedded stores) started on an empty DATA_DIR, RSS once
//    it has settled (V8 shrinks its heap a few seconds after the start's allocations stop), with the
//    heap / external / rest split from its /metrics;
// 2. loaded: BENCH_RSS_MEMORIES memories (default 100,000) for one user, stored through the engine's bulk
//    path into a DATA_DIR as bench:memory stores them (the built MemoryService over the app's own store),
//    then the standalone started on it and that user searched until its indexes are built;
// 3. fuzzed: BENCH_RSS_FUZZ_RUNS (default 10,000) generated REST and GraphQL requests of the edge fuzzer
//    (tools/fuzz, compiled on the fly) sent to a fresh standalone: RSS before, peak, after and after settling.
// Each figure is printed beside its target. Needs `npm run build:server` (the npm script does it).
import 'reflect-metadata';
import { transformFileSync } from '@swc/core';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

import {
  benchEnv,
  createUserWithKey,
  residentMemoryMb,
  ROOT,
  startStandalone,
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
const BATCH = 1000;
const DIMENSION = 1536;
const ANN_MIN = 5000;
const WARM_SEARCH_S = 15;

const TARGETS = { idleMb: 200, loadedMb: 450, fuzzGrowth: 0.2 };

const log = (line) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const dist = (path) => import(pathToFileURL(join(ROOT, path)).href);
const mb = (bytes) => bytes / 1024 / 1024;
const round = (value) => Math.round(value);

/** Deterministic PRNG (mulberry32): every run stores the same texts. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = prng(42);
const pick = (list) => list[Math.floor(rand() * list.length)];
const SYLLABLES = ['ka', 'ri', 'mo', 'ten', 'sa', 'lu', 'vor', 'nie', 'pa', 'gro', 'di', 'shi', 'wen', 'ba'];
const word = () => Array.from({ length: 2 + Math.floor(rand() * 2) }, () => pick(SYLLABLES)).join('');
const NAMES = Array.from({ length: 400 }, () => word().replace(/^./, (c) => c.toUpperCase()));
const PLACES = Array.from({ length: 300 }, () => word().replace(/^./, (c) => c.toUpperCase()));
const THINGS = Array.from({ length: 3000 }, word);
const TEMPLATES = [
  (n, p, t) => `${n} moved to ${p} last spring and loves the ${t} there`,
  (n, p, t) => `My friend ${n} gave me a ${t} when we met in ${p}`,
  (n, p, t) => `Meeting with ${n} about the ${t} project in the ${p} office on Tuesday`,
  (n, p, t) => `${n} is allergic to ${t} and never travels to ${p} in summer`,
];
const item = () => ({
  text: pick(TEMPLATES)(pick(NAMES), pick(PLACES), pick(THINGS)),
  category: pick(['personal', 'work', 'preference', 'interest']),
  importance: Math.round(rand() * 100) / 100,
});
const QUERIES = Array.from({ length: 100 }, () =>
  pick([
    () => `where did ${pick(NAMES)} move`,
    () => `what is ${pick(NAMES)} allergic to`,
    () => `${pick(THINGS)} project meeting`,
  ])(),
);

/** The process's heap, external and resident bytes from its Prometheus metrics, in MB. */
async function memorySplit(ops) {
  const text = await (await fetch(`${ops}/metrics`)).text();
  const gauge = (name) => {
    const match = new RegExp(`^${name}(?:\\{[^}]*\\})? ([\\d.e+-]+)$`, 'm').exec(text);
    return match ? mb(Number(match[1])) : Number.NaN;
  };
  const rss = gauge('process_resident_memory_bytes');
  const heapTotal = gauge('nodejs_heap_size_total_bytes');
  const external = gauge('nodejs_external_memory_bytes');
  return {
    rss: round(rss),
    heapUsed: round(gauge('nodejs_heap_size_used_bytes')),
    heapTotal: round(heapTotal),
    external: round(external),
    // Code, the native stacks and allocations (SQLite's page cache, usearch's index), Node itself.
    rest: round(rss - heapTotal - external),
  };
}

async function stop(server) {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
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

const results = {};
const cleanup = [];
let server;
try {
  // ---------------------------------------------------------------------------------------- 1. idle
  if (PARTS.has('idle')) {
    const dataDir = mkdtempSync(join(tmpdir(), 'membolt-bench-rss-idle-'));
    cleanup.push(dataDir);
    const env = await benchEnv(dataDir);
    let ops;
    ({ server, ops } = await startStandalone(env, 180_000));
    const atReady = await residentMemoryMb(ops);
    await sleep(SETTLE_MS);
    results.idle = { atReady: round(atReady), ...(await memorySplit(ops)) };
    log(`idle: ${results.idle.rss} MB (${round(atReady)} MB when ready)`);
    await stop(server);
  }

  // -------------------------------------------------------------------------------------- 2. loaded
  if (PARTS.has('loaded')) {
    const dataDir = mkdtempSync(join(tmpdir(), 'membolt-bench-rss-loaded-'));
    cleanup.push(dataDir);
    const env = await benchEnv(dataDir, {
      EMBEDDING_DIMENSION: String(DIMENSION),
      MEMORY_ANN_MIN: String(ANN_MIN),
    });
    const user = await createUserWithKey(env, {
      email: `bench-rss-${randomBytes(4).toString('hex')}@example.com`,
      name: 'RSS Bench',
    });
    const [
      { MemoryService },
      { openMemoryStore },
      { MemoryConceptLinker },
      { createEmbedder },
      { systemClock },
      { PrivacyPolicyService },
      { KeywordSpecialCategoryClassifier, SensitiveDataScanner },
      { MemoryCategoryService },
      { DEFAULT_MEMORY_METADATA_MAX_DEPTH, DEFAULT_MEMORY_METADATA_MAX_KEYS },
    ] = await Promise.all([
      dist('libs/memory/dist/memory.service.js'),
      dist('libs/memory/dist/memory.store.js'),
      dist('libs/memory/dist/memory-concept.linker.js'),
      dist('libs/memory/dist/embedders/create-embedder.js'),
      dist('libs/platform/dist/index.js'),
      dist('libs/memory/dist/privacy/privacy-policy.service.js'),
      dist('libs/privacy/dist/index.js'),
      dist('libs/memory/dist/categories/memory-category.service.js'),
      dist('libs/contracts/dist/index.js'),
    ]);
    const settings = {
      dimension: DIMENSION,
      annMinVectors: ANN_MIN,
      metadataLimits: {
        maxKeys: DEFAULT_MEMORY_METADATA_MAX_KEYS,
        maxDepth: DEFAULT_MEMORY_METADATA_MAX_DEPTH,
      },
    };
    const store = await openMemoryStore({ kind: 'embedded', dataDir }, settings);
    const linker = new MemoryConceptLinker(store);
    const service = new MemoryService(
      store,
      await createEmbedder({ kind: 'offline', dimension: DIMENSION }),
      systemClock,
      { changed: async () => undefined },
      settings,
      linker,
      new PrivacyPolicyService(
        store,
        new SensitiveDataScanner(new KeywordSpecialCategoryClassifier()),
        systemClock,
      ),
      new MemoryCategoryService(store, systemClock),
    );
    const started = performance.now();
    for (let done = 0; done < MEMORIES; done += BATCH) {
      const size = Math.min(BATCH, MEMORIES - done);
      await service.createBatch(user.userId, { memories: Array.from({ length: size }, item) });
    }
    log(`${MEMORIES} memories stored in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    // The concepts of batch creates are linked in the background: done here, so the server starts on a
    // store with nothing left to catch up on (as a store long in use is).
    while ((await store.memories.pendingConcepts(null, 1)).length > 0) {
      linker.schedule();
      await sleep(200);
    }
    log(`${MEMORIES} memories stored and linked in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    await linker.beforeApplicationShutdown();
    await store.close();

    let base, ops;
    ({ server, base, ops } = await startStandalone(env, 300_000));
    const search = async (i) => {
      const query = encodeURIComponent(QUERIES[i % QUERIES.length]);
      const response = await fetch(
        `${base}/api/user/${encodeURIComponent(user.userId)}/search?query=${query}&limit=10`,
        {
          headers: { 'x-api-key': user.apiKey },
        },
      );
      const body = await response.json();
      if (response.status !== 200)
        throw new Error(`search answered ${response.status}: ${JSON.stringify(body)}`);
      return body;
    };
    const first = await search(0);
    if (!Array.isArray(first.results) || first.results.length === 0)
      throw new Error(`search found nothing: ${JSON.stringify(first).slice(0, 300)}`);
    // The first search opens the ANN index and builds the user's keyword postings in the background.
    const until = performance.now() + WARM_SEARCH_S * 1000;
    let searches = 1;
    for (; searches < 100 || performance.now() < until; searches++) await search(searches);
    const peak = await residentMemoryMb(ops);
    await sleep(SETTLE_MS);
    results.loaded = { searches, peak: round(peak), ...(await memorySplit(ops)) };
    log(`${MEMORIES} memories loaded: ${results.loaded.rss} MB after ${searches} searches`);
    await stop(server);
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
    const target = await FuzzTarget.start(
      process.env.BUS_TIMEOUT_MS ? { BUS_TIMEOUT_MS: process.env.BUS_TIMEOUT_MS } : {},
    );
    try {
      await sleep(SETTLE_MS);
      const before = target.rssMb();
      log(`fuzz: ${FUZZ_RUNS} requests from ${before} MB`);
      const report = await runEdgeFuzz(target, { runs: FUZZ_RUNS, seed: FUZZ_SEED });
      await sleep(SETTLE_MS);
      const settled = target.rssMb();
      results.fuzz = { before, peak: report.rssMb.peak, after: report.rssMb.end, settled, report };
      log(formatReport(report));
    } finally {
      await target.stop();
    }
  }

  // -------------------------------------------------------------------------------------- report
  const { idle, loaded, fuzz } = results;
  const verdict = (ok) => (ok ? 'met' : 'MISSED');
  console.log(
    `\nRSS bench: standalone (six services, embedded stores), parts ${[...PARTS].join(', ')}, settle ${SETTLE_MS / 1000} s`,
  );
  const rows = [];
  if (idle)
    rows.push({
      figure: 'idle RSS (MB)',
      value: idle.rss,
      target: `<= ${TARGETS.idleMb}`,
      verdict: verdict(idle.rss <= TARGETS.idleMb),
    });
  if (loaded)
    rows.push({
      figure: `RSS with ${MEMORIES} memories (MB)`,
      value: loaded.rss,
      target: `<= ${TARGETS.loadedMb}`,
      verdict: verdict(loaded.rss <= TARGETS.loadedMb),
    });
  if (fuzz) {
    const growth = (fuzz.settled - fuzz.before) / fuzz.before;
    rows.push({
      figure: `RSS after ${FUZZ_RUNS} fuzzed requests (MB)`,
      value: `${fuzz.before} -> ${fuzz.settled} (${(growth * 100).toFixed(0)}%)`,
      target: `within ${TARGETS.fuzzGrowth * 100}%`,
      verdict: verdict(Math.abs(growth) <= TARGETS.fuzzGrowth),
    });
  }
  console.table(rows);
  const splits = [];
  if (idle) splits.push({ state: 'idle', 'when ready': idle.atReady, ...pickSplit(idle) });
  if (loaded) splits.push({ state: `${MEMORIES} memories`, peak: loaded.peak, ...pickSplit(loaded) });
  if (splits.length) console.table(splits);
  if (fuzz)
    console.log(
      `fuzz: RSS ${fuzz.before} MB before, peak ${fuzz.peak}, ${fuzz.after} right after, ${fuzz.settled} settled; ${fuzz.report.failures.length} failures`,
    );
} finally {
  await stop(server);
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
