// In-process harness for tuning meaning and slots (decision 103): the paraphrase set's facts of each profile
// as one scope of memories (no conversation), an in-memory FTS5 table with the store's tokenizer and bm25(),
// an exact scan of the offline embedder's vectors, and the product's query analysis, ranker and relevance
// (libs/memory/dist). Prints hit@1/3/10 and MRR over answerable questions, and how many questions of each
// kind keep a result at the default relevance threshold. Tune on the dev half only.
//
//   node tools/build-server.mjs libs/contracts libs/memory
//   node tools/bench/paraphrase-harness.mjs [--data PATH (default: paraphrase-dev.json in BENCH_DATA_DIR)]
//     [--weights '{"meaning":0.5}'] [--misses] [--encoder auto|use-lite|off (default: SENTENCE_ENCODER or auto, as the product)]
import Database from 'better-sqlite3';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { benchDataFile, requireBenchData } from './support/bench-data.mjs';
import { encodeCached } from './support/sentence-cache.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const dist = (path) => import(join(ROOT, 'libs/memory/dist', path));
const { HashedTfidfEmbedder } = await dist('embedders/hashed-tfidf.embedder.js');
const {
  analyzeQuery,
  rankCandidates,
  querySupport,
  FTS5_TOKENIZE,
  ftsMatchExpression,
  DEFAULT_RELEVANCE_THRESHOLD,
  neighbourSourceCount,
  NEIGHBOURS_BEFORE,
  NEIGHBOURS_AFTER,
  withinSession,
} = await dist('retrieval/index.js');
const { queryMeaning } = await dist('retrieval/meaning.js');
const { DEFAULT_SESSION_GAP_MINUTES, DEFAULT_SENTENCE_MAX_SCOPE } = await dist('memory.options.js');

const { values: args } = parseArgs({
  options: {
    data: { type: 'string', default: benchDataFile('paraphrase-dev.json') },
    weights: { type: 'string', default: '{}' },
    threshold: { type: 'string', default: '' },
    misses: { type: 'boolean', default: false },
    // The sentence encoder's channel (decisions 162, 203): USE-lite over each fact and question, in this
    // process; `auto` for profiles of at most SENTENCE_ENCODER_MAX_SCOPE facts.
    encoder: { type: 'string', default: process.env.SENTENCE_ENCODER ?? 'auto' },
    // Writes every ranked candidate's relevance features with its label (JSON lines), to fit RELEVANCE_MODEL.
    dump: { type: 'string', default: '' },
    // The product's inferred sessions (decision 196): facts stored within this many minutes of each other
    // are neighbours, as MEMORY_SESSION_GAP_MINUTES; 0: none. `--spacing`: minutes between two facts.
    'session-gap': { type: 'string', default: String(DEFAULT_SESSION_GAP_MINUTES) },
    spacing: { type: 'string', default: '1' },
  },
});
const sessionGapMs = Number(args['session-gap']) * 60_000;
const spacingMs = Number(args.spacing) * 60_000;
const weights = JSON.parse(args.weights);
const threshold = args.threshold ? Number(args.threshold) : DEFAULT_RELEVANCE_THRESHOLD;
const embedder = new HashedTfidfEmbedder();
const now = new Date(Date.UTC(2026, 10, 23, 12, 0, 0));
const dot = (a, b) => a.reduce((sum, x, i) => sum + x * b[i], 0);
const POOL = 100;
if (!['auto', 'use-lite', 'off'].includes(args.encoder)) {
  console.error('--encoder is auto, use-lite or off');
  process.exit(64);
}
const maxScope = Number(process.env.SENTENCE_ENCODER_MAX_SCOPE ?? DEFAULT_SENTENCE_MAX_SCOPE);
const sentenceEncoder =
  args.encoder !== 'off'
    ? new (await dist('embedders/use-lite.sentence-encoder.js')).UseLiteSentenceEncoder()
    : null;
/** Whether a profile's scope is encoded: every one with use-lite, those within the bound with auto. */
const encodes = (profile) =>
  sentenceEncoder !== null && (args.encoder === 'use-lite' || profile.facts.length <= maxScope);
let encodeMs = 0;

const data = JSON.parse(readFileSync(requireBenchData(args.data, 'paraphrase set', '--data'), 'utf8'));
// Every fact's and question's vector, computed once: a pure function of the texts, kept in the temporary
// directory between runs (encoding the set takes minutes on a loaded machine). Never read by the product.
const sentenceOf = new Map();
if (sentenceEncoder) {
  const texts = [...new Set(data.profiles.flatMap((p) => [...p.facts, ...p.questions].map((x) => x.text)))];
  const at = performance.now();
  const all = await encodeCached(sentenceEncoder, texts, 'paraphrase');
  texts.forEach((text, i) => sentenceOf.set(text, all[i]));
  encodeMs = performance.now() - at;
}
const encode = async (texts) => texts.map((text) => sentenceOf.get(text));
const dumped = [];
const rows = [];
const unanswerable = [];
const started = performance.now();
let searches = 0;
for (const profile of data.profiles) {
  const db = new Database(':memory:');
  db.exec(`CREATE VIRTUAL TABLE kw USING fts5(body, scope, tokenize='${FTS5_TOKENIZE}')`);
  const insert = db.prepare('INSERT INTO kw(rowid, body, scope) VALUES (?, ?, ?)');
  profile.facts.forEach((fact, i) => insert.run(BigInt(i + 1), fact.text, 'scope'));
  const search = db.prepare(
    `SELECT rowid - 1 AS id, -bm25(kw, 1.0, 0) AS score FROM kw WHERE kw MATCH ? ORDER BY bm25(kw, 1.0, 0) LIMIT ${POOL}`,
  );
  const vectors = profile.facts.map((fact) => embedder.embedOne(fact.text));
  const sentenceVectors = encodes(profile) ? await encode(profile.facts.map((fact) => fact.text)) : null;
  const memories = new Map(
    profile.facts.map((fact, i) => {
      const at = now.getTime() - (profile.facts.length - i) * spacingMs;
      const memory = {
        importance: 0.5,
        createdAt: at,
        validFrom: at,
        validTo: null,
        conversationId: null,
        text: fact.text,
      };
      return [String(i), memory];
    }),
  );
  for (const question of profile.questions) {
    searches++;
    const analysis = analyzeQuery(question.text, now);
    const q = embedder.embedOne(question.text);
    const dense = vectors.map((v, id) => ({ id: String(id), score: dot(q, v) }));
    const sq = sentenceVectors ? (await encode([question.text]))[0] : null;
    const sentence = sentenceVectors?.map((v, id) => ({ id: String(id), score: dot(sq, v) }));
    const match = ftsMatchExpression(analysis.keywordTerms);
    const keyword = match
      ? search.all(`{body}: (${match})`).map((row) => ({ id: String(row.id), score: row.score }))
      : [];
    const channels = { analysis, dense, keyword, concept: [], sentence, memories, now, weights };
    // As the memory service does: neighbours (here of the inferred session) for the best of a first ranking.
    let neighbours;
    if (sessionGapMs > 0) {
      const at = [...memories.values()].map((m) => m.createdAt);
      const walk = (i, step, count) => {
        const out = [];
        for (let j = i + step; j >= 0 && j < at.length && out.length < count; j += step)
          out.push([String(j), at[j]]);
        return withinSession(at[i], out, sessionGapMs);
      };
      neighbours = new Map(
        rankCandidates({ ...channels, limit: neighbourSourceCount(10), reasons: false }).map(({ id }) => [
          id,
          { previous: walk(Number(id), -1, NEIGHBOURS_BEFORE), next: walk(Number(id), 1, NEIGHBOURS_AFTER) },
        ]),
      );
    }
    const ranked = rankCandidates({ ...channels, neighbours, limit: 10 });
    const ids = ranked.map((r) => profile.facts[Number(r.id)].id);
    const kept = ranked.filter((r) => r.relevance >= threshold);
    const answers = new Set(question.answers ?? []);
    const supportMeaning = args.dump && analysis.personal ? queryMeaning(analysis.terms) : null;
    for (const r of args.dump ? ranked : []) {
      const { coverage, semantic, meaning, slotMatch, timeMatch } = r.scores;
      const label = answers.has(profile.facts[Number(r.id)].id) ? 1 : 0;
      // As the ranker reads it: the sentence channel for personal queries only (decision 197).
      const sentenceCosine = sentence && analysis.personal ? sentence[Number(r.id)].score : null;
      const support = querySupport(profile.facts[Number(r.id)].text, null, analysis, supportMeaning);
      dumped.push(
        JSON.stringify({
          q: searches,
          query: question.text,
          text: profile.facts[Number(r.id)].text,
          answerable: answers.size > 0,
          personal: analysis.personal,
          coverage,
          semantic,
          meaning,
          slotMatch,
          timeMatch,
          sentence: sentenceCosine,
          support: support.mean,
          least: support.least,
          namesMissing: support.namesMissing,
          relevance: r.relevance,
          label,
        }),
      );
    }
    if (answers.size === 0) {
      unanswerable.push({
        question,
        empty: kept.length === 0,
        top: ranked[0]?.relevance,
      });
      continue;
    }
    const rank = ids.findIndex((id) => answers.has(id)) + 1;
    const keptIds = kept.map((r) => profile.facts[Number(r.id)].id);
    rows.push({ question, profile, rank, answered: keptIds.some((id) => answers.has(id)), ids });
  }
}
if (args.dump) writeFileSync(args.dump, dumped.join('\n') + '\n');
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const hit = (k) => mean(rows.map((r) => (r.rank > 0 && r.rank <= k ? 1 : 0)));
console.log(
  `answerable ${rows.length}: hit@1 ${hit(1).toFixed(3)} hit@3 ${hit(3).toFixed(3)} hit@10 ${hit(10).toFixed(3)} ` +
    `MRR ${mean(rows.map((r) => (r.rank > 0 ? 1 / r.rank : 0))).toFixed(3)}`,
);
console.log(
  `threshold ${threshold}: answerable still answered ${mean(rows.map((r) => (r.answered ? 1 : 0))).toFixed(3)}, ` +
    `unanswerable empty ${unanswerable.filter((u) => u.empty).length}/${unanswerable.length}`,
);
console.log(
  `search ${((performance.now() - started) / searches).toFixed(2)} ms per question (first includes loading)` +
    (sentenceEncoder
      ? `, sentence vectors ${encodeMs.toFixed(0)} ms in all (model load included, or read from the cache)`
      : ''),
);
if (args.misses) {
  for (const r of rows.filter((r) => r.rank !== 1)) {
    const fact = (id) => r.profile.facts.find((f) => f.id === id)?.text.slice(0, 70);
    console.log(
      `rank ${r.rank || '-'}  ${r.question.text}\n   want: ${fact(r.question.answers[0])}\n   top:  ${fact(r.ids[0])}`,
    );
  }
  for (const u of unanswerable.filter((u) => !u.empty))
    console.log(`unanswerable kept (top relevance ${u.top?.toFixed(2)}): ${u.question.text}`);
}
