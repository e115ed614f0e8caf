import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { freePort, startNatsServer, type TestNatsServer } from '@membolt/bus/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AppProcess, eventually, spawnApp } from './support/app-process.js';

const AUTH_TOKEN_SECRET = 'nats-outage-test-secret-0123456789abcdef';

/**
 * NATS is the one piece every distributed process shares. This boots a service and both edges before NATS
 * exists, then takes NATS away and brings it back, and checks what a caller and an operator see meanwhile:
 * a clear wait line instead of a crash, 503 + Retry-After (GraphQL SERVICE_UNAVAILABLE) instead of 500,
 * the cause logged under the request's correlation id, and recovery without restarting anything.
 */
describe('distributed mode: NATS down at boot, then restarted', () => {
  let natsPort: number;
  let nats: TestNatsServer | undefined;
  let dataDir: string;
  let gatewayUrl: string;
  let bffUrl: string;
  const processes = new Map<string, AppProcess>();

  const plansViaGateway = (correlationId: string) =>
    fetch(`${gatewayUrl}/api/plans?kind=subscription`, { headers: { 'X-Correlation-Id': correlationId } });
  const plansViaBff = () =>
    fetch(`${bffUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ planCatalogue { plans { id } } }' }),
    });

  /**
   * `catalogueKept`: the BFF read billing's catalogue before the outage and answers from its copy (decision
   * 222); without one it has nothing to answer with.
   */
  async function expectUnavailable(correlationId: string, catalogueKept: boolean): Promise<void> {
    const rest = await plansViaGateway(correlationId);
    expect(rest.status).toBe(503);
    expect(rest.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await rest.json()).toMatchObject({ error: 'service_unavailable', correlationId });
    const graphql = (await (await plansViaBff()).json()) as {
      data?: { planCatalogue?: { plans: unknown[] } };
      errors?: Array<{ extensions?: { code?: string } }>;
    };
    if (catalogueKept) expect(graphql.data?.planCatalogue?.plans.length).toBeGreaterThan(0);
    else expect(graphql.errors?.[0]?.extensions?.code).toBe('SERVICE_UNAVAILABLE');
  }

  async function expectServing(): Promise<void> {
    await eventually(
      async () => (await plansViaGateway('serving-probe-0001')).status === 200,
      60_000,
      'the gateway',
    );
    await eventually(
      async () => {
        const body = (await (await plansViaBff()).json()) as { data?: { planCatalogue?: unknown } };
        return body.data?.planCatalogue !== undefined;
      },
      60_000,
      'the BFF',
    );
  }

  beforeAll(async () => {
    natsPort = await freePort();
    dataDir = mkdtempSync(join(tmpdir(), 'membolt-nats-outage-'));
    const natsUrl = `nats://127.0.0.1:${natsPort}`;
    const common = { NATS_URL: natsUrl, LOG_LEVEL: 'info', BUS_TIMEOUT_MS: '3000' };
    processes.set('billing', spawnApp('billing', { ...common, DATA_DIR: dataDir }));
    const [gatewayPort, bffPort] = [await freePort(), await freePort()];
    processes.set(
      'gateway',
      spawnApp('gateway', { ...common, HOST: '127.0.0.1', PORT: String(gatewayPort) }),
    );
    processes.set(
      'bff',
      spawnApp('bff', { ...common, HOST: '127.0.0.1', PORT: String(bffPort), AUTH_TOKEN_SECRET }),
    );
    gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    bffUrl = `http://127.0.0.1:${bffPort}`;
    await Promise.all([
      processes.get('gateway')?.waitForOutput(/gateway listening/, 60_000),
      processes.get('bff')?.waitForOutput(/bff listening/, 60_000),
    ]);
  });

  afterAll(async () => {
    await Promise.all([...processes.values()].map((proc) => proc.stop()));
    await nats?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('a service started before NATS waits with a clear line per attempt instead of crashing', async () => {
    const billing = processes.get('billing');
    await billing?.waitForOutput(
      new RegExp(`waiting for NATS at nats://127\\.0\\.0\\.1:${natsPort} \\(attempt 2\\)`),
      60_000,
    );
    expect(billing?.output.join('\n')).not.toMatch(/^\s+at /m);
  });

  it('the edges answer 503 service_unavailable with Retry-After while NATS was never up', async () => {
    await expectUnavailable('outage-at-boot-0001', false);
  });

  it('everything starts serving once NATS comes up, with no restart', async () => {
    nats = await startNatsServer({ port: natsPort });
    await processes.get('billing')?.waitForOutput(/listening on NATS/, 60_000);
    await expectServing();
  });

  it('a NATS restart gives 503s (cause logged under the correlation id), then recovery', async () => {
    await nats?.stop();
    await expectUnavailable('outage-restart-0001', true);
    // The log line reaches this process through the child's stdout pipe, possibly after the answer did.
    const causeLogged = (): boolean =>
      (processes.get('gateway')?.output ?? []).some(
        (line) =>
          line.includes('outage-restart-0001') && /unreachable|no answer|service_unavailable/.test(line),
      );
    await eventually(async () => causeLogged(), 15_000, 'the cause line under the correlation id');
    expect(causeLogged()).toBe(true);

    nats = await startNatsServer({ port: natsPort });
    await expectServing();
  });
});
