import { EventSourceParserStream } from 'eventsource-parser/stream';

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
  const reader = body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream())
    .getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      yield { event: value.event ?? 'message', data: value.data };
    }
  } finally {
    reader.releaseLock();
  }
}
