// npm run bench:quality — the memory-quality sets through the running REST API (issue 27, decisions 103-104).
//
// Starts the built standalone app on a temporary DATA_DIR with the offline defaults and runs
// ../shared/bench/memory_quality.py (python3) on both sets, which makes its users with the operator CLI and
// prints the product's figures next to BM25's:
//   paraphrase  personal facts stored as memories, questions worded otherwise (hit@1/3/10, MRR) and questions
//               nothing answers; then, with the same users, every question again at the default relevance
//               threshold (MEMORY_SEARCH_DEFAULT_THRESHOLD, what the web app and the assistant ask for): how many
//               answerable questions still return their answer, how many unanswerable ones return nothing;
//   learning    chat scenarios whose facts must end open, closed or absent.
// The data is read by relative path (../shared/bench/ from the repository root, or --paraphrase / --learning);
// it is never copied into the project. Needs `npm run build:server` (the npm script does it).
//
//   npm run bench:quality [-- --sets paraphrase,learning] [--paraphrase PATH] [--learning PATH]
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { freePort, residentMemoryMb, ROOT, startStandalone } from './support/standalone-process.mjs';

const { MEMORY_SEARCH_DEFAULT_THRESHOLD } = await import(join(ROOT, 'libs/contracts/dist/index.js'));

const { values: args } = parseArgs({
  options: {
    paraphrase: { type: 'string', default: join(ROOT, '../shared/bench/paraphrase-dev.json') },
    learning: { type: 'string', default: join(ROOT, '../shared/bench/learning-dev.json') },
    runner: { type: 'string', default: join(ROOT, '../shared/bench/memory_quality.py') },
    sets: { type: 'string', default: 'paraphrase,learning' },
    threshold: { type: 'string', default: String(MEMORY_SEARCH_DEFAULT_THRESHOLD) },
  },
});
const sets = args.sets.split(',');
for (const path of [args.runner, ...sets.map((set) => args[set])]) {
  if (!existsSync(path)) {
    console.error(`not found: ${path} (pass --paraphrase, --learning or --runner)`);
    process.exit(66);
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'membolt-bench-quality-'));
const [port, metricsPort] = [await freePort(), await freePort()];
const env = {
  PATH: process.env.PATH ?? '',
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  HOST: '127.0.0.1',
  PORT: String(port),
  METRICS_PORT: String(metricsPort),
  METRICS_HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  EMBEDDER: 'offline',
  // A busy machine (shared cores) may need a longer wait for a service's answer than the default.
  ...(process.env.BUS_TIMEOUT_MS ? { BUS_TIMEOUT_MS: process.env.BUS_TIMEOUT_MS } : {}),
  GATEWAY_RATE_LIMIT_PER_MINUTE: '1000000',
  GATEWAY_RATE_LIMIT_PER_USER_PER_MINUTE: '1000000',
};

/** Runs memory_quality.py on one set; its report goes to this process's output. */
function runQuality(data, extra) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'python3',
      [
        args.runner,
        '--data',
        data,
        '--base-url',
        `http://127.0.0.1:${port}`,
        '--cli',
        `${process.execPath} ${join(ROOT, 'apps/standalone/dist/cli.js')}`,
        '--data-dir',
        dataDir,
        ...extra,
      ],
      { env: { ...process.env, ...env }, cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`memory_quality.py exited ${code}`)),
    );
  });
}

/** The paraphrase questions again, with `threshold`: answerable ones that keep their answer, unanswerable ones left empty. */
async function atThreshold(base, usersFile, threshold) {
  const data = JSON.parse(readFileSync(args.paraphrase, 'utf8'));
  const users = JSON.parse(readFileSync(usersFile, 'utf8'));
  let answerable = 0;
  let answered = 0;
  let unanswerable = 0;
  let empty = 0;
  for (const profile of data.profiles) {
    const { userId, apiKey } = users[profile.id];
    const get = async (path, query) => {
      const url = `${base}/api/user/${encodeURIComponent(userId)}/${path}?${new URLSearchParams(query)}`;
      const response = await fetch(url, { headers: { 'x-api-key': apiKey } });
      if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
      return response.json();
    };
    const factOf = new Map(profile.facts.map((fact) => [fact.text, fact.id]));
    for (const question of profile.questions) {
      const { results } = await get('search', {
        query: question.text,
        limit: '10',
        threshold: String(threshold),
      });
      const found = new Set(results.map((result) => factOf.get(result.text)));
      if ((question.answers ?? []).length === 0) {
        unanswerable++;
        if (results.length === 0) empty++;
      } else {
        answerable++;
        if (question.answers.some((id) => found.has(id))) answered++;
      }
    }
  }
  return { answerable, answered, unanswerable, empty };
}

let server;
try {
  let base;
  let ops;
  ({ server, base, ops } = await startStandalone(env, 90_000));
  const rssStart = await residentMemoryMb(ops);
  if (sets.includes('paraphrase')) {
    const usersFile = join(dataDir, 'paraphrase-users.json');
    await runQuality(args.paraphrase, ['--save-users', usersFile]);
    const threshold = Number(args.threshold);
    const t = await atThreshold(base, usersFile, threshold);
    const share = (n, d) => (d === 0 ? '-' : (n / d).toFixed(3));
    console.log(
      `paraphrase at the default relevance threshold ${threshold}: answerable that still return their answer ` +
        `${t.answered}/${t.answerable} (${share(t.answered, t.answerable)}), unanswerable that return nothing ` +
        `${t.empty}/${t.unanswerable} (${share(t.empty, t.unanswerable)})`,
    );
  }
  if (sets.includes('learning')) await runQuality(args.learning, []);
  console.log(
    `server resident memory: ${rssStart.toFixed(0)} MB after start, ${(await residentMemoryMb(ops)).toFixed(0)} MB after the sets`,
  );
} finally {
  server?.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  rmSync(dataDir, { recursive: true, force: true });
}
