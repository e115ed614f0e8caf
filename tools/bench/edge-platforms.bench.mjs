// node tools/bench/edge-platforms.bench.mjs — what the HTTP platform under Nest costs, in one run: a bare Node
// `http` server, Nest on Express and Nest on Fastify (the product's platform, decision 201), each in its own
// process with the same trivial route answering {"status":"ok"}, driven in turn by autocannon at 1 and 64
// connections for BENCH_DURATION_S (8 s) after a 1 s warm-up. Prints req/s, p50, p99 and each one's ratio to
// the bare server. Both platforms load from this repository's node_modules (NEST_FASTIFY_DIR, a directory of
// another install, still overrides Fastify's). Quote the load average printed with the figures.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';

import { freePort, ROOT, waitUntil } from './support/standalone-process.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
if (!Number.isInteger(DURATION_S) || DURATION_S < 1) {
  console.error('BENCH_DURATION_S must be a positive integer');
  process.exit(64);
}
const fastifyDir = process.env.NEST_FASTIFY_DIR;
if (fastifyDir && !existsSync(join(fastifyDir, 'node_modules/@nestjs/platform-fastify'))) {
  console.error(`NEST_FASTIFY_DIR=${fastifyDir} holds no node_modules/@nestjs/platform-fastify`);
  process.exit(64);
}
const app = join(ROOT, 'tools/bench/support/nest-trivial-app.mjs');
const bareSource = (port) => `require('node:http').createServer((req, res) => {
  req.resume();
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{"status":"ok"}');
}).listen(${port}, '127.0.0.1');`;
const servers = [
  { name: 'bare Node http', args: (port) => ['-e', bareSource(port)], path: '/ping' },
  { name: 'Nest + Express', args: (port) => [app, 'express', String(port)], path: '/ping' },
  {
    name: 'Nest + Fastify',
    args: (port) => [app, 'fastify', String(port), ...(fastifyDir ? [fastifyDir] : [])],
    path: '/ping',
  },
];

const rows = [];
const bare = {};
console.log(`Platform bench: ${DURATION_S} s per figure; load average ${loadavg()[0].toFixed(1)}`);
let failed = 0;
for (const server of servers) {
  const port = await freePort();
  const child = spawn(process.execPath, server.args(port), { stdio: ['ignore', 'inherit', 'inherit'] });
  const url = `http://127.0.0.1:${port}${server.path}`;
  try {
    await waitUntil(async () => (await fetch(url)).ok, 30_000, server.name);
    await autocannon({ url, connections: 8, duration: 1 });
    for (const connections of [1, 64]) {
      const result = await autocannon({ url, connections, duration: DURATION_S });
      failed += result.non2xx + result.errors + result.timeouts;
      if (server.name === 'bare Node http') bare[connections] = result.requests.average;
      rows.push({
        server: server.name,
        conn: connections,
        'req/s': Math.round(result.requests.average),
        'p50 ms': result.latency.p50,
        'p99 ms': result.latency.p99,
        'x bare': Number((result.requests.average / bare[connections]).toFixed(2)),
      });
    }
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}
console.table(rows);
console.log(
  `load average ${loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}`,
);
process.exitCode = failed === 0 ? 0 : 1;
