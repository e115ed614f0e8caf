// node tools/bench/cpuprofile-top.mjs <file.cpuprofile> [--top N] [--by function|module|both|inclusive|stage|step]
//   [--last-ms M] [--requests R]
// Where a V8 CPU profile (`node --cpu-prof`) spent its samples: self time by function (name, file, line) and
// by module (a package under node_modules, a workspace lib or app, node's internals, GC, idle), each with its
// share of the busy time (every sample except `(idle)`). `--last-ms` keeps only the profile's last M ms (the
// load phase of a process profiled to its exit, without its start). `--requests` (the requests answered in that
// phase) adds each row's microseconds per request. `--by stage` sorts the busy time into the stages of a request,
// `--by step` into finer steps (routing, hooks, helmet, guards, the key check, the rate limiter, metrics,
// logging, Nest's pipeline, GraphQL's parse, validation and execution, serialization, the socket). Used for the
// edge decisions' cost tables.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const args = process.argv.slice(2);
// The profile is the one argument that is neither an option nor an option's value.
const file = args.find((arg, i) => !arg.startsWith('--') && !args[i - 1]?.startsWith('--'));
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] ? args[at + 1] : fallback;
};
const top = Number(option('top', 30));
const by = option('by', 'both');
const lastMs = Number(option('last-ms', 0));
const requests = Number(option('requests', 0));
if (
  !file ||
  !Number.isInteger(top) ||
  top < 1 ||
  !['function', 'module', 'both', 'inclusive', 'stage', 'step'].includes(by) ||
  !(lastMs >= 0) ||
  !(requests >= 0)
) {
  console.error(
    'usage: cpuprofile-top.mjs <file.cpuprofile> [--top N] [--by function|module|both|inclusive|stage|step] [--last-ms M] [--requests R]',
  );
  process.exit(64);
}

const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
// Self time per node id: each sample is charged the time delta that follows it.
const selfUs = new Map();
const { samples, timeDeltas } = profile;
const from = lastMs > 0 ? profile.endTime - lastMs * 1000 : -Infinity;
let at = profile.startTime;
for (let i = 0; i < samples.length; i++) {
  at += timeDeltas[i];
  if (at < from) continue;
  const delta = timeDeltas[i + 1] ?? 0;
  selfUs.set(samples[i], (selfUs.get(samples[i]) ?? 0) + Math.max(0, delta));
}

/** The module a frame belongs to: a package, a workspace project, node's internals or a V8 pseudo-frame. */
function moduleOf(url, name) {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const path = url.startsWith('file://') ? fileURLToPath(url) : url;
  if (path.startsWith('node:')) return 'node:internal';
  const packaged = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (packaged) return packaged[1];
  const own = /(?:^|\/)((?:libs|apps)\/[^/]+)\//.exec(relative(ROOT, path));
  if (own) return own[1];
  return path;
}

const byFunction = new Map();
const byModule = new Map();
let total = 0;
let idle = 0;
for (const [id, us] of selfUs) {
  const { callFrame } = nodes.get(id);
  const name = callFrame.functionName || '(anonymous)';
  if (name === '(idle)') {
    idle += us;
    continue;
  }
  total += us;
  const where = callFrame.url
    ? `${relative(ROOT, callFrame.url.replace(/^file:\/\//, ''))}:${callFrame.lineNumber + 1}`
    : '';
  const fnKey = `${name} ${where}`.trim();
  byFunction.set(fnKey, (byFunction.get(fnKey) ?? 0) + us);
  const mod = moduleOf(callFrame.url, name);
  byModule.set(mod, (byModule.get(mod) ?? 0) + us);
}

// Inclusive time: each function (by name and place) is charged the self time of every node under it, once
// per sample however often it recurs on the stack.
const parents = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
const inclusive = new Map();
for (const [id, us] of selfUs) {
  if (nodes.get(id).callFrame.functionName === '(idle)') continue;
  const seen = new Set();
  for (let at = id; at !== undefined; at = parents.get(at)) {
    const { callFrame } = nodes.get(at);
    const where = callFrame.url
      ? `${relative(ROOT, callFrame.url.replace(/^file:\/\//, ''))}:${callFrame.lineNumber + 1}`
      : '';
    const key = `${callFrame.functionName || '(anonymous)'} ${where}`.trim();
    if (seen.has(key)) continue;
    seen.add(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + us);
  }
}

// The stage of the request pipeline a sample belongs to: the innermost frame of its stack that matches a
// stage (a validation inside a bus handler is validation; the engine's work under the bus is the engine's).
const STAGES = [
  ['API-key check and rate limits', /api-key\.guard|api-key-authenticator|rate-limit/],
  ['metering (edge meter, outbox)', /libs\/edge\/dist\/metering|metering\.interceptor|usage-outbox/],
  [
    'validation (class-validator, zod)',
    /validate-payload|contract-validation|class-validator|class-transformer|\/validator\/|\/zod\//,
  ],
  ['in-process bus (copies, dispatch)', /libs\/bus\/|@nestjs\/microservices/],
  ['memory engine', /libs\/memory\//],
  ['billing service', /libs\/billing\//],
  ['GraphQL (Apollo, graphql-js)', /@apollo\/|\/graphql\/|@as-integrations|libs\/bff\//],
  ['metrics (prom-client)', /prom-client|bus-metrics/],
  ['request log', /pino|\/logging\//],
  ['background (jobs, concept linking)', /libs\/jobs\/|concept/],
  [
    'response (express or fastify send, etag, socket write)',
    /express\/lib\/response|fastify\/lib\/reply|\/etag\/|^writev|_http_outgoing|^writeHead/,
  ],
  [
    'Nest pipeline (router, guards, interceptors, rxjs)',
    /@nestjs\/core|@nestjs\/platform-express|@nestjs\/platform-fastify|\/rxjs\/|reflect-metadata/,
  ],
  [
    'platform hooks, middleware and router (Express or Fastify)',
    /\/express\/|\/fastify\/|@fastify\/|find-my-way|\/router\/|helmet|cookie-parser|body-parser|raw-body|type-is|on-finished|libs\/edge\/|libs\/platform\//,
  ],
  ['garbage collector', /^\(garbage collector\)/],
  ['HTTP parsing, sockets, timers (node)', /node:/],
];
// The finer steps of `--by step`, matched the same way (the innermost frame that matches one decides).
const STEPS = [
  ['serialization (JSON of the answer)', /^(serialize|prettyJSONStringify) /],
  [
    'response headers and socket write (node)',
    /^(writev|writevGeneric|_storeHeader|writeHead|setHeader|removeHeader|checkInvalidHeaderChar|_writeGeneric|_writev|end) node:|^writev $/,
  ],
  ["SHA-256 digests (the API key's, Apollo's query hash)", /crypto\/hash|utils\.createhash/],
  ['API-key check (cache)', /api-key-authenticator/],
  ['rate limiter', /rate-limit/],
  [
    'guards (ApiKeyGuard, SessionGuard, Nest guards consumer)',
    /api-key\.guard|session\.guard|guards-consumer|bearer-api-key/,
  ],
  ['metrics (prom-client)', /prom-client|bus-metrics|graphql-metrics/],
  ['logging', /pino|logger\.service|\/logging\//],
  ['helmet', /helmet/],
  ['GraphQL parse', /graphql\/language\//],
  ['GraphQL validate', /graphql\/validation\//],
  ['GraphQL execute', /graphql\/(execution|jsutils|type)\//],
  [
    'Apollo request pipeline and plugins',
    /@apollo\/|@as-integrations|negotiator|whatwg-mimetype|lru-cache|libs\/bff\/dist\/common\/|graphql-metrics/,
  ],
  ['Nest GraphQL (resolver context, args)', /@nestjs\/graphql|@nestjs\/apollo|libs\/bff\//],
  [
    'in-process bus, validation on receipt, billing',
    /libs\/bus\/|@nestjs\/microservices|libs\/billing\/|\/zod\/|validate-payload|contract-validation/,
  ],
  ['metering', /metering|usage-outbox|metered/],
  [
    'Nest pipeline (router, params, pipes, interceptors, rxjs)',
    /@nestjs\/core|@nestjs\/common|@nestjs\/platform-fastify|\/rxjs\/|reflect-metadata|libs\/gateway\//,
  ],
  ['edge hooks (correlation id, metrics hook, shedder, body reader)', /libs\/edge\/|libs\/platform\//],
  ['Fastify routing (find-my-way)', /find-my-way/],
  ['Fastify hooks and reply', /\/fastify\/|@fastify\/|toad-cache|avvio/],
  ['background (jobs, SQLite, memory engine)', /libs\/jobs\/|better-sqlite3|libs\/memory\/|concept/],
  ['garbage collector', /^\(garbage collector\)/],
  ['HTTP parsing, sockets, timers, promise hooks (node)', /node:|^\(program\)|^runMicrotasks/],
];
const frameText = ({ callFrame }) => `${callFrame.functionName} ${callFrame.url}`;
/** Each sample's busy time by the first of `groups` that its innermost matching frame matches. */
function groupBy(groups) {
  const totals = new Map();
  for (const [id, us] of selfUs) {
    if (nodes.get(id).callFrame.functionName === '(idle)') continue;
    let group = 'other';
    for (let at = id; at !== undefined; at = parents.get(at)) {
      const text = frameText(nodes.get(at));
      const found = groups.find(([, pattern]) => pattern.test(text));
      if (found) {
        group = found[0];
        break;
      }
    }
    totals.set(group, (totals.get(group) ?? 0) + us);
  }
  return totals;
}

const print = (title, map) => {
  console.log(`\n${title}`);
  const rows = [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, top);
  for (const [key, us] of rows) {
    const perRequest = requests > 0 ? `${(us / requests).toFixed(1).padStart(8)} µs/req  ` : '';
    console.log(
      `${((100 * us) / total).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(7)} ms  ${perRequest}${key}`,
    );
  }
};
console.log(
  `${file}: busy ${(total / 1000).toFixed(0)} ms, idle ${(idle / 1000).toFixed(0)} ms, ${samples.length} samples${
    requests > 0 ? `, ${requests} requests: ${(total / requests).toFixed(1)} µs busy per request` : ''
  }`,
);
if (by === 'module' || by === 'both') print('Self time by module', byModule);
if (by === 'function' || by === 'both') print('Self time by function', byFunction);
if (by === 'inclusive') print('Inclusive time by function', inclusive);
if (by === 'stage') print('Busy time by stage of the request', groupBy(STAGES));
if (by === 'step') print('Busy time by step of the request', groupBy(STEPS));
