import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SERVICE_NAMES } from '@membolt/contracts';
import { freePort, startNatsServer, type TestNatsServer } from '@membolt/bus/testing';
import { GraphqlBrowser } from '@membolt/bff/testing';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AppProcess, eventually, spawnApp } from '../e2e/support/app-process.js';
import {
  graphqlOutcome,
  httpOutcome,
  type Operation,
  OutcomeCounter,
  printFigures,
  resilienceScale,
  sleep,
  startLoad,
} from './support/load.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SIZE =
  resilienceScale() === 'full'
    ? { concurrency: 6, beforeKillMs: 10_000, afterKillMs: 20_000, outageMs: 5_000, afterRecoveryMs: 10_000 }
    : { concurrency: 1, beforeKillMs: 2_000, afterKillMs: 6_000, outageMs: 1_500, afterRecoveryMs: 2_000 };
const AUTH_TOKEN_SECRET = 'resilience-distributed-secret-0123456789abcdef';
const PASSWORD = 'resilience load password 7';
/** Reads whose every bus call is idempotent: with a surviving replica, none may fail. */
const READS = ['read gateway plans', 'read gateway key check', 'read bff viewer'] as const;
const WRITE = 'write bff profile';

/**
 * Distributed mode under failure, for real: a private nats-server, two replicas of every service, the
 * gateway and the BFF, each its own process. Under read and write load one replica of every service is
 * killed with SIGKILL; then NATS itself is restarted. Prints what every kind of request went through.
 */
describe('resilience, distributed: kill -9 of one replica of each service, then a NATS restart', () => {
  let nats: TestNatsServer;
  let natsPort: number;
  let dataDir: string;
  let gatewayUrl: string;
  let bffUrl: string;
  const processes: AppProcess[] = [];
  let apiKey: string;
  let sessionCookie: string;

  beforeAll(async () => {
    nats = await startNatsServer();
    natsPort = nats.port;
    dataDir = mkdtempSync(join(tmpdir(), 'membolt-resilience-distributed-'));
    const common = { NATS_URL: nats.url, LOG_LEVEL: 'warn', BUS_TIMEOUT_MS: '5000' };
    // Each replica its own ops listener, so the test knows every one of them serves, not only one per service.
    const replicaOpsUrls: string[] = [];
    for (const name of SERVICE_NAMES) {
      for (const replica of ['a', 'b']) {
        const metricsPort = await freePort();
        replicaOpsUrls.push(`http://127.0.0.1:${metricsPort}`);
        processes.push(
          spawnApp(
            name,
            {
              ...common,
              DATA_DIR: dataDir,
              AUTH_TOKEN_SECRET,
              METRICS_HOST: '127.0.0.1',
              METRICS_PORT: String(metricsPort),
            },
            `${name}-${replica}`,
          ),
        );
      }
    }
    const [gatewayPort, bffPort] = [await freePort(), await freePort()];
    gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    bffUrl = `http://127.0.0.1:${bffPort}`;
    processes.push(
      spawnApp('gateway', {
        ...common,
        HOST: '127.0.0.1',
        PORT: String(gatewayPort),
        // Every key check goes to the keys service (no cache), and the load is not rate limited.
        GATEWAY_API_KEY_CACHE_TTL_MS: '0',
        GATEWAY_RATE_LIMIT_PER_MINUTE: '1000000',
        GATEWAY_RATE_LIMIT_PER_USER_PER_MINUTE: '1000000',
      }),
      spawnApp('bff', {
        ...common,
        HOST: '127.0.0.1',
        PORT: String(bffPort),
        AUTH_TOKEN_SECRET,
        BFF_RATE_LIMIT_PER_MINUTE: '1000000',
      }),
    );
    await eventually(
      async () => {
        const status = (await (await fetch(`${gatewayUrl}/api/status`)).json()) as { status?: string };
        return status.status === 'ok';
      },
      180_000,
      'every service healthy',
    );
    await eventually(
      async () => {
        if (diedByThemselves().length > 0) return true; // no use waiting: reported just below
        const ready = await Promise.all(
          replicaOpsUrls.map((url) => fetch(`${url}/readyz`).then((response) => response.ok)),
        );
        return ready.every(Boolean);
      },
      180_000,
      'every replica ready',
    );
    expect(diedByThemselves()).toEqual([]);

    // The operator CLI over NATS: an account and its API key, as an operator would make them.
    const cli = spawnSync(
      process.execPath,
      [
        'apps/standalone/bin/membolt.js',
        'user:create',
        '--email',
        'load@example.com',
        '--name',
        'Load',
        '--password',
        PASSWORD,
      ],
      { cwd: ROOT, env: { PATH: process.env['PATH'] ?? '', NATS_URL: nats.url }, encoding: 'utf8' },
    );
    expect(cli.stderr).toBe('');
    apiKey = (JSON.parse(cli.stdout) as { apiKey: string }).apiKey;
    const browser = new GraphqlBrowser(bffUrl);
    const signIn = await browser.request('mutation($input: SignInInput!) { signIn(input: $input) { id } }', {
      input: { email: 'load@example.com', password: PASSWORD },
    });
    expect(signIn.errors).toBeUndefined();
    sessionCookie = browser.jar.header('/graphql');
  }, 300_000);

  afterAll(async () => {
    await Promise.all(processes.map((proc) => proc.stop()));
    await nats?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** Processes that exited without being killed here, with their last lines: the cause of a failed read. */
  const diedByThemselves = (killed: readonly AppProcess[] = []) =>
    processes
      .filter((proc) => !proc.alive() && !killed.includes(proc))
      .map((proc) => ({ name: proc.name, lastLines: proc.output.slice(-8) }));
  const bff = (query: string, variables: unknown = {}) =>
    fetch(`${bffUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: sessionCookie },
      body: JSON.stringify({ query, variables }),
    });
  const operations: Record<(typeof READS)[number] | typeof WRITE, Operation> = {
    'read gateway plans': () => httpOutcome(fetch(`${gatewayUrl}/api/plans?kind=subscription`)),
    'read gateway key check': () =>
      httpOutcome(fetch(`${gatewayUrl}/api/health`, { headers: { 'X-API-Key': apiKey } })),
    'read bff viewer': () => graphqlOutcome(bff('{ viewer { id name email } }')),
    'write bff profile': (sequence) =>
      graphqlOutcome(
        bff('mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { id } }', {
          input: { name: `Load ${sequence}` },
        }),
      ),
  };
  const readOperations = Object.fromEntries(READS.map((name) => [name, operations[name]]));

  it('answers every idempotent read while one replica of each service is killed under load', async () => {
    const counter = new OutcomeCounter();
    const load = startLoad(operations, SIZE.concurrency, counter);
    await sleep(SIZE.beforeKillMs);
    const victims = processes.filter((proc) => proc.name.endsWith('-a'));
    await Promise.all(victims.map((proc) => proc.kill()));
    await sleep(SIZE.afterKillMs);
    await load.stop();

    const figures = {
      concurrencyPerOperation: SIZE.concurrency,
      killed: victims.map((proc) => proc.name),
      requests: Object.fromEntries(Object.keys(operations).map((name) => [name, counter.total(name)])),
      failed: Object.fromEntries(Object.keys(operations).map((name) => [name, counter.failed(name)])),
      outcomes: counter.snapshot(),
      diedByThemselves: diedByThemselves(victims),
      // Error lines of every process, so an unexpected failure can be traced to its cause.
      errorLogLines: processes
        .flatMap((proc) =>
          proc.output.filter((line) => line.includes('"level":50')).map((line) => `${proc.name}: ${line}`),
        )
        .slice(0, 10),
    };
    printFigures('distributed: kill -9 of one replica of each service under load', figures);
    expect(figures.diedByThemselves).toEqual([]);
    for (const read of READS) {
      expect(counter.total(read)).toBeGreaterThan(0);
      expect({ read, failed: counter.failed(read) }).toEqual({ read, failed: 0 });
    }
    // Writes are never retried blindly: the ones a killed replica held fail (503), and are only counted.
    // Two replicas sharing one embedded SQLite file can also answer `database is locked` (500), counted too;
    // with MONGO_URL (the distributed deployment) there is no shared file.
    expect(counter.total(WRITE)).toBeGreaterThan(0);
  }, 300_000);

  it('answers 503 while NATS is down, then recovers without restarting anything', async () => {
    const survivors = processes.filter((proc) => proc.alive());
    const pids = survivors.map((proc) => proc.pid);
    await nats.stop();
    const outage = new OutcomeCounter();
    const outageLoad = startLoad(readOperations, SIZE.concurrency, outage);
    await sleep(SIZE.outageMs);
    await outageLoad.stop();

    const restartedAt = Date.now();
    nats = await startNatsServer({ port: natsPort });
    const recoveredAfterMs: Record<string, number> = {};
    await Promise.all(
      READS.map(async (read) => {
        await eventually(async () => (await operations[read](0)) === 'ok', 120_000, read);
        recoveredAfterMs[read] = Date.now() - restartedAt;
      }),
    );
    const after = new OutcomeCounter();
    const afterLoad = startLoad(operations, SIZE.concurrency, after);
    await sleep(SIZE.afterRecoveryMs);
    await afterLoad.stop();

    printFigures('distributed: NATS restart', {
      duringOutage: outage.snapshot(),
      recoveredAfterMs,
      afterRecovery: after.snapshot(),
      processesRestarted: survivors.filter((proc) => !proc.alive()).map((proc) => proc.name),
    });
    for (const read of READS) {
      expect(outage.total(read)).toBeGreaterThan(0);
      const outcomes = Object.keys(outage.snapshot()[read] ?? {});
      expect(outcomes.every((o) => o === 'http 503' || o === 'graphql SERVICE_UNAVAILABLE')).toBe(true);
      expect({ read, failed: after.failed(read) }).toEqual({ read, failed: 0 });
    }
    expect(survivors.every((proc) => proc.alive())).toBe(true);
    expect(survivors.map((proc) => proc.pid)).toEqual(pids);
  }, 300_000);
});
