// The cost of the time-answer term (decision 204) in the ranker: `statesTime` reads each candidate's text
// with chrono once (then it is cached), for queries that ask when. Prints the first read of every LoCoMo
// turn, and rankCandidates over 300 of them for a "when" question with the term off and on, alternated.
//
//   node tools/build-server.mjs libs/contracts libs/platform libs/memory
//   BENCH_DATA_DIR=... node tools/bench/time-answer.bench.mjs [--rounds 7]
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import { loadConversations } from './retrieval-harness-lib.mjs';
import { benchDataFile, requireBenchData } from './support/bench-data.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const { analyzeQuery, rankCandidates } = await import(join(ROOT, 'libs/memory/dist/retrieval/index.js'));
const { statesTime } = await import(join(ROOT, 'libs/memory/dist/retrieval/time-answer.js'));

const { values: args } = parseArgs({
  options: {
    data: { type: 'string', default: benchDataFile('locomo-dev.json') },
    rounds: { type: 'string', default: '7' },
  },
});
const convs = loadConversations(requireBenchData(args.data, 'LoCoMo data', '--data'));
const texts = convs.flatMap((conv) => conv.memories.map((m) => m.text));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// The first read of every text: chrono on those that may name a date (the stamp is read too here, so every
// text is parsed: the worst case).
let started = performance.now();
let stating = 0;
for (const text of texts) if (statesTime(text, text.indexOf(': ') + 2)) stating++;
const firstRead = performance.now() - started;
console.log(
  `first read of ${texts.length} turns: ${firstRead.toFixed(0)} ms (${((firstRead * 1000) / texts.length).toFixed(0)} us a turn); ${stating} state a time`,
);

const now = new Date('2026-11-23T12:00:00Z');
const analysis = analyzeQuery('When did Caroline go to the LGBTQ support group?', now);
const pick = texts.slice(0, 300);
const memories = new Map(
  pick.map((text, i) => [
    String(i),
    {
      importance: 0.5,
      createdAt: now.getTime(),
      validFrom: now.getTime(),
      validTo: null,
      conversationId: 'c',
      text,
      slot: null,
    },
  ]),
);
const dense = pick.map((_, i) => ({ id: String(i), score: 0.1 + ((i * 7919) % 300) / 1000 }));
const rank = (timeAnswer) =>
  rankCandidates({
    analysis,
    dense,
    keyword: [],
    concept: [],
    memories,
    now,
    limit: 20,
    weights: { timeAnswer },
  });
const timings = { 0: [], 0.3: [] };
for (let round = 0; round < Number(args.rounds); round++) {
  for (const weight of [0, 0.3]) {
    started = performance.now();
    for (let i = 0; i < 20; i++) rank(weight);
    timings[weight].push((performance.now() - started) / 20);
  }
}
console.log(
  `rankCandidates, 300 candidates, a "when" question (median of ${args.rounds} rounds of 20): time answer off ${median(timings[0]).toFixed(2)} ms, on ${median(timings[0.3]).toFixed(2)} ms`,
);
