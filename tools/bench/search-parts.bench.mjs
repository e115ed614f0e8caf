// node tools/bench/search-parts.bench.mjs [--root DIR]... — where the engine's search over a 100-memory
// scope spends its CPU, part by part: the store's calls (dense scan, keyword, concept, neighbours, the rows
// read for the ranker and for the answer) and the query's embedding, each timed around its synchronous call
// with the process's CPU clock (user + system, less swayed by the machine's load than wall time); the query
// analysis timed apart (uncached, over the same texts); the rest is the ranking (twice a search), the
// searcher's own glue and the garbage collector. BENCH_PARTS_SEARCHES (2000) searches after 300 unmeasured
// ones, over the memories engine.bench.mjs seeds, with the queries it asks (varying call to call), and with
// BENCH_PARTS_REPEAT=1 one query asked again and again (edge.bench.mjs's). Each --root names a built
// checkout (default: this one), run in turn in its own child process, BENCH_PARTS_ROUNDS (2) times, so that
// builds are alternated in one run and only their ratios are read. With `--same`, each build instead answers
// the varying queries (the first 500, with and without the default threshold) and edge.bench.mjs's, with a
// clock that stands still, before and after writes to the scope (an update, a delete, a new memory); the
// answers (scores, relevance, breakdown, memory; ids read as the memory's text) are compared whole with the
// first build's. With `--alloc`, each build instead reports the bytes a search allocates (V8's sampling heap
// profiler, the objects young collections free included), with the functions that allocate most. Not part of
// `npm test`.
import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { rootsFromArgs } from './support/standalone-process.mjs';

const HERE = fileURLToPath(import.meta.url);
const SEARCHES = Number(process.env.BENCH_PARTS_SEARCHES ?? 2000);
const ROUNDS = Number(process.env.BENCH_PARTS_ROUNDS ?? 2);
const REPEAT = process.env.BENCH_PARTS_REPEAT === '1';
if (!Number.isInteger(SEARCHES) || SEARCHES < 1 || !Number.isInteger(ROUNDS) || ROUNDS < 1) {
  console.error('BENCH_PARTS_SEARCHES and BENCH_PARTS_ROUNDS must be positive integers');
  process.exit(64);
}

// The memories and queries of engine.bench.mjs, and the query of edge.bench.mjs.
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
const varying = (i) => {
  const [tail, opening, first, second] = [
    i % 7,
    Math.floor(i / 7) % 7,
    Math.floor(i / 49) % 9,
    Math.floor(i / 441) % 9,
  ];
  return `${openings[opening]} ${topics[first]} and ${topics[second]} ${tails[tail]}`.trim();
};
const query = REPEAT ? () => 'what does the user like about tea and Berlin' : varying;

/** One root's answers for --same: every query's results, each id replaced by its memory's text. */
async function answersOf(root) {
  const dist = (path) => import(pathToFileURL(join(root, path)).href);
  const { openMemoryEngine } = await dist('tools/bench/support/memory-engine.mjs');
  const dataDir = mkdtempSync(join(tmpdir(), 'membolt-bench-parts-same-'));
  const fixed = new Date('2026-06-01T12:00:00Z');
  const { service, close } = await openMemoryEngine(dataDir, {
    root,
    annMinVectors: 5000,
    conceptWorker: true,
    clock: { now: () => new Date(fixed) },
  });
  try {
    const created = await service.createBatch('parts-user', {
      memories: Array.from({ length: 100 }, (_, i) => ({ text: sentence(i) })),
    });
    await service.stats('parts-user', {});
    const textOf = new Map(created.map((memory) => [memory.id, memory.text]));
    const questions = [
      'what does the user like about tea and Berlin',
      ...Array.from({ length: 500 }, (_, i) => varying(i * 7)),
    ];
    const answers = [];
    const askAll = async () => {
      for (const question of questions)
        for (const threshold of [undefined, 0.1]) {
          const { results } = await service.search('parts-user', {
            query: question,
            limit: 10,
            ...(threshold === undefined ? {} : { threshold }),
          });
          answers.push(
            results.map(({ memory, ...rest }) => ({
              ...rest,
              memory: { ...memory, id: textOf.get(memory.id) ?? memory.text },
            })),
          );
        }
    };
    await askAll();
    // Writes between searches: what a build keeps from one search to the next must follow them.
    await service.update('parts-user', {
      memoryId: created[3].id,
      text: 'The user moved to Lisbon and loves tea.',
    });
    textOf.set(created[3].id, 'The user moved to Lisbon and loves tea.');
    await service.delete('parts-user', { memoryId: created[10].id });
    const [added] = await service.createBatch('parts-user', {
      memories: [{ text: 'The user plays chess in Berlin with friends.' }],
    });
    textOf.set(added.id, added.text);
    await service.stats('parts-user', {});
    await askAll();
    return answers;
  } finally {
    await close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** One root's allocation per search (--alloc): KB in all, and the functions that allocate most. */
async function allocationOf(root) {
  const { Session } = await import('node:inspector/promises');
  const dist = (path) => import(pathToFileURL(join(root, path)).href);
  const { openMemoryEngine } = await dist('tools/bench/support/memory-engine.mjs');
  const dataDir = mkdtempSync(join(tmpdir(), 'membolt-bench-parts-alloc-'));
  const { service, close } = await openMemoryEngine(dataDir, {
    root,
    annMinVectors: 5000,
    conceptWorker: true,
  });
  try {
    await service.createBatch('parts-user', {
      memories: Array.from({ length: 100 }, (_, i) => ({ text: sentence(i) })),
    });
    await service.stats('parts-user', {});
    for (let i = 0; i < 300; i++) await service.search('parts-user', { query: query(10_000 + i), limit: 10 });
    const session = new Session();
    session.connect();
    await session.post('HeapProfiler.startSampling', {
      samplingInterval: 512,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
    for (let i = 0; i < SEARCHES; i++) await service.search('parts-user', { query: query(i), limit: 10 });
    const { profile } = await session.post('HeapProfiler.stopSampling');
    session.disconnect();
    const byFunction = new Map();
    let total = 0;
    const walk = (node) => {
      const { functionName, url, lineNumber } = node.callFrame;
      const name = `${functionName || '(anonymous)'} ${url.replace(/^.*\/(libs|node_modules|tools)\//, '$1/')}:${lineNumber + 1}`;
      total += node.selfSize;
      byFunction.set(name, (byFunction.get(name) ?? 0) + node.selfSize);
      for (const child of node.children) walk(child);
    };
    walk(profile.head);
    const kb = (bytes) => Number((bytes / SEARCHES / 1024).toFixed(1));
    return {
      'KB per search': kb(total),
      ...Object.fromEntries(
        [...byFunction]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 12)
          .map(([name, bytes]) => [name, kb(bytes)]),
      ),
    };
  } finally {
    await close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** One root's parts, in this process: microseconds of CPU per search. */
async function runOne(root) {
  const dist = (path) => import(pathToFileURL(join(root, path)).href);
  const { openMemoryEngine } = await dist('tools/bench/support/memory-engine.mjs');
  const { analyzeQuery } = await dist('libs/memory/dist/retrieval/query-analysis.js');
  const dataDir = mkdtempSync(join(tmpdir(), 'membolt-bench-parts-'));
  const { service, store, embedder, close } = await openMemoryEngine(dataDir, {
    root,
    annMinVectors: 5000,
    conceptWorker: true,
  });
  const cpu = () => {
    const { user, system } = process.cpuUsage();
    return user + system;
  };
  const parts = new Map();
  // The store's methods and the embedder's do their work synchronously, before their promise: timing the
  // call alone keeps the channels the searcher starts together (Promise.all) apart.
  const timedCall = (owner, name, label) => {
    const call = owner[name].bind(owner);
    parts.set(label, 0);
    owner[name] = (...args) => {
      const started = cpu();
      const answer = call(...args);
      parts.set(label, parts.get(label) + cpu() - started);
      return answer;
    };
  };
  try {
    await service.createBatch('parts-user', {
      memories: Array.from({ length: 100 }, (_, i) => ({ text: sentence(i) })),
    });
    await service.stats('parts-user', {});
    for (let i = 0; i < 300; i++)
      await service.search('parts-user', { query: varying(10_000 + i), limit: 10 });
    timedCall(embedder, 'embed', 'query embedding');
    for (const name of ['dense', 'keyword', 'concept', 'neighbours']) timedCall(store.search, name, name);
    timedCall(store.memories, 'rankablesByIds', 'rows for the ranker');
    timedCall(store.memories, 'findByIds', 'rows of the answer');
    const started = cpu();
    for (let i = 0; i < SEARCHES; i++) await service.search('parts-user', { query: query(i), limit: 10 });
    const total = (cpu() - started) / SEARCHES;
    const analysisStarted = cpu();
    for (let i = 0; i < SEARCHES; i++) analyzeQuery(query(i), new Date());
    const out = { 'search (whole)': total };
    let known = 0;
    for (const [label, us] of parts) known += out[label] = us / SEARCHES;
    out['query analysis (uncached)'] = (cpu() - analysisStarted) / SEARCHES;
    out['analysis, ranking, glue, GC (the rest)'] = total - known;
    return out;
  } finally {
    await close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const args = process.argv.slice(2);
if (args[0] === '--child') {
  console.log(JSON.stringify(await runOne(resolve(args[1]))));
} else if (args[0] === '--child-alloc') {
  console.log(JSON.stringify(await allocationOf(resolve(args[1]))));
} else if (args.includes('--alloc')) {
  const roots = rootsFromArgs(args);
  for (const root of roots) {
    const out = execFileSync(process.execPath, [HERE, '--child-alloc', root], {
      encoding: 'utf8',
      stdio: 'pipe',
    });
    console.log(`${root}: KB allocated per search (${REPEAT ? 'one repeated query' : 'varying queries'})`);
    console.table(JSON.parse(out.trim().split('\n').at(-1)));
  }
} else if (args[0] === '--child-same') {
  console.log(JSON.stringify(await answersOf(resolve(args[1]))));
} else if (args.includes('--same')) {
  const roots = rootsFromArgs(args);
  const { isDeepStrictEqual } = await import('node:util');
  const answers = roots.map((root) =>
    JSON.parse(
      execFileSync(process.execPath, [HERE, '--child-same', root], {
        encoding: 'utf8',
        stdio: 'pipe',
        maxBuffer: 1 << 30,
      })
        .trim()
        .split('\n')
        .at(-1),
    ),
  );
  let different = 0;
  for (let b = 1; b < roots.length; b++) {
    let identical = 0;
    answers[0].forEach((answer, i) => {
      if (isDeepStrictEqual(answer, answers[b][i])) identical++;
      else if (different++ < 5) console.log(`different at ${i}: ${JSON.stringify([answer, answers[b][i]])}`);
    });
    console.log(`${roots[b]}: ${identical} of ${answers[0].length} answers identical to ${roots[0]}'s`);
  }
  process.exitCode = different > 0 ? 1 : 0;
} else {
  const roots = rootsFromArgs(args);
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
  console.log(
    `Search parts: 100 memories, ${REPEAT ? 'one repeated query' : 'varying queries'}; load ${load()}`,
  );
  const columns = {};
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [r, root] of roots.entries()) {
      const out = execFileSync(process.execPath, [HERE, '--child', root], {
        encoding: 'utf8',
        stdio: 'pipe',
      });
      const parts = JSON.parse(out.trim().split('\n').at(-1));
      const column = `r${round} root${r + 1}`;
      for (const [part, us] of Object.entries(parts)) (columns[part] ??= {})[column] = Number(us.toFixed(1));
      console.log(`round ${round}, root${r + 1} = ${root} done; load ${load()}`);
    }
  }
  console.log('CPU µs per search:');
  console.table(columns);
  console.log(`Load average ${load()}`);
}
