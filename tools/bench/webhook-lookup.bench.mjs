// node tools/bench/webhook-lookup.bench.mjs <root of a built checkout> [<another root> ...]: CPU per call of
// the embedded webhooks store's `listSubscribed` (the read every memory change makes, for a user with no
// endpoint), 20,000 calls a figure, three rounds, the checkouts in turns within one process (decision 267).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const roots = process.argv.slice(2).map((root) => resolve(root));
if (roots.length === 0) {
  console.error('usage: webhook-lookup.bench.mjs <root of a built checkout> [<another root> ...]');
  process.exit(64);
}
const CALLS = 20_000;
const stores = [];
for (const root of roots) {
  const { openWebhooksEmbeddedStore } = await import(
    join(root, 'libs/webhooks/dist/adapters/embedded/webhooks-store.embedded.js')
  );
  const dir = mkdtempSync(join(tmpdir(), 'webhook-lookup-'));
  stores.push({ root, dir, store: openWebhooksEmbeddedStore(dir) });
}
for (let round = 1; round <= 3; round++) {
  for (const { root, store } of round % 2 ? stores : [...stores].reverse()) {
    for (let i = 0; i < 500; i++) await store.endpoints.listSubscribed(`user-${i % 100}`, 'memory.created');
    const before = process.cpuUsage();
    for (let i = 0; i < CALLS; i++) await store.endpoints.listSubscribed(`user-${i % 100}`, 'memory.created');
    const used = process.cpuUsage(before);
    console.log(
      JSON.stringify({ round, root, cpuUsPerCall: Number(((used.user + used.system) / CALLS).toFixed(1)) }),
    );
  }
}
for (const { dir, store } of stores) {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
