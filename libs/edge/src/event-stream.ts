import type { Response } from 'express';
import { releaseLoadSlot } from './load-shedding.js';

/** One server-sent event written to an open stream: its name and its data as JSON. */
export type SendEvent = (event: string, data: unknown) => void;

/**
 * Opens a server-sent-event answer (200, not cached, not buffered by proxies; headers set earlier, such as
 * usage headers, are kept) and answers the function that writes one event. The request's place in the edge's
 * load bound is given back.
 */
export function openEventStream(res: Response): SendEvent {
  res.status(200).set({
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  res.flushHeaders();
  // From here the answer mostly waits for events: it no longer holds one of the edge's places of work.
  releaseLoadSlot(res);
  return (event, data) => void res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}
