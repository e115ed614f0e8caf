import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Body, Controller, type INestApplication, Module, Post, Req } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CommonError, CommonErrorCode } from '@membolt/contracts';
import { createLogger, Metrics, Readiness } from '@membolt/platform';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { configureHttpEdge, createHttpEdgeAdapter } from './http-edge.js';
import type { EdgeRequest } from './http-platform.js';

const LIMIT = 64 * 1024;
const STREAM_LIMIT = 256 * 1024;
const LINGER_MS = 3000;

@Controller('api')
class BodyController {
  @Post('echo')
  echo(@Body() body: unknown): unknown {
    return body;
  }

  /**
   * Reads its body itself, as the NDJSON import does, and refuses it past its own limit: it stops reading
   * and leaves the body paused, for the edge to drain.
   */
  @Post('stream')
  async stream(@Req() request: EdgeRequest): Promise<{ bytes: number }> {
    return { bytes: await bytesUpTo(request.raw, STREAM_LIMIT) };
  }

  /**
   * Refuses its body past its own limit from inside a `for await` over it: leaving the loop destroys the
   * request, which Node then detaches from its socket, so the edge cannot drain the rest.
   */
  @Post('abandon')
  async abandon(@Req() request: EdgeRequest): Promise<{ bytes: number }> {
    let bytes = 0;
    for await (const chunk of request.raw) {
      bytes += (chunk as Buffer).length;
      if (bytes > STREAM_LIMIT) throw streamTooLarge();
    }
    return { bytes };
  }
}

const streamTooLarge = () => new CommonError(CommonErrorCode.PayloadTooLarge, 'The stream is too large.');

function bytesUpTo(input: Readable, limit: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let bytes = 0;
    const settle = (error: Error | null) => {
      input.off('data', onData).off('end', onEnd).off('error', settle);
      if (error) reject(error);
      else resolve(bytes);
    };
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes <= limit) return;
      input.pause();
      settle(streamTooLarge());
    };
    const onEnd = () => settle(null);
    input.on('data', onData).on('end', onEnd).on('error', settle);
  });
}

@Module({ controllers: [BodyController] })
class BodyModule {}

/**
 * The clients, on a worker thread: on their own event loop, as real clients are. A client on the server's
 * loop never writes while the server closes, so it never sees what a reset does to an unread answer.
 * `fetch` sends JSON bodies of `bytes` with fetch; `raw` writes its request on a socket: the headers (a
 * Content-Length, or chunked without `declared`), then `bodyBytes` as fast as the socket takes them, reading
 * all along, and reports the status, when the answer came and when the socket closed (or 20 s passed).
 */
const CLIENTS = `
const { parentPort, workerData } = require('node:worker_threads');
const { connect } = require('node:net');
function fetchOnce(o) {
  const body = 'a'.repeat(o.bytes);
  return fetch(o.url, { method: 'POST', headers: { 'content-type': o.contentType }, body })
    .then((r) => r.text().then(() => r.status), () => 0);
}
function rawOnce(o) {
  return new Promise((resolve) => {
    const started = Date.now();
    let answeredMs = -1;
    const chunks = [];
    const socket = connect(o.port, '127.0.0.1');
    const chunked = o.declared === undefined;
    const piece = Buffer.alloc(64 * 1024, 'a');
    let written = 0;
    let stopped = false;
    const writeMore = () => {
      while (!stopped && written < o.bodyBytes) {
        const size = Math.min(piece.length, o.bodyBytes - written);
        const data = chunked
          ? Buffer.concat([Buffer.from(size.toString(16) + '\\r\\n'), piece.subarray(0, size), Buffer.from('\\r\\n')])
          : piece.subarray(0, size);
        written += size;
        if (!socket.write(data)) return socket.once('drain', writeMore);
      }
      if (!stopped && chunked && o.finishChunks) socket.write('0\\r\\n\\r\\n');
      sent = true;
      endWhenDone();
    };
    let sent = false;
    // Once the whole request is written and the whole answer read, the client closes (the connection could
    // serve another request); a client that left its body short waits for the server to close instead.
    const endWhenDone = () => {
      if (o.waitForClose || !sent) return;
      const text = Buffer.concat(chunks).toString('latin1');
      const head = text.indexOf('\\r\\n\\r\\n');
      const length = Number((/content-length: *(\\d+)/i.exec(text) || [])[1]);
      if (head >= 0 && text.length >= head + 4 + length) socket.end();
    };
    socket.on('connect', () => {
      socket.write('POST ' + o.path + ' HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\nContent-Type: ' + o.contentType + '\\r\\n' +
        (chunked ? 'Transfer-Encoding: chunked\\r\\n' : 'Content-Length: ' + o.declared + '\\r\\n') + '\\r\\n');
      writeMore();
    });
    socket.on('data', (chunk) => {
      if (answeredMs < 0) answeredMs = Date.now() - started;
      chunks.push(chunk);
      endWhenDone();
    });
    socket.on('error', () => { stopped = true; });
    const giveUp = setTimeout(() => socket.destroy(), 20000);
    socket.on('close', () => {
      clearTimeout(giveUp);
      stopped = true;
      const text = Buffer.concat(chunks).toString('utf8');
      const status = Number((/^HTTP\\/1\\.1 (\\d{3})/.exec(text) || [])[1] || 0);
      resolve({ status, answeredMs, closedMs: Date.now() - started });
    });
  });
}
(async () => {
  const outcomes = [];
  for (let i = 0; i < workerData.times; i++)
    outcomes.push(await (workerData.kind === 'fetch' ? fetchOnce(workerData) : rawOnce(workerData)));
  parentPort.postMessage(outcomes);
})();
`;

interface RawOutcome {
  readonly status: number;
  /** Milliseconds from the connection to the first byte of the answer (-1: none), and to the socket's close. */
  readonly answeredMs: number;
  readonly closedMs: number;
}

async function fromClients<T>(work: Record<string, unknown>): Promise<T[]> {
  const worker = new Worker(CLIENTS, { eval: true, workerData: work });
  try {
    const [outcomes] = (await once(worker, 'message')) as [T[]];
    return outcomes;
  } finally {
    await worker.terminate();
  }
}

async function oneRawRequest(work: Record<string, unknown>): Promise<RawOutcome> {
  const [outcome] = await fromClients<RawOutcome>({ ...work, kind: 'raw', times: 1 });
  if (!outcome) throw new Error('the client reported nothing');
  return outcome;
}

const MB = 1024 * 1024;

describe('a refused request body at a real socket', () => {
  let app: INestApplication;
  let port: number;

  beforeAll(async () => {
    const { adapter } = createHttpEdgeAdapter({
      logger: createLogger({ app: 'refused-body', level: 'silent' }),
      bodyLimitBytes: LIMIT,
      observability: {
        metrics: new Metrics({ app: 'refused-body', processMetrics: false }),
        readiness: new Readiness(true),
      },
      refusedBodyDrain: { maxBytes: 32 * 1024 * 1024, maxMs: LINGER_MS },
    });
    app = await NestFactory.create(BodyModule, adapter, { bodyParser: false, logger: false });
    configureHttpEdge(app);
    await app.listen(0, '127.0.0.1');
    port = (app.getHttpServer().address() as { port: number }).port;
  });

  afterAll(async () => {
    await app?.close();
  });

  /** The statuses of `times` bodies of 6 MB sent one after another with fetch (which reuses connections). */
  const statusesOfFetches = (path: string, contentType: string, times: number) =>
    fromClients<number>({
      kind: 'fetch',
      url: `http://127.0.0.1:${port}${path}`,
      contentType,
      bytes: 6 * MB,
      times,
    });

  it('answers 413 to every JSON body of several MB sent at full speed, refused by its Content-Length', async () => {
    expect(await statusesOfFetches('/api/echo', 'application/json', 40)).toEqual(Array(40).fill(413));
  }, 120_000);

  it('answers 413 to every chunked body of several MB, refused once the bytes read pass the limit', async () => {
    const outcomes = await fromClients<RawOutcome>({
      kind: 'raw',
      port,
      path: '/api/echo',
      contentType: 'application/json',
      bodyBytes: 6 * MB,
      finishChunks: true,
      times: 30,
    });
    expect(outcomes.map((o) => o.status)).toEqual(Array(30).fill(413));
  }, 120_000);

  it('answers 413 to every body of several MB that a route reading its own body refuses', async () => {
    expect(await statusesOfFetches('/api/stream', 'application/x-ndjson', 30)).toEqual(Array(30).fill(413));
  }, 120_000);

  it('answers 413 to every body of several MB that a route refuses by leaving a for-await over it', async () => {
    expect(await statusesOfFetches('/api/abandon', 'application/x-ndjson', 30)).toEqual(Array(30).fill(413));
  }, 120_000);

  it('half-closes at once the socket of a body its route abandoned, rather than at the drain bound', async () => {
    const outcome = await oneRawRequest({
      port,
      path: '/api/abandon',
      contentType: 'application/x-ndjson',
      declared: 100 * MB,
      bodyBytes: STREAM_LIMIT * 2,
      waitForClose: true,
    });
    expect(outcome.status).toBe(413);
    // Nothing reads the rest of an abandoned body: the socket ends after the answer and closes after the
    // grace: the client sees the close long before the drain's time bound, which it used to wait out.
    expect(outcome.closedMs).toBeLessThan(LINGER_MS);
  }, 60_000);

  it('answers a declared body never sent at once, and closes its socket within the drain bound', async () => {
    const outcome = await oneRawRequest({
      port,
      path: '/api/echo',
      contentType: 'application/json',
      declared: 100 * MB,
      bodyBytes: 0,
      waitForClose: true,
    });
    expect(outcome.status).toBe(413);
    // Answered before the drain's bound (not after it), and closed by it.
    expect(outcome.answeredMs).toBeLessThan(LINGER_MS);
    expect(outcome.closedMs).toBeGreaterThanOrEqual(LINGER_MS);
    expect(outcome.closedMs).toBeLessThan(LINGER_MS + 1000 + 5000);
  }, 60_000);

  it('closes within the bound the socket of a body a route refused and the client stopped sending', async () => {
    const outcome = await oneRawRequest({
      port,
      path: '/api/stream',
      contentType: 'application/x-ndjson',
      declared: 100 * MB,
      bodyBytes: STREAM_LIMIT * 2,
      waitForClose: true,
    });
    expect(outcome.status).toBe(413);
    expect(outcome.closedMs).toBeLessThan(LINGER_MS + 1000 + 5000);
  }, 60_000);

  it('closes the socket of a body that goes on past the byte bound', async () => {
    const outcome = await oneRawRequest({
      port,
      path: '/api/echo',
      contentType: 'application/json',
      declared: 200 * MB,
      bodyBytes: 200 * MB,
    });
    expect(outcome.status).toBe(413);
    // 200 MB past a 32 MB bound: cut long before the client could send it all, or the time bound ran out.
    expect(outcome.closedMs).toBeLessThan(LINGER_MS + 1000 + 5000);
  }, 60_000);
});
