// What the sentence channel's scope bound (SENTENCE_ENCODER_MAX_SCOPE, decision 203) buys and costs, on the
// embedded store in this process:
// 1. USE-lite itself (loaded here, as the sentence thread does): the model's load, one query's encoding, and a
//    memory's encoding in the sweep's chunks of 16 (medians);
// 2. for scopes of 500 to 10,000 memories (random unit vectors stand for the model's): what a personal search
//    adds before the query is encoded (the scope's size checked, its unencoded memories read) and the exact
//    scan of its vectors (k 100), medians of 20; and the time the sweep would take to encode the whole scope.
// Prints figures only (a ratio inside one run is what a loaded machine allows).
//   node tools/build-server.mjs libs/contracts libs/platform libs/embedded-store libs/memory
//   node tools/bench/sentence-scope.bench.mjs [--sizes 500,1000,2000,5000,10000]
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const dist = (path) => import(join(ROOT, 'libs/memory/dist', path));
const { openMemoryEmbeddedStore } = await dist('adapters/embedded/memory-store.embedded.js');
const { makeMemoryRecord } = await dist('testing/memory.factory.js');
const { UseLiteSentenceEncoder, unitVector, USE_LITE_MODEL, USE_LITE_DIMENSION } = await dist(
  'embedders/use-lite.sentence-encoder.js',
);
const { SENTENCE_SWEEP_CHUNK, SENTENCE_SETTLE_LIMIT } = await dist('memory-sentence.sweep.js');

const { values: args } = parseArgs({
  options: { sizes: { type: 'string', default: '500,1000,2000,5000,10000' } },
});
const sizes = args.sizes.split(',').map(Number);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const time = async (run, times) => {
  const out = [];
  for (let i = 0; i < times; i++) {
    const at = performance.now();
    await run(i);
    out.push(performance.now() - at);
  }
  return median(out);
};
console.log(
  `load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);

// 1. The model.
const encoder = new UseLiteSentenceEncoder();
const loadAt = performance.now();
await encoder.encode(['warm up']);
const loadMs = performance.now() - loadAt;
const queryMs = await time((i) => encoder.encode([`What do I do for a living, question ${i}?`]), 7);
const chunk = (i) =>
  Array.from(
    { length: SENTENCE_SWEEP_CHUNK },
    (_, j) => `I have lived in flat ${i * 100 + j} of the old mill since my daughter was born.`,
  );
const chunkMs = await time((i) => encoder.encode(chunk(i)), 5);
const perMemoryMs = chunkMs / SENTENCE_SWEEP_CHUNK;
console.log(
  `USE-lite: load ${loadMs.toFixed(0)} ms (first call), query ${queryMs.toFixed(1)} ms, ` +
    `${perMemoryMs.toFixed(1)} ms a memory in chunks of ${SENTENCE_SWEEP_CHUNK}`,
);

// 2. Scopes.
const dir = mkdtempSync(join(tmpdir(), 'membolt-sentence-scope-'));
const store = openMemoryEmbeddedStore(dir, { dimension: 8, annMinVectors: 1_000_000 });
let seed = 7;
const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31) * 2 - 1;
const randomUnit = () => unitVector(Array.from({ length: USE_LITE_DIMENSION }, random));
try {
  console.log(
    '| scope | checks before the query (size, unencoded) | exact scan, k 100 | channel beside the query | whole scope encoded |',
  );
  console.log('| ---: | ---: | ---: | ---: | ---: |');
  for (const size of sizes) {
    const scope = { userId: `bench-${size}`, endUserId: '' };
    const start = Date.UTC(2026, 0, 1);
    for (let from = 0; from < size; from += 1000) {
      const records = Array.from({ length: Math.min(1000, size - from) }, (_, i) =>
        makeMemoryRecord(scope, 8, {
          text: `memory ${from + i}`,
          createdAt: new Date(start + (from + i) * 1000),
        }),
      );
      await store.memories.insertMany(scope, records);
      await store.sentences.save(
        USE_LITE_MODEL,
        records.map((r) => ({ id: r.memory.id, scope, text: r.memory.text, vector: randomUnit() })),
      );
    }
    const filter = { validity: { kind: 'open', now: new Date() } };
    const query = randomUnit();
    const checksMs = await time(async () => {
      await store.sentences.holdsAtMost(scope, size);
      await store.sentences.unencoded(scope, SENTENCE_SETTLE_LIMIT);
    }, 20);
    const scanMs = await time(() => store.sentences.nearest(scope, filter, query, 100, size), 20);
    console.log(
      `| ${size} | ${checksMs.toFixed(2)} ms | ${scanMs.toFixed(2)} ms | ` +
        `${(((checksMs + scanMs) / queryMs) * 100).toFixed(0)}% of the query's encoding | ` +
        `${((size * perMemoryMs) / 1000).toFixed(0)} s |`,
    );
  }
} finally {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
