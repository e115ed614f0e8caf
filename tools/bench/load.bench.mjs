// npm run bench:load — with autocannon, on a standalone process this script starts on a temporary DATA_DIR:
//   health:  GET /api/health with a real API key, BENCH_CONNECTIONS (200) for BENCH_DURATION_S (60 s);
//   graphql: the BFF (a GraphQL query), the same;
//   search:  GET /api/user/{id}/search over 300 stored memories, 100 connections for 30 s;
//   add:     POST /api/user/{id}/memories, 200 connections for 30 s.
// BENCH_TARGETS picks some (`search,add`). During each, GET /api/status is read in a loop and its latency
// reported (p50, p99, max). Prints req/s, latency p50/p99 (503s included: a shed request is answered), timeouts
// (no answer in 10 s), answers by status and the server's RSS (from its own /metrics) before and after. Exits 1
// on any error or timeout; 503 `service_unavailable` (load shed early, with Retry-After) is reported, not an
// error. Needs `npm run build:server` (the npm script does it). Not part of `npm test`: it saturates the machine.
// BENCH_LOAD_BASELINE=<root of another built checkout> also measures that build, right after this one, on its
// own data directory, and prints both tables; the machine's load average is printed with each. BENCH_PORT=<n>
// puts the public listeners on n (this build) and n+2 (baseline), their ops listeners on n+1 and n+3, instead
// of free ports the script picks. Per-turn accepting is measured at its default unless HTTP_ACCEPT_HANDLES is
// given.
import autocannon from 'autocannon';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';

import { benchBuilds, startBenchApp } from './support/bench-app.mjs';
import { residentMemoryMb } from './support/standalone-process.mjs';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 60);
const ALL_TARGETS = ['health', 'graphql', 'search', 'add'];
const CHOSEN = (process.env.BENCH_TARGETS ?? ALL_TARGETS.join(',')).split(',').map((name) => name.trim());
if (CHOSEN.length === 0 || CHOSEN.some((name) => !ALL_TARGETS.includes(name))) {
  console.error(`BENCH_TARGETS must be a comma-separated list of ${ALL_TARGETS.join(', ')}`);
  process.exit(64);
}
/** autocannon's own default: a request with no answer in 10 s is a timeout. */
const TIMEOUT_S = 10;
const SEEDED_MEMORIES = 300;
const BASELINE = process.env.BENCH_LOAD_BASELINE ? resolve(process.env.BENCH_LOAD_BASELINE) : null;
const PORT_BASE = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : null;
if (PORT_BASE !== null && (!Number.isInteger(PORT_BASE) || PORT_BASE < 1 || PORT_BASE > 65_532)) {
  console.error('BENCH_PORT must be a port number');
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

const builds = benchBuilds(BASELINE);
let failed = 0;
for (const [index, build] of builds.entries()) failed += await measure(build, index);
console.log(failed === 0 ? 'No errors.' : `${failed} failed requests.`);
process.exitCode = failed === 0 ? 0 : 1;

/** Runs the chosen targets on `build`'s app, prints its table and answers how many requests failed. */
async function measure(build, index) {
  const ports =
    PORT_BASE === null
      ? {}
      : { PORT: String(PORT_BASE + 2 * index), METRICS_PORT: String(PORT_BASE + 2 * index + 1) };
  // The edge's load bound is measured at its defaults unless these are given (e.g. HTTP_MAX_IN_FLIGHT=0: none).
  const bounds = Object.fromEntries(
    ['HTTP_MAX_IN_FLIGHT', 'HTTP_MAX_QUEUED', 'HTTP_MAX_QUEUE_WAIT_MS', 'HTTP_ACCEPT_HANDLES']
      .filter((name) => process.env[name] !== undefined)
      .map((name) => [name, process.env[name]]),
  );
  const app = await startBenchApp({
    root: build.root,
    userName: 'Load Bench',
    readyTimeoutMs: 60_000,
    env: { ...ports, ...bounds },
    loadShedding: true,
  });
  try {
    const { apiKey, userId, base, ops, dataDir } = app;
    const rssMb = () => residentMemoryMb(ops);

    const key = { 'x-api-key': apiKey };
    const json = { ...key, 'content-type': 'application/json' };
    const topics = ['tea', 'hiking', 'Berlin', 'piano', 'sourdough', 'cycling', 'Lisbon', 'chess', 'orchids'];
    const sentence = (i) =>
      `Note ${i}: the user mentioned ${topics[i % topics.length]} and ${topics[(i * 7) % topics.length]} on day ${i % 31}.`;
    const targets = [
      {
        id: 'health',
        name: 'gateway GET /api/health (X-API-Key)',
        connections: CONNECTIONS,
        duration: DURATION_S,
        options: { url: `${base}/api/health`, headers: key },
      },
      {
        id: 'graphql',
        name: 'BFF POST /graphql (planCatalogue)',
        connections: CONNECTIONS,
        duration: DURATION_S,
        options: {
          url: `${base}/graphql`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            query: 'query BenchPlans { planCatalogue { plans { id name monthlyPriceCents } } }',
          }),
        },
      },
      {
        id: 'search',
        name: 'gateway GET /api/user/{id}/search',
        connections: 100,
        duration: 30,
        options: {
          url: `${base}/api/user/${userId}/search?query=${encodeURIComponent('what does the user like about tea and Berlin')}&limit=10`,
          headers: key,
        },
      },
      {
        id: 'add',
        name: 'gateway POST /api/user/{id}/memories',
        connections: 200,
        duration: 30,
        options: {
          url: `${base}/api/user/${userId}/memories`,
          method: 'POST',
          headers: json,
          body: JSON.stringify({ text: sentence(1) }),
          // Every request a different text, as real traffic: autocannon runs a `setupRequest` only from an
          // entry of `requests` (beside `url` it is ignored, and every add after the first was a duplicate).
          requests: [
            {
              setupRequest: (request) => ({
                ...request,
                body: JSON.stringify({ text: sentence(Math.floor(Math.random() * 1e9)) }),
              }),
            },
          ],
        },
      },
    ].filter((target) => CHOSEN.includes(target.id));
    if (CHOSEN.includes('search')) {
      // Search reads what is stored: a user with some memories, as in use.
      for (let start = 0; start < SEEDED_MEMORIES; start += 100) {
        const memories = Array.from({ length: 100 }, (_, i) => ({ text: sentence(start + i) }));
        const response = await fetch(`${base}/api/user/${userId}/memories/batch`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ memories }),
        });
        if (response.status !== 201)
          throw new Error(`Seeding answered ${response.status}: ${await response.text()}`);
      }
    }

    // Sanity: each target answers 2xx before it is measured, so the figures are of real work.
    for (const target of targets) {
      const { url, requests: _unused, ...init } = target.options;
      const response = await fetch(url, init);
      if (response.status < 200 || response.status > 299)
        throw new Error(`${target.name} answered ${response.status}: ${await response.text()}`);
    }

    const rssStart = await rssMb();
    console.log(
      `\nLoad average (1, 5, 15 min) before: ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
    );
    console.log(
      `\nLoad: ${build.label} (${build.root}), standalone on ${base} (DATA_DIR ${dataDir}); timeout ${TIMEOUT_S} s`,
    );
    console.log(`RSS before: ${rssStart.toFixed(1)} MB`);
    const rows = [];
    for (const target of targets) {
      const status = watchStatus(`${base}/api/status`);
      const result = await autocannon({
        ...target.options,
        connections: target.connections,
        duration: target.duration,
        timeout: TIMEOUT_S,
      });
      const probes = await status.stop();
      const rss = await rssMb();
      const statuses = Object.entries(result.statusCodeStats ?? {})
        .map(([code, { count }]) => `${code}:${count}`)
        .join(' ');
      const shed = result.statusCodeStats?.['503']?.count ?? 0;
      rows.push({
        target: target.name,
        load: `${target.connections} conn x ${target.duration} s`,
        'req/s': Math.round(result.requests.average),
        'p50 ms': result.latency.p50,
        'p99 ms': result.latency.p99,
        'max ms': result.latency.max,
        requests: result.requests.total,
        shed,
        'other non-2xx': result.non2xx - shed,
        errors: result.errors,
        timeouts: result.timeouts,
        statuses,
        'status p50 ms': probes.p50,
        'status p99 ms': probes.p99,
        'status max ms': probes.max,
        'status failed': probes.failed,
        'RSS after MB': Number(rss.toFixed(1)),
      });
    }
    console.table(rows);
    const rssEnd = await rssMb();
    console.log(`RSS before ${rssStart.toFixed(1)} MB, after ${rssEnd.toFixed(1)} MB`);
    console.log(
      `Load average (1, 5, 15 min) after: ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
    );
    return rows.reduce(
      (sum, row) => sum + row['other non-2xx'] + row.errors + row.timeouts + row['status failed'],
      0,
    );
  } finally {
    await app.stop();
  }
}

/**
 * Reads GET `url` in a loop (one at a time, as a monitoring probe would) until stopped:
 * its latency percentiles and how many answers failed or took over the timeout.
 */
function watchStatus(url) {
  const latencies = [];
  let failed = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_S * 1000) });
        await response.arrayBuffer();
        if (response.status !== 200) failed++;
      } catch {
        failed++;
      }
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const at = (sorted, q) =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  return {
    async stop() {
      running = false;
      await loop;
      const sorted = [...latencies].sort((a, b) => a - b);
      return { p50: at(sorted, 0.5), p99: at(sorted, 0.99), max: Math.round(sorted.at(-1) ?? 0), failed };
    },
  };
}
