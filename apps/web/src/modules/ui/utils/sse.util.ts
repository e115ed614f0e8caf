import { createParser } from 'eventsource-parser';

/** One server-sent event: its name (`message` when the server gave none) and its data lines joined. */
export interface ServerSentEvent {
  readonly event: string;
  readonly data: string;
}

/**
 * Reads server-sent events from a byte stream (the body of a `text/event-stream` answer), as the browser's
 * EventSource would: events end at a blank line, `data:` lines join with newlines, comments are skipped, and an
 * event the stream ends in the middle of is dropped. A `fetch` body is read rather than an `EventSource` opened
 * because the chat and upload streams are POSTs with a CSRF header.
 */
export async function* readServerSentEvents(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<ServerSentEvent, void, undefined> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parsed: ServerSentEvent[] = [];
  const parser = createParser({
    onEvent: ({ event, data }) => parsed.push({ event: event ?? 'message', data }),
  });
  try {
    for (;;) {
      const { value, done } = await reader.read();
      parser.feed(done ? decoder.decode() : decoder.decode(value, { stream: true }));
      yield* parsed.splice(0);
      if (done) return;
    }
  } finally {
    reader.releaseLock();
  }
}
