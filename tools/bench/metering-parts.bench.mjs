// node tools/bench/metering-parts.bench.mjs <baseline root> — what metering costs a search's main thread, in
// this build and a baseline's (another built checkout), side by side in one process: (1) the answer's JSON and
// its tokens (decision 046's count) for a REST search over 100 memories: the baseline's
// `countTokensProcessed` plus the edge's serialization of the same answer, against this build's JSON made
// once (`tokenJsonOf`, `tokensOfJson`); (2) billing's write of 64 usage events of one outbox batch (the
// embedded store): the baseline's `begin` each, against this build's `createMany`. CPU µs per call / per
// event, BENCH_METERING_ROUNDS (3) rounds alternating the builds. Not part of `npm test`; quote the load.
import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

import { openMemoryEngine } from './support/memory-engine.mjs';
import { ROOT } from './support/standalone-process.mjs';

const ROUNDS = Number(process.env.BENCH_METERING_ROUNDS ?? 3);
const CALLS = 20_000;
const BATCHES = 50;
const BATCH = 64;
if (!process.argv[2]) {
  console.error('usage: node tools/bench/metering-parts.bench.mjs <baseline root>');
  process.exit(64);
}
const baselineRoot = resolve(process.argv[2]);
const load = (root, path) => import(pathToFileURL(join(root, path)).href);
const cpu = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};
console.log(`Metering parts, baseline ${baselineRoot}; load ${loadavg()[0].toFixed(1)}`);

// (1) A real search answer, as the gateway shapes it.
const { toSearchView } = await load(ROOT, 'libs/memory/dist/memory.views.js');
const { toSearchResponse } = await load(ROOT, 'libs/gateway/dist/memories/memory.views.js');
const baseContracts = await load(baselineRoot, 'libs/contracts/dist/index.js');
const thisContracts = await load(ROOT, 'libs/contracts/dist/index.js');
const engineDir = mkdtempSync(join(tmpdir(), 'membolt-bench-metering-'));
const engine = await openMemoryEngine(engineDir, {});
const sentence = (i) => `Note ${i}: the user mentioned tea and Berlin on day ${i % 31}.`;
await engine.service.createBatch('bench-user', {
  memories: Array.from({ length: 100 }, (_, i) => ({ text: sentence(i) })),
});
const query = 'what does the user like about tea and Berlin';
const answer = toSearchResponse(
  toSearchView(query, await engine.service.search('bench-user', { query, limit: 10 })),
  false,
);
await engine.close();
rmSync(engineDir, { recursive: true, force: true });
const input = { params: { userId: 'bench-user' }, query: { query, limit: '10' } };
const baselineAnswer = () =>
  baseContracts.countTokensProcessed(input, answer) + JSON.stringify(answer).length;
const thisAnswer = () => {
  const json = thisContracts.tokenJsonOf(answer);
  return thisContracts.tokensOfJson(thisContracts.tokenJsonOf(input), json) + json.length;
};
if (baselineAnswer() !== thisAnswer()) throw new Error('The builds count different tokens');
console.log(
  `Answer: ${JSON.stringify(answer).length} bytes of JSON, ${baseContracts.countTokensProcessed(input, answer)} tokens in both builds`,
);
for (const run of [baselineAnswer, thisAnswer]) for (let i = 0; i < 2000; i++) run();

// (2) Billing's embedded store, one per build.
const { startedUsageEntry } = await load(ROOT, 'libs/billing/dist/domain/usage.js');
const storeOf = async (root) => {
  const { openBillingEmbeddedStore } = await load(
    root,
    'libs/billing/dist/adapters/embedded/billing-store.embedded.js',
  );
  const dir = mkdtempSync(join(tmpdir(), 'membolt-bench-metering-billing-'));
  return { store: openBillingEmbeddedStore(dir), dir };
};
const baseline = await storeOf(baselineRoot);
const current = await storeOf(ROOT);
let key = 0;
const event = () => ({
  ...startedUsageEntry({
    userId: 'bench-user',
    idempotencyKey: `m-${key++}`,
    at: new Date(),
    endpoint: '/search',
    method: 'GET',
    keyId: 'bench-key',
  }),
  allowed: true,
  recorded: true,
  succeeded: true,
  tokens: 900,
});

const rows = {};
for (let round = 1; round <= ROUNDS; round++) {
  const column = `round ${round}`;
  const time = (label, us) => ((rows[label] ??= {})[column] = Number(us.toFixed(1)));
  let started = cpu();
  for (let i = 0; i < CALLS; i++) baselineAnswer();
  time('answer JSON + tokens, baseline (µs a search)', (cpu() - started) / CALLS);
  started = cpu();
  for (let i = 0; i < CALLS; i++) thisAnswer();
  time('answer JSON + tokens, this (µs a search)', (cpu() - started) / CALLS);
  started = cpu();
  for (let b = 0; b < BATCHES; b++) for (let i = 0; i < BATCH; i++) await baseline.store.usage.begin(event());
  time('usage write, baseline (µs an event)', (cpu() - started) / (BATCHES * BATCH));
  started = cpu();
  for (let b = 0; b < BATCHES; b++)
    await current.store.usage.createMany(Array.from({ length: BATCH }, event));
  time('usage write, this (µs an event)', (cpu() - started) / (BATCHES * BATCH));
}
console.table(rows);
console.log(
  `Load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
for (const { store, dir } of [baseline, current]) {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
