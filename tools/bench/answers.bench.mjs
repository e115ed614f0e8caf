// npm run bench:answers — how well the offline assistant (no language model) answers from the memories, over
// REST (`POST /api/chat`), on the paraphrase set (`paraphrase-dev.json` in BENCH_DATA_DIR;
// BENCH_ANSWERS_DATA names another file). One account per profile; its facts are stored as memories, then
// each question is asked. For a question with an answer: how often the answer fact was retrieved, how often
// the answer used it, and how many of the memories it used are answers (precision). For a question with
// none: how often it said it knows nothing. BENCH_VERBOSE=1 prints every question with what was used.
// BENCH_ANSWERS_MODE=composer runs the composer alone, in this process, with every fact of the profile as a
// candidate and no search scores: what it picks when retrieval misses nothing (the search's part apart).
// Needs `npm run build:server` (the npm script does it).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { benchDataFile, requireBenchData } from './support/bench-data.mjs';
import {
  benchEnv,
  createUserWithKey,
  ROOT,
  startStandalone,
  stopProcess,
  postJson,
} from './support/standalone-process.mjs';

const DATA = requireBenchData(
  process.env.BENCH_ANSWERS_DATA
    ? resolve(ROOT, process.env.BENCH_ANSWERS_DATA)
    : benchDataFile('paraphrase-dev.json'),
  'paraphrase set',
  'BENCH_ANSWERS_DATA=',
);
const VERBOSE = process.env.BENCH_VERBOSE === '1';
const NOTHING_KNOWN = "I don't remember anything that bears on this yet.";

const data = JSON.parse(readFileSync(DATA, 'utf8'));

const answerable = { questions: 0, retrieved: 0, used: 0, usedCount: 0, usedAnswers: 0, nothing: 0 };
const unanswerable = { questions: 0, nothing: 0, usedCount: 0 };

/** Counts one answer: the fact ids it used and retrieved, and whether it said it knows nothing. */
function count(profile, question, { used, retrieved, text }) {
  const answers = new Set(question.answers ?? []);
  const nothing = text.includes(NOTHING_KNOWN);
  if (answers.size > 0) {
    answerable.questions++;
    if (retrieved.some((id) => answers.has(id))) answerable.retrieved++;
    if (used.some((id) => answers.has(id))) answerable.used++;
    answerable.usedCount += used.length;
    answerable.usedAnswers += used.filter((id) => answers.has(id)).length;
    if (nothing) answerable.nothing++;
  } else {
    unanswerable.questions++;
    unanswerable.usedCount += used.length;
    if (nothing) unanswerable.nothing++;
  }
  if (VERBOSE) {
    const hit = used.some((id) => answers.has(id));
    const mark = answers.size === 0 ? (nothing ? 'ok  ' : 'FALSE') : hit ? 'ok  ' : 'MISS';
    console.log(
      `${mark} ${profile.id}/${question.id} "${question.text}" answers=[${[...answers]}] used=[${used}] retrieved=[${retrieved.slice(0, 5)}]`,
    );
    console.log(`     ${text.split('\n\n')[1]}`);
  }
}

async function overRest() {
  const dataDir = mkdtempSync(join(tmpdir(), 'membolt-bench-answers-'));
  const env = await benchEnv(dataDir, {
    BUS_TIMEOUT_MS: '30000',
    AUTH_TOKEN_SECRET: randomBytes(48).toString('base64'),
    PROVIDER_KEYS_SECRET: randomBytes(48).toString('base64'),
    // Questions teach nothing; no background extraction competes with the answers.
    CHAT_EXTRACTION: 'off',
  });
  const users = [];
  for (const profile of data.profiles) {
    users.push(
      await createUserWithKey(env, {
        email: `bench-answers-${profile.id}@membolt.local`,
        name: `Bench ${profile.id}`,
        plan: 'enterprise',
      }),
    );
  }
  const { server, base } = await startStandalone(env, 180_000);
  try {
    for (const [index, profile] of data.profiles.entries()) {
      const { userId, apiKey } = users[index];
      const factOf = new Map();
      for (const fact of profile.facts) {
        const memory = await postJson(base, apiKey, `/api/user/${userId}/memories`, { text: fact.text });
        factOf.set(memory.id, fact.id);
      }
      for (const question of profile.questions) {
        const turn = await postJson(base, apiKey, '/api/chat', { message: question.text });
        count(profile, question, {
          used: turn.memories_retrieved
            .filter((memory) => memory.used)
            .map((memory) => factOf.get(memory.id)),
          retrieved: turn.memories_retrieved.map((memory) => factOf.get(memory.id)),
          text: turn.text,
        });
      }
    }
  } finally {
    await stopProcess(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function composerAlone() {
  const { composeOfflineAnswer } = await import(join(ROOT, 'libs/chat/dist/domain/offline-assistant.js'));
  const now = new Date();
  for (const profile of data.profiles) {
    const results = profile.facts.map((fact) => ({
      memory: {
        id: fact.id,
        text: fact.text,
        metadata: {},
        createdAt: now.toISOString(),
        validFrom: now.toISOString(),
        validTo: null,
      },
      score: 0,
      scores: { semantic: null, keyword: null, conceptMatch: false },
    }));
    for (const question of profile.questions) {
      const answer = composeOfflineAnswer(question.text, results, now);
      count(profile, question, {
        used: answer.usedIds,
        retrieved: profile.facts.map((fact) => fact.id),
        text: answer.text,
      });
    }
  }
}

const MODE = process.env.BENCH_ANSWERS_MODE ?? 'rest';
if (MODE === 'composer') await composerAlone();
else await overRest();

const ratio = (part, whole) => (whole === 0 ? 'n/a' : `${(part / whole).toFixed(3)} (${part}/${whole})`);
console.log(`offline answers (${MODE}) on ${DATA}`);
console.log(
  JSON.stringify(
    {
      answerable: {
        questions: answerable.questions,
        answerRetrieved: ratio(answerable.retrieved, answerable.questions),
        answerUsed: ratio(answerable.used, answerable.questions),
        usedPrecision: ratio(answerable.usedAnswers, answerable.usedCount),
        saidNothingKnown: ratio(answerable.nothing, answerable.questions),
        meanMemoriesUsed: Number((answerable.usedCount / Math.max(1, answerable.questions)).toFixed(2)),
      },
      unanswerable: {
        questions: unanswerable.questions,
        saidNothingKnown: ratio(unanswerable.nothing, unanswerable.questions),
        meanMemoriesUsed: Number((unanswerable.usedCount / Math.max(1, unanswerable.questions)).toFixed(2)),
      },
    },
    null,
    2,
  ),
);
