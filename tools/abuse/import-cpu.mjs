// The CPU one NDJSON import costs the standalone process until its 202, and its RSS in the 60 s after
// (docs/performance.md). Usage: node tools/abuse/import-cpu.mjs <repo root with a built server> <label>
// [lines, default 50000] [--cpu-prof <dir>]; SETTLE_S sets the seconds RSS is watched after the 202.
// This checkout must be built as well: its ports come from libs/bus's freePort (libs/bus/dist).
// Compare two builds by running them alternately in one shell script: the machine's load moves both alike.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../libs/bus/dist/testing/nats-server.js';

const [root, label, linesArg, flag, profDir] = process.argv.slice(2);
const LINES = Number(linesArg ?? 50000);
/** Clock ticks a second of /proc/<pid>/stat (CLK_TCK; 100 on Linux). */
const TICK = 100;
const settleSeconds = Number(process.env.SETTLE_S ?? 60);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const cpuOf = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICK; // utime + stime (fields 14, 15)
};
const rssOf = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

const dataDir = mkdtempSync(join(tmpdir(), `imports-measure-${label}-`));
const [port, opsPort] = [await freePort(), await freePort()];
const url = `http://127.0.0.1:${port}`;
const args = flag === '--cpu-prof' ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [];
const child = spawn(process.execPath, [...args, `${root}/apps/standalone/dist/main.js`], {
  cwd: root,
  env: {
    PATH: process.env.PATH,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    METRICS_PORT: String(opsPort),
    METRICS_HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    SIGN_UPS_PER_ADDRESS_PER_HOUR: '100000',
    BFF_RATE_LIMIT_PER_MINUTE: '1000000',
    GATEWAY_RATE_LIMIT_PER_MINUTE: '1000000',
    GATEWAY_RATE_LIMIT_PER_USER_PER_MINUTE: '1000000',
    BUS_TIMEOUT_MS: '60000',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const pid = child.pid;
for (const deadline = Date.now() + 300_000; ;) {
  try {
    if ((await fetch(`${url.replace(port, opsPort)}/readyz`)).status === 200) break;
  } catch {
    // Not listening yet.
  }
  if (Date.now() > deadline) throw new Error('not ready');
  await sleep(200);
}
let cookie = '';
const gql = async (query, variables) => {
  const r = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ query, variables }),
  });
  const set = r.headers.getSetCookie().map((c) => c.split(';')[0]);
  if (set.length) cookie = [...cookie.split('; ').filter(Boolean), ...set].join('; ');
  return r.json();
};
const su = await gql('mutation ($input: SignUpInput!) { signUp(input: $input) { id } }', {
  input: { email: `m-${Date.now()}@example.com`, password: 'abuse probe passphrase 7', name: 'm' },
});
const userId = su.data.signUp.id;
const key = await gql(
  'mutation ($input: CreateApiKeyInput!) { createApiKey(input: $input) { secret apiKey { id } } }',
  { input: { name: 'k' } },
);
const apiKey = key.data.createApiKey.secret;
const out = [];
for (let i = 0; i < LINES; i++)
  out.push(JSON.stringify({ text: `Imported note ${i}: I water the tomatoes on day ${i % 7}.` }));
const body = `${out.join('\n')}\n`;
await sleep(5000);
const rssBefore = rssOf(pid);
const cpuBefore = cpuOf(pid);
const load = loadavg()[0];
const lat = [];
let polling = true;
const poller = (async () => {
  while (polling) {
    const t = performance.now();
    try {
      await (await fetch(`${url}/api/status`)).arrayBuffer();
    } catch {
      // A refused poll counts as its wait.
    }
    lat.push(performance.now() - t);
    await sleep(100);
  }
})();
const t0 = performance.now();
const answer = await fetch(`${url}/api/user/${userId}/memories/import`, {
  method: 'POST',
  headers: { 'content-type': 'application/x-ndjson', 'X-API-Key': apiKey },
  body,
});
const text = await answer.text();
const wall = performance.now() - t0;
const cpuAt202 = cpuOf(pid) - cpuBefore;
const rssAt202 = rssOf(pid);
polling = false;
await poller;
let rssMax = rssAt202;
let rssMin = rssAt202;
for (let s = 0; s < settleSeconds; s++) {
  await sleep(1000);
  const r = rssOf(pid);
  rssMax = Math.max(rssMax, r);
  rssMin = Math.min(rssMin, r);
}
const rssAfter = rssOf(pid);
const cpuAfter = cpuOf(pid) - cpuBefore;
let job = '';
try {
  const s = await fetch(`${url}/api/user/${userId}/memories/import/${JSON.parse(text).import_id}`, {
    headers: { 'X-API-Key': apiKey },
  });
  job = (await s.text()).slice(0, 160);
} catch {
  // The status is informative only.
}
lat.sort((a, b) => a - b);
console.log(
  JSON.stringify({
    label,
    lines: LINES,
    load1AtStart: load,
    status: answer.status,
    answer: text.slice(0, 100),
    wallTo202Ms: Math.round(wall),
    cpuTo202S: cpuAt202,
    cpuTo202PlusSettleS: cpuAfter,
    rssBeforeMB: Math.round(rssBefore),
    rssAt202MB: Math.round(rssAt202),
    rssMaxSettleMB: Math.round(rssMax),
    rssMinSettleMB: Math.round(rssMin),
    rssAfterSettleMB: Math.round(rssAfter),
    rssBound: Math.round(rssBefore * 1.2),
    statusP99Ms: Math.round(lat[Math.floor(lat.length * 0.99)] ?? 0),
    statusWorstMs: Math.round(lat.at(-1) ?? 0),
    job,
  }),
);
child.kill('SIGTERM');
await new Promise((r) => child.once('exit', r));
rmSync(dataDir, { recursive: true, force: true });
