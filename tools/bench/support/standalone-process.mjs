// What every benchmark that drives the built standalone app needs: free loopback ports, a user and API key
// made with the operator CLI, the app started and waited for, and its resident memory read from /metrics.
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freePort } from '../../../libs/bus/dist/testing/nats-server.js';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The built checkouts a bench compares, named by `--root DIR` in `args` (in order); this checkout when none. */
export function rootsFromArgs(args) {
  const roots = args.flatMap((arg, i) => (args[i - 1] === '--root' ? [resolve(arg)] : []));
  return roots.length ? roots : [ROOT];
}

// The tests' own choice of port (below the kernel's range for outgoing connections, which a load's client
// sockets draw from), from the build of libs/bus: every benchmark here needs the server built anyway.
export { freePort };

/** POSTs a JSON body with the API key; answers the JSON, throws on a status other than 2xx. */
export async function postJson(base, key, path, body) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'X-API-Key': key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** A probe's way to end `waitUntil` at once: what it waits for will not come. */
class StartFailed extends Error {}

export async function waitUntil(probe, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ready = await probe().catch((error) => {
      if (error instanceof StartFailed) throw error;
      return false;
    });
    if (ready) return;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The environment every benchmark starts the standalone app with: production mode on `dataDir`, warnings only
 * in the log (one access-log line per request would measure the log pipe), and the per-key, per-user and
 * per-address request limits lifted (a benchmark sends thousands of calls from one key and one address; the
 * limiters' correctness is tested elsewhere). With `listen` (the default) it also picks free loopback ports
 * for the public listener (PORT) and the ops listener (METRICS_PORT). `extra` is added last and wins.
 */
export async function benchEnv(dataDir, extra = {}, { listen = true } = {}) {
  return {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    GATEWAY_RATE_LIMIT_PER_MINUTE: '1000000',
    GATEWAY_RATE_LIMIT_PER_USER_PER_MINUTE: '1000000',
    BFF_RATE_LIMIT_PER_MINUTE: '1000000',
    // A busy machine (shared cores) may need a longer wait for a service's answer than the default.
    ...(process.env.BUS_TIMEOUT_MS ? { BUS_TIMEOUT_MS: process.env.BUS_TIMEOUT_MS } : {}),
    ...(listen
      ? {
          HOST: '127.0.0.1',
          PORT: String(await freePort()),
          METRICS_PORT: String(await freePort()),
          METRICS_HOST: '127.0.0.1',
        }
      : {}),
    ...extra,
  };
}

/**
 * `membolt user:create` on the app's data directory (`env`): answers `{ userId, apiKey, ... }`. `root`: the
 * checkout whose app will run on that directory. Its own CLI makes the user: the CLI opens (and migrates)
 * every store, and an older build refuses a data file a newer one has migrated.
 */
export async function createUserWithKey(env, { email, name, plan }, { root = ROOT } = {}) {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      join(root, 'apps/standalone/dist/cli.js'),
      'user:create',
      '--email',
      email,
      '--name',
      name,
      '--password',
      `Bench-${randomBytes(18).toString('base64url')}`,
    ],
    { env, cwd: root },
  );
  const created = JSON.parse(stdout);
  if (typeof created.apiKey !== 'string' || typeof created.userId !== 'string') {
    throw new Error(`user:create returned no user or key: ${stdout}`);
  }
  // Chat is metered: a benchmark that starts hundreds of conversations needs a plan without a monthly limit.
  if (plan) {
    await promisify(execFile)(
      process.execPath,
      [
        join(root, 'apps/standalone/dist/cli.js'),
        'subscription:plan',
        '--user',
        created.userId,
        '--plan',
        plan,
      ],
      { env, cwd: root },
    );
  }
  return created;
}

/**
 * Starts the built standalone app with `env` (which sets PORT and METRICS_PORT) and waits for /readyz.
 * Answers the child process and the base URLs of its public and ops listeners. `root`: the checkout whose
 * build runs (another one, built, to compare with this one in the same run). A process that exits before it
 * is ready fails the start at once, with its exit code (its own error is in the inherited stderr), rather
 * than after the whole wait.
 */
export async function startStandalone(env, readyTimeoutMs, { loadShedding = false, root = ROOT } = {}) {
  // BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the product's process.
  const nodeArgs = process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : [];
  // A benchmark of the work itself sends more at once than the edge's load bound admits (it would answer
  // 503s and time the shedding); only the load benchmark measures the bound, unless HTTP_MAX_IN_FLIGHT is set.
  const processEnv =
    loadShedding || env.HTTP_MAX_IN_FLIGHT !== undefined ? env : { ...env, HTTP_MAX_IN_FLIGHT: '0' };
  const server = spawn(process.execPath, [...nodeArgs, join(root, 'apps/standalone/dist/main.js')], {
    env: processEnv,
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${env.PORT}`;
  const ops = `http://127.0.0.1:${env.METRICS_PORT}`;
  let exited = null;
  const onExit = (code, signal) => (exited = signal ?? `exit code ${code}`);
  server.once('exit', onExit);
  try {
    await waitUntil(
      async () => {
        if (exited)
          throw new StartFailed(`The standalone process (${root}) ended before it was ready: ${exited}`);
        return (await fetch(`${ops}/readyz`)).status === 200;
      },
      readyTimeoutMs,
      'the standalone process',
    );
  } catch (error) {
    await stopProcess(server);
    throw error;
  } finally {
    server.off('exit', onExit);
  }
  return { server, base, ops };
}

/**
 * Stops a child process (the app, a bare server): SIGTERM, then SIGKILL if it has not exited after
 * `killAfterMs`. Resolves once it has exited; nothing to do for one already gone.
 */
export async function stopProcess(child, killAfterMs = 15_000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  await exited;
  clearTimeout(timer);
}

/** The value of one gauge or counter in a Prometheus text (the first series of that name). */
const gauge = (text, name) => {
  const match = new RegExp(`^${name}(?:\\{[^}]*\\})? ([\\d.e+-]+)$`, 'm').exec(text);
  return match ? Number(match[1]) : Number.NaN;
};

/** One gauge or counter of the process's Prometheus metrics (the first series of that name). */
async function metric(ops, name) {
  return gauge(await (await fetch(`${ops}/metrics`)).text(), name);
}

/**
 * Where the process's resident memory is, in whole MB, from one read of its metrics: the V8 heap (used and
 * committed), external memory (ArrayBuffers, Buffers) and the rest (code, stacks, native allocations such as
 * SQLite's page cache and the ANN index, Node itself).
 */
export async function memorySplit(ops) {
  const text = await (await fetch(`${ops}/metrics`)).text();
  const mb = (name) => gauge(text, name) / 1024 / 1024;
  const rss = mb('process_resident_memory_bytes');
  const heapTotal = mb('nodejs_heap_size_total_bytes');
  const external = mb('nodejs_external_memory_bytes');
  return {
    rss: Math.round(rss),
    heapUsed: Math.round(mb('nodejs_heap_size_used_bytes')),
    heapTotal: Math.round(heapTotal),
    external: Math.round(external),
    rest: Math.round(rss - heapTotal - external),
  };
}

/** The process's resident memory in MB, from its Prometheus metrics. */
export async function residentMemoryMb(ops) {
  return (await metric(ops, 'process_resident_memory_bytes')) / 1024 / 1024;
}

/** CPU seconds (user + system) the process has used so far, from its Prometheus metrics. */
export async function processCpuSeconds(ops) {
  return metric(ops, 'process_cpu_seconds_total');
}
