// npm run bench:retrieval — the LoCoMo dev set through the running REST API (decision 021).
//
// Starts the standalone app on a temporary DATA_DIR with the offline defaults, makes one user per
// conversation and mode with the operator CLI, stores every dialogue turn as one memory
// (POST /api/user/{id}/memories, in order), asks every question (GET /api/user/{id}/search) and prints
// hit@k / all@k / MRR per category, with the method of LoCoMo's locomo_retrieval.py (shared in
// retrieval-harness-lib.mjs), next to BM25 on the same texts. Two modes:
//   plain         text + metadata only, exactly what locomo_retrieval.py sends;
//   conversation  also conversation_id (one per LoCoMo session) and valid_from (the session's date), as a
//                 chat client of the product sends them: search then uses conversation neighbours and times.
// The data is read from BENCH_DATA_DIR (locomo-dev.json there, or --data);
// it is never copied into the project. Needs `npm run build:server` (the npm script does it).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import {
  CATEGORIES,
  evaluate,
  f,
  KS,
  loadConversations,
  printTable,
  ReferenceBm25,
  sessionDateOf,
} from './retrieval-harness-lib.mjs';

import { benchDataFile, requireBenchData } from './support/bench-data.mjs';
import {
  benchEnv,
  createUserWithKey,
  ROOT,
  startStandalone,
  stopProcess,
} from './support/standalone-process.mjs';
const { values: args } = parseArgs({
  options: {
    data: { type: 'string', default: benchDataFile('locomo-dev.json') },
    modes: { type: 'string', default: 'plain,conversation' },
    workers: { type: 'string', default: '4' },
  },
});
requireBenchData(args.data, 'LoCoMo data', '--data');
const MODES = args.modes.split(',');
const WORKERS = Number(args.workers);
const KMAX = Math.max(...KS);

/** Runs `work` over `items` with at most `limit` in flight; answers the results in order. */
async function pool(items, limit, work) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i], i);
      }
    }),
  );
  return results;
}

const convs = loadConversations(args.data);
const dataDir = mkdtempSync(join(tmpdir(), 'membolt-bench-retrieval-'));
const env = await benchEnv(dataDir, {
  EMBEDDER: 'offline',
  // The inferred sessions of plain adds (decision 196): MEMORY_SESSION_GAP_MINUTES=0 measures without them.
  ...(process.env.MEMORY_SESSION_GAP_MINUTES
    ? { MEMORY_SESSION_GAP_MINUTES: process.env.MEMORY_SESSION_GAP_MINUTES }
    : {}),
});

let server;
try {
  // One user per conversation and mode, made with the operator CLI before the server starts.
  const users = new Map();
  for (const mode of MODES) {
    for (const conv of convs) {
      const created = await createUserWithKey(env, {
        email: `locomo-${mode}-${conv.sampleId}-${randomBytes(3).toString('hex')}@example.com`,
        name: `LoCoMo ${conv.sampleId} (${mode})`,
      });
      users.set(`${mode}/${conv.sampleId}`, created);
    }
  }

  let base;
  ({ server, base } = await startStandalone(env, 90_000));

  const call = async (method, url, apiKey, body) => {
    for (let attempt = 0; ; attempt++) {
      let response;
      try {
        response = await fetch(url, {
          method,
          headers: { 'x-api-key': apiKey, ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        });
      } catch (error) {
        // A reset connection on a loaded machine: a search is asked again; an add is not (it may have landed).
        if (method !== 'GET' || attempt >= 3) throw error;
        await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** attempt));
        continue;
      }
      const text = await response.text();
      if (response.ok) return text ? JSON.parse(text) : null;
      if (attempt >= 3 || ![429, 502, 503, 504].includes(response.status)) {
        throw new Error(`${method} ${url} answered ${response.status}: ${text.slice(0, 300)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** attempt));
    }
  };

  const results = [];
  const timings = [];
  for (const mode of MODES) {
    const addLatencies = [];
    const searchLatencies = [];
    const retrieved = new Map(); // `${sampleId}\u0000${question}` -> dia ids, best first
    const t0 = performance.now();
    await pool(convs, WORKERS, async (conv) => {
      const { userId, apiKey } = users.get(`${mode}/${conv.sampleId}`);
      const memoriesUrl = `${base}/api/user/${encodeURIComponent(userId)}/memories`;
      // In order, one at a time: a conversation's turns are stored in the order they were said.
      for (const m of conv.memories) {
        const metadata = {
          dia_id: m.diaId,
          sample_id: conv.sampleId,
          session: m.session,
          session_date: m.sessionDate,
          speaker: m.speaker,
          source: 'locomo',
        };
        const body = { text: m.text, metadata };
        if (mode === 'conversation') {
          body.conversation_id = `${conv.sampleId}-session-${m.session}`;
          body.conversation_title = `${conv.sampleId} session ${m.session} (${m.sessionDate})`;
          const validFrom = sessionDateOf(m.sessionDate);
          if (validFrom) body.valid_from = validFrom;
        }
        const started = performance.now();
        await call('POST', memoriesUrl, apiKey, body);
        addLatencies.push(performance.now() - started);
      }
    });
    const addSeconds = (performance.now() - t0) / 1000;
    const t1 = performance.now();
    await pool(convs, WORKERS, async (conv) => {
      const { userId, apiKey } = users.get(`${mode}/${conv.sampleId}`);
      for (const qa of conv.qa) {
        if (!CATEGORIES[qa.category]) continue;
        const url = `${base}/api/user/${encodeURIComponent(userId)}/search?query=${encodeURIComponent(qa.question)}&limit=${KMAX}`;
        const started = performance.now();
        const answer = await call('GET', url, apiKey);
        searchLatencies.push(performance.now() - started);
        const ids = (answer.results ?? []).map((item) => {
          const metadata =
            typeof item.metadata === 'string' ? JSON.parse(item.metadata) : (item.metadata ?? {});
          return metadata.dia_id ?? null;
        });
        retrieved.set(`${conv.sampleId}\u0000${qa.question}`, ids);
      }
    });
    const searchSeconds = (performance.now() - t1) / 1000;
    const byDiaId = (conv) => new Map(conv.memories.map((m, i) => [m.diaId, i]));
    const indexes = new Map(convs.map((conv) => [conv, byDiaId(conv)]));
    const evaluation = evaluate(convs, convs, (conv, question) =>
      (retrieved.get(`${conv.sampleId}\u0000${question}`) ?? [])
        .map((diaId) => indexes.get(conv).get(diaId))
        .filter((i) => i !== undefined),
    );
    results.push([`membolt REST, ${mode}`, evaluation]);
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    const p99 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.99)] ?? 0;
    timings.push(
      `${mode}: ${addLatencies.length} adds in ${addSeconds.toFixed(1)} s (p50 ${median(addLatencies).toFixed(1)} ms), ` +
        `${searchLatencies.length} searches in ${searchSeconds.toFixed(1)} s (p50 ${median(searchLatencies).toFixed(1)} ms, p99 ${p99(searchLatencies).toFixed(1)} ms)`,
    );
  }

  // BM25 on the same texts, the baseline of locomo_retrieval.py (stop words removed, k1 1.2, b 0.75).
  const bm25 = new Map(convs.map((conv) => [conv, new ReferenceBm25(conv.memories.map((m) => m.text))]));
  results.unshift([
    'BM25 baseline (locomo_retrieval.py)',
    evaluate(convs, convs, (conv, question, k) => bm25.get(conv).search(question, k)),
  ]);

  console.log(
    `\nLoCoMo dev: ${convs.length} conversations, ${convs.reduce((s, c) => s + c.memories.length, 0)} memories, offline embedder, k up to ${KMAX}`,
  );
  printTable(results);
  console.log('\nper category (hit@10 / all@10 / MRR):');
  for (const [name, r] of results) {
    const cells = Object.entries(CATEGORIES).map(
      ([c, label]) => `${label} ${f(r[c]['hit@10'])}/${f(r[c]['all@10'])}/${f(r[c].mrr)}`,
    );
    console.log(`  ${name.padEnd(30)} ${cells.join('  ')}`);
  }
  console.log(`\n${timings.join('\n')}`);
} finally {
  await stopProcess(server);
  rmSync(dataDir, { recursive: true, force: true });
}
