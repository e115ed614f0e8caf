// npm run bench:bus — request/reply latency of the bus and this process's CPU per request, in-process transport vs NATS, measured side by side
// in one run with the same Nest handler, client, payload and request count. Needs `npm run build:server`
// (the npm script does it) and nats-server (a private one is started on a free loopback port).
import 'reflect-metadata';
import { InProcessBroker } from '@membolt/bus';
import { performance } from 'node:perf_hooks';
import {
  createContractClient,
  startContractServer,
  TestSubjects,
} from '../../libs/bus/dist/testing/contract-fixtures.js';
import { startNatsServer } from '../../libs/bus/dist/testing/nats-server.js';

const WARMUP = Number(process.env.BENCH_WARMUP ?? 500);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 5000);
const TARGET_NATS_P50_MS = 0.6;

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function measure(label, transport) {
  const server = await startContractServer(transport, label);
  const client = await createContractClient(transport, 5000);
  const payload = { text: 'membolt', times: 1 };
  for (let i = 0; i < WARMUP; i++) await client.bus.request(TestSubjects.echo, payload);
  const samples = new Float64Array(REQUESTS);
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    await client.bus.request(TestSubjects.echo, payload);
    samples[i] = performance.now() - started;
  }
  const cpu = process.cpuUsage(cpuBefore);
  // This process's CPU per request (client and, in process, the handler too): on a loaded machine the
  // latency follows the other load, the CPU a request costs much less so.
  const cpuMicros = (cpu.user + cpu.system) / REQUESTS;
  await client.close();
  await server.close();
  const sorted = Array.from(samples).sort((a, b) => a - b);
  return {
    label,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    mean: sorted.reduce((a, b) => a + b, 0) / sorted.length,
    cpuMicros,
  };
}

const nats = await startNatsServer();
try {
  const inProcess = await measure('in-process', { transport: 'in-process', broker: new InProcessBroker() });
  const overNats = await measure('nats', { transport: 'nats', servers: nats.url, name: 'bench' });
  const fmt = (ms) => `${ms.toFixed(3)} ms`.padStart(10);
  console.log(
    `\nBus request/reply, ${REQUESTS} sequential requests after ${WARMUP} warm-up (Nest handler with payload validation)`,
  );
  console.log(
    `${'transport'.padEnd(12)}${'p50'.padStart(10)}${'p99'.padStart(10)}${'mean'.padStart(10)}${'CPU µs/req'.padStart(12)}`,
  );
  for (const r of [inProcess, overNats])
    console.log(
      `${r.label.padEnd(12)}${fmt(r.p50)}${fmt(r.p99)}${fmt(r.mean)}${r.cpuMicros.toFixed(1).padStart(12)}`,
    );
  console.log(
    `ratio nats/in-process: p50 ${(overNats.p50 / inProcess.p50).toFixed(2)}x, p99 ${(overNats.p99 / inProcess.p99).toFixed(2)}x`,
  );
  const hop = overNats.p50;
  console.log(
    `NATS hop p50 ${hop.toFixed(3)} ms vs target < ${TARGET_NATS_P50_MS} ms: ${hop < TARGET_NATS_P50_MS ? 'OK' : 'ABOVE TARGET'}`,
  );
} finally {
  await nats.stop();
}
