import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { boundedString, defineSubject } from '@membolt/contracts';
import { z } from 'zod';
import type { BusTransportOptions } from '../bus.options.js';
import { InProcessBroker } from '../in-process/in-process.broker.js';
import { createContractClient } from '../testing/contract-fixtures.js';
import { startNatsServer, type TestNatsServer } from '../testing/nats-server.js';

const NoticeEvent = z.strictObject({ text: boundedString(20) });
type NoticeEvent = z.output<typeof NoticeEvent>;
const noticed = defineSubject<NoticeEvent, void>('test', 'test.notices.noticed.v1');

/** One process of a replicated service: its own bus client and broadcasts. */
const replica = (transport: BusTransportOptions) => createContractClient(transport, 2000);

async function until(check: () => boolean, what: string): Promise<void> {
  for (let waited = 0; waited < 5000; waited += 10) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

function describeBroadcasts(name: string, makeTransport: () => Promise<BusTransportOptions>) {
  describe(`BusBroadcasts over ${name}`, () => {
    let replicas: Array<Awaited<ReturnType<typeof replica>>>;
    const received: Record<string, string[]> = { a: [], b: [] };

    beforeAll(async () => {
      const transport = await makeTransport();
      replicas = [await replica(transport), await replica(transport), await replica(transport)];
      await replicas[0]!.broadcasts.subscribe(noticed, NoticeEvent, (event) => {
        received['a']!.push(event.text);
      });
      await replicas[1]!.broadcasts.subscribe(noticed, NoticeEvent, (event) => {
        received['b']!.push(event.text);
      });
    });

    afterAll(async () => {
      await Promise.all(replicas.map((r) => r.close()));
    });

    it('delivers every event to every subscriber (no queue group), and drops invalid payloads', async () => {
      const publisher = replicas[2]!.bus;
      await publisher.emit(noticed, { text: 'x'.repeat(50) });
      await publisher.emit(noticed, { text: 'one' });
      await publisher.emit(noticed, { text: 'two' });
      await until(() => received['a']!.length >= 2 && received['b']!.length >= 2, 'both replicas');
      expect(received['a']).toEqual(['one', 'two']);
      expect(received['b']).toEqual(['one', 'two']);
    });
  });
}

describeBroadcasts('the in-process broker', async () => ({
  transport: 'in-process',
  broker: new InProcessBroker(),
}));

let nats: TestNatsServer | undefined;
afterAll(async () => {
  await nats?.stop();
});
describeBroadcasts('NATS', async () => {
  nats = await startNatsServer();
  return { transport: 'nats', servers: nats.url, name: 'broadcasts' };
});
