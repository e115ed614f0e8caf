// What the sentence encoder's first load costs a search and the process (decision 212), in one run: the built
// standalone app started on an empty DATA_DIR with SENTENCE_ENCODER=auto and with off, in turn. In each, a new
// user stores a few facts over REST, then asks one personal question every BENCH_SENTENCE_EVERY_S seconds
// (default 2) for BENCH_SENTENCE_SECONDS (default 90): each search's latency, whether a result came through
// the sentence channel ("similar sentence" among its reasons), and the process's RSS. The first searches
// meet the model loading (the write's sweep starts it); the last ones come after the thread idled out
// (MEMORY_WORKER_IDLE_SECONDS, 60 by default) and pay the load again.
//
//   node tools/build-server.mjs && node tools/bench/sentence-first-load.bench.mjs
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

import {
  benchEnv,
  createUserWithKey,
  residentMemoryMb,
  startStandalone,
  stopProcess,
} from './support/standalone-process.mjs';

const SECONDS = Number(process.env.BENCH_SENTENCE_SECONDS ?? 90);
const EVERY_S = Number(process.env.BENCH_SENTENCE_EVERY_S ?? 2);
const FACTS = [
  "I don't have a driving licence.",
  'My favourite tea is sencha.',
  'I work nights at the bakery.',
];
const QUESTION = 'Could I hire a car by myself?';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function measure(mode) {
  const dataDir = mkdtempSync(join(tmpdir(), 'membolt-bench-sentence-'));
  const env = await benchEnv(dataDir, { SENTENCE_ENCODER: mode });
  const user = await createUserWithKey(env, { email: `sentence-${mode}@bench.local`, name: 'Bench' });
  const { server, base, ops } = await startStandalone(env, 120_000);
  const headers = { 'x-api-key': user.apiKey, 'content-type': 'application/json' };
  const rows = [];
  try {
    await sleep(5_000);
    const idle = await residentMemoryMb(ops);
    for (const text of FACTS) {
      const response = await fetch(`${base}/api/user/${user.userId}/memories`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ text }),
      });
      if (response.status !== 201) throw new Error(`add answered ${response.status}`);
    }
    const start = performance.now();
    while (performance.now() - start < SECONDS * 1000) {
      const at = performance.now();
      const response = await fetch(
        `${base}/api/user/${user.userId}/search?query=${encodeURIComponent(QUESTION)}&limit=5`,
        { headers },
      );
      const ms = performance.now() - at;
      const body = await response.json();
      if (response.status !== 200) throw new Error(`search answered ${response.status}`);
      const results = body.results ?? [];
      const bySentence = results.some((r) =>
        (r.score_breakdown?.reasons ?? r.scores?.reasons ?? []).some((reason) =>
          reason.startsWith('similar sentence'),
        ),
      );
      rows.push({
        t: Math.round((at - start) / 1000),
        ms: Math.round(ms),
        bySentence,
        first: results[0]?.memory ?? results[0]?.text ?? null,
        rss: Math.round(await residentMemoryMb(ops)),
      });
      await sleep(Math.max(0, EVERY_S * 1000 - (performance.now() - at)));
    }
    return { mode, idle: Math.round(idle), rows };
  } finally {
    await stopProcess(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`sentence first load: load average ${loadavg()[0].toFixed(1)} at the start`);
for (const mode of ['auto', 'off']) {
  const { idle, rows } = await measure(mode);
  const slow = rows.filter((r) => r.ms > 500);
  const channel = rows.filter((r) => r.bySentence);
  console.log(
    `\nSENTENCE_ENCODER=${mode}: RSS idle ${idle} MB, peak ${Math.max(...rows.map((r) => r.rss))} MB, last ${rows.at(-1)?.rss} MB; ` +
      `${rows.length} searches, p50 ${rows.map((r) => r.ms).sort((a, b) => a - b)[rows.length >> 1]} ms, ` +
      `max ${Math.max(...rows.map((r) => r.ms))} ms, ${slow.length} over 500 ms, ${channel.length} through the sentence channel ` +
      `(first at ${channel[0]?.t ?? '-'} s); load average ${loadavg()[0].toFixed(1)}`,
  );
  console.log(rows.map((r) => `${r.t}s:${r.ms}ms${r.bySentence ? '*' : ''}/${r.rss}MB`).join(' '));
}
