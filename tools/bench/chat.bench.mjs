// npm run bench:chat — what the chat adds around the language model, over REST (`POST /api/chat` with
// `Accept: text/event-stream`), against a loopback OpenAI-compatible provider this script runs itself, in
// both run modes: standalone (one process) and distributed (NATS, every service its own process, the
// gateway). For each exchange it prints, as p50/p95:
// - added: the client's whole exchange minus the provider's own time (request received -> answer ended):
//   retrieval, prompt, bus hops, storing the exchange and queueing the extraction;
// - first-token delay: from the provider writing its first token to the client reading it.
// It also prints the product's CPU time per exchange (user + system of its processes, from /proc, over the
// measured exchanges; it includes the learning job each turn queues), all threads and the main threads alone:
// on a machine whose other load takes cores away, the times above grow with the load while CPU time does not.
// The user has BENCH_MEMORIES memories, added just before the turns; the turns start once the product has
// finished the background work those adds left (sentence encoding, concept linking), and `settledAfterMs`
// says how long that took. Targets: added p95 <= 15 ms standalone and <= 25 ms distributed (decision 071 set
// 25 ms for both), first-token delay <= 5 ms p50. Each mode prints one line with its
// figures against its targets, then the JSON of all of them.
// BENCH_CHAT_BASELINE=<root of another built checkout> also measures that build, alternated with this one in
// the same run (BENCH_CHAT_ROUNDS rounds, default 1): the way to compare two builds on a shared machine.
// BENCH_CHAT_PAUSE_MS pauses before each measured exchange; with MEMORY_WORKER_IDLE_SECONDS shorter than it
// (passed on to the product, as CHAT_SENTENCE_LOAD_WAIT_MS is), each turn finds the memory service's sentence
// thread ended and its model to load again, as the turn of a user who paused a minute does (decision 229).
// BENCH_CHAT_MESSAGES=plain-questions tells each question apart by a word of letters instead of a number, as a
// user's own question is: the number of the default makes chrono and the rules read every question.
// BENCH_CHAT_MESSAGES=statements sends a statement the rules learn a fact from in each exchange ("I live in
// Town37.": the learning searches for "User lives in Town37.", closes the last turn's residence and stores
// this one) instead of a question that teaches nothing (the default, `questions`): the CPU per exchange then
// counts the learning's search, its writes, and the sentence vector and concepts of each new memory.
// Needs `npm run build:server` (the npm script does it) and nats-server for the distributed run.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startLoopbackLlmServer } from '../../libs/chat/dist/testing/loopback-llm-server.js';
import { startNatsServer } from '../../libs/bus/dist/testing/nats-server.js';
import {
  benchEnv,
  createUserWithKey,
  freePort,
  ROOT,
  startStandalone,
  waitUntil,
  stopProcess,
  postJson,
} from './support/standalone-process.mjs';

const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
const EXCHANGES = Number(process.env.BENCH_EXCHANGES ?? 200);
const MEMORIES = Number(process.env.BENCH_MEMORIES ?? 200);
const MODES = (process.env.BENCH_MODES ?? 'standalone,distributed').split(',');
const BASELINE = process.env.BENCH_CHAT_BASELINE ? resolve(process.env.BENCH_CHAT_BASELINE) : null;
const ROUNDS = Number(process.env.BENCH_CHAT_ROUNDS ?? 1);
/** A pause before each measured exchange, in ms: a user who reads the answer before asking again. */
const PAUSE_MS = Number(process.env.BENCH_CHAT_PAUSE_MS ?? 0);
if (!Number.isInteger(PAUSE_MS) || PAUSE_MS < 0) {
  console.error('BENCH_CHAT_PAUSE_MS must be a non-negative integer');
  process.exit(64);
}
if (!Number.isInteger(ROUNDS) || ROUNDS < 1) {
  console.error('BENCH_CHAT_ROUNDS must be a positive integer');
  process.exit(64);
}
const MESSAGES = process.env.BENCH_CHAT_MESSAGES ?? 'questions';
if (!['questions', 'plain-questions', 'statements'].includes(MESSAGES)) {
  console.error('BENCH_CHAT_MESSAGES must be questions, plain-questions or statements');
  process.exit(64);
}
/** A word of letters for each exchange ("bakalu"): no digit, and none of the words a date starts from. */
const wordOf = (i) => {
  const syllables = ['ba', 'ka', 'lu', 'po', 'vi', 'zu', 'bi', 'ko', 'la', 'pu', 'vo', 'zi'];
  let word = '';
  for (let n = i + syllables.length; n > 0; n = Math.floor(n / syllables.length))
    word += syllables[n % syllables.length];
  return word;
};
/**
 * The exchange's message: each one new (no cached query vector). `questions` numbers it ("(37)"), which makes
 * the memory service's analysis run chrono on it and the learning read it with the rules; `plain-questions`
 * tells it apart by a word of letters, as a user's own question is (neither reads it); `statements` states a
 * fact to learn.
 */
const messageOf = (i) =>
  MESSAGES === 'statements'
    ? `I live in Town${i}.`
    : MESSAGES === 'plain-questions'
      ? `Which cities with good food did I visit with ${wordOf(i)}?`
      : `Which cities with good food did I visit? (${i})`;
/** The added time's p95 target of each mode, in ms. */
const TARGET_ADDED_P95_MS = { standalone: 15, distributed: 25 };
const TARGET_FIRST_TOKEN_P50_MS = 5;

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const summary = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: Number(percentile(sorted, 50).toFixed(2)), p95: Number(percentile(sorted, 95).toFixed(2)) };
};

/** CPU time (user + system) a /proc stat file counts, in ms (clock ticks of 10 ms). */
function cpuMsIn(statFile) {
  const stat = readFileSync(statFile, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are the 14th and 15th fields of the line, the 12th and 13th after the command's name.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
/**
 * The CPU time the processes `pids` have used so far, in ms: all their threads, and their main threads alone
 * (the event loops that answer; the rest is worker threads: the learning job's rules, the memory service's).
 */
const cpuMsOfAll = (pids) => ({
  all: pids.reduce((total, pid) => total + cpuMsIn(`/proc/${pid}/stat`), 0),
  main: pids.reduce((total, pid) => total + cpuMsIn(`/proc/${pid}/task/${pid}/stat`), 0),
});

const provider = await startLoopbackLlmServer('openai', () => ({
  kind: 'stream',
  tokens: ['Here ', 'is ', 'what ', 'I ', 'remember ', 'about ', 'you.'],
  inputTokens: 300,
  outputTokens: 7,
}));

/** The bench's environment with the loopback provider; `listen: false` for the services of distributed mode. */
function chatEnv(dataDir, options) {
  return benchEnv(
    dataDir,
    {
      // Account creation hashes a password (argon2): generous on a loaded machine. Not a figure measured here.
      BUS_TIMEOUT_MS: '30000',
      AUTH_TOKEN_SECRET: randomBytes(48).toString('base64'),
      PROVIDER_KEYS_SECRET: randomBytes(48).toString('base64'),
      // The distributed gateway signs the end users' portal links with it and will not start without it.
      PORTAL_LINK_SECRET: randomBytes(48).toString('base64'),
      OPENAI_COMPATIBLE_BASE_URL: provider.baseUrl,
      OPENAI_COMPATIBLE_MODELS: 'bench-model',
      CHAT_DEFAULT_MODEL: 'bench-model',
      // Extraction runs in the background; the rules keep the provider's timings about the turns only.
      CHAT_EXTRACTION: 'rules',
      // How long a turn waits for the query's sentence vector (decision 229); the product's default otherwise.
      ...(process.env.CHAT_SENTENCE_LOAD_WAIT_MS
        ? { CHAT_SENTENCE_LOAD_WAIT_MS: process.env.CHAT_SENTENCE_LOAD_WAIT_MS }
        : {}),
      // With BENCH_CHAT_PAUSE_MS longer than it, every turn finds the sentence thread ended (its model unloaded).
      ...(process.env.MEMORY_WORKER_IDLE_SECONDS
        ? { MEMORY_WORKER_IDLE_SECONDS: process.env.MEMORY_WORKER_IDLE_SECONDS }
        : {}),
    },
    options,
  );
}

async function getJson(base, key, path) {
  const response = await fetch(`${base}${path}`, { headers: { 'X-API-Key': key } });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** One streamed exchange; answers the client's times (performance.now() of this process). */
async function exchange(base, key, message) {
  const sentAt = performance.now();
  const response = await fetch(`${base}/api/chat`, {
    method: 'POST',
    headers: { 'X-API-Key': key, 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({ message }),
  });
  if (!response.ok) throw new Error(`chat: ${response.status} ${await response.text()}`);
  let firstTokenAt = null;
  let buffer = '';
  const decoder = new TextDecoder();
  for await (const chunk of response.body) {
    buffer += decoder.decode(chunk, { stream: true });
    if (firstTokenAt === null && buffer.includes('event: token')) firstTokenAt = performance.now();
    if (buffer.includes('event: error')) throw new Error(`chat stream failed: ${buffer}`);
  }
  if (!buffer.includes('event: done')) throw new Error(`chat stream ended without done: ${buffer}`);
  return { sentAt, firstTokenAt, endedAt: performance.now() };
}

/** CPU time per second of wall time under which the product counts as idle: its timers and metrics alone. */
const SETTLED_CPU_MS_PER_S = 100;
const SETTLE_WINDOW_MS = 1_000;
const SETTLE_LIMIT_MS = 180_000;

/**
 * Waits until the product's processes have finished what the seeding left them (the sentence encoder and the
 * concept linker work through the new memories in the background, seconds of CPU on a busy machine): two
 * windows in a row under SETTLED_CPU_MS_PER_S. The turns then measure a turn's own work, not a backlog that
 * any write burst leaves. Answers how long it waited.
 */
async function settle(pids) {
  const started = performance.now();
  let quiet = 0;
  let before = cpuMsOfAll(pids).all;
  while (quiet < 2) {
    if (performance.now() - started > SETTLE_LIMIT_MS)
      throw new Error(`the product was still busy ${SETTLE_LIMIT_MS} ms after the seeding`);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_WINDOW_MS));
    const now = cpuMsOfAll(pids).all;
    quiet = (now - before) * (1000 / SETTLE_WINDOW_MS) < SETTLED_CPU_MS_PER_S ? quiet + 1 : 0;
    before = now;
  }
  return Math.round(performance.now() - started);
}

/** `pids`: the product's processes, whose CPU time the measured exchanges take. */
async function measure(mode, build, base, key, pids) {
  for (let i = 0; i < MEMORIES; i++) {
    await postJson(base, key.apiKey, `/api/user/${key.userId}/memories`, {
      text: `Bench memory ${i}: I visited city number ${i} and liked its ${['museums', 'food', 'parks', 'music'][i % 4]}.`,
    });
  }
  const settledAfterMs = await settle(pids);
  const added = [];
  const relay = [];
  // How long the exchanges took: with a CPU profile of the product (BENCH_NODE_ARGS), read its last this many
  // ms (tools/bench/cpuprofile-top.mjs --last-ms) for the turns alone, without the memories' seeding.
  const exchangesStarted = performance.now();
  let cpuBefore = { all: 0, main: 0 };
  for (let i = 0; i < WARMUP + EXCHANGES; i++) {
    if (i >= WARMUP && PAUSE_MS > 0) await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    if (i === WARMUP) cpuBefore = cpuMsOfAll(pids);
    const before = provider.timings.length;
    const client = await exchange(base, key.apiKey, messageOf(i));
    const timing = provider.timings[before];
    if (!timing || timing.endedAt === null || timing.firstTokenAt === null)
      throw new Error('the provider was not called');
    if (i < WARMUP) continue;
    added.push(client.endedAt - client.sentAt - (timing.endedAt - timing.receivedAt));
    relay.push(client.firstTokenAt - timing.firstTokenAt);
  }
  const cpuAfter = cpuMsOfAll(pids);
  // What the exchanges' learning had stored by their end (statements teach a fact each): a build whose learning
  // lags behind its turns spends less CPU within the exchanges for the same work, and shows it here.
  const stats = await getJson(base, key.apiKey, `/api/user/${key.userId}/memory_stats`);
  return {
    mode,
    build,
    exchanges: EXCHANGES,
    memories: MEMORIES,
    addedMs: summary(added),
    firstTokenDelayMs: summary(relay),
    cpuMsPerExchange: Number(((cpuAfter.all - cpuBefore.all) / EXCHANGES).toFixed(2)),
    mainThreadCpuMsPerExchange: Number(((cpuAfter.main - cpuBefore.main) / EXCHANGES).toFixed(2)),
    exchangesPhaseMs: Math.round(performance.now() - exchangesStarted),
    memoriesAtEnd: { open: stats.memory_count, closed: stats.closed_count },
    settledAfterMs,
    ...(MESSAGES !== 'questions' ? { messages: MESSAGES } : {}),
    ...(PAUSE_MS > 0 ? { pauseMs: PAUSE_MS } : {}),
    loadAverage: Number(loadavg()[0].toFixed(1)),
  };
}

async function runStandalone(build, root) {
  const dataDir = mkdtempSync(join(tmpdir(), 'membolt-bench-chat-'));
  const env = await chatEnv(dataDir);
  const user = await createUserWithKey(env, {
    email: 'bench-chat@membolt.local',
    name: 'Bench',
    plan: 'enterprise',
  });
  const { server, base } = await startStandalone(env, 180_000, { root });
  try {
    return await measure('standalone', build, base, user, [server.pid]);
  } finally {
    await stopProcess(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function runDistributed(build, root) {
  const dataDir = mkdtempSync(join(tmpdir(), 'membolt-bench-chat-dist-'));
  const nats = await startNatsServer();
  const env = { ...(await chatEnv(dataDir, { listen: false })), NATS_URL: nats.url };
  const processes = [];
  const start = (app, extra = {}) => {
    const child = spawn(process.execPath, [join(root, `apps/${app}/dist/main.js`)], {
      env: { ...env, ...extra },
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    processes.push(child);
    return child;
  };
  try {
    for (const service of ['identity', 'keys', 'billing', 'memory', 'ingestion', 'chat', 'webhooks'])
      start(service);
    const port = await freePort();
    const metricsPort = await freePort();
    start('gateway', {
      HOST: '127.0.0.1',
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
      METRICS_HOST: '127.0.0.1',
    });
    const base = `http://127.0.0.1:${port}`;
    await waitUntil(
      async () => (await fetch(`http://127.0.0.1:${metricsPort}/readyz`)).status === 200,
      180_000,
      'the gateway',
    );
    // Every service answers its health subject once it listens on NATS.
    await waitUntil(
      async () => (await (await fetch(`${base}/api/status`)).json()).status === 'ok',
      180_000,
      'the services',
    );
    // With NATS_URL the CLI talks to the running services: the account is made once they answer.
    const user = await createUserWithKey(env, {
      email: 'bench-chat@membolt.local',
      name: 'Bench',
      plan: 'enterprise',
    });
    return await measure(
      'distributed',
      build,
      base,
      user,
      processes.map((child) => child.pid),
    );
  } finally {
    for (const child of processes) child.kill('SIGTERM');
    await Promise.all(
      processes.map((child) =>
        child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : null,
      ),
    );
    await nats.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const builds = [
  { build: 'this build', root: ROOT },
  ...(BASELINE ? [{ build: 'baseline', root: BASELINE }] : []),
];
const results = [];
try {
  for (let round = 0; round < ROUNDS; round++)
    for (const mode of MODES)
      for (const { build, root } of round % 2 === 0 ? builds : [...builds].reverse()) {
        const result =
          mode === 'distributed' ? await runDistributed(build, root) : await runStandalone(build, root);
        results.push(result);
        // Each figure as it is measured: a long comparison that is stopped keeps what it had.
        console.error(`measured: ${JSON.stringify(result)}`);
      }
} finally {
  await provider.close();
}
for (const result of results) {
  const addedTarget = TARGET_ADDED_P95_MS[result.mode];
  const met = result.addedMs.p95 <= addedTarget && result.firstTokenDelayMs.p50 <= TARGET_FIRST_TOKEN_P50_MS;
  console.log(
    `${result.mode}${BASELINE ? ` (${result.build})` : ''}: added excluding the model p50 ${result.addedMs.p50} ms, ` +
      `p95 ${result.addedMs.p95} ms (target p95 <= ${addedTarget}); first-token delay p50 ` +
      `${result.firstTokenDelayMs.p50} ms, p95 ${result.firstTokenDelayMs.p95} ms (target p50 <= ` +
      `${TARGET_FIRST_TOKEN_P50_MS}); CPU ${result.cpuMsPerExchange} ms per exchange ` +
      `(${result.mainThreadCpuMsPerExchange} on main threads); ${result.exchanges} ` +
      `exchanges, ${result.memories} memories; ${met ? 'met' : 'MISSED'}; load average ${result.loadAverage}`,
  );
}
for (const result of results) {
  console.log(
    JSON.stringify({
      ...result,
      targets: {
        addedP95Ms: TARGET_ADDED_P95_MS[result.mode],
        firstTokenDelayP50Ms: TARGET_FIRST_TOKEN_P50_MS,
      },
      met:
        result.addedMs.p95 <= TARGET_ADDED_P95_MS[result.mode] &&
        result.firstTokenDelayMs.p50 <= TARGET_FIRST_TOKEN_P50_MS,
    }),
  );
}
