import { describe, expect, it } from '@jest/globals';
import type { WritePacket } from '@nestjs/microservices';
import { InProcessBroker } from './in-process.broker.js';

const answerOf = (broker: InProcessBroker, subject: string, data: unknown) =>
  new Promise<WritePacket>((resolve) => broker.request(subject, data, resolve));

describe('InProcessBroker', () => {
  it('hands the handler a copy of the request and the caller a copy of the answer', async () => {
    const broker = new InProcessBroker();
    const kept: { answer?: { tags: string[] } } = {};
    broker.handle('test.copy.v1', (data, respond) => {
      (data as { tags: string[] }).tags.push('changed by the handler');
      kept.answer = { tags: ['answer'] };
      respond({ response: kept.answer, isDisposed: true });
    });
    const request = { tags: ['request'] };

    const packet = await answerOf(broker, 'test.copy.v1', request);
    (packet.response as { tags: string[] }).tags.push('changed by the caller');

    expect(request.tags).toEqual(['request']);
    expect(kept.answer?.tags).toEqual(['answer']);
    expect(packet.response).not.toBe(kept.answer);
  });

  it('gives each event listener its own copy', async () => {
    const broker = new InProcessBroker();
    const seen: unknown[] = [];
    broker.on('test.event.v1', async (data) => {
      seen.push(data);
    });
    broker.on('test.event.v1', async (data) => {
      seen.push(data);
    });
    const event = { ids: ['a'] };

    await broker.publish('test.event.v1', event);

    expect(seen).toEqual([event, event]);
    expect(seen[0]).not.toBe(event);
    expect(seen[0]).not.toBe(seen[1]);
  });

  it('delivers what the wire would: undefined fields dropped, dates as ISO text', async () => {
    const broker = new InProcessBroker();
    const received: unknown[] = [];
    broker.handle('test.copy.v1', (data, respond) => {
      received.push(data);
      respond({ response: { at: new Date('2026-01-02T03:04:05.000Z') }, isDisposed: true });
    });

    const packet = await answerOf(broker, 'test.copy.v1', { kept: 1, dropped: undefined });

    expect(received).toEqual([{ kept: 1 }]);
    expect(Object.keys(received[0] as object)).toEqual(['kept']);
    expect(packet.response).toEqual({ at: '2026-01-02T03:04:05.000Z' });
  });
});
