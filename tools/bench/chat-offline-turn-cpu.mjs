// node tools/bench/chat-offline-turn-cpu.mjs [root of a built checkout] [turns]: the CPU (process.cpuUsage) and
// wall time of in-process offline chat turns (no provider: the offline assistant answers) that ask about the
// past ("Which cities with good food did I visit with bakalu?": "did I" is a past cue), over the real memory
// engine (MemoryService on its embedded store, the offline embedder, no sentence encoder), 200 memories, and the
// memory searches each turn made. Such a turn's offline answer looks at closed facts too (decision 267); run
// it for two checkouts in turns to compare them on a loaded machine.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { openMemoryEngine } from './support/memory-engine.mjs';

const root = resolve(process.argv[2] ?? fileURLToPath(new URL('../../', import.meta.url)));
const N = Number(process.argv[3] ?? 200);
const chat = (path) => import(join(root, 'libs/chat/dist', path));
const { openChatEmbeddedStore } = await chat('adapters/embedded/chat-store.embedded.js');
const { NO_PROVIDER_KEYS, RULES_ONLY } = await chat('testing/learning-scenarios.js');
const { ChatTurnService } = await chat('services/chat-turn.service.js');
const { ModelCatalogueService } = await chat('services/model-catalogue.service.js');
const { toSearchView } = await import(join(root, 'libs/memory/dist/memory.views.js'));
const { TestClock } = await import(join(root, 'libs/platform/dist/index.js'));

const dir = mkdtempSync(join(tmpdir(), 'chat-offline-turn-cpu-'));
const engine = await openMemoryEngine(dir, {
  root,
  annMinVectors: 5000,
  events: { changed: async () => {} },
});
const topics = ['tea', 'hiking', 'Berlin', 'piano', 'sourdough', 'cycling', 'Lisbon', 'chess', 'orchids'];
await engine.service.addBatch('u', {
  memories: Array.from({ length: 200 }, (_, i) => ({
    text: `I visited ${topics[i % topics.length]} city ${i} and liked its food.`,
  })),
  dedupe: false,
});
let searches = 0;
const memory = {
  search: async (userId, request) => {
    searches++;
    return toSearchView(request.query, await engine.service.search(userId, request)).results;
  },
};
const settings = { ...RULES_ONLY, extraction: 'off' };
const clock = new TestClock(Date.UTC(2026, 5, 15, 9));
const store = openChatEmbeddedStore(dir);
const service = new ChatTurnService(
  settings,
  store,
  clock,
  memory,
  () => {
    throw new Error('These turns are answered offline');
  },
  { enqueue: async () => null },
  new ModelCatalogueService(settings, NO_PROVIDER_KEYS),
);
const syllables = ['ba', 'ka', 'lu', 'po', 'vi', 'zu', 'bi', 'ko', 'la', 'pu', 'vo', 'zi'];
const wordOf = (i) => {
  let word = '';
  for (let n = i + syllables.length; n > 0; n = Math.floor(n / syllables.length))
    word += syllables[n % syllables.length];
  return word;
};
const turn = (i) =>
  service.send('u', { message: `Which cities with good food did I visit with ${wordOf(i)}?` });
for (let i = 0; i < 20; i++) await turn(i);
searches = 0;
const before = process.cpuUsage();
const started = performance.now();
for (let i = 20; i < 20 + N; i++) await turn(i);
const used = process.cpuUsage(before);
console.log(
  JSON.stringify({
    root,
    turns: N,
    searchesPerTurn: searches / N,
    cpuUsPerTurn: Math.round((used.user + used.system) / N),
    wallUsPerTurn: Math.round(((performance.now() - started) * 1000) / N),
  }),
);
await store.close();
await engine.close();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
