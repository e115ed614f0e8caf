import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { WritePacket } from '@nestjs/microservices';
import { EmptyError, of, TimeoutError } from 'rxjs';
import { InProcessBroker } from './in-process.broker.js';
import { InProcessClient } from './in-process.client.js';
import { InProcessServer } from './in-process.server.js';
import { createContractClient, startContractServer, TestSubjects } from '../testing/contract-fixtures.js';

/** Settles with the promise, or rejects with `gave up` after `ms`: a missing answer fails the test, not the run. */
const within = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('gave up')), ms)),
  ]);

function serve(
  broker: InProcessBroker,
  handlers: Record<string, (data: unknown) => unknown>,
): InProcessServer {
  const server = new InProcessServer(broker);
  for (const [pattern, handler] of Object.entries(handlers))
    server.addHandler(pattern, async (data: unknown) => handler(data));
  server.listen(() => undefined);
  return server;
}

describe('in-process bus, one call without observables', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('a request answers as firstValueFrom(send) with a timeout: the first value, the error, EmptyError, TimeoutError', async () => {
    const broker = new InProcessBroker();
    const server = serve(broker, {
      'test.values.v1': () => of({ n: 1 }, { n: 2 }),
      'test.plain.v1': (data) => ({ echoed: data }),
      'test.fails.v1': () => Promise.reject(new Error('refused')),
      'test.empty.v1': () => of(),
      'test.silent.v1': () => new Promise(() => undefined),
    });
    const client = new InProcessClient(broker);

    await expect(client.ask('test.values.v1', {}, 1000)).resolves.toEqual({ n: 1 });
    await expect(client.ask('test.plain.v1', { a: [1] }, 1000)).resolves.toEqual({ echoed: { a: [1] } });
    await expect(client.ask('test.fails.v1', {}, 1000)).rejects.toThrow('refused');
    await expect(client.ask('test.empty.v1', {}, 1000)).rejects.toBeInstanceOf(EmptyError);
    await expect(client.ask('test.silent.v1', {}, 50)).rejects.toBeInstanceOf(TimeoutError);
    server.close();
  });

  it('answers a handler that fails outside its observable with its error, where the caller used to wait for its timeout', async () => {
    const broker = new InProcessBroker();
    const server = serve(broker, {
      'test.throws.v1': () => {
        throw new Error('broken before any observable');
      },
    });
    const packets: WritePacket[] = [];

    await within(
      new Promise<void>((resolve) =>
        broker.request('test.throws.v1', {}, (packet) => {
          packets.push(packet);
          resolve();
        }),
      ),
      2000,
    );

    expect(packets).toHaveLength(1);
    expect(packets[0]?.isDisposed).toBe(true);
    expect((packets[0]?.err as Error | undefined)?.message).toBe('broken before any observable');
    server.close();
  });

  it("the BusClient's requests and events go to the broker without the client proxy's observables", async () => {
    const transport = { transport: 'in-process' as const, broker: new InProcessBroker() };
    const events: string[] = [];
    const app = await startContractServer(transport, 'replica-a', events);
    const client = await createContractClient(transport, 2000);
    const send = jest.spyOn(InProcessClient.prototype, 'send');
    const emit = jest.spyOn(InProcessClient.prototype, 'emit');
    try {
      await expect(client.bus.request(TestSubjects.echo, { text: 'ab', times: 2 })).resolves.toEqual({
        text: 'abab',
        server: 'replica-a',
      });
      await client.bus.emit(TestSubjects.noted, { text: 'event-1', times: 1 });
      for (let waited = 0; events.length === 0 && waited < 2000; waited += 10)
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect(events).toEqual(['event-1']);
      expect(send).not.toHaveBeenCalled();
      expect(emit).not.toHaveBeenCalled();
    } finally {
      await client.close();
      await app.close();
    }
  });
});
