import { afterAll, beforeAll } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One delivery as the receiver got it: its signature and event id headers and its raw body. */
export interface ReceivedDelivery {
  readonly signature: string;
  readonly eventId: string;
  readonly body: string;
}

export interface WebhookReceiver {
  /** The receiver's `/hook` URL on loopback (set once the suite's beforeAll ran). */
  readonly url: string;
  /** Every delivery, in the order it arrived. */
  readonly received: ReceivedDelivery[];
  /** Statuses the next deliveries are answered with, in order (a test pushes them); 200 once it is empty. */
  readonly answers: number[];
}

/**
 * A loopback HTTP server that answers every webhook delivery (200 unless `answers` says otherwise) and records it, open for the suite that
 * calls this (its own beforeAll and afterAll). The product must allow private targets
 * (WEBHOOKS_ALLOW_PRIVATE_TARGETS=true) to deliver to it.
 */
export function useWebhookReceiver(): WebhookReceiver {
  let server: Server | undefined;
  const receiver = { url: '', received: [] as ReceivedDelivery[], answers: [] as number[] };
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        receiver.received.push({
          signature: String(req.headers['membolt-signature'] ?? ''),
          eventId: String(req.headers['membolt-event-id'] ?? ''),
          body,
        });
        res.statusCode = receiver.answers.shift() ?? 200;
        res.end();
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });
  return receiver;
}
