// npm run bench:edge — what the edges cost next to the work they carry, in one run on one machine:
//   - a bare Node `http` server (a child process answering a small JSON body): the machine's ceiling;
//   - the memory engine alone (MemoryService on its own embedded store in this process, no HTTP, no bus):
//     search over BENCH_EDGE_MEMORIES (100) memories and a single add, one call at a time and 64 in flight;
//   - the built standalone app (HTTP_MAX_IN_FLIGHT=0, limits lifted): GET /api/health with a key, GET
//     /api/user/{id}/search over the same number of memories, POST /api/user/{id}/memories, and the BFF's
//     planCatalogue query; each at 1 and 64 connections for BENCH_DURATION_S (8 s) with autocannon;
//   - bulk add through REST: BENCH_EDGE_BULK (10,000; 0 skips it) new memories sent as POST …/memories/batch
//     of 1,000 (the batch limit) and as POST …/memories/import of 1,000 NDJSON lines (stored before the
//     answer), two requests in flight; memories stored per second of each.
// Prints req/s, p50 and p99 of each, the ratio of each route's req/s to the bare server's at the same
// connections (and to the engine's for search and add), the server's CPU time per answered request (of the
// process, and of its main thread, the serving one) and the main thread's ratio to the bare server's (what
// each would answer on a quiet machine, a core each: req/s on a loaded machine follows the other load), and
// the app's RSS before and after. Before each figure the app is let settle (under a tenth of a core for 1 s,
// at most 30 s), so that the work the seeding or the previous figure left behind is not counted in it. Exits 1 on any
// non-2xx answer, error or timeout. Not part of `npm test`: it saturates the machine. State the load average
// (`uptime`) beside any figure quoted from it.
// BENCH_EDGE_BASELINE=<root of another built checkout> also measures that build's app, in the same run:
// BENCH_EDGE_ROUNDS (1) rounds, each measuring the bare server and then both builds, in turns (the first
// round this checkout first, the next the baseline first), so that a change of the machine's load falls on
// both. Each route's ratio is to the bare server of its round. Each build's user is made by that build's own
// CLI (it migrates the stores; an older build refuses a newer one's data files), and an app that exits before
// it is ready fails the run at once. BENCH_EDGE_ROUTES (health,search,add,graphql) chooses the routes; the
// engine's figures are taken only for search and add.
import 'reflect-metadata';
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { benchBuilds, startBenchApp } from './support/bench-app.mjs';
import { freePort, residentMemoryMb, stopProcess, waitUntil } from './support/standalone-process.mjs';
import { openMemoryEngine } from './support/memory-engine.mjs';
import { cpuUsOf, settle } from './support/process-cpu.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const MEMORIES = Number(process.env.BENCH_EDGE_MEMORIES ?? 100);
const ENGINE_CALLS = Number(process.env.BENCH_EDGE_ENGINE_CALLS ?? 2000);
const BULK = Number(process.env.BENCH_EDGE_BULK ?? 10_000);
const ROUNDS = Number(process.env.BENCH_EDGE_ROUNDS ?? 1);
const BASELINE = process.env.BENCH_EDGE_BASELINE ? resolve(process.env.BENCH_EDGE_BASELINE) : null;
const ROUTE_IDS = ['health', 'search', 'add', 'graphql'];
const ROUTES = (process.env.BENCH_EDGE_ROUTES ?? ROUTE_IDS.join(',')).split(',');
if (ROUTES.length === 0 || ROUTES.some((id) => !ROUTE_IDS.includes(id))) {
  console.error(`BENCH_EDGE_ROUTES must be a list of ${ROUTE_IDS.join(',')}`);
  process.exit(64);
}
/** Memories per bulk request: the batch route's limit, and the import's lines stored before its answer. */
const BULK_PER_REQUEST = 1000;
const CONNECTIONS = [1, 64];
for (const [name, value] of [
  ['BENCH_DURATION_S', DURATION_S],
  ['BENCH_EDGE_MEMORIES', MEMORIES],
  ['BENCH_EDGE_ENGINE_CALLS', ENGINE_CALLS],
  ['BENCH_EDGE_BULK', BULK + 1],
  ['BENCH_EDGE_ROUNDS', ROUNDS],
]) {
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${name} must be a positive integer (BENCH_EDGE_BULK may be 0)`);
    process.exit(64);
  }
}

const topics = ['tea', 'hiking', 'Berlin', 'piano', 'sourdough', 'cycling', 'Lisbon', 'chess', 'orchids'];
const sentence = (i) =>
  `Note ${i}: the user mentioned ${topics[i % topics.length]} and ${topics[(i * 7) % topics.length]} on day ${i % 31}.`;
const QUERY = 'what does the user like about tea and Berlin';
/** The seeded memories from `from`, at most one batch request's worth (BULK_PER_REQUEST). */
const seedBatch = (from) =>
  Array.from({ length: Math.min(BULK_PER_REQUEST, MEMORIES - from) }, (_, i) => ({
    text: sentence(from + i),
  }));
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const round = (value, digits = 2) => Number(value.toFixed(digits));

/** A bare Node http server in its own process, as the app runs in its own: the ceiling of this machine. */
async function startBareServer() {
  const port = await freePort();
  const source = `require('node:http').createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"status":"ok"}');
  }).listen(${port}, '127.0.0.1');`;
  const child = spawn(process.execPath, ['-e', source], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}/`;
  await waitUntil(async () => (await fetch(url)).ok, 10_000, 'the bare http server');
  return { child, url };
}

/** The engine's own figures: calls straight to MemoryService, `inFlight` at a time, per-call latency. */
async function engineFigures(dataDir) {
  // The app's defaults: the offline embedder at the wire dimension.
  const { service, store, linker } = await openMemoryEngine(dataDir, {
    annMinVectors: 5000,
    events: { changed: async () => {} },
  });
  for (let from = 0; from < MEMORIES; from += BULK_PER_REQUEST) {
    await service.createBatch('engine-user', { memories: seedBatch(from) });
  }
  const operations = {
    search: () => service.search('engine-user', { query: QUERY, limit: 10 }),
    // Into another scope, so the searched one keeps its size; deduplicated as the REST route is by default.
    add: () => service.add('engine-adds', { text: sentence(Math.floor(Math.random() * 1e9)), dedupe: true }),
  };
  const figures = {};
  for (const [name, call] of Object.entries(operations)) {
    for (let i = 0; i < 50; i++) await call();
    for (const inFlight of CONNECTIONS) {
      const latencies = [];
      let next = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: inFlight }, async () => {
          while (next++ < ENGINE_CALLS) {
            const t = performance.now();
            await call();
            latencies.push(performance.now() - t);
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      latencies.sort((a, b) => a - b);
      figures[`${name}@${inFlight}`] = {
        rps: latencies.length / seconds,
        p50: quantile(latencies, 0.5),
        p99: quantile(latencies, 0.99),
      };
    }
  }
  await linker.beforeApplicationShutdown();
  await store.close();
  return figures;
}

/**
 * Memories stored per second when `total` new ones are sent `BULK_PER_REQUEST` at a time, two requests in
 * flight; `send(texts, part)` posts one request and answers its Response. Any other status than `expected`
 * fails the figure.
 */
async function bulkRate(total, send, expected) {
  const parts = Math.ceil(total / BULK_PER_REQUEST);
  let next = 0;
  let stored = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 2 }, async () => {
      for (let part = next++; part < parts; part = next++) {
        const count = Math.min(BULK_PER_REQUEST, total - part * BULK_PER_REQUEST);
        const texts = Array.from({ length: count }, (_, i) => sentence(1e6 * (part + 1) + i));
        const response = await send(texts, part);
        if (response.status !== expected)
          throw new Error(`A bulk add answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
        await response.arrayBuffer();
        stored += count;
      }
    }),
  );
  return stored / ((performance.now() - started) / 1000);
}

/**
 * One figure: autocannon for DURATION_S, and the server's CPU time per answered request: of the whole process
 * and of its main thread (the one that serves requests; the process also counts its worker threads and the
 * garbage collector's helpers). On a machine whose other load takes cores away, req/s falls with the load
 * while CPU per request does not: its ratio to the bare server's is what the server could answer on a quiet
 * machine, one core each.
 */
async function measure(options, connections, pid, expectStatus) {
  const cpuBefore = cpuUsOf(pid);
  const mainBefore = cpuUsOf(pid, pid);
  const result = await autocannon({ ...options, connections, duration: DURATION_S });
  const cpuUs = cpuUsOf(pid) - cpuBefore;
  const mainUs = cpuUsOf(pid, pid) - mainBefore;
  // No answer at all within the figure's duration is a failure too (autocannon counts no timeout then).
  // A route that must answer one status (an add: 201, stored) counts any other 2xx as failed too.
  const unexpected =
    expectStatus === undefined
      ? 0
      : result.requests.total - result.non2xx - (result.statusCodeStats?.[expectStatus]?.count ?? 0);
  const failed =
    result.non2xx + unexpected + result.errors + result.timeouts + (result.requests.total === 0 ? 1 : 0);
  const perRequest = (us) => (result.requests.total > 0 ? us / result.requests.total : Number.NaN);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuUsPerRequest: perRequest(cpuUs),
    mainUsPerRequest: perRequest(mainUs),
    failed,
    statuses: Object.entries(result.statusCodeStats ?? {})
      .map(([code, { count }]) => `${code}:${count}`)
      .join(' '),
  };
}

/** The routes of one app at `base`, for a user `userId` with the key `apiKey`. */
function appRoutes(base, userId, apiKey) {
  const key = { 'x-api-key': apiKey };
  const json = { ...key, 'content-type': 'application/json' };
  return [
    { id: 'health', name: 'GET /api/health (key)', options: { url: `${base}/api/health`, headers: key } },
    {
      id: 'search',
      name: `GET /api/user/{id}/search (${MEMORIES} memories)`,
      engine: 'search',
      options: {
        url: `${base}/api/user/${userId}/search?query=${encodeURIComponent(QUERY)}&limit=10`,
        headers: key,
      },
    },
    {
      id: 'add',
      name: 'POST /api/user/{id}/memories',
      engine: 'add',
      options: {
        // Into an end user of its own, so the searched scope keeps its size.
        url: `${base}/api/user/${userId}/memories?end_user_id=edge-bench-adds`,
        method: 'POST',
        headers: json,
        body: JSON.stringify({ text: sentence(1) }),
        // Each request a new text, so each is stored (201): autocannon runs a `setupRequest` only from an
        // entry of `requests`; given beside `url` it is ignored, every request sent the same text, and all but
        // the first were answered as duplicates (200) without a write.
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              body: JSON.stringify({ text: sentence(Math.floor(Math.random() * 1e9)) }),
            }),
          },
        ],
      },
      expectStatus: 201,
    },
    {
      id: 'graphql',
      name: 'POST /graphql planCatalogue',
      options: {
        url: `${base}/graphql`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: 'query EdgeBench { planCatalogue { plans { id name monthlyPriceCents } } }',
        }),
      },
    },
  ];
}

/**
 * One build's app (`root`): started on a data directory of its own with a user of MEMORIES memories, each
 * route measured at each connection count, then the bulk rates; stopped. Answers its rows (ratios to
 * `bare` of its round), the bulk rates, the RSS before and after and the failed requests.
 */
async function appFigures(root, label, bare, engine) {
  const app = await startBenchApp({ root, userName: 'Edge Bench', readyTimeoutMs: 90_000 });
  try {
    const { apiKey, userId, base, ops, server } = app;
    const key = { 'x-api-key': apiKey };
    const json = { ...key, 'content-type': 'application/json' };
    // In requests of the batch route's limit: a scale past it (BENCH_EDGE_MEMORIES=100000) takes several.
    for (let from = 0; from < MEMORIES; from += BULK_PER_REQUEST) {
      const seeded = await fetch(`${base}/api/user/${userId}/memories/batch`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ memories: seedBatch(from) }),
      });
      if (seeded.status !== 201) throw new Error(`Seeding answered ${seeded.status}: ${await seeded.text()}`);
    }
    const routes = appRoutes(base, userId, apiKey).filter((route) => ROUTES.includes(route.id));
    for (const route of routes) {
      const { url, requests: _unused, ...init } = route.options;
      const response = await fetch(url, init);
      if (response.status < 200 || response.status > 299)
        throw new Error(`${route.name} answered ${response.status}: ${await response.text()}`);
    }

    const rssBefore = await residentMemoryMb(ops);
    const rows = [];
    let failed = 0;
    for (const route of routes) {
      for (const connections of CONNECTIONS) {
        // The adds' concept linking, in particular, goes on after their figure.
        await settle(server.pid);
        const figure = await measure(route.options, connections, server.pid, route.expectStatus);
        failed += figure.failed;
        const engineFigure = route.engine ? engine[`${route.engine}@${connections}`] : undefined;
        rows.push({
          build: label,
          route: route.name,
          conn: connections,
          'req/s': Math.round(figure.rps),
          'p50 ms': figure.p50,
          'p99 ms': figure.p99,
          'x bare': round(figure.rps / bare[connections].rps),
          'CPU µs/req': Math.round(figure.cpuUsPerRequest),
          'main µs/req': Math.round(figure.mainUsPerRequest),
          'x bare CPU': round(bare[connections].mainUsPerRequest / figure.mainUsPerRequest),
          'engine req/s': engineFigure ? Math.round(engineFigure.rps) : '',
          'engine p50 ms': engineFigure ? round(engineFigure.p50, 3) : '',
          'x engine': engineFigure ? round(figure.rps / engineFigure.rps, 3) : '',
          statuses: figure.statuses,
        });
      }
    }
    const bulk =
      BULK === 0
        ? null
        : {
            batch: await bulkRate(
              BULK,
              (texts) =>
                fetch(`${base}/api/user/${userId}/memories/batch?end_user_id=edge-bench-batch`, {
                  method: 'POST',
                  headers: json,
                  body: JSON.stringify({ memories: texts.map((text) => ({ text })) }),
                }),
              201,
            ),
            import: await bulkRate(
              BULK,
              (texts, part) =>
                fetch(`${base}/api/user/${userId}/memories/import?end_user_id=edge-bench-import`, {
                  method: 'POST',
                  headers: { ...key, 'content-type': 'application/x-ndjson' },
                  body: texts.map((text, i) => JSON.stringify({ id: `bench-${part}-${i}`, text })).join('\n'),
                }),
              200,
            ),
          };
    const rssAfter = await residentMemoryMb(ops);
    return { rows, bulk, rssBefore, rssAfter, failed };
  } finally {
    await app.stop();
  }
}

const engineDir = mkdtempSync(join(tmpdir(), 'membolt-bench-edge-engine-'));
let bare;
try {
  console.log(
    `Edge bench: ${DURATION_S} s per figure, ${MEMORIES} memories, ${ROUNDS} round(s)${
      BASELINE ? `, baseline ${BASELINE}` : ''
    }; load average ${loadavg()[0].toFixed(1)}`,
  );
  // The engine's figures are only beside the routes that carry its work.
  const engine = ROUTES.some((id) => id === 'search' || id === 'add') ? await engineFigures(engineDir) : {};
  const builds = benchBuilds(BASELINE, BASELINE ? 'this build' : 'app');
  bare = await startBareServer();
  const rows = [];
  const bulkRows = [];
  let failed = 0;
  for (let turn = 0; turn < ROUNDS; turn++) {
    const bareFigures = {};
    for (const connections of CONNECTIONS) {
      const figure = await measure({ url: bare.url }, connections, bare.child.pid);
      failed += figure.failed;
      bareFigures[connections] = figure;
      rows.push({
        build: `round ${turn + 1}`,
        route: 'bare Node http',
        conn: connections,
        'req/s': Math.round(figure.rps),
        'p50 ms': figure.p50,
        'p99 ms': figure.p99,
        'x bare': 1,
        'CPU µs/req': Math.round(figure.cpuUsPerRequest),
        'main µs/req': Math.round(figure.mainUsPerRequest),
        'x bare CPU': 1,
        'engine req/s': '',
        'engine p50 ms': '',
        'x engine': '',
        statuses: figure.statuses,
      });
    }
    for (const build of turn % 2 === 0 ? builds : [...builds].reverse()) {
      const figures = await appFigures(build.root, build.label, bareFigures, engine);
      failed += figures.failed;
      rows.push(...figures.rows);
      bulkRows.push({
        build: build.label,
        round: turn + 1,
        ...(figures.bulk
          ? {
              [`batch of ${BULK_PER_REQUEST}, memories/s`]: Math.round(figures.bulk.batch),
              [`import of ${BULK_PER_REQUEST} lines, memories/s`]: Math.round(figures.bulk.import),
            }
          : {}),
        'RSS before MB': round(figures.rssBefore, 1),
        'RSS after MB': round(figures.rssAfter, 1),
      });
    }
  }
  console.table(rows);
  console.table(bulkRows);
  console.log(
    `Load average at the end ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}`,
  );
  console.log(failed === 0 ? 'No errors.' : `${failed} failed requests.`);
  process.exitCode = failed === 0 ? 0 : 1;
} finally {
  await stopProcess(bare?.child);
  rmSync(engineDir, { recursive: true, force: true });
}
