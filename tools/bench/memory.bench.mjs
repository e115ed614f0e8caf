// npm run bench:memory — the memory service at scale, in one run on a DATA_DIR (embedded store, offline
// embedder): one user with 100k memories and 1,000 users with 100 each (MEMORY_BENCH_SCALE=0.1 for a quick
// run). Measures, next to their targets (decisions 071-075):
// - in the engine (the built MemoryService over the store, in this process): bulk add rate (batch create of
//   1,000), single add p50, query embedding time, search p50/p99 for the large user (ANN) and small users
//   (each one's first search, then again);
// - RSS and disk per memory;
// - through REST on a standalone process started on the same DATA_DIR: GET /api/user/{id}/search p50/p99
//   (sequential, one keep-alive connection) with the server's CPU time per search, then req/s of search and
//   of /api/health under the same load (autocannon, BENCH_CONNECTIONS, 64 by default), and their ratio.
//   The targets for the large user: REST search p50 at one connection within 1 ms of the engine's own p50,
//   and at least 1,000 searches/s at 64 connections.
// MEMORY_BENCH_DATA_DIR=<dir> keeps the seeded DATA_DIR between runs (the data is the same every run; loading
// it is most of the run's time): the first run seeds it and writes a manifest, later runs with the same
// parameters reuse it (decision 232). MEMORY_BENCH_PARTS picks what is measured (all by default).
// Needs `npm run build:server` (the npm script does it). Not part of `npm test`.
import 'reflect-metadata';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

import {
  createUserWithKey,
  benchEnv,
  processCpuSeconds,
  residentMemoryMb,
  startStandalone,
  stopProcess,
} from './support/standalone-process.mjs';
import { finishKeptDataDir, openKeptDataDir, sourceHash } from './support/kept-data-dir.mjs';
import { memoryData } from './support/memory-data.mjs';
import { openMemoryEngine } from './support/memory-engine.mjs';
import { measureProcessRss } from './support/memory-rss-probe.mjs';

const SCALE = Number(process.env.MEMORY_BENCH_SCALE ?? 1);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 15);
if (!(SCALE > 0 && SCALE <= 10)) {
  console.error('MEMORY_BENCH_SCALE must be a number in (0, 10]');
  process.exit(64);
}
// engine: single adds, query embedding, the large user's search (and the baseline's, when named), disk, RSS;
// small: the small users' searches; channels: each store channel alone; rss: a fresh process's RSS after
// searches, with this build's service and the baseline's; rest: REST searches at one connection; load: req/s.
const ALL_PARTS = ['engine', 'small', 'channels', 'rss', 'rest', 'load'];
const PARTS = new Set(
  (process.env.MEMORY_BENCH_PARTS ?? ALL_PARTS.join(','))
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean),
);
const unknownParts = [...PARTS].filter((part) => !ALL_PARTS.includes(part));
if (unknownParts.length > 0 || PARTS.size === 0) {
  console.error(`MEMORY_BENCH_PARTS must name some of ${ALL_PARTS.join(',')} (got ${[...PARTS].join(',')})`);
  process.exit(64);
}
const KEPT_DIR = process.env.MEMORY_BENCH_DATA_DIR;
const sentenceWaitMin = Number(process.env.MEMORY_BENCH_SENTENCE_WAIT_MIN ?? 90);
if (!(sentenceWaitMin >= 0)) {
  console.error('MEMORY_BENCH_SENTENCE_WAIT_MIN must be a number of minutes, 0 or more');
  process.exit(64);
}
if (KEPT_DIR !== undefined && KEPT_DIR.trim() === '') {
  console.error('MEMORY_BENCH_DATA_DIR must name a directory when set');
  process.exit(64);
}
for (const [name, value] of [
  ['BENCH_CONNECTIONS', CONNECTIONS],
  ['BENCH_DURATION_S', DURATION_S],
]) {
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${name} must be a positive integer`);
    process.exit(64);
  }
}

const BIG_COUNT = Math.max(1000, Math.round(100_000 * SCALE));
const SMALL_USERS = Math.max(10, Math.round(1000 * SCALE));
const PER_SMALL = 100;
const BATCH = 1000;
const SINGLE_ADDS = 300;
const SEARCHES = 1000;
const REST_SEARCHES = 500;
const REST_WARMUP_S = 10;
const DIMENSION = 1536;
const ANN_MIN = 5000;

const TARGETS = {
  engineSearchP50: 2,
  restSearchP50: 5,
  bulkPerSecond: 2000,
  /** REST search p50 of the large user at one connection, above the engine's own p50. */
  restOverEngineMs: 1,
  /** REST searches of the large user per second at 64 connections. */
  restSearchPerSecond: 1000,
};

// ------------------------------------------------------------------------------------------- data
const { rand, item, queries: QUERIES } = memoryData(42, { queries: 200 });

// ------------------------------------------------------------------------------------------ helpers
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
function summary(samplesMs) {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  return { p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), n: sorted.length };
}
const ms = (value) => (Number.isFinite(value) ? Number(value.toFixed(3)) : value);
async function timed(fn) {
  const start = performance.now();
  const value = await fn();
  return [performance.now() - start, value];
}
function diskBytes(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? diskBytes(path) : statSync(path).blocks * 512;
  }
  return total;
}
const log = (line) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

/** Memories of the store still waiting for their sentence vector (read-only; the server writes them). */
function sentencePending(dir) {
  const db = new Database(join(dir, 'memory.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT count(*) FROM memories WHERE sentence_pending = 1').pluck().get();
  } finally {
    db.close();
  }
}

/**
 * Waits (at most MEMORY_BENCH_SENTENCE_WAIT_MIN, 90 by default) until the server has no sentence backlog; 0
 * measures with the backlog (the figures then include the server's encoding it: `pendingAfter` says how much).
 */
async function sentenceBacklogDrained(dir) {
  const waitMin = sentenceWaitMin;
  const started = performance.now();
  const atStart = sentencePending(dir);
  let pending = atStart;
  let lastLog = started;
  if (waitMin === 0) {
    if (atStart > 0) log(`measuring with a sentence backlog of ${atStart} memories (not waited for)`);
    return { atStart, seconds: 0, waited: false, loadAverage: loadAverage() };
  }
  while (pending > 0) {
    if (performance.now() - started > waitMin * 60_000)
      throw new Error(`The server still had ${pending} sentences to encode after ${waitMin} min`);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    pending = sentencePending(dir);
    if (performance.now() - lastLog > 60_000) {
      lastLog = performance.now();
      log(`  sentence backlog: ${pending} of ${atStart} left (load average ${loadAverage()})`);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  if (atStart > 0)
    log(`sentence backlog of ${atStart} memories encoded by the server in ${seconds.toFixed(0)} s`);
  return { atStart, seconds, waited: true, loadAverage: loadAverage() };
}

// --------------------------------------------------------------------------------------------- run
// What makes the data: a kept DATA_DIR is reused only by a run with the same parameters and generator.
const PARAMS = {
  format: 1,
  seed: 42,
  generator: sourceHash([new URL('./support/memory-data.mjs', import.meta.url)]),
  bigCount: BIG_COUNT,
  smallUsers: SMALL_USERS,
  perSmall: PER_SMALL,
  batch: BATCH,
  dimension: DIMENSION,
  annMin: ANN_MIN,
};
const kept = KEPT_DIR ? openKeptDataDir(KEPT_DIR, PARAMS) : null;
const dataDir = kept?.dir ?? mkdtempSync(join(tmpdir(), 'membolt-bench-memory-'));
const seeded = kept?.manifest ?? null;
const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
const env = await benchEnv(dataDir, {
  EMBEDDING_DIMENSION: String(DIMENSION),
  // The engine part opens the store with the same threshold, so both parts search the same way.
  MEMORY_ANN_MIN: String(ANN_MIN),
});
const results = {};
const runStarted = performance.now();
let server;
let inTurnEngine;
try {
  log(
    `parts ${[...PARTS].join(',')}; DATA_DIR ${dataDir} (${seeded ? `kept, seeded ${seeded.seededAt} by ${seeded.seededBy}` : kept ? 'kept, seeded now' : 'temporary'}); load average ${loadAverage()}`,
  );
  // Two real accounts with API keys (the large user and one of the small ones), for the REST part; a kept
  // directory's accounts are in its store, their keys in its manifest.
  const createUser = (label) =>
    createUserWithKey(env, {
      email: `bench-${label}-${randomBytes(4).toString('hex')}@example.com`,
      name: `Memory Bench ${label}`,
    });
  const big = seeded?.data.big ?? (await createUser('large'));
  const small = seeded?.data.small ?? (await createUser('small'));
  const smallIds = [small.userId, ...Array.from({ length: SMALL_USERS - 1 }, (_, i) => `bench-small-${i}`)];

  // ---------------------------------------------------------------------------------- engine
  // Events go to the bus in the product; the engine figures leave the bus out (measured by bench:bus).
  let events = 0;
  const memoryEvents = { changed: async (_scope, _change, ids) => void (events += ids.length) };
  // The write-time privacy screen runs in every write of the product, so in the engine's figures too.
  const { service, serviceOf, store, embedder, linker, settings, openMemoryStore } = await openMemoryEngine(
    dataDir,
    {
      dimension: DIMENSION,
      annMinVectors: ANN_MIN,
      events: memoryEvents,
    },
  );
  log(
    `engine: ${BIG_COUNT} memories for one user, ${SMALL_USERS} users x ${PER_SMALL}, dimension ${DIMENSION}`,
  );

  const bulkRate = async (userIds, perUser) => {
    let stored = 0;
    const started = performance.now();
    for (const userId of userIds) {
      for (let done = 0; done < perUser; done += BATCH) {
        const size = Math.min(BATCH, perUser - done);
        await service.createBatch(userId, { memories: Array.from({ length: size }, item) });
        stored += size;
        if (stored % 10_000 === 0) log(`  stored ${stored} (load average ${loadAverage()})`);
      }
    }
    return { stored, seconds: (performance.now() - started) / 1000 };
  };
  const search = (userId, i) => service.search(userId, { query: QUERIES[i % QUERIES.length], limit: 10 });
  // The large user's ANN index is built in the background from its first search (or opened from the snapshot
  // a kept directory's last close saved); exact scans meanwhile.
  const annReady = async () =>
    (
      await timed(async () => {
        if (BIG_COUNT < settings.annMinVectors) return;
        const deadline = Date.now() + 30 * 60_000;
        while ((await search(big.userId, 0)).strategy !== 'ann') {
          if (Date.now() > deadline) throw new Error('The ANN index was not ready after 30 min');
          // The search started the build: waiting for it, rather than searching again (an exact scan of
          // the whole scope each time), leaves the build the CPU.
          await store.search.whenIndexed?.();
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
      })
    )[0];
  let seeding;
  if (seeded) {
    // The PRNG continues where the seeding left it, so what this run adds and the order it searches the small
    // users in are those of a run that seeded.
    for (let i = 0; i < BIG_COUNT + SMALL_USERS * PER_SMALL; i++) item();
    seeding = seeded.phases;
  } else {
    // Seeding, through the engine's batch path (as an import does): what every searching part needs.
    const bigBulk = await bulkRate([big.userId], BIG_COUNT);
    log(`bulk add, one user: ${bigBulk.stored} in ${bigBulk.seconds.toFixed(1)} s`);
    const smallBulk = await bulkRate(smallIds, PER_SMALL);
    log(`bulk add, ${SMALL_USERS} users: ${smallBulk.stored} in ${smallBulk.seconds.toFixed(1)} s`);
    const [linkMs] = await timed(async () => {
      // Concepts of batch creates are linked in the background; wait for the backlog to drain (the concept
      // channel of every search reads them).
      while ((await store.memories.pendingConcepts(null, 1)).length > 0) {
        linker.schedule();
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    });
    log(`concepts of every batch linked ${(linkMs / 1000).toFixed(1)} s after the last batch`);
    // A kept directory is recorded with the large user's ANN index built: its snapshot is saved at the close.
    const annMs = kept ? await annReady() : undefined;
    if (kept) log(`ANN index of the large user built ${(annMs / 1000).toFixed(1)} s after its first search`);
    seeding = { bigBulk, smallBulk, linkMs, annMs, loadAverage: loadAverage() };
    if (kept) {
      finishKeptDataDir(dataDir, {
        params: PARAMS,
        data: { big, small },
        phases: seeding,
      });
      log(`seeded ${dataDir}; later runs with MEMORY_BENCH_DATA_DIR=${dataDir} reuse it`);
    }
  }
  results.seeding = seeding;
  results.seededNow = !seeded;

  // Between two searches the event loop turns, as it does between a server's requests: background work (a
  // scope's keyword postings, built from its first search) runs there, never inside a timed search.
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
  // With the process's CPU time per search (every thread: the ANN worker's too), the figure the server's
  // CPU per REST search compares with on a loaded machine, where wall times of two phases do not.
  const sampleSearches = async (count, userFor, offset) => {
    const samples = [];
    const strategies = new Set();
    const cpuBefore = process.cpuUsage();
    for (let i = 0; i < count; i++) {
      await nextTurn();
      const [t, outcome] = await timed(() => search(userFor(i), i + offset));
      samples.push(t);
      strategies.add(outcome.strategy);
    }
    const cpu = process.cpuUsage(cpuBefore);
    return {
      ...summary(samples),
      cpuMs: (cpu.user + cpu.system) / 1000 / count,
      strategies: [...strategies].join('+'),
    };
  };

  if (PARTS.has('engine')) {
    // A user of its own per run, so a kept directory's data set stays the seeded one.
    const singleUser = kept ? `bench-single-${randomBytes(4).toString('hex')}` : 'bench-single';
    const singleMs = [];
    for (let i = 0; i < SINGLE_ADDS; i++) {
      const [t] = await timed(() => service.create(singleUser, item()));
      singleMs.push(t);
    }
    results.single = summary(singleMs);

    const embedMs = [];
    for (let i = 0; i < SEARCHES; i++) {
      const [t] = await timed(() => embedder.embed([QUERIES[i % QUERIES.length]], 'query'));
      embedMs.push(t);
    }
    results.embed = summary(embedMs);
  }

  if (PARTS.has('engine') || PARTS.has('channels')) {
    results.annMs = await annReady();
    log(`ANN index of the large user ready ${(results.annMs / 1000).toFixed(1)} s after its first search`);
    // Its in-memory keyword postings (decision 025) are built from the same first search; wait for them too.
    await store.search.whenIndexed?.();
  }

  if (PARTS.has('engine')) {
    for (let i = 0; i < 50; i++) await search(big.userId, i);
    results.bigSearch = await sampleSearches(SEARCHES, () => big.userId, 7);
    log(
      `engine search p50 of the large user ${ms(results.bigSearch.p50)} ms (load average ${loadAverage()})`,
    );
    // MEMORY_BENCH_BASELINE=<root of another checkout, built>: that build's MemoryService over the same store,
    // embedder and data, searched in turn with this one's (the order swapped every search), so the ratio of
    // their p50s holds on a loaded machine where two runs' figures do not compare.
    if (process.env.MEMORY_BENCH_BASELINE) {
      const other = process.env.MEMORY_BENCH_BASELINE;
      const { MemoryService: BaselineService } = await import(
        pathToFileURL(join(other, 'libs/memory/dist/memory.service.js')).href
      );
      const baselineService = serviceOf(BaselineService);
      const searchWith = (which, i) =>
        which.search(big.userId, { query: QUERIES[i % QUERIES.length], limit: 10 });
      for (let i = 0; i < 50; i++) await searchWith(baselineService, i);
      const mine = [];
      const theirs = [];
      const loadBefore = loadAverage();
      for (let i = 0; i < SEARCHES; i++) {
        await nextTurn();
        const pair = i % 2 === 0 ? [service, baselineService] : [baselineService, service];
        for (const which of pair) {
          const [t] = await timed(() => searchWith(which, i + 7));
          (which === service ? mine : theirs).push(t);
        }
      }
      results.baseline = {
        root: other,
        mine: summary(mine),
        theirs: summary(theirs),
        loadAverage: `${loadBefore} -> ${loadAverage()}`,
      };
      const b = results.baseline;
      log(
        `engine search p50, this build / ${other}: ${ms(b.mine.p50)} / ${ms(b.theirs.p50)} ms ` +
          `= ${(b.mine.p50 / b.theirs.p50).toFixed(3)} (p99 ${ms(b.mine.p99)} / ${ms(b.theirs.p99)}; ` +
          `load average ${b.loadAverage})`,
      );
    }
  }

  if (PARTS.has('small')) {
    // Users of 100: each one's first search since the store opened (its caches built on the way), then the
    // same users searched again, as a chat searches at every turn.
    const users = [...smallIds].sort(() => rand() - 0.5).slice(0, Math.min(smallIds.length, SEARCHES / 2));
    const userFor = (i) => users[i % users.length];
    // One search per user in each pass: with fewer users than SEARCHES / 2 (small scales), a longer first
    // pass would search most of them again.
    const cold = await sampleSearches(users.length, userFor, 11);
    results.smallSearch = { cold, warm: await sampleSearches(users.length, userFor, 13) };
  }

  if (PARTS.has('channels')) {
    // Where the large user's search time goes: each channel of the store alone, same queries.
    const scope = { userId: big.userId, endUserId: '' };
    const filter = { validity: { kind: 'open', now: new Date() } };
    const vectors = await Promise.all(QUERIES.map((q) => embedder.embed([q], 'query').then(([v]) => v)));
    const words = QUERIES.map((q) => q.split(' ').filter((w) => w.length > 2));
    const channel = async (fn) => {
      const samples = [];
      for (let i = 0; i < 300; i++) samples.push((await timed(() => fn(i % QUERIES.length)))[0]);
      return summary(samples);
    };
    results.denseChannel = await channel((i) => store.search.dense(scope, filter, vectors[i], 40));
    results.keywordChannel = await channel((i) => store.search.keyword(scope, filter, words[i], 40));
    // The same queries through FTS5, as a store that never builds in-memory postings answers them (decision 025).
    const ftsStore = await openMemoryStore(
      { kind: 'embedded', dataDir },
      {
        ...settings,
        annMinVectors: 1e12,
        smallScopeKeywordDocs: 0,
      },
    );
    results.keywordFtsChannel = await channel((i) => ftsStore.search.keyword(scope, filter, words[i], 40));
    await ftsStore.close();
    results.conceptChannel = await channel((i) => store.search.concept(scope, filter, words[i], 40));
  }

  results.totalMemories =
    (seeding.bigBulk?.stored ?? 0) + (seeding.smallBulk?.stored ?? 0) + (results.single ? SINGLE_ADDS : 0);
  results.engineRssMb = process.memoryUsage().rss / 1024 / 1024;
  results.events = events;
  await linker.beforeApplicationShutdown();
  // Saves the ANN snapshot (a kept directory's next run, and the REST part's server, open it).
  await store.close();
  results.disk = diskBytes(dataDir);

  // ---------------------------------------------------------------------------------------------- RSS
  // The engine process's RSS above holds both builds' services and everything the run made; what a build's
  // search itself keeps resident (its shipped resources: lexicons, models) is measured in a fresh process
  // each, in turn, over the same store and searches.
  if (PARTS.has('rss')) {
    const roots = [['this build', undefined]];
    if (process.env.MEMORY_BENCH_BASELINE) roots.push(['baseline', process.env.MEMORY_BENCH_BASELINE]);
    const rss = Object.fromEntries(roots.map(([label]) => [label, []]));
    for (let round = 0; round < 2; round++) {
      for (const [label, serviceRoot] of round % 2 === 0 ? roots : [...roots].reverse()) {
        rss[label].push(
          await measureProcessRss({
            dataDir,
            serviceRoot,
            dimension: DIMENSION,
            annMinVectors: ANN_MIN,
            waitForAnn: BIG_COUNT >= ANN_MIN,
            bigUserId: big.userId,
            smallUserIds: smallIds.slice(0, 100),
            queries: QUERIES,
          }),
        );
      }
    }
    results.rss = rss;
    for (const [label, samples] of Object.entries(rss))
      log(`fresh process RSS after searches, ${label}: ${samples.map((s) => JSON.stringify(s)).join(' ')}`);
  }
  // -------------------------------------------------------------------------------------- REST
  if (PARTS.has('rest') || PARTS.has('load')) {
    let base, ops;
    ({ server, base, ops } = await startStandalone(env, 120_000));
    const rssMb = () => residentMemoryMb(ops);
    // The engine part does not wire the sentence encoder (decision 212), so the seeded small users' memories
    // wait for their sentence vectors; the server encodes them from its start (USE-lite, in its sentence
    // thread: a core of this 2-core machine for ~20 minutes at 100k). Searches measured meanwhile would pay
    // for that backlog, which is no part of a search: wait for it (and keep it, the store being kept), and
    // report its time beside the figures.
    results.sentenceBacklog = await sentenceBacklogDrained(dataDir);
    const searchPath = (user, i) =>
      `/api/user/${encodeURIComponent(user.userId)}/search?query=${encodeURIComponent(QUERIES[i % QUERIES.length])}&limit=10`;
    const searchUrl = (user, i) => `${base}${searchPath(user, i)}`;
    // A lean keep-alive client on one socket (as an SDK reuses its connection): the figure is the server's
    // answer time, not the cost of fetch() in a process that still holds the engine part's heap.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const restSearch = (user, i) =>
      new Promise((resolve, reject) => {
        http
          .get(searchUrl(user, i), { agent, headers: { 'x-api-key': user.apiKey } }, (response) => {
            const chunks = [];
            response.on('data', (chunk) => chunks.push(chunk));
            response.on('end', () => {
              const text = Buffer.concat(chunks).toString('utf8');
              if (response.statusCode !== 200)
                reject(new Error(`search answered ${response.statusCode}: ${text.slice(0, 300)}`));
              else resolve(JSON.parse(text));
            });
          })
          .on('error', reject);
      });
    const first = await restSearch(big, 0);
    if (!Array.isArray(first.results) || first.results.length === 0)
      throw new Error(`REST search found nothing: ${JSON.stringify(first).slice(0, 300)}`);
    // The server opens the saved ANN snapshot at the large user's first search, and builds its keyword
    // postings in the background from it (FTS5 answers meanwhile, ~60 ms a search): measure once they are
    // done, searching for at least REST_WARMUP_S.
    // At 100k memories on a loaded machine the postings take longer than that: also until the median of 50
    // searches no longer falls by more than 10% from one window to the next (at most 10 min).
    const warmUp = async (searchOnce) => {
      const warmUntil = performance.now() + REST_WARMUP_S * 1000;
      const warmDeadline = performance.now() + 10 * 60_000;
      let previousMedian = Infinity;
      for (let i = 0; ;) {
        const window = [];
        for (let j = 0; j < 50; j++, i++) window.push((await timed(() => searchOnce(i)))[0]);
        const median = summary(window).p50;
        const settled = median > 0.9 * previousMedian;
        previousMedian = median;
        if ((i >= 100 && performance.now() >= warmUntil && settled) || performance.now() > warmDeadline)
          return previousMedian;
      }
    };
    const restWarm = await warmUp((i) => restSearch(big, i));
    log(`REST warm-up: median of the last 50 searches of the large user ${ms(restWarm)} ms`);
    for (let i = 0; i < 100; i++) await restSearch(small, i);
    // With the server's own CPU time per search over the same run (process_cpu_seconds_total of /metrics).
    const restSequential = async (user) => {
      const samples = [];
      const cpuBefore = await processCpuSeconds(ops);
      for (let i = 0; i < REST_SEARCHES; i++) samples.push((await timed(() => restSearch(user, i + 3)))[0]);
      const cpuMs = ((await processCpuSeconds(ops)) - cpuBefore) * 1000;
      return { ...summary(samples), serverCpuMs: cpuMs / REST_SEARCHES };
    };
    if (PARTS.has('rest')) {
      results.restBig = await restSequential(big);
      log(`REST search p50 of the large user ${ms(results.restBig.p50)} ms (load average ${loadAverage()})`);
      // The issue's figure, REST p50 over the engine's, measured in turn: on a shared machine two phases minutes
      // apart see different loads (the engine part's p50 can be above the REST one). The engine is opened again
      // in this process on the same directory (both only read while searching), and one search of each runs
      // alternately, the order swapped every pair.
      inTurnEngine = await openMemoryEngine(dataDir, {
        dimension: DIMENSION,
        annMinVectors: ANN_MIN,
        events: memoryEvents,
      });
      const engineSearch = (i) =>
        inTurnEngine.service.search(big.userId, { query: QUERIES[i % QUERIES.length], limit: 10 });
      const deadline = Date.now() + 30 * 60_000;
      while (BIG_COUNT >= settings.annMinVectors && (await engineSearch(0)).strategy !== 'ann') {
        if (Date.now() > deadline) throw new Error('The ANN index was not ready after 30 min');
        await inTurnEngine.store.search.whenIndexed?.();
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      await inTurnEngine.store.search.whenIndexed?.();
      // Warmed as the server was: its keyword postings of a large scope are built in the background.
      const engineWarm = await warmUp(engineSearch);
      log(`engine warm-up beside the server: median of the last 50 searches ${ms(engineWarm)} ms`);
      const viaEngine = [];
      const viaRest = [];
      const loadBefore = loadAverage();
      // CPU: this process's during its own searches (every thread: the ANN worker's too); the server's over the
      // whole loop, in which it has only the REST searches to answer (and its background work, if any).
      let engineCpuUs = 0;
      const serverCpuBefore = await processCpuSeconds(ops);
      for (let i = 0; i < REST_SEARCHES; i++) {
        await nextTurn();
        const pair = i % 2 === 0 ? ['engine', 'rest'] : ['rest', 'engine'];
        for (const which of pair) {
          if (which === 'engine') {
            const cpuBefore = process.cpuUsage();
            viaEngine.push((await timed(() => engineSearch(i + 3)))[0]);
            const cpu = process.cpuUsage(cpuBefore);
            engineCpuUs += cpu.user + cpu.system;
          } else viaRest.push((await timed(() => restSearch(big, i + 3)))[0]);
        }
      }
      const serverCpuMs = ((await processCpuSeconds(ops)) - serverCpuBefore) * 1000;
      results.inTurn = {
        engine: { ...summary(viaEngine), cpuMs: engineCpuUs / 1000 / REST_SEARCHES },
        rest: { ...summary(viaRest), serverCpuMs: serverCpuMs / REST_SEARCHES },
        loadAverage: `${loadBefore} -> ${loadAverage()}`,
      };
      log(
        `in turn, large user: REST p50 ${ms(results.inTurn.rest.p50)} ms, engine p50 ` +
          `${ms(results.inTurn.engine.p50)} ms (load average ${results.inTurn.loadAverage})`,
      );
    }
    results.restRssIdle = await rssMb();

    const load = async (name, options) => {
      const result = await autocannon({ ...options, connections: CONNECTIONS, duration: DURATION_S });
      return {
        target: name,
        'req/s': Math.round(result.requests.average),
        'p50 ms': result.latency.p50,
        'p99 ms': result.latency.p99,
        requests: result.requests.total,
        'non-2xx': result.non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
      };
    };
    if (PARTS.has('load')) {
      let q = 0;
      results.loaded = [
        await load('GET /api/health', { url: `${base}/api/health`, headers: { 'x-api-key': big.apiKey } }),
        await load(`GET /api/user/{id}/search (${BIG_COUNT} memories)`, {
          url: searchUrl(big, 0),
          headers: { 'x-api-key': big.apiKey },
          // A different query on each request, in turn.
          requests: [{ setupRequest: (request) => ({ ...request, path: searchPath(big, q++) }) }],
        }),
      ];
      results.restRssLoaded = await rssMb();
      results.loadAverageUnderLoad = loadAverage();
    }
    // The small user last: with a sentence backlog not waited for, each of its searches first encodes its
    // scope's newest memories (decision 203's settle), seconds each on a loaded machine.
    if (PARTS.has('rest')) results.restSmall = await restSequential(small);
    results.sentencePendingAfter = sentencePending(dataDir);
    await stopProcess(server);
    // Closed once the server is gone: a close may save the ANN snapshot the server has open.
    await inTurnEngine?.close();
    inTurnEngine = undefined;
  }

  // ------------------------------------------------------------------------------------- report
  const r = results;
  const verdict = (ok) => (ok ? 'met' : 'MISSED');
  const s = r.seeding;
  const bigRate = s.bigBulk.stored / s.bigBulk.seconds;
  const smallRate = s.smallBulk.stored / s.smallBulk.seconds;
  const seededLabel = r.seededNow ? '' : ` (seeding run${seeded ? ` of ${seeded.seededAt}` : ''})`;
  console.log(
    `\nMemory bench (scale ${SCALE}): ${BIG_COUNT + SMALL_USERS * PER_SMALL} memories seeded, dimension ${DIMENSION}, ` +
      `offline embedder; parts ${[...PARTS].join(',')}; ${((performance.now() - runStarted) / 60_000).toFixed(1)} min; ` +
      `load average now ${loadAverage()}`,
  );
  const rows = [];
  if (r.bigSearch)
    rows.push({
      figure: `engine search p50, 1 user x ${BIG_COUNT} (${r.bigSearch.strategies})`,
      value: ms(r.bigSearch.p50),
      p99: ms(r.bigSearch.p99),
      target: `<= ${TARGETS.engineSearchP50} ms`,
      verdict: verdict(r.bigSearch.p50 <= TARGETS.engineSearchP50),
    });
  if (r.baseline)
    rows.push({
      figure: `engine search p50, this build / baseline, in turn (${BIG_COUNT} memories)`,
      value: Number((r.baseline.mine.p50 / r.baseline.theirs.p50).toFixed(3)),
      p99: Number((r.baseline.mine.p99 / r.baseline.theirs.p99).toFixed(3)),
      target: `<= 1.1 (${ms(r.baseline.mine.p50)} / ${ms(r.baseline.theirs.p50)} ms)`,
      verdict: verdict(r.baseline.mine.p50 <= 1.1 * r.baseline.theirs.p50),
    });
  if (r.smallSearch)
    rows.push(
      ...[
        ['first search of each', r.smallSearch.cold],
        ['searched again', r.smallSearch.warm],
      ].map(([label, figures]) => ({
        figure: `engine search p50, ${SMALL_USERS} users x ${PER_SMALL}, ${label} (${figures.strategies})`,
        value: ms(figures.p50),
        p99: ms(figures.p99),
        target: `<= ${TARGETS.engineSearchP50} ms`,
        verdict: verdict(figures.p50 <= TARGETS.engineSearchP50),
      })),
    );
  if (r.embed)
    rows.push({
      figure: 'query embedding (offline) ms',
      value: ms(r.embed.p50),
      p99: ms(r.embed.p99),
      target: '',
      verdict: '',
    });
  if (r.restBig) {
    const embedP50 = r.embed?.p50;
    rows.push({
      figure: `REST search p50 ms, ${BIG_COUNT} memories (sequential)`,
      value: ms(r.restBig.p50),
      p99: ms(r.restBig.p99),
      target: embedP50 === undefined ? '' : `<= ${TARGETS.restSearchP50} + ${ms(embedP50)} (embedding) ms`,
      verdict: embedP50 === undefined ? '' : verdict(r.restBig.p50 <= TARGETS.restSearchP50 + embedP50),
    });
    if (r.bigSearch)
      rows.push({
        figure: `REST search p50 ms over the engine part's (minutes apart), ${BIG_COUNT} memories (1 connection)`,
        value: ms(r.restBig.p50 - r.bigSearch.p50),
        p99: '',
        target: `<= ${TARGETS.restOverEngineMs} ms (engine ${ms(r.bigSearch.p50)})`,
        verdict: verdict(r.restBig.p50 <= r.bigSearch.p50 + TARGETS.restOverEngineMs),
      });
    rows.push(
      {
        figure: `REST search p50 ms, ${PER_SMALL} memories (sequential)`,
        value: ms(r.restSmall.p50),
        p99: ms(r.restSmall.p99),
        target: embedP50 === undefined ? '' : `<= ${TARGETS.restSearchP50} + ${ms(embedP50)} (embedding) ms`,
        verdict: embedP50 === undefined ? '' : verdict(r.restSmall.p50 <= TARGETS.restSearchP50 + embedP50),
      },
      ...[
        [BIG_COUNT, r.restBig],
        [PER_SMALL, r.restSmall],
      ].map(([count, rest]) => ({
        figure: `server CPU ms per REST search, ${count} memories`,
        value: ms(rest.serverCpuMs),
        p99: '',
        target: '',
        verdict: '',
      })),
    );
  }
  if (r.inTurn)
    rows.push({
      figure: `REST search p50 ms over the engine's, ${BIG_COUNT} memories, in turn (1 connection)`,
      value: ms(r.inTurn.rest.p50 - r.inTurn.engine.p50),
      p99: ms(r.inTurn.rest.p99 - r.inTurn.engine.p99),
      target: `<= ${TARGETS.restOverEngineMs} ms (REST ${ms(r.inTurn.rest.p50)}, engine ${ms(r.inTurn.engine.p50)}; load ${r.inTurn.loadAverage})`,
      verdict: verdict(r.inTurn.rest.p50 <= r.inTurn.engine.p50 + TARGETS.restOverEngineMs),
    });
  if (r.inTurn)
    rows.push({
      figure: `CPU ms per search, ${BIG_COUNT} memories, in turn: server (REST) / engine (every thread)`,
      value: Number((r.inTurn.rest.serverCpuMs / r.inTurn.engine.cpuMs).toFixed(3)),
      p99: '',
      target: `${ms(r.inTurn.rest.serverCpuMs)} / ${ms(r.inTurn.engine.cpuMs)} ms; ${Math.round((availableParallelism() * 1000) / r.inTurn.engine.cpuMs)} searches/s on ${availableParallelism()} cores at most`,
      verdict: '',
    });
  if (r.bigSearch)
    rows.push({
      // The CPU a search costs bounds the rate at 64 connections: this machine's cores over it.
      figure: `engine CPU ms per search, ${BIG_COUNT} memories (every thread)`,
      value: ms(r.bigSearch.cpuMs),
      p99: '',
      target: `${Math.round((availableParallelism() * 1000) / r.bigSearch.cpuMs)} searches/s on ${availableParallelism()} cores at most`,
      verdict: '',
    });
  if (r.bigSearch && r.restBig)
    rows.push({
      figure: `server CPU per REST search / engine CPU per search, ${BIG_COUNT} memories`,
      value: Number((r.restBig.serverCpuMs / r.bigSearch.cpuMs).toFixed(3)),
      p99: '',
      target: `(+${ms(r.restBig.serverCpuMs - r.bigSearch.cpuMs)} ms)`,
      verdict: '',
    });
  rows.push(
    {
      figure: `bulk add memories/s, one user (batches of 1,000)${seededLabel}`,
      value: Math.round(bigRate),
      p99: '',
      target: `>= ${TARGETS.bulkPerSecond}`,
      verdict: verdict(bigRate >= TARGETS.bulkPerSecond),
    },
    {
      figure: `bulk add memories/s, ${SMALL_USERS} users (batches of ${PER_SMALL})${seededLabel}`,
      value: Math.round(smallRate),
      p99: '',
      target: `>= ${TARGETS.bulkPerSecond}`,
      verdict: verdict(smallRate >= TARGETS.bulkPerSecond),
    },
  );
  if (r.single)
    rows.push({
      figure: 'single add ms (engine)',
      value: ms(r.single.p50),
      p99: ms(r.single.p99),
      target: '',
      verdict: '',
    });
  console.table(rows);
  if (r.denseChannel) {
    console.log('Large user, each store channel alone (top 40), ms:');
    console.table([
      { channel: 'dense (vectors)', p50: ms(r.denseChannel.p50), p99: ms(r.denseChannel.p99) },
      {
        channel: 'keyword (in-memory bm25, large scope)',
        p50: ms(r.keywordChannel.p50),
        p99: ms(r.keywordChannel.p99),
      },
      {
        channel: 'keyword (FTS5 bm25, same queries)',
        p50: ms(r.keywordFtsChannel.p50),
        p99: ms(r.keywordFtsChannel.p99),
      },
      { channel: 'concept', p50: ms(r.conceptChannel.p50), p99: ms(r.conceptChannel.p99) },
    ]);
  }
  console.log(
    `Seeding${seededLabel}: bulk add ${s.bigBulk.stored} in ${s.bigBulk.seconds.toFixed(0)} s and ` +
      `${s.smallBulk.stored} in ${s.smallBulk.seconds.toFixed(0)} s; concepts linked ${(s.linkMs / 1000).toFixed(1)} s ` +
      `after the last batch` +
      (s.annMs === undefined
        ? ''
        : `; ANN index built ${(s.annMs / 1000).toFixed(1)} s after its first search`) +
      ` (load average ${s.loadAverage}).`,
  );
  if (r.sentenceBacklog?.atStart > 0)
    console.log(
      r.sentenceBacklog.waited
        ? `Sentence backlog: the server encoded the ${r.sentenceBacklog.atStart} memories the engine part left ` +
            `without sentence vectors in ${r.sentenceBacklog.seconds.toFixed(0)} s from its start, before the REST ` +
            `part measured (load average ${r.sentenceBacklog.loadAverage}).`
        : `Sentence backlog NOT waited for (MEMORY_BENCH_SENTENCE_WAIT_MIN=0): ${r.sentenceBacklog.atStart} ` +
            `memories to encode at the server's start, ${r.sentencePendingAfter} still pending after the REST ` +
            'part: its figures include that encoding.',
    );
  if (r.annMs !== undefined)
    console.log(
      `This run: ANN index of the large user ready ${(r.annMs / 1000).toFixed(1)} s after its first search.`,
    );
  const total = r.totalMemories;
  const memoryLine = [`engine process RSS ${r.engineRssMb.toFixed(0)} MB`];
  if (r.restRssIdle !== undefined)
    memoryLine.push(
      `server RSS ${r.restRssIdle.toFixed(0)} MB idle` +
        (r.restRssLoaded === undefined ? '' : `, ${r.restRssLoaded.toFixed(0)} MB after load`),
    );
  memoryLine.push(
    `disk ${(r.disk / 1024 / 1024).toFixed(0)} MB = ${(r.disk / total).toFixed(0)} B/memory ` +
      `(a ${DIMENSION}-d float32 vector alone is ${DIMENSION * 4} B)`,
  );
  console.log(`Memory: ${memoryLine.join('; ')}.`);
  if (r.rss) {
    console.log(
      'A fresh process over the same store, after the same searches (the large user, 100 small users), MB:',
    );
    console.table(
      Object.entries(r.rss).map(([label, samples]) => ({
        service: label,
        'RSS (each round)': samples.map((x) => x.rss).join(', '),
        'heap used': samples.map((x) => x.heapUsed).join(', '),
        external: samples.map((x) => x.external).join(', '),
      })),
    );
  }
  let failed = 0;
  if (r.loaded) {
    console.log(
      `Under load (${CONNECTIONS} connections, ${DURATION_S} s each, same server; load average ${r.loadAverageUnderLoad}):`,
    );
    console.table(r.loaded);
    const [health, searchLoad] = r.loaded;
    console.log(
      `REST search / health req/s: ${searchLoad['req/s']} / ${health['req/s']} = ${(searchLoad['req/s'] / health['req/s']).toFixed(2)}`,
    );
    console.log(
      `REST search req/s, ${BIG_COUNT} memories, ${CONNECTIONS} connections: ${searchLoad['req/s']} ` +
        `(target >= ${TARGETS.restSearchPerSecond} at 64: ` +
        `${CONNECTIONS === 64 ? verdict(searchLoad['req/s'] >= TARGETS.restSearchPerSecond) : 'not measured at 64'})`,
    );
    failed = r.loaded.reduce((sum, row) => sum + row['non-2xx'] + row.errors + row.timeouts, 0);
    console.log(failed === 0 ? 'No failed requests.' : `${failed} failed requests under load.`);
  }
  process.exitCode = failed === 0 ? 0 : 1;
} finally {
  await stopProcess(server);
  await inTurnEngine?.close();
  // A kept directory stays for the next run; a temporary one goes.
  if (!kept) rmSync(dataDir, { recursive: true, force: true });
}
