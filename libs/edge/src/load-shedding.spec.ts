import { afterEach, describe, expect, it } from '@jest/globals';
import { Controller, Get, type INestApplication, Module, Post, Res } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { createLogger, Metrics, Readiness } from '@membolt/platform';
import { openEventStream } from './event-stream.js';
import { configureHttpEdge, createHttpEdgeAdapter } from './http-edge.js';
import { type EdgeReply, takeOver } from './http-platform.js';
import { type LoadShedder, type LoadSheddingOptions, SERVICE_BUSY_MESSAGE } from './load-shedding.js';

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
