// node tools/bench/engine.bench.mjs [--root DIR]... — the memory engine's own cost, with no HTTP and no bus:
// MemoryService on its own embedded store in this process (opened by support/memory-engine.mjs, as
// memory.bench.mjs and edge.bench.mjs open it), timed
// (concepts extracted in the memory worker thread, as the app does) for a search over BENCH_ENGINE_MEMORIES
// (100) memories with queries that vary call to call (so no cache of
// one query's analysis can stand in for the work), a single add (deduplicated, as the REST route adds), and
// a bulk add of BENCH_ENGINE_BULK (10,000) memories as createBatch calls of 1,000 (the batch route's limit).
// Each --root names a built checkout (default: this one); with several, each round runs every root in turn,
// in its own child process, BENCH_ENGINE_ROUNDS (3) times, so that old and new builds are alternated in one
// run on one machine and only their ratio is read. Prints calls/s, p50, the process's CPU time per call
// (user + system: less swayed than wall time by what else the machine runs) and memories/s per root and
// round, and the load average. `--same OTHER_ROOT` instead searches one store through both builds and
// compares every answer (sameResults below). Not part of `npm test`.
import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { loadConversations } from './retrieval-harness-lib.mjs';
import { benchDataFile } from './support/bench-data.mjs';
import { openMemoryEngine } from './support/memory-engine.mjs';
import { ROOT, rootsFromArgs } from './support/standalone-process.mjs';

const HERE = fileURLToPath(import.meta.url);
const MEMORIES = Number(process.env.BENCH_ENGINE_MEMORIES ?? 100);
const SEARCHES = Number(process.env.BENCH_ENGINE_SEARCHES ?? 2000);
const ADDS = Number(process.env.BENCH_ENGINE_ADDS ?? 1000);
const BULK = Number(process.env.BENCH_ENGINE_BULK ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ENGINE_ROUNDS ?? 3);
const BULK_PER_CALL = 1000;
for (const [name, value] of [
  ['BENCH_ENGINE_MEMORIES', MEMORIES],
  ['BENCH_ENGINE_SEARCHES', SEARCHES],
  ['BENCH_ENGINE_ADDS', ADDS],
  ['BENCH_ENGINE_BULK', BULK],
  ['BENCH_ENGINE_ROUNDS', ROUNDS],
]) {
  if (!Number.isInteger(value) || value < 0 || (name === 'BENCH_ENGINE_ROUNDS' && value < 1)) {
    console.error(`${name} must be a non-negative integer (rounds: positive)`);
    process.exit(64);
  }
}

const topics = ['tea', 'hiking', 'Berlin', 'piano', 'sourdough', 'cycling', 'Lisbon', 'chess', 'orchids'];
const sentence = (i) =>
  `Note ${i}: the user mentioned ${topics[i % topics.length]} and ${topics[(i * 7) % topics.length]} on day ${i % 31}.`;
const openings = [
  'what does the user like about',
  'when did the user talk about',
  'does the user enjoy',
  'tell me about the user and',
  'which day was',
  'who mentioned',
  'how often does the user go',
];
const tails = ['', 'lately', 'these days', 'at home', 'with friends', 'on holiday', 'last year'];
/**
 * Query i: an opening, two topics and a tail; 3,969 different texts, so that consecutive queries differ and a
 * run of 2,000 never repeats one. One in seven names a time ("last year"), as a user's questions sometimes do.
 */
const query = (i) => {
  const [tail, opening, first, second] = [
    i % 7,
    Math.floor(i / 7) % 7,
    Math.floor(i / 49) % 9,
    Math.floor(i / 441) % 9,
  ];
  return `${openings[opening]} ${topics[first]} and ${topics[second]} ${tails[tail]}`.trim();
};
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

async function timed(count, call) {
  const latencies = [];
  const started = performance.now();
  const cpu = process.cpuUsage();
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    await call(i);
    latencies.push(performance.now() - t);
  }
  const seconds = (performance.now() - started) / 1000;
  const { user, system } = process.cpuUsage(cpu);
  latencies.sort((a, b) => a - b);
  // CPU time of the process per call: what the call costs, whatever else the machine runs meanwhile.
  return {
    perSecond: count / seconds || 0,
    p50: quantile(latencies, 0.5),
    cpuMs: count > 0 ? (user + system) / 1000 / count : 0,
  };
}

/** One root's figures, in this process. */
async function runOne(root) {
  const dataDir = mkdtempSync(join(tmpdir(), 'membolt-bench-engine-'));
  const { service, close } = await openMemoryEngine(dataDir, {
    root,
    annMinVectors: 5000,
    conceptWorker: true,
  });
  try {
    await service.createBatch('engine-user', {
      memories: Array.from({ length: MEMORIES }, (_, i) => ({ text: sentence(i) })),
    });
    // The background concept linker's work for the seeded memories is done before the clock starts.
    await service.stats('engine-user', {});
    for (let i = 0; i < 100; i++)
      await service.search('engine-user', { query: query(10_000 + i), limit: 10 });
    const search = await timed(SEARCHES, (i) =>
      service.search('engine-user', { query: query(i), limit: 10 }),
    );
    const add = await timed(ADDS, (i) =>
      service.add('engine-adds', { text: sentence(2e6 + i), dedupe: true }),
    );
    const started = performance.now();
    const cpu = process.cpuUsage();
    for (let done = 0; done < BULK; done += BULK_PER_CALL) {
      const count = Math.min(BULK_PER_CALL, BULK - done);
      await service.createBatch('engine-bulk', {
        memories: Array.from({ length: count }, (_, i) => ({ text: sentence(3e6 + done + i) })),
      });
    }
    const bulkCpu = process.cpuUsage(cpu);
    const bulk = {
      perSecond: BULK / ((performance.now() - started) / 1000) || 0,
      cpuMs: (bulkCpu.user + bulkCpu.system) / 1000 / Math.max(1, BULK),
    };
    return { search, add, bulk };
  } finally {
    await close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * `--same OTHER_ROOT`: the same searches through this build and another one, each engine on its own
 * connection to one store (seeded once, through this build), with a clock that stands still, compared
 * answer by answer: every result's id, score, relevance, score breakdown and memory. The memories: the
 * bench's own 100, the held-out paraphrase profiles (first-person facts and their questions), single adds
 * minutes apart (inferred sessions), and with BENCH_DATA_DIR the first LoCoMo dev conversation (chat turns in
 * conversations, questions about named speakers). Each query is asked as the REST default (limit 10), with the
 * web app's threshold (0.1, limit 5), and with closed facts included. Exits 1 when any answer differs.
 */
async function sameResults(otherRoot) {
  const dataDir = mkdtempSync(join(tmpdir(), 'membolt-bench-engine-same-'));
  let nowMs = Date.parse('2026-06-01T09:00:00Z');
  const clock = { now: () => new Date(nowMs), nowMs: () => nowMs };
  const open = (root) => openMemoryEngine(dataDir, { root, annMinVectors: 5000, clock });
  const mine = await open(ROOT);
  let theirs;
  try {
    const asked = [];
    const ask = (userId, query) => asked.push([userId, query]);
    await mine.service.createBatch('same-bench', {
      memories: Array.from({ length: MEMORIES }, (_, i) => ({ text: sentence(i) })),
    });
    for (let i = 0; i < 120; i++) ask('same-bench', query(i * 7 + (i % 7)));
    const heldout = JSON.parse(
      readFileSync(join(ROOT, 'libs/memory/src/retrieval/testing/paraphrase-heldout.json'), 'utf8'),
    );
    for (const profile of heldout.profiles) {
      const userId = `same-${profile.id}`;
      await mine.service.createBatch(userId, {
        memories: profile.facts.map((fact) => ({ text: fact.text })),
      });
      for (let i = 0; i < profile.facts.length; i += 3) {
        nowMs += (i % 2 === 0 ? 5 : 90) * 60_000;
        await mine.service.add(userId, { text: `Later on: ${profile.facts[i].text}`, dedupe: true });
      }
      for (const question of profile.questions) ask(userId, question.text);
    }
    const locomo = benchDataFile('locomo-dev.json');
    if (locomo && existsSync(locomo)) {
      const [conversation] = loadConversations(locomo);
      const bySession = new Map();
      for (const memory of conversation.memories)
        bySession.set(memory.session, [...(bySession.get(memory.session) ?? []), memory]);
      for (const [session, memories] of bySession) {
        nowMs += 86_400_000;
        await mine.service.createBatch('same-locomo', {
          memories: memories.map((memory) => ({ text: memory.text, conversationId: `session-${session}` })),
        });
      }
      for (const qa of conversation.qa.slice(0, 100)) ask('same-locomo', qa.question);
    }
    nowMs += 3_600_000;
    for (const userId of new Set(asked.map(([user]) => user))) await mine.service.stats(userId, {});
    theirs = await open(resolve(otherRoot));
    const variants = [{ limit: 10 }, { limit: 5, threshold: 0.1 }, { limit: 10, includeClosed: true }];
    let compared = 0;
    const differing = [];
    for (const [i, [userId, text]] of asked.entries()) {
      for (const variant of variants) {
        const request = { query: text, ...variant };
        const order = i % 2 === 0 ? [mine, theirs] : [theirs, mine];
        const answers = new Map();
        for (const engine of order)
          answers.set(engine, JSON.stringify(await engine.service.search(userId, request)));
        compared++;
        if (answers.get(mine) !== answers.get(theirs)) differing.push({ userId, request, answers });
      }
    }
    console.log(
      `${compared} searches (${asked.length} queries x ${variants.length}) through ${ROOT} and ${resolve(otherRoot)}: ` +
        `${compared - differing.length} identical, ${differing.length} different`,
    );
    for (const { userId, request, answers } of differing.slice(0, 3)) {
      console.log(`\n${userId} ${JSON.stringify(request)}\n  this build: ${answers.get(mine)}`);
      console.log(`  the other:  ${answers.get(theirs)}`);
    }
    process.exitCode = differing.length === 0 ? 0 : 1;
  } finally {
    await theirs?.close();
    await mine.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const args = process.argv.slice(2);
if (args[0] === '--child') {
  console.log(JSON.stringify(await runOne(resolve(args[1]))));
} else if (args[0] === '--same') {
  if (!args[1]) {
    console.error('usage: engine.bench.mjs --same <root of another built checkout>');
    process.exit(64);
  }
  await sameResults(args[1]);
} else {
  const roots = rootsFromArgs(args);
  const rows = [];
  console.log(
    `Engine bench: ${MEMORIES} memories; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  for (let round = 1; round <= ROUNDS; round++) {
    for (const root of roots) {
      const out = execFileSync(process.execPath, [HERE, '--child', root], {
        encoding: 'utf8',
        stdio: 'pipe',
      });
      const { search, add, bulk } = JSON.parse(out.trim().split('\n').at(-1));
      rows.push({
        root,
        round,
        'search/s': Math.round(search.perSecond),
        'search p50 ms': Number(search.p50.toFixed(3)),
        'search CPU ms': Number(search.cpuMs.toFixed(3)),
        'add/s': Math.round(add.perSecond),
        'add p50 ms': Number(add.p50.toFixed(3)),
        'add CPU ms': Number(add.cpuMs.toFixed(3)),
        'bulk memories/s': Math.round(bulk.perSecond),
        'bulk CPU ms/memory': Number(bulk.cpuMs.toFixed(3)),
      });
      console.table([rows.at(-1)]);
    }
  }
  console.table(rows);
  console.log(
    `Load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
}
