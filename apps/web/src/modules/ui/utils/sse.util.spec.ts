import { describe, expect, it } from '@jest/globals';
import { readServerSentEvents, type ServerSentEvent } from './sse.util';

const streamOf = (chunks: readonly string[]): ReadableStream<Uint8Array> => {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
};

const readAll = async (chunks: readonly string[]): Promise<ServerSentEvent[]> => {
  const events: ServerSentEvent[] = [];
  for await (const event of readServerSentEvents(streamOf(chunks))) events.push(event);
  return events;
};

describe('readServerSentEvents', () => {
  it('reads named events with their data, across chunk boundaries anywhere', async () => {
    const text =
      'event: start\ndata: {"a":1}\n\nevent: token\ndata: {"text":"Hel"}\n\n: keep-alive\n\nevent: done\ndata: {}\n\n';
    const expected = [
      { event: 'start', data: '{"a":1}' },
      { event: 'token', data: '{"text":"Hel"}' },
      { event: 'done', data: '{}' },
    ];
    expect(await readAll([text])).toEqual(expected);
    // Split after every character: events still come out whole.
    expect(await readAll([...text])).toEqual(expected);
  });

  it('joins multi-line data, takes CRLF line ends, defaults the name to message, and drops an unfinished event', async () => {
    expect(await readAll(['data: one\r\ndata:two\r\n\r\nevent: token\ndata: cut off'])).toEqual([
      { event: 'message', data: 'one\ntwo' },
    ]);
  });

  it('decodes characters split between chunks', async () => {
    const bytes = new TextEncoder().encode('event: token\ndata: {"text":"é🙂"}\n\n');
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const byte of bytes) controller.enqueue(Uint8Array.of(byte));
        controller.close();
      },
    });
    const events: ServerSentEvent[] = [];
    for await (const event of readServerSentEvents(stream)) events.push(event);
    expect(events).toEqual([{ event: 'token', data: '{"text":"é🙂"}' }]);
  });
});
