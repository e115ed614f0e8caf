import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { type INestMicroservice, Logger, type LoggerService } from '@nestjs/common';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { CommonErrorCode } from '@membolt/contracts';
import { requestContext } from '@membolt/platform';
import type { BusTransportOptions } from '../bus.options.js';
import {
  createContractClient,
  rejection,
  startContractServer,
  TestSubjects,
} from '../testing/bus-transport.contract.js';
import { startNatsServer, type TestNatsServer } from '../testing/nats-server.js';

/**
 * A replica killed with SIGKILL while it holds requests: NATS routed them to it, and no answer will ever
 * come. This one joins the queue group and, on its first request, drops its connection without answering
 * (what the kernel does for a killed process), so every request routed to it meanwhile is lost.
 */
async function startVanishingReplica(url: string, subject: string): Promise<{ received: () => number }> {
  const connection: NatsConnection = await connect({ servers: url, name: 'vanishing-replica' });
  let received = 0;
  connection.subscribe(subject, {
    queue: 'contract',
    callback: () => {
      received += 1;
      if (received === 1) void connection.close();
    },
  });
  await connection.flush();
  return { received: () => received };
}

/**
 * A replica that stops answering while NATS still routes requests to it (a process frozen, or killed before
 * NATS notices): every request routed to it is lost. It counts each one as it arrives, so the test knows
 * exactly which requests were lost; a replica that closes its connection cannot count the requests NATS had
 * already routed to it but it never read.
 */
async function startSilentReplica(
  url: string,
  subject: string,
): Promise<{ received: () => number; close: () => Promise<void> }> {
  const connection: NatsConnection = await connect({ servers: url, name: 'silent-replica' });
  let received = 0;
  connection.subscribe(subject, { queue: 'contract', callback: () => void (received += 1) });
  await connection.flush();
  return { received: () => received, close: () => connection.close() };
}

const BUS_TIMEOUT_MS = 5000;

async function eventually<T>(attempt: () => Promise<T>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

describe('NATS transport: a replica vanishes mid-request', () => {
  let nats: TestNatsServer;
  let transport: BusTransportOptions;
  let replica: INestMicroservice;
  const events: string[] = [];
  let client: Awaited<ReturnType<typeof createContractClient>>;

  beforeAll(async () => {
    nats = await startNatsServer();
    transport = { transport: 'nats', servers: nats.url, name: 'failover' };
    replica = await startContractServer(transport, 'replica-a', events);
    client = await createContractClient(transport, BUS_TIMEOUT_MS);
  });

  afterAll(async () => {
    await client?.close();
    await replica?.close();
    await nats?.stop();
  });

  it('answers every idempotent read from the surviving replica, none fails', async () => {
    const vanishing = await startVanishingReplica(nats.url, TestSubjects.lookup.name);
    const texts = Array.from({ length: 24 }, (_, i) => `read-${i}`);
    const answers = await Promise.all(
      texts.map((text) => client.bus.request(TestSubjects.lookup, { text, times: 1 })),
    );
    // Without the retry, the reads routed to the vanished replica fail with service_unavailable.
    expect(vanishing.received()).toBeGreaterThan(0);
    expect(answers).toEqual(texts.map((text) => ({ text, server: 'replica-a' })));
  });

  it('never retries a write: the ones lost with the replica fail, and none runs twice', async () => {
    const silent = await startSilentReplica(nats.url, TestSubjects.record.name);
    const texts = Array.from({ length: 24 }, (_, i) => `write-${i}`);
    const outcomes = await Promise.all(
      texts.map((text) =>
        // The full bus timeout: a shorter one could also expire writes the surviving replica is still
        // working through on a loaded machine, and those are not the ones this test is about.
        client.bus.request(TestSubjects.record, { text, times: 1 }).then(
          () => 'ok' as const,
          (error: unknown) => error,
        ),
      ),
    );
    await silent.close();
    expect(silent.received()).toBeGreaterThan(0);
    const failed = texts.filter((_, i) => outcomes[i] !== 'ok');
    // A retried write would be routed again, answered by the surviving replica, and show up as 'ok' here.
    expect(failed.length).toBe(silent.received());
    for (const [i, outcome] of outcomes.entries()) {
      if (outcome !== 'ok') expect(outcome).toMatchObject({ code: CommonErrorCode.ServiceUnavailable });
      const runs = events.filter((event) => event === `record:${texts[i]}`).length;
      expect(runs).toBe(outcome === 'ok' ? 1 : 0);
    }
  });
});

describe('NATS transport: NATS itself goes down and comes back', () => {
  let nats: TestNatsServer;
  let transport: BusTransportOptions;
  let replica: INestMicroservice;
  let client: Awaited<ReturnType<typeof createContractClient>>;
  const logged: string[] = [];
  const capture: LoggerService = {
    log: () => undefined,
    error: (message: unknown) => void logged.push(`error ${String(message)}`),
    warn: (message: unknown) => void logged.push(`warn ${String(message)}`),
  };

  beforeAll(async () => {
    nats = await startNatsServer();
    transport = { transport: 'nats', servers: nats.url, name: 'outage' };
    replica = await startContractServer(transport, 'replica-a');
    client = await createContractClient(transport, BUS_TIMEOUT_MS);
    Logger.overrideLogger(capture);
  });

  afterEach(() => {
    logged.length = 0;
  });

  afterAll(async () => {
    Logger.overrideLogger(new Logger());
    await client?.close();
    await replica?.close();
    await nats?.stop();
  });

  it('answers service_unavailable (not internal_error) while NATS is down, and logs the cause under the id', async () => {
    await expect(client.bus.request(TestSubjects.echo, { text: 'up', times: 1 })).resolves.toMatchObject({
      text: 'up',
    });
    await nats.stop();
    for (const text of ['first', 'second']) {
      const error = await requestContext.run({ correlationId: `corr-outage-${text}` }, () =>
        rejection(client.bus.request(TestSubjects.echo, { text, times: 1 })),
      );
      expect(error.code).toBe(CommonErrorCode.ServiceUnavailable);
      expect(error.correlationId).toBe(`corr-outage-${text}`);
      expect(logged.some((line) => line.includes(`corr-outage-${text}`))).toBe(true);
    }
  });

  it('serves again once NATS is back, without restarting the caller or the replica', async () => {
    nats = await startNatsServer({ port: nats.port });
    const answer = await eventually(() => client.bus.request(TestSubjects.echo, { text: 'back', times: 1 }));
    expect(answer).toEqual({ text: 'back', server: 'replica-a' });
  });
});

describe('NATS transport: never reachable', () => {
  it('fails every request with service_unavailable at once', async () => {
    const client = await createContractClient(
      { transport: 'nats', servers: 'nats://127.0.0.1:1', name: 'nowhere' },
      BUS_TIMEOUT_MS,
    );
    try {
      const error = await rejection(client.bus.request(TestSubjects.echo, { text: 'x', times: 1 }));
      expect(error.code).toBe(CommonErrorCode.ServiceUnavailable);
    } finally {
      await client.close();
    }
  });
});
