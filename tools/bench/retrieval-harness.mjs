// In-process retrieval harness for tuning (decision 021). The LoCoMo dev set, each conversation its own
// in-memory SQLite FTS5 table (the embedded store's tokenizer and bm25()), an exact scan of the offline
// embedder's vectors, the product's query analysis and ranker (libs/memory/dist), and conversation
// neighbours as the store gives them. Prints hit@k, all@k and MRR per category for each step of the
// ablation, next to BM25 alone. Tune on the dev set only.
//
//   node tools/build-server.mjs libs/contracts libs/platform libs/memory
//   node tools/bench/retrieval-harness.mjs [--data PATH (default: locomo-dev.json in BENCH_DATA_DIR)] [--grid] [--exp NAME]
//     (--exp sentence: the sentence encoder, USE-lite, loaded in this process)
//     [--pool N] [--sources N]   (MISSES=1 prints every question missed at 10 with its evidence,
//     PARTIAL=1 those with some evidence at 10 but not all, TOP=N with PARTIAL also their first N answers,
//     DUMP=PATH writes every question's evidence ranks)
import Database from 'better-sqlite3';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { benchDataFile, requireBenchData } from './support/bench-data.mjs';
import { encodeCached } from './support/sentence-cache.mjs';

import {
  CATEGORIES,
  evaluateAll,
  loadConversations,
  printByConversation,
  printTable,
  ReferenceBm25,
  sessionDateOf,
} from './retrieval-harness-lib.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const dist = (path) => import(join(ROOT, 'libs/memory/dist', path));
const { HashedTfidfEmbedder } = await dist('embedders/hashed-tfidf.embedder.js');
const { DEFAULT_SESSION_GAP_MINUTES } = await dist('memory.options.js');
const retrieval = await dist('retrieval/index.js');
const { kindAsked, namesMemberOf } = await dist('retrieval/meaning.js');
const {
  analyzeQuery,
  rankCandidates,
  DEFAULT_RANKING_WEIGHTS,
  extractConcepts,
  FTS5_TOKENIZE,
  neighbourSourceCount,
  NEIGHBOURS_BEFORE,
  NEIGHBOURS_AFTER,
  withinSession,
  KEYWORD_CONTEXT_WEIGHT,
  ftsMatchExpression,
  contentTokens,
} = retrieval;

const { values: args } = parseArgs({
  options: {
    data: { type: 'string', default: benchDataFile('locomo-dev.json') },
    grid: { type: 'boolean', default: false },
    exp: { type: 'string', default: '' },
    sources: { type: 'string', default: '' },
    pool: { type: 'string', default: '100' },
  },
});
const POOL = Number(args.pool);
const embedder = new HashedTfidfEmbedder();
const dot = (a, b) => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i] * b[i];
  return sum;
};
const now = new Date(Date.UTC(2026, 10, 23, 12, 0, 0));

/**
 * The embedded store's keyword index: FTS5 over the text and, when `contexts` is given, the text of the
 * memory just before in the conversation as a second column weighted like the store's; `next` (an
 * experiment, decision 021) adds the text of the memory just after as a third column of the given weight.
 */
function ftsIndex(texts, tokenize, contexts, next = null) {
  const db = new Database(':memory:');
  // As the store's table: a column holding the memory's scope token (one token, counted in every length).
  db.exec(`CREATE VIRTUAL TABLE kw USING fts5(body, context, next, scope, tokenize='${tokenize}')`);
  const insert = db.prepare('INSERT INTO kw(rowid, body, context, next, scope) VALUES (?, ?, ?, ?, ?)');
  db.transaction(() =>
    texts.forEach((text, i) =>
      insert.run(BigInt(i + 1), text, contexts?.[i] ?? null, next?.texts[i] ?? null, 'scope'),
    ),
  )();
  const weights = `1.0, ${contexts ? KEYWORD_CONTEXT_WEIGHT : 0}, ${next ? next.weight : 0}, 0`;
  const columns = ['body', contexts && 'context', next && 'next'].filter(Boolean).join(' ');
  const search = db.prepare(
    `SELECT rowid - 1 AS id, -bm25(kw, ${weights}) AS score FROM kw WHERE kw MATCH ? ORDER BY bm25(kw, ${weights}) LIMIT ${POOL}`,
  );
  return (terms) => {
    const match = ftsMatchExpression(terms);
    return match
      ? search.all(`{${columns}}: (${match})`).map((row) => ({ id: String(row.id), score: row.score }))
      : [];
  };
}

/** One conversation as the store would hold it: every turn a memory, one conversation per LoCoMo session. */
function buildIndex(conv) {
  const texts = conv.memories.map((m) => m.text);
  const base = Date.UTC(2026, 10, 23, 9, 0, 0);
  const memoriesAt = (validFromOf, inConversation = true, createdAtOf = (m, i) => base + i * 1000) =>
    new Map(
      conv.memories.map((m, i) => {
        // The ranker reads times as epoch milliseconds.
        const at = createdAtOf(m, i);
        const validFrom = validFromOf(m);
        const memory = {
          importance: 0.5,
          createdAt: at,
          validFrom: validFrom ? Date.parse(validFrom) : at,
          validTo: null,
          text: m.text,
        };
        const conversationId = inConversation ? `${conv.sampleId}-session-${m.session}` : null;
        return [String(i), { ...memory, conversationId }];
      }),
    );
  // As the REST benchmark sends them: valid_from = the session's date (when the turn was said).
  const sessionDate = (m) => sessionDateOf(m.sessionDate);
  const sameConversation = (i, j) =>
    j >= 0 && j < texts.length && conv.memories[j].session === conv.memories[i].session;
  const neighbours = new Map(
    texts.map((_, i) => [
      String(i),
      {
        previous: [i - 1, i - 2].filter((j) => sameConversation(i, j)).map(String),
        next: [i + 1].filter((j) => sameConversation(i, j)).map(String),
      },
    ]),
  );
  const previousTexts = texts.map((_, i) => (sameConversation(i, i - 1) ? texts[i - 1] : null));
  // Neighbours by creation order alone (an experiment for plain adds: what a store could infer without a
  // conversation id, the memories stored just before and after).
  const inOrder = (j) => j >= 0 && j < texts.length;
  const creationNeighbours = new Map(
    texts.map((_, i) => [
      String(i),
      { previous: [i - 1, i - 2].filter(inOrder).map(String), next: [i + 1].filter(inOrder).map(String) },
    ]),
  );
  return {
    texts,
    memories: memoriesAt(sessionDate),
    memoriesCreatedNow: memoriesAt(() => null),
    // As the REST benchmark's plain mode stores them: text and metadata only, no conversation, no valid_from.
    memoriesPlain: memoriesAt(() => null, false),
    // Plain adds as a chat client without conversation ids makes them live: each turn created when it was
    // said (its session's date, a second apart within the session).
    memoriesPlainLive: memoriesAt(
      () => null,
      false,
      (m, i) => {
        const said = sessionDate(m);
        const first = conv.memories.findIndex((o) => o.session === m.session);
        return said ? Date.parse(said) + (i - first) * 1000 : base + i * 1000;
      },
    ),
    neighbours,
    creationNeighbours,
    vectors: texts.map((text) => embedder.embedOne(text)),
    concepts: texts.map((text) => new Set(extractConcepts(text).map((c) => c.name))),
    porter: ftsIndex(texts, FTS5_TOKENIZE),
    porterContext: ftsIndex(texts, FTS5_TOKENIZE, previousTexts),
    // The memory after as a third keyword column (`--exp next`), built only when asked.
    porterNext: (weight) =>
      ftsIndex(texts, FTS5_TOKENIZE, previousTexts, {
        weight,
        texts: texts.map((_, i) => (sameConversation(i, i + 1) ? texts[i + 1] : null)),
      }),
    reference: new ReferenceBm25(texts),
    plain: ftsIndex(texts, 'unicode61'),
  };
}

/** Document vectors mixed with their conversation neighbours' vectors: normalise(v + a v(prev) + b v(next)). */
function contextualVectors(index, [a, b]) {
  const key = `${a}/${b}`;
  index.contextual ??= new Map();
  if (!index.contextual.has(key)) {
    const { vectors, neighbours } = index;
    index.contextual.set(
      key,
      vectors.map((v, i) => {
        const around = neighbours.get(String(i));
        const prev = around.previous[0];
        const next = around.next[0];
        const mixed = Float32Array.from(v);
        if (prev !== undefined && a) vectors[Number(prev)].forEach((x, j) => (mixed[j] += a * x));
        if (next !== undefined && b) vectors[Number(next)].forEach((x, j) => (mixed[j] += b * x));
        const norm = Math.hypot(...mixed) || 1;
        return mixed.map((x) => x / norm);
      }),
    );
  }
  return index.contextual.get(key);
}

/** A keyword index by name; `next <weight>` builds (once) the index with the memory after as a column. */
function keywordSearch(index, name) {
  if (!index[name]) index[name] = index.porterNext(Number(name.split(' ')[1]));
  return index[name];
}

/**
 * A retriever for one configuration: what the store hands the ranker, and the ranker's weights (`options`,
 * see retrieverOnce), with one of the experiments run around it.
 */
function retriever({ prf = null, diversity = null, rm3 = null, coverage = null, ...options }) {
  const once = retrieverOnce(options);
  const { denseContext = null } = options;
  if (rm3) {
    // Keyword feedback (RM3-like): the content words that weigh most in the first ranking's best `rm3.docs`
    // memories (tf / length x idf in the conversation set), `rm3.terms` of them not in the query, searched as
    // a second keyword query whose scores join the first's times `rm3.lambda`.
    return (index) => (query, k) => {
      const first = once(index)(query, Math.max(k, rm3.docs));
      const queryTerms = new Set(analyzeQuery(query, now).terms);
      index.df ??= (() => {
        const df = new Map();
        for (const text of index.texts)
          for (const t of new Set(contentTokens(text))) df.set(t, (df.get(t) ?? 0) + 1);
        return df;
      })();
      const n = index.texts.length;
      const weight = new Map();
      for (const hit of first.slice(0, rm3.docs)) {
        const tokens = contentTokens(index.texts[Number(hit.id)]);
        for (const t of tokens) {
          if (queryTerms.has(t) || t.length < 3) continue;
          const idf = Math.log((n + 1) / ((index.df.get(t) ?? 0) + 1));
          weight.set(t, (weight.get(t) ?? 0) + idf / tokens.length);
        }
      }
      const expansion = [...weight]
        .sort((a, b) => b[1] - a[1])
        .slice(0, rm3.terms)
        .map(([t]) => t);
      return once(index, null, { terms: expansion, lambda: rm3.lambda })(query, k).map((hit) =>
        Number(hit.id),
      );
    };
  }
  if (diversity) {
    // Diversification by conversation: the n-th memory of one conversation in the list scores times
    // (1 - diversity.penalty)^(n-1), picked greedily from the first ranking's best `diversity.pool`. `lists`:
    // only for list questions (true: compromise's reading; "analysis": those with an asked kind).
    return (index) => (query, k) => {
      if (
        diversity.lists &&
        !(diversity.lists === 'analysis' ? analyzeQuery(query, now).askedKind.length > 0 : asksList(query))
      )
        return once(index)(query, k).map((hit) => Number(hit.id));
      const ranked = once(index)(query, diversity.pool);
      const memories = index.memories;
      const taken = new Map();
      const left = ranked.map((hit) => ({
        ...hit,
        conversation: memories.get(hit.id)?.conversationId ?? hit.id,
      }));
      const out = [];
      while (out.length < k && left.length) {
        let best = 0;
        let bestScore = -Infinity;
        left.forEach((hit, i) => {
          const score = hit.score * (1 - diversity.penalty) ** (taken.get(hit.conversation) ?? 0);
          if (score > bestScore) {
            bestScore = score;
            best = i;
          }
        });
        const [hit] = left.splice(best, 1);
        taken.set(hit.conversation, (taken.get(hit.conversation) ?? 0) + 1);
        out.push(Number(hit.id));
      }
      return out;
    };
  }
  if (coverage) {
    // Query coverage: the best `coverage.depth` reranked with `coverage.weight` x the share of the query's
    // word stems that the memory's own text holds.
    return (index) => (query, k) => {
      const ranked = once(index)(query, Math.max(k, coverage.depth));
      const stems = [...new Set(analyzeQuery(query, now).terms.map(stemOf))];
      index.stems ??= new Map();
      const stemsOf = (id) => {
        if (!index.stems.has(id))
          index.stems.set(id, new Set(contentTokens(index.texts[Number(id)]).map(stemOf)));
        return index.stems.get(id);
      };
      const share = (id) =>
        stems.length ? stems.filter((st) => stemsOf(id).has(st)).length / stems.length : 0;
      return ranked
        .map((hit) => ({ id: hit.id, score: hit.score + coverage.weight * share(hit.id) }))
        .sort((a, b) => b.score - a.score)
        .slice(0, k)
        .map((hit) => Number(hit.id));
    };
  }
  if (!prf) return (index) => (query, k) => once(index)(query, k).map((hit) => Number(hit.id));
  // Pseudo-relevance feedback (Rocchio, dense side): the query vector moves towards the mean of the first
  // ranking's best `prf.docs` memories, and the search runs again with it.
  return (index) => (query, k) => {
    const first = once(index)(query, Math.max(k, prf.docs));
    const vectors = denseContext ? contextualVectors(index, denseContext) : index.vectors;
    const q = Float32Array.from(embedder.embedOne(query));
    first.slice(0, prf.docs).forEach((hit, rank) => {
      const w = prf.beta / prf.docs;
      vectors[Number(hit.id)].forEach((x, j) => (q[j] += w * x));
    });
    const norm = Math.hypot(...q) || 1;
    const moved = q.map((x) => x / norm);
    return once(index, moved)(query, k).map((hit) => Number(hit.id));
  };
}

/**
 * The neighbours the store answers for memories added without a conversation (decision 196): those stored
 * just before and after, nearest first, up to the first pause longer than `gapMs`. One writer here.
 */
function sessionNeighbours(memories, gapMs) {
  const at = [...memories.values()].map((m) => m.createdAt);
  const walk = (i, step, count) => {
    const out = [];
    for (let j = i + step; j >= 0 && j < at.length && out.length < count; j += step)
      out.push([String(j), at[j]]);
    return withinSession(at[i], out, gapMs);
  };
  return new Map(
    at.map((_, i) => [
      String(i),
      { previous: walk(i, -1, NEIGHBOURS_BEFORE), next: walk(i, 1, NEIGHBOURS_AFTER) },
    ]),
  );
}
const sessionNeighboursOf = new WeakMap();
function cachedSessionNeighbours(memories, gapMs) {
  const byGap = sessionNeighboursOf.get(memories) ?? new Map();
  sessionNeighboursOf.set(memories, byGap);
  if (!byGap.has(gapMs)) byGap.set(gapMs, sessionNeighbours(memories, gapMs));
  return byGap.get(gapMs);
}

function retrieverOnce({
  keywordIndex = 'porterContext',
  neighbours = true,
  concepts = true,
  sessionTimes = true,
  plain = false,
  // Plain rows: the product's inferred sessions (MEMORY_SESSION_GAP_MINUTES; 0, as before decision 196: none).
  sessionGapMinutes = DEFAULT_SESSION_GAP_MINUTES,
  // Plain rows: each turn created at its session's date (added live) instead of a second apart (a bulk add).
  live = false,
  creationOrder = false,
  weights = {},
  denseContext = null,
  inflect = null,
  verbForms = true,
  sources = null,
  sentence = false,
  // Every turn of the conversation that names a member of the asked kind joins the candidates (decision 230):
  // what a keyword channel searching the kind's WordNet members would bring, an upper bound for one.
  kindScan = false,
}) {
  return (index, queryVector = null, expansion = null) =>
    (query, k) => {
      const analysis = analyzeQuery(query, now);
      const q = queryVector ?? embedder.embedOne(query);
      const vectors = denseContext ? contextualVectors(index, denseContext) : index.vectors;
      const dense = vectors
        .map((v, id) => ({ id: String(id), score: dot(q, v) }))
        .sort((a, b) => b.score - a.score)
        .slice(0, POOL);
      // The product's keyword query (`keywordTerms`, with the irregular verb forms, decision 265); `verbForms:
      // false` asks the content words alone, as before it.
      const asked = verbForms ? analysis.keywordTerms : analysis.terms;
      let keyword = keywordSearch(index, keywordIndex)(inflect ? inflect(asked) : asked);
      if (expansion && expansion.terms.length > 0) {
        const max = keyword.reduce((m, hit) => Math.max(m, hit.score), 0) || 1;
        const extra = keywordSearch(index, keywordIndex)(expansion.terms);
        const extraMax = extra.reduce((m, hit) => Math.max(m, hit.score), 0) || 1;
        const joined = new Map(keyword.map((hit) => [hit.id, hit.score]));
        for (const hit of extra) {
          joined.set(hit.id, (joined.get(hit.id) ?? 0) + (expansion.lambda * max * hit.score) / extraMax);
        }
        keyword = [...joined].map(([id, score]) => ({ id, score }));
      }
      const wanted = analysis.conceptNames;
      const concept =
        concepts && wanted.length > 0
          ? // As the store ranks them: the most of the query's concepts first, then the newest.
            index.concepts
              .map((names, id) => ({ id, count: wanted.filter((name) => names.has(name)).length }))
              .filter((c) => c.count > 0)
              .sort((a, b) => b.count - a.count || b.id - a.id)
              .slice(0, POOL)
              .map((c) => ({ id: String(c.id) }))
          : [];
      if (kindScan) {
        const kind = kindAsked(analysis.askedKind);
        if (kind && !analysis.personal) {
          const seen = new Set(concept.map((c) => c.id));
          index.texts.forEach((text, id) => {
            if (!seen.has(String(id)) && namesMemberOf(kind, text)) concept.push({ id: String(id) });
          });
        }
      }
      const sentenceVectors = sentence ? sentences.of(index) : null;
      const channels = {
        analysis,
        dense,
        keyword,
        concept,
        ...(sentenceVectors
          ? {
              sentence: sentenceVectors
                .map((v, id) => ({ id: String(id), score: dot(sentences.query(query), v) }))
                .sort((a, b) => b.score - a.score)
                .slice(0, POOL),
            }
          : {}),
        memories: plain
          ? live
            ? index.memoriesPlainLive
            : index.memoriesPlain
          : sessionTimes
            ? index.memories
            : index.memoriesCreatedNow,
        now,
        weights: { ...DEFAULT_RANKING_WEIGHTS, ...weights },
      };
      // As the memory service does: neighbours only for the best candidates of a first ranking.
      let around;
      const inferred = plain && !creationOrder && sessionGapMinutes > 0;
      if (neighbours && (!plain || creationOrder || inferred)) {
        const best = rankCandidates({
          ...channels,
          // How many of the best get their neighbours: `sources` (an ablation row), --sources, or the service's.
          limit: sources ?? (args.sources ? Number(args.sources) : neighbourSourceCount(k)),
        });
        const links = inferred
          ? cachedSessionNeighbours(channels.memories, sessionGapMinutes * 60_000)
          : creationOrder
            ? index.creationNeighbours
            : index.neighbours;
        around = new Map(best.map((hit) => [hit.id, links.get(hit.id)]).filter(([, n]) => n));
      }
      return rankCandidates({ ...channels, neighbours: around, limit: k });
    };
}

const listNlp = (await import('compromise')).default;
const asksList = (query) => {
  const doc = listNlp(query);
  return (
    doc.match('^(what|which) (kind|kinds|type|types|sort)? of? #Adjective? #Plural').found ||
    doc.match('^what are (some|the)').found
  );
};
const bm25Only = (keywordIndex) => (index) => (query, k) =>
  keywordSearch(
    index,
    keywordIndex,
  )(analyzeQuery(query, now).terms)
    .slice(0, k)
    .map((hit) => Number(hit.id));
const referenceBm25 = (index) => (query, k) => index.reference.search(query, k);
const denseOnly = (index) => (query, k) => {
  const q = embedder.embedOne(query);
  return index.vectors
    .map((v, id) => ({ id, score: dot(q, v) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, k)
    .map((hit) => hit.id);
};

const convs = loadConversations(requireBenchData(args.data, 'LoCoMo data', '--data'));
const t0 = performance.now();
const indexes = new Map(convs.map((conv) => [conv, buildIndex(conv)]));
const memoryCount = convs.reduce((sum, conv) => sum + conv.memories.length, 0);
console.log(
  `${memoryCount} memories, ${convs.length} conversations, indexed in ${Math.round(performance.now() - t0)} ms; candidates per list: ${POOL}`,
);
const run = (makeSearch) => evaluateAll(convs, (conv) => makeSearch(indexes.get(conv)));

// `--exp sentence` (decision 162): USE-lite's vectors of every turn and question, computed once up front (the
// retrievers are synchronous), as the memory service's sweep and its query cache hold them.
const sentences = { of: () => null, query: () => null };
if (
  args.exp === 'sentence' ||
  args.exp === 'plain' ||
  (args.exp === 'rows' && /"sentence":\s*true/.test(process.env.ROWS ?? ''))
) {
  const { UseLiteSentenceEncoder } = await dist('embedders/use-lite.sentence-encoder.js');
  const encoder = new UseLiteSentenceEncoder();
  const started = performance.now();
  const questions = [...new Set(convs.flatMap((conv) => conv.qa.map((qa) => qa.question)))];
  const texts = [...convs.flatMap((conv) => indexes.get(conv).texts), ...questions];
  // The vectors are a pure function of the texts: kept in the temporary directory between runs, as encoding
  // every turn takes minutes on a loaded machine. Never read by the product.
  const all = await encodeCached(encoder, texts, 'harness');
  const byIndex = new Map();
  let at = 0;
  for (const conv of convs) {
    const index = indexes.get(conv);
    byIndex.set(index, all.slice(at, at + index.texts.length));
    at += index.texts.length;
  }
  const queryVectors = new Map(all.slice(at).map((v, i) => [questions[i], v]));
  sentences.of = (index) => byIndex.get(index);
  sentences.query = (query) => queryVectors.get(query);
  console.log(
    `sentence vectors of ${memoryCount} turns and ${questions.length} questions in ${Math.round(performance.now() - started)} ms`,
  );
}

// The defaults of decision 021's amendment on how much a memory says, before the next one's (the speaker named
// first, detail 0.5).
const BEFORE_LATER_SPEAKER = { laterSpeaker: 0.4, detail: 0.3, conversationRelevance: 0 };
// Decision 021's amendment on the speaker named first, before the conversation share was scaled by the
// memory's own relevance.
const BEFORE_RELEVANCE = { conversationRelevance: 0 };
// The steps before decision 021's amendment on how much a memory says (detail, questions).
const BEFORE_DETAIL = { ...BEFORE_LATER_SPEAKER, detail: 0, question: 0 };
const NO_EXTRAS = {
  ...BEFORE_DETAIL,
  concept: 0,
  time: 0,
  previousNeighbour: 0,
  secondPreviousNeighbour: 0,
  nextNeighbour: 0,
  speaker: 0,
  laterSpeaker: 0,
  conversation: 0,
};
// The steps before decision 021's amendment (speaker bonus, conversation evidence).
const BEFORE_021B = { ...BEFORE_DETAIL, speaker: 0, laterSpeaker: 0, conversation: 0 };
// `--exp NAME`: the defaults next to the rows of one experiment (any other name: the conversation and
// dense-context rows); `--exp defaults`: the defaults alone; `--grid`: keyword x neighbour weights; no flag:
// the ablation of decision 021 and its amendments.
const stemDb = new Database(':memory:');
stemDb.exec(
  `CREATE VIRTUAL TABLE s USING fts5(x, tokenize='${FTS5_TOKENIZE}'); CREATE VIRTUAL TABLE sv USING fts5vocab(s, 'row');`,
);
const stemOf = (word) => {
  stemDb.prepare('DELETE FROM s').run();
  stemDb.prepare('INSERT INTO s(x) VALUES (?)').run(word);
  return stemDb.prepare('SELECT term FROM sv').pluck().all().join(' ');
};
const nlpModule = (await import('compromise')).default;
const formsCache = new Map();
const verbForms = (word, which) => {
  const key = `${word} ${which}`;
  if (formsCache.has(key)) return formsCache.get(key);
  const conj = nlpModule(`they ${word}`).verbs().conjugate()[0] ?? {};
  const stem = stemOf(word);
  const forms = which
    .map((k) => conj[k])
    .filter((f) => typeof f === 'string' && /^[a-z]+$/.test(f) && stemOf(f) !== stem);
  formsCache.set(key, [...new Set(forms)]);
  return formsCache.get(key);
};
const inflectWith =
  (which, skip = []) =>
  (terms) => {
    const out = [...terms];
    const stems = new Set(terms.map(stemOf));
    for (const t of terms)
      for (const f of skip.includes(t) ? [] : verbForms(t, which))
        if (!stems.has(stemOf(f))) {
          stems.add(stemOf(f));
          out.push(f);
        }
    return out;
  };
const EXPERIMENTS = {
  // Decision 162: the sentence encoder's channel, in the harness's conversation mode (neighbours, session
  // times) and without them (as plain adds: no conversation, created now).
  sentence: () => [
    ['defaults + sentence (use-lite)', retriever({ sentence: true })],
    ['plain (no neighbours, created now)', retriever({ neighbours: false, sessionTimes: false })],
    ['plain + sentence (use-lite)', retriever({ neighbours: false, sessionTimes: false, sentence: true })],
  ],
  // Both modes of the REST benchmark side by side, BM25 beside: conversation (the defaults, above) and plain
  // (text only: no conversation, no neighbours, no valid_from, no previous memory as keyword column), each
  // also with the sentence encoder.
  // Decision 196: plain adds with and without the inferred sessions of the product (neighbours by creation
  // order up to MEMORY_SESSION_GAP_MINUTES of pause), added in bulk (a second apart) or live (at the session's
  // date, so the pause between two LoCoMo sessions ends an inferred one).
  sessions: () => [
    ['BM25 baseline (locomo_retrieval.py)', referenceBm25],
    [
      'plain without sessions (MEMORY_SESSION_GAP_MINUTES=0)',
      retriever({ plain: true, keywordIndex: 'porter', sessionGapMinutes: 0 }),
    ],
    ['plain', retriever({ plain: true, keywordIndex: 'porter' })],
    [
      'plain, added live (turns at their session date)',
      retriever({ plain: true, keywordIndex: 'porter', live: true }),
    ],
    [
      'plain, added live, no pause ends a session',
      retriever({ plain: true, keywordIndex: 'porter', live: true, sessionGapMinutes: 1e9 }),
    ],
    [
      'plain, added live, sessions off',
      retriever({ plain: true, keywordIndex: 'porter', live: true, sessionGapMinutes: 0 }),
    ],
  ],
  plain: () => [
    ['BM25 baseline (locomo_retrieval.py)', referenceBm25],
    ['defaults + sentence (use-lite)', retriever({ sentence: true })],
    [
      'plain without sessions (MEMORY_SESSION_GAP_MINUTES=0)',
      retriever({ plain: true, keywordIndex: 'porter', sessionGapMinutes: 0 }),
    ],
    ['plain', retriever({ plain: true, keywordIndex: 'porter' })],
    ['plain + sentence (use-lite)', retriever({ plain: true, keywordIndex: 'porter', sentence: true })],
    ...(process.env.SENTENCE_WEIGHTS ?? '')
      .split(',')
      .filter(Boolean)
      .flatMap((w) => [
        [`defaults + sentence ${w}`, retriever({ sentence: true, weights: { sentence: Number(w) } })],
        [
          `plain + sentence ${w}`,
          retriever({
            plain: true,
            keywordIndex: 'porter',
            sentence: true,
            weights: { sentence: Number(w) },
          }),
        ],
      ]),
  ],
  // Rows from the environment, for a quick sweep: ROWS='[["name", {"weights": {...}, "plain": true}], ...]'
  // (the options of retriever(); `plain` rows take the keyword index without the previous memory).
  rows: () =>
    JSON.parse(process.env.ROWS ?? '[]').map(([name, options]) => [
      name,
      options === 'bm25'
        ? referenceBm25
        : retriever({
            ...(options.plain ? { keywordIndex: 'porter' } : {}),
            ...options,
            // "inflect": ["PastTense", "Infinitive"]: the query's verbs with those forms (the `inflect` rows).
            inflect: options.inflect ? inflectWith(options.inflect, options.inflectSkip) : null,
          }),
    ]),
  // Decision 103: meaning (WordNet) and personal-fact slots, against the ranking without them.
  meaning: () => [
    ['defaults - meaning - slot', retriever({ weights: { meaning: 0, slot: 0 } })],
    ['defaults - meaning', retriever({ weights: { meaning: 0 } })],
    ['defaults - slot', retriever({ weights: { slot: 0 } })],
  ],
  // Decision 091: the candidates left out for matching nothing, against keeping every dense candidate.
  floor: () => [
    ['every dense candidate kept (no semantic floor)', retriever({ weights: { semanticFloor: -Infinity } })],
    ['semantic floor 0.2', retriever({ weights: { semanticFloor: 0.2 } })],
  ],
  coverage: () =>
    [
      [0.05, 30],
      [0.1, 30],
      [0.2, 30],
      [0.3, 50],
      [0.5, 50],
    ].map(([weight, depth]) => [
      `query coverage ${weight}, depth ${depth}`,
      retriever({ coverage: { weight, depth } }),
    ]),
  inflect: () => [
    [
      'verb forms: past, participle, infinitive',
      retriever({ inflect: inflectWith(['PastTense', 'Participle', 'Infinitive']) }),
    ],
    ['verb forms: past, infinitive', retriever({ inflect: inflectWith(['PastTense', 'Infinitive']) })],
  ],
  defaults: () => [],
  detail: () =>
    [
      [0, 0],
      [0.1, 0],
      [0.2, 0],
      [0.3, 0],
      [0, 0.1],
      [0.1, 0.1],
      [0.3, 0.1],
      [0.4, 0.1],
      [0.2, 0.1],
      [0.3, 0.05],
      [0.3, 0.2],
    ].map(([detail, question]) => [
      `detail ${detail}, question ${question}`,
      retriever({ weights: { detail, question } }),
    ]),
  // The fused score from which a memory gets its whole conversation share.
  relevance: () =>
    [0, 0.05, 0.1, 0.15, 0.25, 0.3].map((conversationRelevance) => [
      `conversation relevance ${conversationRelevance}`,
      retriever({ weights: { conversationRelevance } }),
    ]),
  // The speaker named after another one (laterSpeaker) and the detail weight around the defaults.
  later: () =>
    [
      [0.4, 0.3],
      [0.2, 0.3],
      [0, 0.5],
      [0.1, 0.5],
      [0.3, 0.5],
      [0.4, 0.5],
      [0.2, 0.4],
      [0.2, 0.6],
      [0.2, 0.7],
    ].map(([laterSpeaker, detail]) => [
      `later speaker ${laterSpeaker}, detail ${detail}`,
      retriever({ weights: { laterSpeaker, detail } }),
    ]),
  div: () =>
    [0.05, 0.1, 0.2, 0.3, 0.5].map((penalty) => [
      `conversation diversity ${penalty}`,
      retriever({ diversity: { penalty, pool: 30 } }),
    ]),
  prf: () =>
    [
      [3, 0.3],
      [3, 0.6],
      [5, 0.5],
      [5, 1],
      [10, 1],
    ].map(([docs, beta]) => [`dense PRF ${docs} docs, beta ${beta}`, retriever({ prf: { docs, beta } })]),
  grid2: () => [
    ...[
      [0.9, 0.7, 0.7],
      [0.7, 0.5, 0.5],
      [0.9, 0.8, 0.8],
      [1, 0.8, 0.8],
    ].map(([p1, p2, n1]) => [
      `neighbours ${p1}/${p2}/${n1}`,
      retriever({ weights: { previousNeighbour: p1, secondPreviousNeighbour: p2, nextNeighbour: n1 } }),
    ]),
    ['keyword 1', retriever({ weights: { keyword: 1 } })],
    ['time 0.2', retriever({ weights: { time: 0.2 } })],
  ],
  speaker: () => [
    ...[0.03, 0.06, 0.1, 0.15, 0.25].map((w) => [`speaker ${w}`, retriever({ weights: { speaker: w } })]),
    ...[0.06, 0.1, 0.15].map((w) => [
      `speaker ${w} + conversation 0.1`,
      retriever({ weights: { speaker: w, conversation: 0.1 } }),
    ]),
  ],
  b: () =>
    [
      [0.1, 2],
      [0.2, 2],
      [0.2, 3],
      [0.3, 3],
      [0.3, 5],
      [0.5, 5],
    ].map(([w, d]) => [
      `conversation ${w} depth ${d}`,
      retriever({ weights: { conversation: w, conversationDepth: d } }),
    ]),
  rm3: () =>
    [
      [3, 5, 0.3],
      [3, 10, 0.3],
      [5, 10, 0.2],
      [5, 10, 0.4],
      [10, 10, 0.3],
      [3, 5, 0.15],
    ].map(([docs, terms, lambda]) => [
      `keyword feedback ${docs} docs, ${terms} terms, ${lambda}`,
      retriever({ rm3: { docs, terms, lambda } }),
    ]),
  next: () =>
    [0.1, 0.2, 0.3].map((weight) => [
      `memory after as keyword column ${weight}`,
      retriever({ keywordIndex: `next ${weight}` }),
    ]),
  context: () => [
    ...[0.05, 0.1, 0.2, 0.3].map((w) => [`conversation ${w}`, retriever({ weights: { conversation: w } })]),
    ...[
      [0.3, 0],
      [0.5, 0],
      [0.3, 0.2],
      [0.5, 0.3],
    ].map(([a, b]) => [`dense context ${a}/${b}`, retriever({ denseContext: [a, b] })]),
  ],
};
const grid = () =>
  [0.7, 1, 1.5, 2].flatMap((keyword) =>
    [
      [0.8, 0.6, 0.6],
      [0.6, 0.4, 0.5],
      [0.9, 0.7, 0.7],
    ].map(([p1, p2, n1]) => [
      `keyword ${keyword}, neighbours ${p1}/${p2}/${n1}`,
      retriever({
        weights: { keyword, previousNeighbour: p1, secondPreviousNeighbour: p2, nextNeighbour: n1 },
      }),
    ]),
  );
// Before decision 021's amendment on the speaker named first, the steps fetched the neighbours of the best 60 for the harness's 20 (max(50, 3 x limit)).
const beforeSources = (options) => retriever({ sources: 60, ...options });
const ablation = () => [
  ['BM25 baseline (locomo_retrieval.py)', referenceBm25],
  ['BM25 alone (FTS5 unicode61)', bm25Only('plain')],
  ['BM25 alone (FTS5 porter)', bm25Only('porter')],
  ['BM25 alone (FTS5 porter + previous memory)', bm25Only('porterContext')],
  ['dense alone (hashed-tfidf-v1)', denseOnly],
  [
    'RRF equal weights, unicode61',
    retriever({ keywordIndex: 'plain', weights: { ...NO_EXTRAS, fusion: 'rrf', keyword: 1 } }),
  ],
  ['linear tuned, unicode61', retriever({ keywordIndex: 'plain', weights: NO_EXTRAS })],
  ['linear tuned, porter', retriever({ keywordIndex: 'porter', weights: NO_EXTRAS })],
  [
    '+ conversation neighbours',
    beforeSources({ keywordIndex: 'porter', weights: { ...BEFORE_021B, time: 0 } }),
  ],
  ['+ previous memory as keyword column', beforeSources({ weights: { ...BEFORE_021B, time: 0 } })],
  ['+ time named in the query (021 defaults)', beforeSources({ weights: BEFORE_021B })],
  [
    '+ conversation evidence 0.6',
    beforeSources({ weights: { ...BEFORE_DETAIL, speaker: 0, laterSpeaker: 0 } }),
  ],
  ['+ speaker named in the query 0.4', beforeSources({ weights: BEFORE_DETAIL })],
  ['+ detail 0.3, question 0.1', beforeSources({ weights: BEFORE_LATER_SPEAKER })],
  ['+ speaker named first, detail 0.5', beforeSources({ weights: BEFORE_RELEVANCE })],
  ['+ neighbours of the best 100', retriever({ weights: BEFORE_RELEVANCE })],
  ['+ conversation share by relevance (= defaults)', retriever({})],
  ['defaults, speakers alike (later 0.4)', retriever({ weights: { laterSpeaker: 0.4 } })],
  ['defaults, detail 0.3', retriever({ weights: { detail: 0.3 } })],
  ['defaults - question', retriever({ weights: { question: 0 } })],
  ['defaults - detail', retriever({ weights: { detail: 0 } })],
  ['defaults - conversation evidence', retriever({ weights: { conversation: 0 } })],
  ['defaults, conversation evidence mean of best 3', retriever({ weights: { conversationDepth: 3 } })],
  ['defaults + dense context 0.3/0', retriever({ denseContext: [0.3, 0] })],
  ['defaults + concept bonus 0.05', retriever({ weights: { concept: 0.05 } })],
  ['defaults - concept candidates', retriever({ concepts: false })],
  ['defaults - neighbours', retriever({ neighbours: false })],
  ['defaults, created now (no session times)', retriever({ sessionTimes: false })],
];
const configurations = args.exp
  ? [['defaults', retriever({})], ...(EXPERIMENTS[args.exp] ?? EXPERIMENTS.context)()]
  : args.grid
    ? grid()
    : ablation();
const results = configurations.map(([name, makeSearch]) => [name, run(makeSearch)]);
// DUMP=PATH: every configuration's per-question evidence ranks as JSON, to compare two of them question by question.
if (process.env.DUMP)
  writeFileSync(
    process.env.DUMP,
    JSON.stringify(Object.fromEntries(results.map(([name, r]) => [name, r.rows]))),
  );
printTable(results);
printByConversation(results);
console.log(
  `categories: ${Object.entries(CATEGORIES)
    .map(([n, name]) => `${n} ${name}`)
    .join(', ')}`,
);
