import { afterEach, describe, expect, it } from '@jest/globals';
import { Controller, Get, type INestApplication, Module, Post, Res } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { createLogger, Metrics, Readiness } from '@membolt/platform';
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { openEventStream } from './event-stream.js';
import { configureHttpEdge, createHttpEdgeAdapter } from './http-edge.js';
import { type EdgeReply, takeOver } from './http-platform.js';
import {
  LoadShedder,
  type LoadSheddingOptions,
  SERVICE_BUSY_MESSAGE,
  type ShedReply,
  type ShedRequest,
} from './load-shedding.js';

/** Work that holds its place until the test lets it go. */
const held = {
  arrived: 0,
  releases: [] as Array<() => void>,
  releaseAll(): void {
    for (const release of this.releases.splice(0)) release();
  },
};

@Controller('api')
class HeldController {
  @Get('work')
  async work(): Promise<{ done: true }> {
    held.arrived++;
    await new Promise<void>((resolve) => held.releases.push(resolve));
    return { done: true };
  }

  @Post('work')
  async post(): Promise<{ done: true }> {
    return { done: true };
  }

  @Get('status')
  status(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('stream')
  stream(@Res() reply: EdgeReply): void {
    const res = takeOver(reply);
    const send = openEventStream(res);
    send('hello', {});
    held.releases.push(() => res.end());
  }
}

@Module({ controllers: [HeldController] })
class HeldModule {}

async function startEdge(
  loadShedding: LoadSheddingOptions,
): Promise<{ app: INestApplication; url: string; shedder: LoadShedder }> {
  const { adapter, shedder } = createHttpEdgeAdapter({
    logger: createLogger({ app: 'shedding-unit', level: 'silent' }),
    bodyLimitBytes: 65536,
    observability: {
      metrics: new Metrics({ app: 'shedding-unit', processMetrics: false }),
      readiness: new Readiness(true),
    },
    loadShedding,
  });
  const app = await NestFactory.create(HeldModule, adapter, { bodyParser: false, logger: false });
  configureHttpEdge(app);
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as { port: number };
  return { app, url: `http://127.0.0.1:${port}`, shedder };
}

async function until(probe: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('load shedding at the edge', () => {
  let app: INestApplication | undefined;
  afterEach(async () => {
    held.releaseAll();
    held.arrived = 0;
    await app?.close();
    app = undefined;
  });

  it('past the bound and its queue answers 503 with Retry-After at once; probes and /api/status still answer', async () => {
    const edge = await startEdge({ maxInFlight: 2, maxQueued: 1, maxQueueWaitMs: 60_000 });
    app = edge.app;
    const working = [fetch(`${edge.url}/api/work`), fetch(`${edge.url}/api/work`)];
    await until(() => held.arrived === 2, 'two requests at work');
    const queued = fetch(`${edge.url}/api/work`);
    await until(() => edge.shedder.queued === 1, 'one request waiting');
    const shed = await fetch(`${edge.url}/api/work`, { method: 'POST' });
    expect(shed.status).toBe(503);
    expect(shed.headers.get('retry-after')).toBe('1');
    expect(await shed.json()).toEqual({ error: 'service_unavailable', message: SERVICE_BUSY_MESSAGE });

    for (const path of ['/livez', '/readyz', '/api/status'])
      expect([path, (await fetch(`${edge.url}${path}`)).status]).toEqual([path, 200]);
    // The web app's files are not work either.
    expect((await fetch(`${edge.url}/settings`)).status).toBe(404);

    held.releaseAll();
    // The queued request gets a place as soon as one frees: it is worked on, not refused.
    await until(() => held.arrived === 3, 'the queued request at work');
    held.releaseAll();
    expect((await Promise.all([...working, queued])).map((response) => response.status)).toEqual([
      200, 200, 200,
    ]);
  });

  it('answers 503 to a request that waited its longest in the queue', async () => {
    const edge = await startEdge({ maxInFlight: 1, maxQueued: 5, maxQueueWaitMs: 50 });
    app = edge.app;
    const working = fetch(`${edge.url}/api/work`);
    await until(() => held.arrived === 1, 'one request at work');
    expect(edge.shedder.shed).toBe(0);
    const waited = await fetch(`${edge.url}/api/work`, { method: 'POST' });
    expect(waited.status).toBe(503);
    expect(waited.headers.get('retry-after')).toBe('1');
    held.releaseAll();
    expect((await working).status).toBe(200);
    // The place is free again.
    expect((await fetch(`${edge.url}/api/work`, { method: 'POST' })).status).toBe(201);
  });

  it('gives the place of an event stream back once it streams', async () => {
    const edge = await startEdge({ maxInFlight: 1, maxQueued: 0, maxQueueWaitMs: 1000 });
    app = edge.app;
    const stream = await fetch(`${edge.url}/api/stream`);
    expect(stream.status).toBe(200);
    expect((await fetch(`${edge.url}/api/work`, { method: 'POST' })).status).toBe(201);
    held.releaseAll();
    await stream.text();
  });
});

/** The parts of a request and reply the shedder touches, recording the status it answered. */
function fakeExchange(): {
  req: ShedRequest;
  reply: ShedReply;
  answered: () => number | null;
  close: () => void;
} {
  const events = new EventEmitter();
  let status: number | null = null;
  const raw = {
    headersSent: false,
    destroyed: false,
    once: (name: string, listener: () => void) => events.once(name, listener),
    off: (name: string, listener: () => void) => events.off(name, listener),
  } as unknown as ServerResponse;
  const reply: ShedReply = {
    raw,
    code(code: number) {
      status = code;
      return reply;
    },
    header: () => reply,
    send: () => undefined,
  };
  return {
    req: { method: 'GET', url: '/api/work' },
    reply,
    answered: () => status,
    close: () => events.emit('close'),
  };
}

describe('load shedding when the event loop runs late', () => {
  const options: LoadSheddingOptions = { maxInFlight: 1, maxQueued: 10, maxQueueWaitMs: 1000 };

  it('refuses a request over the limit at once when the loop runs as late as the longest wait', () => {
    let delayMs = 0;
    const shedder = new LoadShedder(
      options,
      () => false,
      () => delayMs,
    );
    const started: string[] = [];
    const first = fakeExchange();
    shedder.hook(first.req, first.reply, () => started.push('first'));

    const waiting = fakeExchange();
    shedder.hook(waiting.req, waiting.reply, () => started.push('waiting'));
    expect(waiting.answered()).toBeNull();
    expect(shedder.queued).toBe(1);

    delayMs = 1200;
    const late = fakeExchange();
    shedder.hook(late.req, late.reply, () => started.push('late'));
    expect(late.answered()).toBe(503);
    expect(shedder.queued).toBe(1);
    expect(shedder.shed).toBe(1);
  });

  it('sheds a waiter whose wait ran out while the loop was busy, instead of starting its work late', async () => {
    const shedder = new LoadShedder(
      { ...options, maxQueueWaitMs: 50 },
      () => false,
      () => 0,
    );
    const started: string[] = [];
    const first = fakeExchange();
    shedder.hook(first.req, first.reply, () => started.push('first'));
    const waiting = fakeExchange();
    shedder.hook(waiting.req, waiting.reply, () => started.push('waiting'));
    // The loop is held past the waiter's bound: its timer cannot run before the first answer ends.
    const until = performance.now() + 80;
    while (performance.now() < until);
    first.close();
    await new Promise((resolve) => setImmediate(resolve));
    expect(waiting.answered()).toBe(503);
    expect(started).toEqual(['first']);
  });
});
