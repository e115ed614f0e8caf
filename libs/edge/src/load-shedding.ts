import { CommonError, CommonErrorCode, toRestError } from '@membolt/contracts';
import type { ServerResponse } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { inThisAsyncContext } from './async-context.js';
import { labelForMetrics } from './http-platform.js';

export interface LoadSheddingOptions {
  /** Requests worked on at once; 0 turns shedding off. */
  readonly maxInFlight: number;
  /** Requests that may wait for a free place; one more is answered 503 at once. */
  readonly maxQueued: number;
  /** Longest wait for a place: a request still waiting then is answered 503 (well before a client's timeout). */
  readonly maxQueueWaitMs: number;
}

export const DEFAULT_LOAD_SHEDDING: LoadSheddingOptions = {
  maxInFlight: 64,
  maxQueued: 256,
  maxQueueWaitMs: 1000,
};

/** Seconds a shed client is asked to wait before it tries again. */
export const SHED_RETRY_AFTER_SECONDS = 1;

export const SERVICE_BUSY_MESSAGE = `The service is busy. Please retry in ${SHED_RETRY_AFTER_SECONDS} second.`;

interface Waiter {
  readonly start: () => void;
  readonly timer: NodeJS.Timeout;
  readonly res: ServerResponse;
  readonly reply: ShedReply;
  /** performance.now() when it began to wait. */
  readonly since: number;
}

/** How often the event loop's delay is read (and its histogram started again). */
const LOOP_DELAY_WINDOW_MS = 500;

let sharedLoopDelay: (() => number) | null = null;

/**
 * How late the event loop runs its callbacks now, in ms: the mean delay over the last half second, measured by
 * node (`monitorEventLoopDelay`). One monitor per process, started on first use; its timer does not keep the
 * process alive.
 */
export function eventLoopDelayMs(): number {
  if (!sharedLoopDelay) {
    const histogram = monitorEventLoopDelay({ resolution: 20 });
    histogram.enable();
    let lastMs = 0;
    setInterval(() => {
      // The histogram counts the resolution's own wait too; only the lateness beyond it matters.
      lastMs = histogram.count > 0 ? Math.max(0, histogram.mean / 1e6 - 20) : 0;
      histogram.reset();
    }, LOOP_DELAY_WINDOW_MS).unref();
    sharedLoopDelay = () => lastMs;
  }
  return sharedLoopDelay();
}

/** The request as the shedder sees it: what `exempt` decides on, and Node's response. */
export interface ShedRequest {
  readonly method: string;
  readonly url: string;
}

/** The platform's reply: Node's response, and the way to answer a JSON refusal through the platform. */
export interface ShedReply {
  readonly raw: ServerResponse;
  code(status: number): ShedReply;
  header(name: string, value: string): ShedReply;
  send(body: unknown): unknown;
}

/** Where a request keeps the function that gives its place back (see releaseLoadSlot). */
const RELEASE = Symbol('membolt.loadShedding.release');

type WithRelease = ServerResponse & { [RELEASE]?: () => void };

/**
 * Bounds the work an edge takes on: at most `maxInFlight` requests are worked on at once and `maxQueued` wait,
 * each for at most `maxQueueWaitMs`; any other is answered 503 `service_unavailable` with `Retry-After` at once,
 * cheaply, instead of piling up on the event loop until every answer is late. The place of a request is given
 * back when its answer ends (or the client goes away), or when it turns into an event stream (a long-lived
 * answer that is mostly idle). Requests `exempt` says so of (probes, the status page) are never counted.
 */
export class LoadShedder {
  private inFlight = 0;
  private readonly queue: Waiter[] = [];
  private shedCount = 0;

  /**
   * `loopDelayMs`: how late the event loop runs now (default: node's measure, see eventLoopDelayMs). A
   * request waits for a place only as long as the bound leaves after that delay: the loop's lateness is
   * added to every wait (the 503 itself comes that much later), so when the loop runs as late as the bound, a
   * request over the limit is refused at once.
   */
  constructor(
    private readonly options: LoadSheddingOptions,
    private readonly exempt: (req: ShedRequest) => boolean,
    private readonly loopDelayMs: () => number = eventLoopDelayMs,
  ) {}

  /** Requests refused since start. */
  get shed(): number {
    return this.shedCount;
  }

  /** Requests waiting for a place now. */
  get queued(): number {
    return this.queue.length;
  }

  /** An `onRequest` hook: runs `done` once the request has a place, or answers the 503 itself. */
  readonly hook = (req: ShedRequest, reply: ShedReply, done: () => void): void => {
    if (this.options.maxInFlight <= 0 || this.exempt(req)) return done();
    const res = reply.raw;
    if (this.inFlight < this.options.maxInFlight) {
      this.admit(res);
      // The work starts after the event loop has read every request waiting on its sockets. Much of a
      // request's work is synchronous (the in-process bus, SQLite, embeddings): started at once, it would run
      // to its end before the next request is even read, so the backlog would wait unseen in the sockets
      // and never count against the bound.
      setImmediate(done);
      return;
    }
    if (this.queue.length >= this.options.maxQueued) return this.refuse(reply);
    const waitMs = this.options.maxQueueWaitMs - this.loopDelayMs();
    if (waitMs <= 0) return this.refuse(reply);
    // Started later from another request's release: it must go on in its own async context (correlation id).
    const proceed = inThisAsyncContext(done);
    const waiter: Waiter = {
      res,
      reply,
      since: performance.now(),
      start: () => {
        clearTimeout(waiter.timer);
        res.off('close', leave);
        this.admit(res);
        setImmediate(proceed);
      },
      timer: setTimeout(() => {
        this.remove(waiter);
        res.off('close', leave);
        this.refuse(reply);
      }, waitMs),
    };
    // A client that gives up while waiting leaves the queue: its place goes to the next one.
    const leave = () => {
      clearTimeout(waiter.timer);
      this.remove(waiter);
    };
    res.once('close', leave);
    this.queue.push(waiter);
  };

  private admit(res: WithRelease): void {
    this.inFlight++;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.inFlight--;
      this.startNext();
    };
    res[RELEASE] = release;
    res.once('close', release);
  }

  private startNext(): void {
    while (this.inFlight < this.options.maxInFlight) {
      const waiter = this.queue.shift();
      if (!waiter) return;
      if (waiter.res.destroyed) {
        clearTimeout(waiter.timer);
        continue;
      }
      // Its timer is due but the loop has not got to it: the work would start past the bound, so it is shed.
      if (performance.now() - waiter.since >= this.options.maxQueueWaitMs) {
        clearTimeout(waiter.timer);
        this.refuse(waiter.reply);
        continue;
      }
      waiter.start();
    }
  }

  private remove(waiter: Waiter): void {
    const index = this.queue.indexOf(waiter);
    if (index >= 0) this.queue.splice(index, 1);
  }

  private refuse(reply: ShedReply): void {
    this.shedCount++;
    const res = reply.raw;
    if (res.headersSent || res.destroyed) return;
    const { status, body } = toRestError(
      new CommonError(CommonErrorCode.ServiceUnavailable, SERVICE_BUSY_MESSAGE),
    );
    labelForMetrics(res, '(shed)');
    reply.code(status).header('Retry-After', String(SHED_RETRY_AFTER_SECONDS)).send(body);
  }
}

/**
 * Gives the request's place back before its answer ends: for a long-lived answer (server-sent events) whose
 * work from here on is waiting, not computing. Does nothing for a request that holds no place.
 */
export function releaseLoadSlot(res: ServerResponse): void {
  (res as WithRelease)[RELEASE]?.();
}
