import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { freePort, waitForPort } from '@membolt/bus/testing';
import { prometheusSample } from '@membolt/platform/testing';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AppProcess, eventually, spawnApp } from './support/app-process.js';

/** A nats-server that can be stopped and started again on the same port (clients reconnect to it). */
class RestartableNats {
  private child: ChildProcess | null = null;

  constructor(readonly port: number) {}

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const binary = [process.env['NATS_SERVER_BIN'], '/usr/sbin/nats-server', '/usr/bin/nats-server'].find(
      (candidate): candidate is string => !!candidate && existsSync(candidate),
    );
    if (!binary) throw new Error('nats-server not found: install it or set NATS_SERVER_BIN');
    this.child = spawn(binary, ['-a', '127.0.0.1', '-p', String(this.port)], { stdio: 'ignore' });
    await waitForPort(this.port);
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}

type ReadyBody = { status?: string; error?: string; checks: Record<string, { ok: boolean; error?: string }> };

const readyz = async (opsUrl: string): Promise<{ status: number; body: ReadyBody }> => {
  const response = await fetch(`${opsUrl}/readyz`);
  return { status: response.status, body: (await response.json()) as ReadyBody };
};

/**
 * Distributed mode: a service (billing) and an edge (gateway) each in its own process on a real
 * nats-server, each with its private METRICS_PORT listener. Readiness follows NATS down and back up
 * without restarting either process; the gateway's bus histogram counts the calls it makes.
 */
describe('distributed mode: metrics and readiness on METRICS_PORT', () => {
  let nats: RestartableNats;
  let dataDir: string;
  let gatewayUrl: string;
  let gatewayOps: string;
  let billingOps: string;
  const processes: AppProcess[] = [];

  beforeAll(async () => {
    nats = new RestartableNats(await freePort());
    await nats.start();
    dataDir = mkdtempSync(join(tmpdir(), 'membolt-observability-distributed-'));
    const [gatewayPort, gatewayMetricsPort, billingMetricsPort] = [
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    const common = {
      NATS_URL: nats.url,
      LOG_LEVEL: 'info',
      BUS_TIMEOUT_MS: '2000',
      METRICS_HOST: '127.0.0.1',
    };
    const billing = spawnApp('billing', {
      ...common,
      DATA_DIR: dataDir,
      METRICS_PORT: String(billingMetricsPort),
    });
    const gateway = spawnApp('gateway', {
      ...common,
      HOST: '127.0.0.1',
      PORT: String(gatewayPort),
      METRICS_PORT: String(gatewayMetricsPort),
    });
    processes.push(billing, gateway);
    await Promise.all([
      billing.waitForOutput(/metrics and probes listening/),
      gateway.waitForOutput(/metrics and probes listening/),
    ]);
    gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    gatewayOps = `http://127.0.0.1:${gatewayMetricsPort}`;
    billingOps = `http://127.0.0.1:${billingMetricsPort}`;
  });

  afterAll(async () => {
    await Promise.all(processes.map((proc) => proc.stop()));
    await nats?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('reports both processes ready, with their NATS connections and the service store checked', async () => {
    // Both listeners answer from the first moment; each turns ready once its process has started serving.
    await eventually(async () => (await readyz(gatewayOps)).status === 200, 20_000, 'gateway ready');
    await eventually(async () => (await readyz(billingOps)).status === 200, 20_000, 'billing ready');
    const billing = await readyz(billingOps);
    expect(billing.status).toBe(200);
    expect(billing.body.checks).toMatchObject({
      'nats-server': { ok: true },
      'nats-client': { ok: true },
      'sqlite:billing': { ok: true },
    });
    expect((await readyz(gatewayOps)).body.checks).toMatchObject({ 'nats-client': { ok: true } });
    const live = await fetch(`${billingOps}/livez`);
    expect(live.status).toBe(200);
  });

  it("counts the gateway's bus call to billing under its subject, and serves each process's own metrics", async () => {
    const metric = 'membolt_bus_request_duration_seconds_count';
    const ok = { app: 'gateway', subject: 'billing.plans.list.v1', outcome: 'ok' };
    const before = prometheusSample(await (await fetch(`${gatewayOps}/metrics`)).text(), metric, ok);
    expect((await fetch(`${gatewayUrl}/api/plans?kind=subscription`)).status).toBe(200);
    const after = await (await fetch(`${gatewayOps}/metrics`)).text();
    expect(prometheusSample(after, metric, ok)).toBe(before + 1);
    expect(
      prometheusSample(after, 'membolt_http_request_duration_seconds_count', {
        route: '/api/plans',
        status: '200',
      }),
    ).toBe(1);
    const billingText = await (await fetch(`${billingOps}/metrics`)).text();
    expect(billingText).toMatch(/^process_resident_memory_bytes\{app="billing"\} \d+/m);
    expect(billingText).toMatch(/^nodejs_eventloop_lag_seconds\{app="billing"\} /m);
  });

  it('turns readiness false while NATS is down and true again once it is back, without restarts', async () => {
    await nats.stop();
    await eventually(async () => (await readyz(billingOps)).status === 503, 20_000, 'billing not ready');
    await eventually(async () => (await readyz(gatewayOps)).status === 503, 20_000, 'gateway not ready');
    const down = await readyz(billingOps);
    expect(down.body).toMatchObject({
      error: 'service_unavailable',
      checks: { 'nats-server': { ok: false } },
    });
    expect(down.body.checks['sqlite:billing']).toEqual({ ok: true });
    // Liveness does not depend on NATS: the process is healthy, only not ready.
    expect((await fetch(`${billingOps}/livez`)).status).toBe(200);

    await nats.start();
    await eventually(async () => (await readyz(billingOps)).status === 200, 30_000, 'billing ready again');
    await eventually(async () => (await readyz(gatewayOps)).status === 200, 30_000, 'gateway ready again');
    expect((await fetch(`${gatewayUrl}/api/plans?kind=subscription`)).status).toBe(200);
  });
});
