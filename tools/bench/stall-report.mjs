// node tools/bench/stall-report.mjs <stall-watch.jsonl> [--profile <main thread's .cpuprofile>] [--top N] [--min-ms M]
// Prints each stall tools/bench/support/stall-watch.mjs recorded (the event loop ran no timer for gapMs): how
// the main thread spent it (on a core, waiting for one, blocked), its sampled states and system calls, the busy
// time of the other threads, the garbage collections that began in it and, given the process's main-thread
// `--cpu-prof` profile (the file whose name has `.0.` as its thread index), what the profile sampled inside
// the window: self time by function and the own code (libs/, apps/) on the stack, inclusive.
// Run the app with BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof --import=<abs path of stall-watch.mjs>".
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] ? args[at + 1] : fallback;
};
const file = args.find((arg, i) => !arg.startsWith('--') && !args[i - 1]?.startsWith('--'));
const profileFile = option('profile', null);
const top = Number(option('top', 8));
const minMs = Number(option('min-ms', 0));
if (!file || !Number.isInteger(top) || top < 1 || !(minMs >= 0)) {
  console.error(
    'usage: stall-report.mjs <stall-watch.jsonl> [--profile <file.cpuprofile>] [--top N] [--min-ms M]',
  );
  process.exit(64);
}

// x86-64 numbers of the calls a blocked event loop is usually in.
const SYSCALLS = {
  0: 'read',
  1: 'write',
  7: 'poll',
  17: 'pread64',
  18: 'pwrite64',
  20: 'writev',
  74: 'fsync',
  75: 'fdatasync',
  202: 'futex',
  232: 'epoll_wait',
  281: 'epoll_pwait',
  9: 'mmap',
  11: 'munmap',
  10: 'mprotect',
  257: 'openat',
  3: 'close',
  87: 'unlink',
  82: 'rename',
};
const records = readFileSync(file, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line));
const stalls = records.filter((r) => r.kind === 'stall' && r.gapMs >= minMs);
const gcs = records.filter((r) => r.kind === 'gc');

let profile = null;
let parents = null;
let nodes = null;
if (profileFile) {
  profile = JSON.parse(readFileSync(profileFile, 'utf8'));
  nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  parents = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
}

const where = ({ callFrame }) => {
  const { url } = callFrame;
  const path = url.startsWith('file://') ? relative(ROOT, fileURLToPath(url)) : url;
  return `${callFrame.functionName || '(anonymous)'}${path ? ` ${path}:${callFrame.lineNumber + 1}` : ''}`;
};

/** Self time by function and inclusive time of own frames, of the samples in [fromUs, toUs]. */
function sampled(fromUs, toUs) {
  const self = new Map();
  const own = new Map();
  let total = 0;
  let at = profile.startTime;
  const { samples, timeDeltas } = profile;
  for (let i = 0; i < samples.length; i++) {
    at += timeDeltas[i];
    if (at < fromUs || at > toUs) continue;
    const us = Math.max(0, timeDeltas[i + 1] ?? 0);
    const node = nodes.get(samples[i]);
    if (node.callFrame.functionName === '(idle)') continue;
    total += us;
    const key = where(node);
    self.set(key, (self.get(key) ?? 0) + us);
    const seen = new Set();
    for (let id = samples[i]; id !== undefined; id = parents.get(id)) {
      const frame = nodes.get(id);
      if (!/\/(libs|apps)\/[^/]+\/dist\//.test(frame.callFrame.url)) continue;
      const name = where(frame);
      if (seen.has(name)) continue;
      seen.add(name);
      own.set(name, (own.get(name) ?? 0) + us);
    }
  }
  return { self, own, total };
}

const named = (counts, names = {}) =>
  Object.entries(counts)
    .sort((a, b) => b[1] - a[1])
    .map(([key, n]) => `${names[key] ?? key} ${n}`)
    .join(', ');
const ms = (us) => `${(us / 1000).toFixed(0)} ms`;
const list = (map, total) =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(
      ([key, us]) =>
        `      ${((100 * us) / Math.max(1, total)).toFixed(0).padStart(3)} % ${ms(us).padStart(8)}  ${key}`,
    )
    .join('\n');

const start = records.find((r) => r.kind === 'start');
console.log(
  `${file}: ${stalls.length} stalls of ${minMs || start?.thresholdMs || '?'} ms or more; longest ${Math.max(0, ...stalls.map((s) => s.gapMs))} ms`,
);
for (const stall of stalls) {
  const since = start ? ((stall.startUs - start.atUs) / 1e6).toFixed(1) : '?';
  console.log(
    `\n+${since} s: ${stall.gapMs} ms without a timer. Main thread over ${stall.watchedMs} ms watched: ` +
      `${stall.mainRunMs} on a core, ${stall.mainQueueMs} waiting for one, ${stall.mainBlockedMs} blocked`,
  );
  console.log(
    `    states ${named(stall.states)}; calls ${named(stall.syscalls, SYSCALLS)}; waits ${named(stall.wchans)}`,
  );
  console.log(`    other threads on a core (ms): ${JSON.stringify(stall.otherThreadsMs)}`);
  const inside = gcs.filter((gc) => gc.startUs >= stall.startUs && gc.startUs <= stall.endUs);
  if (inside.length)
    console.log(`    garbage collections: ${inside.map((gc) => `${gc.ms} ms (kind ${gc.gc})`).join(', ')}`);
  if (profile) {
    const { self, own, total } = sampled(stall.startUs, stall.endUs);
    console.log(`    profile: ${ms(total)} of samples in the window`);
    console.log(`    self time:\n${list(self, total)}`);
    console.log(`    own code on the stack:\n${list(own, total)}`);
  }
}
