// In-process retrieval harness for tuning (decision 021): the LoCoMo dev set, an in-memory BM25 that mimics
// SQLite FTS5's bm25() (k1 1.2, b 0.75, FTS5's IDF with its floor), an exact dense scan of the offline
// embedder's vectors, and the product's own query analysis and ranker (libs/memory/dist). Prints hit@k,
// all@k and MRR per category for each configuration of the ablation, next to BM25 alone.
//
//   node tools/build-server.mjs libs/contracts libs/platform libs/memory
//   node tools/bench/retrieval-harness.mjs [--data ../shared/bench/locomo-dev.json] [--only NAME,...] [--grid]
//
// Tune on the dev set only; the numbers it prints are what decision 021 quotes.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import { Bm25Index, evaluate, loadConversations, printTable } from './retrieval-harness-lib.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const dist = (path) => import(join(ROOT, 'libs/memory/dist', path));
const { HashedTfidfEmbedder } = await dist('embedders/hashed-tfidf.embedder.js');
const { analyzeQuery, rankCandidates, DEFAULT_RANKING_WEIGHTS, extractConcepts } =
  await dist('retrieval/index.js');

const { values: args } = parseArgs({
  options: {
    data: { type: 'string', default: join(ROOT, '../shared/bench/locomo-dev.json') },
    only: { type: 'string' },
    grid: { type: 'boolean', default: false },
    pool: { type: 'string', default: '100' },
  },
});
const POOL = Number(args.pool);

// ------------------------------------------------------------------------------------------------ index

const embedder = new HashedTfidfEmbedder();
const dot = (a, b) => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i] * b[i];
  return sum;
};

function buildIndex(conv) {
  const texts = conv.memories.map((m) => m.text);
  const base = Date.UTC(2026, 10, 23, 9, 0, 0);
  // As through REST: every memory created "now", one after the other; one conversation per LoCoMo session.
  const memories = new Map(
    conv.memories.map((m, id) => {
      const at = new Date(base + id * 1000).toISOString();
      return [
        String(id),
        {
          importance: 0.5,
          createdAt: at,
          validFrom: at,
          validTo: null,
          conversationId: `${conv.sampleId}-s${m.session}`,
          text: m.text,
        },
      ];
    }),
  );
  const vectors = texts.map((text) => embedder.embedOne(text));
  const concepts = texts.map((text) => new Set(extractConcepts(text).map((c) => c.name)));
  return { texts, memories, vectors, concepts, bm25: new Bm25Index(texts) };
}

// ------------------------------------------------------------------------------------------------ search

const now = new Date(Date.UTC(2026, 10, 23, 12, 0, 0));

function bm25Only(index, query, k) {
  return index.bm25.search(analyzeQuery(query, now).terms).slice(0, k).map((hit) => hit.id);
}

function denseOnly(index, query, k) {
  const q = embedder.embedOne(query);
  return index.vectors
    .map((v, id) => ({ id, score: dot(q, v) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, k)
    .map((hit) => hit.id);
}

function hybrid(config) {
  return (index, query, k) => {
    const analysis = analyzeQuery(query, now);
    const q = embedder.embedOne(query);
    const dense = index.vectors
      .map((v, id) => ({ id: String(id), score: dot(q, v) }))
      .sort((a, b) => b.score - a.score)
      .slice(0, POOL);
    const keyword = index.bm25
      .search(analysis.terms)
      .slice(0, POOL)
      .map((hit) => ({ id: String(hit.id), score: hit.score }));
    const wanted = new Set(analysis.conceptNames);
    const concept =
      wanted.size === 0
        ? []
        : index.concepts
            .map((names, id) => ({ id: String(id), n: [...wanted].filter((name) => names.has(name)).length }))
            .filter((hit) => hit.n > 0)
            .slice(0, POOL);
    const ranked = rankCandidates({
      analysis,
      dense,
      keyword,
      concept,
      memories: index.memories,
      now,
      limit: k,
      weights: config.weights,
    });
    return ranked.map((hit) => Number(hit.id));
  };
}

// ------------------------------------------------------------------------------------------------ main

const convs = loadConversations(args.data);
const t0 = performance.now();
const indexes = convs.map(buildIndex);
console.log(
  `indexed ${indexes.reduce((s, i) => s + i.texts.length, 0)} memories of ${convs.length} conversations in ${Math.round(performance.now() - t0)} ms (embedding, BM25, concepts)`,
);

const W = DEFAULT_RANKING_WEIGHTS;
const configurations = [
  ['bm25 (FTS5-like, baseline)', bm25Only],
  ['dense: hashed-tfidf-v1 alone', denseOnly],
  ['rrf, equal weights', hybrid({ weights: { ...W, fusion: 'rrf', dense: 1, keyword: 1, concept: 0, time: 0 } })],
  ['linear, tuned (no rerank extras)', hybrid({ weights: { ...W, concept: 0, time: 0 } })],
  ['+ concepts', hybrid({ weights: { ...W, time: 0 } })],
  ['defaults (all steps)', hybrid({ weights: W })],
];

if (args.grid) {
  const results = [];
  for (const keyword of [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.7]) {
    results.push([`linear keyword=${keyword}`, evaluate(convs, indexes, hybrid({ weights: { ...W, keyword, concept: 0 } }))]);
  }
  for (const keyword of [0.3, 0.5, 0.7, 1]) {
    results.push([
      `rrf keyword=${keyword}`,
      evaluate(convs, indexes, hybrid({ weights: { ...W, fusion: 'rrf', keyword, concept: 0 } })),
    ]);
  }
  printTable(results);
} else {
  const only = args.only ? new Set(args.only.split(',')) : null;
  const results = [];
  for (const [name, search] of configurations) {
    if (only && !only.has(name)) continue;
    results.push([name, evaluate(convs, indexes, search)]);
  }
  printTable(results);
}

