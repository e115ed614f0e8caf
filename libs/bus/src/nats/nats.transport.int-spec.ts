import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestMicroservice } from '@nestjs/common';
import { CommonErrorCode } from '@membolt/contracts';
import type { BusTransportOptions } from '../bus.options.js';
import {
  createContractClient,
  describeBusTransportContract,
  rejection,
  startContractServer,
  TestSubjects,
} from '../testing/bus-transport.contract.js';
import { startNatsServer, type TestNatsServer } from '../testing/nats-server.js';

describeBusTransportContract('NATS', async () => {
  const nats = await startNatsServer();
  return {
    transport: { transport: 'nats', servers: nats.url, name: 'contract' },
    teardown: () => nats.stop(),
  };
});

describe('NATS transport: replicas', () => {
  let nats: TestNatsServer;
  let transport: BusTransportOptions;
  const servers: INestMicroservice[] = [];
  let client: Awaited<ReturnType<typeof createContractClient>>;

  beforeAll(async () => {
    nats = await startNatsServer();
    transport = { transport: 'nats', servers: nats.url, name: 'replicas' };
    servers.push(
      await startContractServer(transport, 'replica-a'),
      await startContractServer(transport, 'replica-b'),
    );
    client = await createContractClient(transport, 3000);
  });

  afterAll(async () => {
    await client?.close();
    await Promise.all(servers.map((s) => s.close()));
    await nats?.stop();
  });

  it('shares requests between replicas of a service (queue group): each request is answered once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        client.bus.request(TestSubjects.echo, { text: String(i), times: 1 }),
      ),
    );
    expect(answers.map((a) => a.text)).toEqual(Array.from({ length: 40 }, (_, i) => String(i)));
    const byServer = new Set(answers.map((a) => a.server));
    expect(byServer).toEqual(new Set(['replica-a', 'replica-b']));
  });

  it('keeps serving when one replica stops, and fails fast once all are gone, then recovers', async () => {
    await servers.pop()!.close();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        client.bus.request(TestSubjects.echo, { text: String(i), times: 1 }),
      ),
    );
    expect(new Set(answers.map((a) => a.server))).toEqual(new Set(['replica-a']));

    await servers.pop()!.close();
    const error = await rejection(client.bus.request(TestSubjects.echo, { text: 'x', times: 1 }));
    expect(error.code).toBe(CommonErrorCode.ServiceUnavailable);

    servers.push(await startContractServer(transport, 'replica-c'));
    await expect(client.bus.request(TestSubjects.echo, { text: 'back', times: 1 })).resolves.toEqual({
      text: 'back',
      server: 'replica-c',
    });
  });
});
