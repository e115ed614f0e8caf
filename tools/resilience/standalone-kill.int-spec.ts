import { afterAll, describe, expect, it } from '@jest/globals';
import { freePort } from '@membolt/bus/testing';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AppProcess, eventually, spawnApp } from '../e2e/support/app-process.js';
import {
  graphqlOutcome,
  type Outcome,
  OutcomeCounter,
  printFigures,
  resilienceScale,
  sleep,
  startLoad,
} from './support/load.js';

const SIZE =
  resilienceScale() === 'full'
    ? { writers: 3, killAfterAcknowledged: 60, verifiers: 3 }
    : { writers: 2, killAfterAcknowledged: 10, verifiers: 2 };
const PASSWORD = 'resilience load password 7';
const SIGN_UP = 'mutation SignUp($input: SignUpInput!) { signUp(input: $input) { id email } }';
const SIGN_IN = 'mutation SignIn($input: SignInInput!) { signIn(input: $input) { id email } }';

/**
 * Few writers on purpose: a sign-up hashes a password (argon2, 64 MiB), and more concurrent sign-ups than
 * the machine can hash within the bus timeout only produce 503s.
 *
 * Standalone is one process on SQLite: a crash (kill -9, power cut of the process) must not lose what it
 * acknowledged. Sign-ups stream in over HTTP; the process is killed while requests are in flight, started
 * again on the same data, and every acknowledged account must still sign in.
 */
describe('resilience, standalone: kill -9 under write load', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'membolt-resilience-standalone-'));
  const started: AppProcess[] = [];
  afterAll(async () => {
    await Promise.all(started.map((proc) => proc.stop()));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('loses no acknowledged sign-up', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // Every writer signs up from one address: the throttles are tested on their own.
      SIGN_UPS_PER_ADDRESS_PER_HOUR: '100000',
      BFF_RATE_LIMIT_PER_MINUTE: '1000000',
    };
    const start = async () => {
      const proc = spawnApp('standalone', env);
      started.push(proc);
      // Readiness by answer, not by log line: LOG_LEVEL=warn keeps a long run's output small.
      await eventually(async () => (await fetch(`${url}/api/plans`)).status === 200, 120_000, 'standalone');
      return proc;
    };
    const graphql = (query: string, variables: unknown) =>
      fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query, variables }),
      });

    const app = await start();
    const run = randomUUID().slice(0, 8);
    const acknowledged: string[] = [];
    const counter = new OutcomeCounter();
    const load = startLoad(
      {
        signUp: async (sequence): Promise<Outcome> => {
          const email = `load-${run}-${sequence}@example.com`;
          const outcome = await graphqlOutcome(
            graphql(SIGN_UP, { input: { email, name: `Load ${sequence}`, password: PASSWORD } }),
          );
          if (outcome === 'ok') acknowledged.push(email);
          return outcome;
        },
      },
      SIZE.writers,
      counter,
    );
    const deadline = Date.now() + 300_000;
    while (acknowledged.length < SIZE.killAfterAcknowledged && Date.now() < deadline) await sleep(20);
    const acknowledgedBeforeKill = acknowledged.length;
    await app.kill();
    await load.stop();

    await start();
    const lost: string[] = [];
    const queue = [...acknowledged];
    await Promise.all(
      Array.from({ length: SIZE.verifiers }, async () => {
        for (let email = queue.pop(); email; email = queue.pop()) {
          const outcome = await graphqlOutcome(graphql(SIGN_IN, { input: { email, password: PASSWORD } }));
          if (outcome !== 'ok') lost.push(`${email}: ${outcome}`);
        }
      }),
    );

    printFigures('standalone: kill -9 under sign-up load', {
      writers: SIZE.writers,
      attempted: counter.total('signUp'),
      acknowledgedBeforeKill,
      acknowledged: acknowledged.length,
      outcomes: counter.snapshot(),
      lostAfterRestart: lost.length,
      lost: lost.slice(0, 10),
    });
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(lost).toEqual([]);
  }, 900_000);
});
