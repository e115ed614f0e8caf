// node tools/bench/edge-profile.mjs — CPU profiles of the built standalone app under load, one route at a time:
// for each route of BENCH_PROFILE_ROUTES (health,search,graphql) it starts the app with `--cpu-prof`, drives
// the route with autocannon at 64 connections for BENCH_DURATION_S (8 s), stops the app (the profile is
// written at exit) and prints the top self-time frames of the load phase by module and by function
// (tools/bench/cpuprofile-top.mjs), each with its microseconds per request answered; BENCH_PROFILE_BY
// (function|module|both|inclusive|stage|step, default both) chooses the tables. The profiles stay in
// BENCH_PROFILE_DIR (a new temporary directory).
// Proportions, not times, are what a profile taken on a loaded machine can tell: quote the load average.
import autocannon from 'autocannon';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { settle } from './support/process-cpu.mjs';
import { benchEnv, createUserWithKey, ROOT, startStandalone } from './support/standalone-process.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const TOP = Number(process.env.BENCH_PROFILE_TOP ?? 25);
const ROUTES = (process.env.BENCH_PROFILE_ROUTES ?? 'health,search,graphql').split(',');
const BY = process.env.BENCH_PROFILE_BY ?? 'both';
const known = ['health', 'search', 'graphql', 'add'];
if (!Number.isInteger(DURATION_S) || DURATION_S < 1 || ROUTES.some((route) => !known.includes(route))) {
  console.error(
    `BENCH_DURATION_S must be a positive integer, BENCH_PROFILE_ROUTES a list of ${known.join(',')}`,
  );
  process.exit(64);
}
const outDir = process.env.BENCH_PROFILE_DIR ?? mkdtempSync(join(tmpdir(), 'membolt-edge-profile-'));
const QUERY = 'what does the user like about tea and Berlin';
const sentence = (i) => `Note ${i}: the user mentioned tea and Berlin on day ${i % 31}.`;

for (const route of ROUTES) {
  const dataDir = mkdtempSync(join(tmpdir(), 'membolt-edge-profile-data-'));
  const profileDir = join(outDir, route);
  mkdirSync(profileDir, { recursive: true });
  const env = await benchEnv(dataDir);
  const { apiKey, userId } = await createUserWithKey(env, {
    email: `profile-${randomBytes(4).toString('hex')}@example.com`,
    name: 'Edge Profile',
    plan: 'enterprise',
  });
  process.env.BENCH_NODE_ARGS = `--cpu-prof --cpu-prof-dir=${profileDir}`;
  const { server, base } = await startStandalone(env, 120_000);
  const key = { 'x-api-key': apiKey };
  const json = { ...key, 'content-type': 'application/json' };
  const seeded = await fetch(`${base}/api/user/${userId}/memories/batch`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ memories: Array.from({ length: 100 }, (_, i) => ({ text: sentence(i) })) }),
  });
  if (seeded.status !== 201) throw new Error(`Seeding answered ${seeded.status}`);
  const options = {
    health: { url: `${base}/api/health`, headers: key },
    search: {
      url: `${base}/api/user/${userId}/search?query=${encodeURIComponent(QUERY)}&limit=10`,
      headers: key,
    },
    add: {
      url: `${base}/api/user/${userId}/memories?end_user_id=profile-adds`,
      method: 'POST',
      headers: json,
      body: JSON.stringify({ text: sentence(1) }),
      // Each request a new text, so each is stored: autocannon runs a `setupRequest` only from an entry of
      // `requests` (beside `url` it is ignored, and every add after the first was a duplicate, not a write).
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({ text: sentence(Math.random() * 1e9) }),
          }),
        },
      ],
    },
    graphql: {
      url: `${base}/graphql`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: 'query EdgeBench { planCatalogue { plans { id name monthlyPriceCents } } }',
      }),
    },
  }[route];
  // The seeded memories' background work (concepts, sentence vectors in the worker thread) is let finish
  // first: it would otherwise be profiled as the route's.
  await settle(server.pid, 60_000);
  // A short warm-up, then the measured load; the profile's load phase is its last `sinceLoad` ms.
  await autocannon({ ...options, connections: 8, duration: 1 });
  const loadStarted = performance.now();
  const result = await autocannon({ ...options, connections: 64, duration: DURATION_S });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
  const sinceLoad = Math.round(performance.now() - loadStarted);
  // The main thread's profile (worker threads write their own, numbered from 1).
  const file = readdirSync(profileDir).find((name) => /\.\d+\.0\.\d+\.cpuprofile$/.test(name));
  console.log(
    `\n=== ${route}: ${Math.round(result.requests.average)} req/s, ${result.requests.total} requests, ${result.non2xx} non-2xx; load average ${loadavg()[0].toFixed(1)}`,
  );
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      join(ROOT, 'tools/bench/cpuprofile-top.mjs'),
      join(profileDir, file),
      '--top',
      String(TOP),
      '--last-ms',
      String(sinceLoad),
      '--requests',
      String(result.requests.total),
      '--by',
      BY,
    ],
    { maxBuffer: 1 << 24 },
  );
  console.log(stdout);
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(`Profiles in ${outDir}`);
