// The LoCoMo evidence-retrieval method of LoCoMo's locomo_retrieval.py in JavaScript, shared by the
// in-process harness (retrieval-harness.mjs) and the REST benchmark (retrieval.bench.mjs): memory texts,
// evidence normalisation, the reference BM25, and hit@k / all@k / MRR per category.
import { readFileSync } from 'node:fs';

export const KS = [1, 5, 10, 20];
export const CATEGORIES = { 1: 'multi-hop', 2: 'temporal', 3: 'open-domain', 4: 'single-hop' };

// ------------------------------------------------------------------------------------------------ data

export function loadConversations(path) {
  const data = JSON.parse(readFileSync(path, 'utf8'));
  return data.map((sample) => {
    const c = sample.conversation;
    const sessions = Object.keys(c)
      .map((key) => /^session_(\d+)$/.exec(key))
      .filter((m) => m && Array.isArray(c[m[0]]))
      .map((m) => Number(m[1]))
      .sort((a, b) => a - b);
    const memories = [];
    for (const n of sessions) {
      const date = c[`session_${n}_date_time`] ?? '';
      for (const turn of c[`session_${n}`]) {
        let text = `[${date}] ${turn.speaker}: ${turn.text}`;
        if (turn.blip_caption) text += ` [shares image: ${turn.blip_caption}]`;
        memories.push({ diaId: turn.dia_id, session: n, sessionDate: date, speaker: turn.speaker, text });
      }
    }
    return { sampleId: sample.sample_id, memories, qa: sample.qa };
  });
}

const EVIDENCE = /^D:?(\d+):0*(\d+)$/;
function normaliseEvidence(evidence, valid) {
  const out = [];
  for (const raw of evidence ?? []) {
    for (const part of String(raw)
      .split(/[;,\s]+/)
      .filter(Boolean)) {
      const m = EVIDENCE.exec(part);
      const id = m ? `D${m[1]}:${m[2]}` : null;
      if (id && valid.has(id) && !out.includes(id)) out.push(id);
    }
  }
  return out;
}

// ------------------------------------------------------------------------------------------------ evaluate

export function evaluate(convs, indexes, search) {
  const rows = [];
  convs.forEach((conv, ci) => {
    const valid = new Set(conv.memories.map((m) => m.diaId));
    for (const qa of conv.qa) {
      if (!CATEGORIES[qa.category]) continue;
      const evidence = normaliseEvidence(qa.evidence, valid);
      if (evidence.length === 0) continue;
      const got = search(indexes[ci], qa.question, Math.max(...KS)).map((id) => conv.memories[id].diaId);
      const ev = new Set(evidence);
      const firstRank = got.findIndex((id) => ev.has(id)) + 1;
      const row = { category: qa.category, conversation: conv.sampleId, mrr: firstRank ? 1 / firstRank : 0 };
      // DUMP=1: each question's evidence ranks, kept on the result for a comparison of two configurations.
      if (process.env.DUMP) {
        row.question = qa.question;
        row.ranks = evidence.map((id) => got.indexOf(id) + 1);
      }
      if (process.env.MISSES && !got.slice(0, 10).some((id) => ev.has(id))) {
        const text = (id) => conv.memories.find((m) => m.diaId === id).text;
        console.log(
          `MISS [${qa.category}] ${qa.question}\n  evidence: ${evidence.map((id) => `${id} @${got.indexOf(id) + 1} ${text(id).slice(0, 160)}`).join('\n            ')}\n  top: ${got
            .slice(0, 2)
            .map((id) => text(id).slice(0, 120))
            .join('\n       ')}`,
        );
      }
      if (
        process.env.PARTIAL &&
        got.slice(0, 10).some((id) => ev.has(id)) &&
        !evidence.every((id) => got.slice(0, 10).includes(id))
      ) {
        const text = (id) => conv.memories.find((m) => m.diaId === id).text;
        console.log(
          `PARTIAL [${qa.category}] ${qa.question}\n  evidence: ${evidence.map((id) => `${id} @${got.indexOf(id) + 1} ${text(id).slice(0, 140)}`).join('\n            ')}${
            // TOP=N: the first N answers too, to see what holds the places the evidence missed.
            process.env.TOP
              ? `\n  top: ${got
                  .slice(0, Number(process.env.TOP))
                  .map((id) => `${ev.has(id) ? '*' : ' '} ${text(id).slice(0, 120)}`)
                  .join('\n       ')}`
              : ''
          }`,
        );
      }
      // NEAR=1: the questions with every evidence turn in the top 20 but not all in the top 10, with their
      // first 20 answers (the closest all@10 wins).
      if (
        process.env.NEAR &&
        evidence.every((id) => got.slice(0, 20).includes(id)) &&
        !evidence.every((id) => got.slice(0, 10).includes(id))
      ) {
        const text = (id) => conv.memories.find((m) => m.diaId === id).text;
        console.log(
          `NEAR [${qa.category}] ${qa.question}\n  ${got
            .slice(0, 20)
            .map(
              (id, i) =>
                `${ev.has(id) ? '*' : ' '}${String(i + 1).padStart(2)} ${id} ${text(id).slice(0, 150)}`,
            )
            .join('\n  ')}`,
        );
      }
      for (const k of KS) {
        const found = got.slice(0, k).filter((id) => ev.has(id)).length;
        row[`hit@${k}`] = found > 0 ? 1 : 0;
        row[`all@${k}`] = found === ev.size ? 1 : 0;
      }
      rows.push(row);
    }
  });
  const agg = (rs) => {
    const out = { n: rs.length };
    for (const key of [...KS.flatMap((k) => [`hit@${k}`, `all@${k}`]), 'mrr']) {
      out[key] = rs.reduce((sum, r) => sum + r[key], 0) / Math.max(1, rs.length);
    }
    return out;
  };
  const result = { overall: agg(rows), ...(process.env.DUMP ? { rows } : {}) };
  for (const c of Object.keys(CATEGORIES)) result[c] = agg(rows.filter((r) => r.category === Number(c)));
  // Each conversation's own figures: a change should hold in each, not only on the sum.
  result.byConversation = Object.fromEntries(
    convs.map((conv) => [conv.sampleId, agg(rows.filter((r) => r.conversation === conv.sampleId))]),
  );
  return result;
}

export const f = (x) => x.toFixed(3);
export function printTable(results) {
  console.log(
    `${'configuration'.padEnd(34)} ${'hit@1'.padStart(6)} ${'hit@5'.padStart(6)} ${'hit@10'.padStart(6)} ${'all@10'.padStart(6)} ${'MRR'.padStart(6)} | hit@10 by category: ${Object.values(CATEGORIES).join(' / ')} | all@10 by category`,
  );
  for (const [name, r] of results) {
    const o = r.overall;
    const cats = Object.keys(CATEGORIES).map((c) => f(r[c]['hit@10']));
    const allCats = Object.keys(CATEGORIES).map((c) => f(r[c]['all@10']));
    console.log(
      `${name.padEnd(34)} ${f(o['hit@1']).padStart(6)} ${f(o['hit@5']).padStart(6)} ${f(o['hit@10']).padStart(6)} ${f(o['all@10']).padStart(6)} ${f(o.mrr).padStart(6)} | ${cats.join(' / ')} | ${allCats.join(' / ')}`,
    );
  }
}

/** hit@10 / all@10 of each configuration in each conversation (`evaluate`'s byConversation). */
export function printByConversation(results) {
  const ids = Object.keys(results[0]?.[1].byConversation ?? {});
  console.log(
    `${'hit@10 / all@10 by conversation'.padEnd(34)} ${ids.map((id) => id.padStart(13)).join(' ')}`,
  );
  for (const [name, r] of results) {
    const cells = ids.map((id) => {
      const c = r.byConversation[id];
      return `${f(c['hit@10'])}/${f(c['all@10'])}`.padStart(13);
    });
    console.log(`${name.padEnd(34)} ${cells.join(' ')}`);
  }
}

/** Evaluates a retriever made per conversation: `makeSearch(conv)` answers `(query, k) => memory indexes`. */
export function evaluateAll(convs, makeSearch) {
  const searches = convs.map(makeSearch);
  return evaluate(convs, searches, (search, query, k) => search(query, k));
}

/** LoCoMo's session time ("1:56 pm on 8 May, 2023") as an ISO string (UTC), or null. */
export function sessionDateOf(text) {
  const m = /(\d{1,2}):(\d{2})\s*(am|pm)\s+on\s+(\d{1,2})\s+(\w+),?\s+(\d{4})/i.exec(text);
  if (!m) return null;
  const month = MONTHS.indexOf(m[5].toLowerCase().slice(0, 3));
  if (month < 0) return null;
  const hour = (Number(m[1]) % 12) + (m[3].toLowerCase() === 'pm' ? 12 : 0);
  return new Date(Date.UTC(Number(m[6]), month, Number(m[4]), hour, Number(m[2]))).toISOString();
}
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

// ------------------------------------------------------------------------------------------------ reference BM25

const REFERENCE_STOPWORDS = new Set(
  `a about above after again against all am an and any are aren't as at be because been
before being below between both but by can can't cannot could couldn't did didn't do does
doesn't doing don't down during each few for from further had hadn't has hasn't have haven't
having he he'd he'll he's her here here's hers herself him himself his how how's i i'd i'll
i'm i've if in into is isn't it it's its itself let's me more most mustn't my myself no nor
not of off on once only or other ought our ours ourselves out over own same shan't she she'd
she'll she's should shouldn't so some such than that that's the their theirs them themselves
then there there's these they they'd they'll they're they've this those through to too under
until up very was wasn't we we'd we'll we're we've were weren't what what's when when's where
where's which while who who's whom why why's with won't would wouldn't you you'd you'll
you're you've your yours yourself yourselves s t d ll m re ve`.split(/\s+/),
);
const referenceTokens = (text) =>
  (
    text
      .toLowerCase()
      .replace(/['\u2019]/g, '')
      .match(/[a-z0-9]+/g) ?? []
  ).filter((token) => !REFERENCE_STOPWORDS.has(token));

/** The BM25 baseline of locomo_retrieval.py, line for line (k1 1.2, b 0.75, its IDF and tie order). */
export class ReferenceBm25 {
  constructor(texts, k1 = 1.2, b = 0.75) {
    const docs = texts.map(referenceTokens);
    const df = new Map();
    const tfs = docs.map((doc) => {
      const tf = new Map();
      for (const token of doc) tf.set(token, (tf.get(token) ?? 0) + 1);
      for (const token of tf.keys()) df.set(token, (df.get(token) ?? 0) + 1);
      return tf;
    });
    const n = docs.length;
    const avgdl = docs.reduce((sum, doc) => sum + doc.length, 0) / Math.max(n, 1);
    this.idf = new Map([...df].map(([t, c]) => [t, Math.log(1 + (n - c + 0.5) / (c + 0.5))]));
    this.postings = new Map();
    tfs.forEach((tf, i) => {
      const norm = k1 * (1 - b + (b * docs[i].length) / avgdl);
      for (const [t, c] of tf) {
        if (!this.postings.has(t)) this.postings.set(t, []);
        this.postings.get(t).push([i, (c * (k1 + 1)) / (c + norm)]);
      }
    });
  }

  search(query, k) {
    const scores = new Map();
    for (const t of new Set(referenceTokens(query))) {
      const w = this.idf.get(t);
      if (w === undefined) continue;
      for (const [i, s] of this.postings.get(t)) scores.set(i, (scores.get(i) ?? 0) + w * s);
    }
    return [...scores]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, k)
      .map(([i]) => i);
  }
}
