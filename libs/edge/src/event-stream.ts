import type { ServerResponse } from 'node:http';
import { releaseLoadSlot } from './load-shedding.js';

/** One server-sent event written to an open stream: its name and its data as JSON. */
export type SendEvent = (event: string, data: unknown) => void;

/** One unnamed server-sent event: its data as JSON, or the literal `[DONE]` that ends OpenAI's streams. */
export type SendData = (data: object | '[DONE]') => void;

/**
 * Opens a server-sent-event answer (200, not cached, not buffered by proxies; headers set earlier, such as
 * usage headers, are kept). `res` is the response the route took over (takeOver). The request's place in the edge's load bound is given back.
 */
function openStream(res: ServerResponse): void {
  res.statusCode = 200;
  res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache, no-transform');
  res.setHeader('Connection', 'keep-alive');
  res.setHeader('X-Accel-Buffering', 'no');
  res.flushHeaders();
  // From here the answer mostly waits for events: it no longer holds one of the edge's places of work.
  releaseLoadSlot(res);
}

/** Opens a server-sent-event answer and answers the function that writes one named event. */
export function openEventStream(res: ServerResponse): SendEvent {
  openStream(res);
  return (event, data) => void res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

/** Opens a server-sent-event answer of unnamed events (`data:` lines only, as OpenAI streams). */
export function openDataStream(res: ServerResponse): SendData {
  openStream(res);
  return (data) => void res.write(`data: ${data === '[DONE]' ? data : JSON.stringify(data)}\n\n`);
}
