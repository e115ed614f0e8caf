/** One server-sent event: its name (`message` when the server gave none) and its data lines joined. */
export interface ServerSentEvent {
  readonly event: string;
  readonly data: string;
}

/**
 * Reads server-sent events from a byte stream (the body of a `text/event-stream` answer), as the browser's
 * EventSource would: events end at a blank line, `data:` lines join with newlines, comments are skipped.
 */
export async function* readServerSentEvents(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<ServerSentEvent, void, undefined> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let event = '';
  let data: string[] = [];
  try {
    for (;;) {
      const { value, done } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      let newline = buffer.search(/\r\n|\n|\r/);
      while (newline !== -1) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + (buffer.startsWith('\r\n', newline) ? 2 : 1));
        if (line === '') {
          if (data.length > 0) yield { event: event || 'message', data: data.join('\n') };
          event = '';
          data = [];
        } else if (!line.startsWith(':')) {
          const colon = line.indexOf(':');
          const field = colon === -1 ? line : line.slice(0, colon);
          const raw = colon === -1 ? '' : line.slice(colon + 1);
          const text = raw.startsWith(' ') ? raw.slice(1) : raw;
          if (field === 'event') event = text;
          else if (field === 'data') data.push(text);
        }
        newline = buffer.search(/\r\n|\n|\r/);
      }
      if (done) break;
    }
  } finally {
    reader.releaseLock();
  }
}
