import { afterAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import {
  graphqlOutcome,
  type Outcome,
  OutcomeCounter,
  printFigures,
  resilienceScale,
  sleep,
  startLoad,
} from './support/load.js';
import { standaloneOnOneDataDir } from './support/standalone.js';

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
  const standalone = standaloneOnOneDataDir('membolt-resilience-standalone-');
  afterAll(() => standalone.cleanUp());

  it('loses no acknowledged sign-up', async () => {
    const { url, start } = await standalone.onFreePort({
      // Every writer signs up from one address: the throttles are tested on their own.
      SIGN_UPS_PER_ADDRESS_PER_HOUR: '100000',
      BFF_RATE_LIMIT_PER_MINUTE: '1000000',
    });
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
