// npm run bench:load — 200 concurrent clients for 60 s (BENCH_CONNECTIONS, BENCH_DURATION_S) with autocannon,
// first against the gateway (GET /api/health with a real API key), then against the BFF (a GraphQL query),
// on a standalone process this script starts on a temporary DATA_DIR. Prints req/s, latency p50/p99, errors
// by kind and the server's RSS (read from its own /metrics) before and after. Needs `npm run build:server`
// (the npm script does it). Not part of `npm test`: it saturates the machine for two minutes.
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
  createUserWithKey,
  freePort,
  residentMemoryMb,
  ROOT,
  startStandalone,
} from './support/standalone-process.mjs';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 60);
for (const [name, value] of [
  ['BENCH_CONNECTIONS', CONNECTIONS],
  ['BENCH_DURATION_S', DURATION_S],
]) {
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${name} must be a positive integer`);
    process.exit(64);
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'membolt-bench-load-'));
const [port, metricsPort] = [await freePort(), await freePort()];
const env = {
  PATH: process.env.PATH ?? '',
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  HOST: '127.0.0.1',
  PORT: String(port),
  METRICS_PORT: String(metricsPort),
  METRICS_HOST: '127.0.0.1',
  // One access-log line per request would measure the log pipe, not the product.
  LOG_LEVEL: 'warn',
  // The per-key limit (120/min by default) would turn the gateway run into a count of 429s: this measures
  // the request path, the limiter's own correctness is tested elsewhere.
  GATEWAY_RATE_LIMIT_PER_MINUTE: '1000000',
  GATEWAY_RATE_LIMIT_PER_USER_PER_MINUTE: '1000000',
  // 200 connections from one address: the per-address budget of the BFF is tested elsewhere.
  BFF_RATE_LIMIT_PER_MINUTE: '1000000',
};

let server;
try {
  // A real user and API key, created through the operator CLI on the same data directory.
  const { apiKey } = await createUserWithKey(env, {
    email: `bench-${randomBytes(4).toString('hex')}@example.com`,
    name: 'Load Bench',
  });

  let base, ops;
  ({ server, base, ops } = await startStandalone(env, 60_000));
  const rssMb = () => residentMemoryMb(ops);

  const targets = [
    {
      name: 'gateway GET /api/health (X-API-Key)',
      options: { url: `${base}/api/health`, headers: { 'x-api-key': apiKey } },
    },
    {
      name: 'BFF POST /graphql (planCatalogue)',
      options: {
        url: `${base}/graphql`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: 'query BenchPlans { planCatalogue { plans { id name monthlyPriceCents } } }',
        }),
      },
    },
  ];
  // Sanity: each target answers 200 before it is measured, so the figures are of real work.
  for (const target of targets) {
    const { url, ...init } = target.options;
    const response = await fetch(url, init);
    if (response.status !== 200)
      throw new Error(`${target.name} answered ${response.status}: ${await response.text()}`);
  }

  const rssStart = await rssMb();
  console.log(
    `\nLoad: ${CONNECTIONS} connections for ${DURATION_S} s per target, standalone on ${base} (DATA_DIR ${dataDir})`,
  );
  console.log(`RSS before: ${rssStart.toFixed(1)} MB`);
  const rows = [];
  for (const target of targets) {
    const result = await autocannon({ ...target.options, connections: CONNECTIONS, duration: DURATION_S });
    const rss = await rssMb();
    const statuses = Object.entries(result.statusCodeStats ?? {})
      .map(([status, { count }]) => `${status}:${count}`)
      .join(' ');
    rows.push({
      target: target.name,
      'req/s': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      requests: result.requests.total,
      'non-2xx': result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      statuses,
      'RSS after MB': Number(rss.toFixed(1)),
    });
  }
  console.table(rows);
  const rssEnd = await rssMb();
  console.log(`RSS before ${rssStart.toFixed(1)} MB, after ${rssEnd.toFixed(1)} MB`);
  const failed = rows.reduce((sum, row) => sum + row['non-2xx'] + row.errors + row.timeouts, 0);
  console.log(failed === 0 ? 'No errors.' : `${failed} failed requests.`);
  process.exitCode = failed === 0 ? 0 : 1;
} finally {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
}
