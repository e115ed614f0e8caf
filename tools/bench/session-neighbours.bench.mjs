// The cost of the neighbours lookup for memories added without a conversation (decision 196) against the
// conversation one, on the embedded store in this process: a scope of 40,000 memories, 20,000 added without a
// conversation within a minute (every one inside the pause, the widest walk) and 20,000 in 50 conversations;
// 100 candidates of each kind, 2 before and 1 after, alternated five times, medians of 20 lookups each.
// Prints figures only (a ratio inside one run is what a loaded machine allows).
//   node tools/build-server.mjs libs/contracts libs/platform libs/embedded-store libs/memory
//   node tools/bench/session-neighbours.bench.mjs
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const dist = (path) => import(join(ROOT, 'libs/memory/dist', path));
const { openMemoryEmbeddedStore } = await dist('adapters/embedded/memory-store.embedded.js');
const { makeMemoryRecord } = await dist('testing/memory.factory.js');
const { DEFAULT_SESSION_GAP_MINUTES } = await dist('memory.options.js');

const N = 20_000;
const GAP = DEFAULT_SESSION_GAP_MINUTES * 60_000;
const dir = mkdtempSync(join(tmpdir(), 'membolt-session-neighbours-'));
const store = openMemoryEmbeddedStore(dir, { dimension: 8, annMinVectors: 1_000_000 });
try {
  const scope = { userId: 'bench', endUserId: '' };
  const start = Date.UTC(2026, 0, 1);
  const plainIds = [];
  const turnIds = [];
  for (let from = 0; from < N; from += 1000) {
    const plain = Array.from({ length: 1000 }, (_, i) =>
      makeMemoryRecord(scope, 8, { text: `plain ${from + i}`, createdAt: new Date(start + (from + i) * 3) }),
    );
    const turns = Array.from({ length: 1000 }, (_, i) =>
      makeMemoryRecord(scope, 8, {
        text: `turn ${from + i}`,
        conversationId: `c${(from + i) % 50}`,
        createdAt: new Date(start + (from + i) * 3),
      }),
    );
    await store.memories.insertMany(scope, plain);
    await store.memories.insertMany(scope, turns);
    // Candidates spread over the scope.
    if (plainIds.length < 100)
      plainIds.push(...plain.filter((_, i) => i % 200 === 7).map((r) => r.memory.id));
    if (turnIds.length < 100) turnIds.push(...turns.filter((_, i) => i % 200 === 7).map((r) => r.memory.id));
  }
  const filter = { validity: { kind: 'open', now: new Date() } };
  const lookup = (ids) => () => store.search.neighbours(scope, filter, ids, 2, 1, GAP);
  const time = async (run) => {
    const at = performance.now();
    for (let i = 0; i < 20; i++) await run();
    return (performance.now() - at) / 20;
  };
  const session = [];
  const conversation = [];
  for (let round = 0; round < 5; round++) {
    session.push(await time(lookup(plainIds)));
    conversation.push(await time(lookup(turnIds)));
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const found = await lookup(plainIds)();
  console.log(
    `scope of ${2 * N} memories (${N} without a conversation, ${N} in 50 conversations); ` +
      `${plainIds.length} + ${turnIds.length} candidates, 2 before / 1 after, gap ${DEFAULT_SESSION_GAP_MINUTES} min`,
  );
  console.log(
    `inferred session ${median(session).toFixed(2)} ms (${found.size} with neighbours), ` +
      `conversation ${median(conversation).toFixed(2)} ms, ratio ${(median(session) / median(conversation)).toFixed(2)}`,
  );
} finally {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
