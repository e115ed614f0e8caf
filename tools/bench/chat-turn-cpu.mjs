// node tools/bench/chat-turn-cpu.mjs [root of a built checkout] [turns]: the CPU (process.cpuUsage) of in-process
// chat turns of plain questions and of the learning each queues, run to its end: the chat turn service over its
// embedded store, the embedded job queue and the fact learning (rules on this thread), an in-memory memory
// service, a provider that streams at once. The chat's own work per turn, without the memory service, the edge
// or the bus (decision 258); run it for two checkouts in turns to compare them on a loaded machine.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
const root = process.argv[2] ?? fileURLToPath(new URL('../../', import.meta.url));
const N = Number(process.argv[3] ?? 300);
const chat = (p) => import(join(root, 'libs/chat/dist', p));
const { openChatEmbeddedStore } = await chat('adapters/embedded/chat-store.embedded.js');
const { InMemoryMemoryAccess } = await chat('testing/in-memory-memory-access.js');
const { NO_PROVIDER_KEYS, RULES_ONLY } = await chat('testing/learning-scenarios.js');
const { ChatTurnService } = await chat('services/chat-turn.service.js');
const { FactLearningService } = await chat('services/fact-learning.service.js');
const { ModelCatalogueService } = await chat('services/model-catalogue.service.js');
const { JobsFactExtractionQueue } = await chat('adapters/jobs/jobs-fact-extraction.queue.js');
const { EmbeddedJobQueue } = await import(join(root, 'libs/jobs/dist/index.js'));
const { TestClock } = await import(join(root, 'libs/platform/dist/index.js'));
const dir = mkdtempSync(join(tmpdir(), 'chat15-turn-cpu-'));
const settings = {
  ...RULES_ONLY,
  extraction: 'rules',
  providers: [{ provider: 'anthropic', apiKey: 'k', baseUrl: null }],
};
const providers = () => ({
  id: 'anthropic',
  async *stream() {
    for (const t of ['Here ', 'is ', 'what ', 'I ', 'remember.']) yield { type: 'text', text: t };
  },
});
const clock = new TestClock(Date.UTC(2026, 5, 15, 9));
const memory = new InMemoryMemoryAccess(clock);
for (let i = 0; i < 50; i++)
  await memory.create('u', {
    text: `I visited city number ${i} and liked its food.`,
    category: null,
    importance: 0.5,
    source: 'api',
    metadata: {},
  });
const catalogue = new ModelCatalogueService(settings, NO_PROVIDER_KEYS);
const learning = new FactLearningService(settings, memory, providers, clock, catalogue);
const queue = EmbeddedJobQueue.open(dir, 'chat', {
  leaseMs: 30000,
  pollMs: 500,
  keepFinishedMs: 3600000,
  closeTimeoutMs: 10000,
});
const extraction = new JobsFactExtractionQueue(queue, learning);
extraction.onModuleInit();
await queue.start();
const store = openChatEmbeddedStore(dir);
const service = new ChatTurnService(settings, store, clock, memory, providers, extraction, catalogue);
const syl = ['ba', 'ka', 'lu', 'po', 'vi', 'zu', 'bi', 'ko', 'la', 'pu', 'vo', 'zi'];
const wordOf = (i) => {
  let w = '';
  for (let n = i + syl.length; n > 0; n = Math.floor(n / syl.length)) w += syl[n % syl.length];
  return w;
};
const turn = (i) =>
  service.send('u', { message: `Which cities with good food did I visit with ${wordOf(i)}?` });
for (let i = 0; i < 30; i++) await turn(i);
await new Promise((r) => setTimeout(r, 1500));
const before = process.cpuUsage();
let jobs = 0;
let last = null;
for (let i = 30; i < 30 + N; i++) {
  const t = await turn(i);
  if (t.extractionJobId) {
    jobs++;
    last = t.extractionJobId;
  }
}
if (last) await queue.waitFor(last, 60000);
const used = process.cpuUsage(before);
console.log(
  JSON.stringify({
    root,
    turns: N,
    jobsQueued: jobs,
    cpuUsPerTurn: Math.round((used.user + used.system) / N),
  }),
);
await queue.close();
await store.close();
rmSync(dir, { recursive: true, force: true });
