// node tools/bench/validation.bench.mjs <baseline contracts dist> [<baseline gateway dist>] — what validating
// one request costs, this tree's contracts (on receipt by the memory service) and, given a baseline gateway,
// the REST body of an add at the gateway, against those of another build (e.g. a worktree of the commit before
// a change, built with `node tools/build-server.mjs libs/contracts libs/gateway`), in one process, rounds
// alternating. Needs `node tools/build-server.mjs libs/contracts libs/gateway`. Prints microseconds per
// validation; a figure, not a test.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';

const baselineDir = process.argv[2];
if (!baselineDir) {
  console.error('usage: node tools/bench/validation.bench.mjs <baseline libs/contracts/dist>');
  process.exit(2);
}
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);

const load = async (dir) => ({
  requests: { ...(await import(pathToFileURL(resolve(dir, 'index.js')).href)) },
  validatePayload: (await import(pathToFileURL(resolve(dir, 'common/validate-payload.js')).href))
    .validatePayload,
});
const builds = [
  ['baseline', await load(baselineDir)],
  ['this tree', await load(new URL('../../libs/contracts/dist', import.meta.url).pathname)],
];
// The REST body of an add: a class in the baseline, `CreateMemoryBodySchema` once derived from the contract.
const gatewayBaseline = process.argv[3];
if (gatewayBaseline) {
  const dto = async (dir) => import(pathToFileURL(resolve(dir, 'memories/memory.dto.js')).href);
  const [before, after] = await Promise.all([
    dto(gatewayBaseline),
    dto(new URL('../../libs/gateway/dist', import.meta.url).pathname),
  ]);
  builds[0][1].requests.CreateMemoryBody = before.CreateMemoryBodySchema ?? before.CreateMemoryBody;
  builds[1][1].requests.CreateMemoryBody = after.CreateMemoryBodySchema ?? after.CreateMemoryBody;
}

// What the gateway sends for a typical POST .../memories and GET .../search.
const cases = [
  [
    'add (CreateMemoryRequest)',
    'CreateMemoryRequest',
    {
      text: 'I moved to Lisbon in March 2025 and work from a café near the river.',
      metadata: { topic: 'travel', importance: 0.8 },
      category: 'personal',
      source: 'api',
      endUserId: 'customer-42',
      agentId: 'support-bot',
      dedupe: true,
    },
  ],
  ...(gatewayBaseline
    ? [
        [
          'REST add body (CreateMemoryBody)',
          'CreateMemoryBody',
          {
            text: 'I moved to Lisbon in March 2025 and work from a café near the river.',
            metadata: '{"topic":"travel","importance":0.8}',
            category: 'personal',
            end_user_id: 'customer-42',
            agent_id: 'support-bot',
          },
        ],
      ]
    : []),
  [
    'search (SearchMemoriesRequest)',
    'SearchMemoriesRequest',
    { query: 'where do I live?', limit: 10, threshold: 0.1, endUserId: 'customer-42', includeClosed: false },
  ],
  // A chat turn with some history, the REST add with `messages` the chat service learns from, and the change
  // broadcast every memory write sends.
  [
    'chat turn (SendChatTurnRequest)',
    'SendChatTurnRequest',
    {
      message: 'Where should I eat tonight near the river?',
      model: 'gpt-4o-mini',
      history: [
        { role: 'user', content: 'I moved to Lisbon in March.' },
        { role: 'assistant', content: 'Noted: you live in Lisbon since March.' },
      ],
      endUserId: 'customer-42',
    },
  ],
  [
    'learn from messages (LearnFactsFromMessagesRequest)',
    'LearnFactsFromMessagesRequest',
    {
      messages: [
        { role: 'user', content: 'I moved to Lisbon in March 2025.' },
        { role: 'assistant', content: 'Noted.' },
      ],
      metadata: { topic: 'travel' },
      endUserId: 'customer-42',
      agentId: 'support-bot',
    },
  ],
  [
    'memory change broadcast (MemoryChangedEvent)',
    'MemoryChangedEvent',
    {
      userId: 'u_1',
      endUserId: 'customer-42',
      memoryIds: ['m_1', 'm_2'],
      change: 'created',
      at: '2026-01-01T00:00:00.000Z',
    },
  ],
  // What billing checks on receipt before every metered call it authorizes, and two screens' requests.
  [
    'metered call (AuthorizeUsageRequest)',
    'AuthorizeUsageRequest',
    {
      endpoint: '/search',
      method: 'GET',
      idempotencyKey: 'gw:9f2c1e4a-1b2c-4d5e-8f90-a1b2c3d4e5f6',
      keyId: 'key_1',
    },
  ],
  [
    'sign-in (SignInRequest)',
    'SignInRequest',
    { email: 'Ada@Example.com', password: 'analytical engine', remember: true, clientAddress: '127.0.0.1' },
  ],
  [
    'portal settings (UpdatePortalSettingsRequest)',
    'UpdatePortalSettingsRequest',
    {
      displayName: 'Acme',
      logoUrl: 'https://a.example/logo.png',
      color: '#aabbcc',
      frameOrigins: ['https://app.example.com'],
    },
  ],
];

function timeOne(build, name, payload) {
  const contract = build.requests[name];
  let sink = 0;
  const started = performance.now();
  for (let i = 0; i < ITERATIONS; i++) sink += Object.keys(build.validatePayload(contract, payload)).length;
  const elapsed = performance.now() - started;
  if (sink === 0) throw new Error('nothing validated');
  return (elapsed * 1000) / ITERATIONS;
}

for (const [label, name, payload] of cases) {
  // Both builds must accept the payload, and alike, or the comparison means nothing.
  const [a, b] = builds.map(([, build]) =>
    JSON.stringify(build.validatePayload(build.requests[name], payload)),
  );
  if (Object.keys(JSON.parse(a)).sort().join() !== Object.keys(JSON.parse(b)).sort().join())
    throw new Error(`${label}: the builds disagree (${a} / ${b})`);
  for (const [, build] of builds) timeOne(build, name, payload); // warm-up
  const samples = new Map(builds.map(([buildLabel]) => [buildLabel, []]));
  for (let round = 0; round < ROUNDS; round++)
    for (const [buildLabel, build] of round % 2 === 0 ? builds : [...builds].reverse())
      samples.get(buildLabel).push(timeOne(build, name, payload));
  const median = (list) => [...list].sort((x, y) => x - y)[Math.floor(list.length / 2)];
  const [baseline, current] = builds.map(([buildLabel]) => median(samples.get(buildLabel)));
  console.log(
    `${label}: ${ITERATIONS} validations x ${ROUNDS} rounds, median µs each: baseline ${baseline.toFixed(2)}, ` +
      `this tree ${current.toFixed(2)} (x${(baseline / current).toFixed(1)})  ` +
      `[rounds: ${builds
        .map(
          ([l]) =>
            `${l} ${samples
              .get(l)
              .map((v) => v.toFixed(2))
              .join('/')}`,
        )
        .join('; ')}]`,
  );
}
