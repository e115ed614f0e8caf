import { afterEach, describe, expect, it } from '@jest/globals';
import { BusModule, type BusTransportOptions, InProcessBroker } from '@membolt/bus';
import { turnsToAccept } from '@membolt/edge/testing';
import type { INestApplication } from '@nestjs/common';
import type { Server, Socket } from 'node:net';
import { httpEdgeOptionsFrom, runHttpEdge } from './http-edge-process.js';

const sockets: Socket[] = [];
let app: INestApplication | undefined;

/** An edge with no routes of its own needs a bus client all the same (its readiness asks for one). */
function bus() {
  const transport: BusTransportOptions = { transport: 'in-process', broker: new InProcessBroker() };
  return BusModule.forRoot({ transport, timeoutMs: 3000 });
}

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await app?.close();
  app = undefined;
});

describe('runHttpEdge', () => {
  it('accepts waiting connections on the number of handles HTTP_ACCEPT_HANDLES says', async () => {
    const options = httpEdgeOptionsFrom({
      HOST: '127.0.0.1',
      PORT: 0,
      LOG_LEVEL: 'silent',
      HTTP_BODY_LIMIT_BYTES: 65536,
      HTTP_MAX_JSON_DEPTH: 64,
      HTTP_MAX_JSON_FIELDS: 1000,
      HTTP_TRUST_PROXY_HOPS: 0,
      HTTP_MAX_IN_FLIGHT: 4,
      HTTP_MAX_QUEUED: 256,
      HTTP_MAX_QUEUE_WAIT_MS: 1000,
      HTTP_ACCEPT_HANDLES: 8,
    });
    ({ app } = await runHttpEdge({ ...options, app: 'accept-handles', imports: [bus()] }));

    // Node's one handle takes a turn per connection (40 here); eight take about a turn per eight.
    expect(await turnsToAccept(app.getHttpServer() as Server, 40, sockets)).toBeLessThanOrEqual(10);
  });

  it('answers over connections a copy of the listener accepted', async () => {
    ({ app } = await runHttpEdge({
      app: 'accept-handles',
      host: '127.0.0.1',
      port: 0,
      logLevel: 'silent',
      bodyLimitBytes: 65536,
      imports: [bus()],
      acceptHandles: 4,
    }));
    const { port } = (app.getHttpServer() as Server).address() as { port: number };
    const statuses = await Promise.all(
      Array.from({ length: 12 }, async () => (await fetch(`http://127.0.0.1:${port}/livez`)).status),
    );
    expect(statuses).toEqual(Array.from({ length: 12 }, () => 200));
  });
});
