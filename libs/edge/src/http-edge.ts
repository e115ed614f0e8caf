import { type INestApplication, ShutdownSignal } from '@nestjs/common';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import fastifyCookie from '@fastify/cookie';
import helmet from 'helmet';
import { CommonErrorCode, CommonError, PAYMENT_WEBHOOK_PATH } from '@membolt/contracts';
import {
  type AppLogger,
  correlationIdFrom,
  type Metrics,
  type Readiness,
  requestContext,
} from '@membolt/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { serializeAnswer } from './answer-json.js';
import { inThisAsyncContext } from './async-context.js';
import { HttpExceptionFilter } from './http-exception.filter.js';
import {
  type EdgeReply,
  type EdgeRequest,
  headerOf,
  mediaTypeOf,
  metricsLabelOf,
  pathOf,
  writeJson,
} from './http-platform.js';
import { handleOpsRequest, OPS_PATHS } from './ops-endpoints.js';
import { jsonShapeProblem } from './json-depth.js';
import { DEFAULT_LOAD_SHEDDING, LoadShedder, type LoadSheddingOptions } from './load-shedding.js';
import { isApiPath } from './web-app.middleware.js';

export const CORRELATION_HEADER = 'x-correlation-id';

export interface HttpEdgeOptions {
  readonly logger: AppLogger;
  readonly bodyLimitBytes: number;
  /** Records every request and serves /metrics, /livez and /readyz on this port. */
  readonly observability?: {
    readonly metrics: Metrics;
    readonly readiness: Readiness;
    /** Bearer token for /metrics on this (public) port; without one, /metrics is refused here. */
    readonly metricsToken?: string | undefined;
  };
  /** Deepest nesting of objects and arrays a JSON body may have (default 64). */
  readonly maxJsonDepth?: number;
  /** Most fields any one object of a JSON body may have (default 1000). */
  readonly maxJsonFields?: number;
  /**
   * How many reverse proxies in front of this process to trust for `X-Forwarded-For` (default 0: the
   * socket's address is the client's). Per-address limits need it behind a load balancer.
   */
  readonly trustProxyHops?: number;
  /**
   * Routes whose JSON body may be larger than `bodyLimitBytes` (a base64 file upload), each with its own
   * limit and the message of its 413. Parsed before the general parser, which then leaves them alone.
   */
  readonly largeJsonBodies?: ReadonlyArray<LargeJsonBody>;
  /** The bound on requests worked on at once (default DEFAULT_LOAD_SHEDDING). */
  readonly loadShedding?: LoadSheddingOptions;
  /** How much of a body answered before it was read the edge still reads (default DEFAULT_REFUSED_BODY_DRAIN). */
  readonly refusedBodyDrain?: RefusedBodyDrain;
}

/**
 * What the edge still reads, and discards, of a request body it answered before reading it all (a 413, any
 * refusal of a route that reads its own body): at most `maxBytes` more and for at most `maxMs` after the
 * answer. Closing at once would reset the connection while the client is still sending, and a reset makes
 * the client's kernel drop the answer it has not read yet: the client sees no answer at all. Past either
 * bound the edge half-closes (the answer is out) and closes the socket DRAIN_GRACE_MS later.
 */
export interface RefusedBodyDrain {
  readonly maxBytes: number;
  readonly maxMs: number;
}

export const DEFAULT_REFUSED_BODY_DRAIN: RefusedBodyDrain = { maxBytes: 64 * 1024 * 1024, maxMs: 5_000 };

/** After the half-close past a drain's bound: time for the client to read the answer and close its side. */
const DRAIN_GRACE_MS = 1_000;

/**
 * Never shed: the probes (answered before the bound anyway), the status page, and the web app's own files
 * (a GET outside the API), which cost a file read. Everything else is work.
 */
export const LOAD_SHEDDING_EXEMPT_PATHS: readonly string[] = [...OPS_PATHS, '/api/status'];

function exemptFromShedding(req: { readonly method: string; readonly url: string }): boolean {
  const path = pathOf(req);
  if (LOAD_SHEDDING_EXEMPT_PATHS.includes(path)) return true;
  return (req.method === 'GET' || req.method === 'HEAD') && !isApiPath(path);
}

export interface LargeJsonBody {
  readonly path: string;
  readonly limitBytes: number;
  readonly tooLargeMessage: string;
}

/** Paths served by a route of their own rather than a Nest route (Apollo, the probes): the label is the path. */
const MOUNTED_ROUTES = new Set<string>(['/graphql', ...OPS_PATHS]);

/**
 * The route pattern that served the request (`/api/keys/:id`), never the raw path, so the label set stays
 * bounded whatever clients send. The web app and the shedder label their own responses; anything else is
 * `(unmatched)`.
 */
function routeLabel(request: FastifyRequest, reply: FastifyReply, path: string): string {
  const labelled = metricsLabelOf(reply.raw);
  if (labelled) return labelled;
  if (MOUNTED_ROUTES.has(path)) return path;
  const route = request.routeOptions.url;
  return typeof route === 'string' && request.is404 !== true ? route : '(unmatched)';
}

export const DEFAULT_MAX_JSON_DEPTH = 64;
export const DEFAULT_MAX_JSON_FIELDS = 1000;

/** A raw HTTP response for errors Node's parser raises before the platform sees the request. */
function rawJsonResponse(status: number, reason: string, body: object): string {
  const json = JSON.stringify(body);
  return (
    `HTTP/1.1 ${status} ${reason}\r\n` +
    'Content-Type: application/json; charset=utf-8\r\n' +
    `Content-Length: ${Buffer.byteLength(json)}\r\n` +
    'Connection: close\r\n\r\n' +
    json
  );
}

/**
 * Node answers unparsable requests itself (431 for headers over `maxHeaderSize`, 400 otherwise) with an
 * empty body; these keep the `{ error, message }` shape every other error has.
 */
export function answerClientErrorWithJson(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  // The request was answered already and its body is being drained: the client ended it short (or sent
  // something else than the rest of it). Nothing more to say on this connection.
  if (drainingSockets.has(socket)) {
    socket.end();
    return;
  }
  const response =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? rawJsonResponse(431, 'Request Header Fields Too Large', {
          error: CommonErrorCode.ValidationError,
          message: 'The request headers are too large.',
        })
      : rawJsonResponse(400, 'Bad Request', {
          error: CommonErrorCode.ValidationError,
          message: 'The request is not valid HTTP.',
        });
  socket.end(response);
}

/** For a server the edge did not create: answers its client errors as answerClientErrorWithJson does. */
export function answerClientErrorsWithJson(server: Server): void {
  server.on('clientError', answerClientErrorWithJson);
}

const NOT_JSON_MESSAGE = 'The request body is not valid JSON.';

/** The largest body a request may send, and the message of its 413. */
interface BodyLimit {
  readonly limitBytes: number;
  readonly tooLargeMessage: string;
}

/**
 * Reads a request body up to `limit`: refused from its Content-Length, unread, when that is over the limit,
 * else as soon as the bytes read pass it. The answer comes in the async context the body was asked for in
 * (the request's correlation id), not in the socket's. The rest of a refused body is read once the answer is
 * out, within the edge's drain bounds (drainUnreadBodies).
 */
function readBody(
  payload: IncomingMessage,
  limit: BodyLimit,
  done: (error: Error | null, body?: Buffer) => void,
): void {
  const finish = inThisAsyncContext(done);
  const tooLarge = () => new CommonError(CommonErrorCode.PayloadTooLarge, limit.tooLargeMessage);
  const declared = Number(payload.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit.limitBytes) return finish(tooLarge());
  const chunks: Buffer[] = [];
  let received = 0;
  let settled = false;
  const settle = (error: Error | null, body?: Buffer) => {
    if (settled) return;
    settled = true;
    payload.off('data', onData);
    payload.off('end', onEnd);
    payload.off('error', onError);
    finish(error, body);
  };
  const onData = (chunk: Buffer) => {
    received += chunk.length;
    if (received > limit.limitBytes) {
      // Held until the answer is out, then drained within bounds; not read meanwhile.
      payload.pause();
      settle(tooLarge());
      return;
    }
    chunks.push(chunk);
  };
  const onEnd = () => settle(null, Buffer.concat(chunks, received));
  const onError = (error: Error) => settle(error);
  payload.on('data', onData);
  payload.on('end', onEnd);
  payload.on('error', onError);
}

const drainOf = new WeakMap<Server, RefusedBodyDrain>();
const drainingSockets = new WeakSet<Duplex>();
let subscribedToFinishes = false;

/**
 * Drains, within `drain`'s bounds, the rest of every body `server` answered before reading it. Node keeps
 * the connection of such an answer and reads the rest of the body (the response said nothing of closing),
 * without a bound; this adds the bound. Node publishes every finished response on the
 * `http.server.response.finish` channel: one subscription for the process, no listener per request.
 */
function drainUnreadBodies(server: Server, drain: RefusedBodyDrain): void {
  drainOf.set(server, drain);
  if (subscribedToFinishes) return;
  subscribedToFinishes = true;
  subscribe('http.server.response.finish', (message) => {
    const {
      request,
      socket,
      server: from,
    } = message as {
      request: IncomingMessage;
      socket: Socket;
      server: Server;
    };
    if (request.complete || socket.destroyed) return;
    const bounds = drainOf.get(from);
    if (bounds) drainRestOfBody(request, socket, bounds);
  });
}

function drainRestOfBody(request: IncomingMessage, socket: Socket, drain: RefusedBodyDrain): void {
  drainingSockets.add(socket);
  let bytes = 0;
  const onData = (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > drain.maxBytes) cut();
  };
  const stop = () => {
    clearTimeout(timer);
    drainingSockets.delete(socket);
    request.off('data', onData);
    request.off('end', stop);
    request.off('close', stop);
  };
  const cut = () => {
    stop();
    drainingSockets.add(socket);
    socket.end();
    const grace = setTimeout(() => socket.destroy(), DRAIN_GRACE_MS);
    grace.unref();
    socket.once('close', () => clearTimeout(grace));
  };
  const timer = setTimeout(cut, drain.maxMs);
  timer.unref();
  // On the next tick: Node, right after publishing the finish, dumps a body nobody read, which removes every
  // 'data' listener of the request.
  process.nextTick(() => {
    if (request.complete || socket.destroyed) return stop();
    // A route that gave up its body by destroying the request (leaving a `for await` over it early does) has
    // detached it from the socket, which Node then no longer reads: the rest of the body cannot be drained,
    // and the connection cannot carry another request. Half-closed at once, after the answer, so the client
    // reads the answer and does not send its next request on this connection.
    if (request.destroyed) return cut();
    request.on('data', onData);
    request.once('end', stop);
    request.once('close', stop);
    // A route that stopped reading its body may have left it paused.
    request.resume();
  });
}

/** A JSON body as the edges accept it: an object or an array (never a bare value); empty is `{}`. */
function parseJson(text: string): unknown {
  const first = /\S/.exec(text)?.[0];
  if (first === undefined) return {};
  if (first !== '{' && first !== '[') throw new SyntaxError('not an object or an array');
  return JSON.parse(text) as unknown;
}

/**
 * The edge's one body parser, for every content type: the payment webhook's body stays raw (a Buffer, its
 * signature covers the exact bytes); JSON is read up to the route's limit, parsed and checked for depth and
 * object size before any route runs; any other body is left unread for the route (NDJSON imports stream it).
 */
function bodyParser(options: HttpEdgeOptions) {
  const general: BodyLimit = {
    limitBytes: options.bodyLimitBytes,
    tooLargeMessage: 'The request body is too large.',
  };
  const large = options.largeJsonBodies ?? [];
  const maxDepth = options.maxJsonDepth ?? DEFAULT_MAX_JSON_DEPTH;
  const maxFields = options.maxJsonFields ?? DEFAULT_MAX_JSON_FIELDS;
  const limitFor = (path: string): BodyLimit =>
    large.find((body) => path === body.path || path.startsWith(`${body.path}/`)) ?? general;
  return (
    request: FastifyRequest,
    payload: IncomingMessage,
    done: (error: Error | null, body?: unknown) => void,
  ): void => {
    const path = pathOf(request);
    const contentType = headerOf(request, 'content-type');
    if (path === PAYMENT_WEBHOOK_PATH && contentType !== undefined) return readBody(payload, general, done);
    if (mediaTypeOf(contentType) !== 'application/json') return done(null, undefined);
    const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '')?.[1]?.toLowerCase();
    if (charset !== undefined && !charset.startsWith('utf-'))
      return done(new CommonError(CommonErrorCode.ValidationError, NOT_JSON_MESSAGE));
    readBody(payload, limitFor(path), (error, raw) => {
      if (error || !raw) return done(error);
      let body: unknown;
      try {
        body = parseJson(raw.toString('utf8'));
      } catch {
        return done(new CommonError(CommonErrorCode.ValidationError, NOT_JSON_MESSAGE));
      }
      const problem = jsonShapeProblem(body, { maxDepth, maxFields });
      if (problem)
        return done(
          new CommonError(
            CommonErrorCode.ValidationError,
            problem === 'depth'
              ? `The request body nests deeper than ${maxDepth} levels.`
              : `An object in the request body has more than ${maxFields} fields.`,
          ),
        );
      done(null, body);
    });
  };
}

/**
 * helmet's headers for its options, read once: with every directive a string, each of its middlewares sets a
 * constant header (or removes `X-Powered-By`), so they are recorded from one run and set on every answer in
 * the same order, without running its chain of twelve middlewares per request.
 */
function recordedSecurityHeaders(
  middleware: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void,
): (res: ServerResponse) => void {
  const steps: Array<readonly [string, string | undefined]> = [];
  const recorder = {
    setHeader: (name: string, value: string) => steps.push([name, String(value)]),
    removeHeader: (name: string) => steps.push([name, undefined]),
  };
  let finished = false;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error as Error;
    finished = true;
  });
  // A directive computed per request (a function) would run later or read the request: not recordable.
  if (!finished) throw new Error('helmet did not set its headers at once; its options must be constant');
  return (res) => {
    for (const [name, value] of steps) {
      if (value === undefined) res.removeHeader(name);
      else res.setHeader(name, value);
    }
  };
}

/**
 * The edge's own work on every request, in order, before Nest middleware and routing: the security headers,
 * the correlation id and access log, the HTTP metrics, the probes and /metrics, the shedder. One `onRequest`
 * hook: Fastify's hook runner costs each hook a step per request.
 */
function edgeHook(options: HttpEdgeOptions, shedder: LoadShedder) {
  const { logger, observability } = options;
  // Built once: building it parses the policy's text and makes every header's middleware.
  const setSecurityHeaders = recordedSecurityHeaders(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // MUI (emotion) injects <style> elements at run time.
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:'],
        },
      },
    }),
  );
  const metrics = observability?.metrics;
  const opsOptions = observability && {
    metrics: observability.metrics,
    readiness: observability.readiness,
    metricsAccess: { kind: 'token', token: observability.metricsToken } as const,
    detailedReadiness: false,
  };
  const opsPaths = new Set<string>(OPS_PATHS);

  const answerOps = (request: FastifyRequest, reply: FastifyReply, ops: NonNullable<typeof opsOptions>) => {
    reply.hijack();
    handleOpsRequest(request.raw, reply.raw, ops).then(
      (handled) => {
        if (!handled && !reply.raw.headersSent)
          writeJson(reply.raw, 404, { error: 'route_not_found', message: 'No such operations endpoint.' });
      },
      (error: unknown) => {
        logger.error({ err: error }, 'operations endpoint failed');
        if (!reply.raw.headersSent)
          writeJson(reply.raw, 500, {
            error: CommonErrorCode.InternalError,
            message: 'The operations endpoint failed.',
          });
        else reply.raw.destroy();
      },
    );
  };

  return (request: FastifyRequest, reply: FastifyReply, done: () => void): void => {
    // First of all: helmet's headers are on every answer, the early ones below included.
    setSecurityHeaders(reply.raw);
    const correlationId = correlationIdFrom(headerOf(request, CORRELATION_HEADER));
    // On Node's response, so it also leaves with answers written there (event streams, probes).
    reply.raw.setHeader('X-Correlation-Id', correlationId);
    // Read the path now: the answer's own handling may rewrite the URL.
    const path = pathOf(request);
    // The access log's line is at level info: below it, no listener waits for the answer to write nothing.
    if (logger.isLevelEnabled('info')) {
      const started = process.hrtime.bigint();
      reply.raw.once('finish', () => {
        requestContext.run({ correlationId }, () =>
          logger.info(
            {
              method: request.method,
              path,
              status: reply.raw.statusCode,
              ms: Number(process.hrtime.bigint() - started) / 1e6,
            },
            'request',
          ),
        );
      });
    }
    if (metrics) {
      const started = process.hrtime.bigint();
      // 'close' also fires when the client gives up first: those requests count too, as `aborted`. It fires
      // once per response, so `on` needs no `once` wrapper.
      reply.raw.on('close', () => {
        const status = reply.raw.writableFinished ? String(reply.raw.statusCode) : 'aborted';
        metrics.httpRequestDuration.observe(
          { method: request.method, route: routeLabel(request, reply, path), status },
          Number(process.hrtime.bigint() - started) / 1e9,
        );
      });
    }
    requestContext.run({ correlationId }, () => {
      // Decided here, without a promise: every other request passes straight on.
      if (opsOptions && opsPaths.has(path)) return answerOps(request, reply, opsOptions);
      // Before any body is read: a request shed costs its headers only.
      shedder.hook(request, reply, done);
    });
  };
}

/** The listener options of every edge: what Express did by default, where Fastify differs. */
function fastifyOptions(options: HttpEdgeOptions): FastifyServerOptions {
  return {
    // Hops, counted as Express's `trust proxy` counts them (Fastify takes a number at run time, though its
    // types do not say so); 0 trusts nobody.
    trustProxy: options.trustProxyHops ? (options.trustProxyHops as unknown as string) : false,
    bodyLimit: Math.max(options.bodyLimitBytes, ...(options.largeJsonBodies ?? []).map((b) => b.limitBytes)),
    clientErrorHandler: answerClientErrorWithJson,
    logger: false,
    routerOptions: {
      // Express matches `/api/keys/` as `/api/keys`, case-insensitively, with parameters of any length.
      ignoreTrailingSlash: true,
      caseSensitive: false,
      maxParamLength: 16_384,
    },
  };
}

/**
 * The platform of every HTTP edge (gateway, BFF, standalone), with the shared setup in place before Nest adds
 * anything: security headers, the probes and /metrics, a bound on requests worked on at once (503 with
 * Retry-After past it, probes and /api/status exempt), a correlation id per request (accepted from
 * `X-Correlation-Id` when well-formed, echoed back), one access-log line per request, cookies, the one
 * bounded JSON body parser (which also refuses deep nesting and oversized objects), and JSON bodies for
 * Node's own parse errors (400, 431). Create the app with it and `bodyParser: false`, then call
 * configureHttpEdge.
 */
export function createHttpEdgeAdapter(options: HttpEdgeOptions): {
  adapter: FastifyAdapter;
  shedder: LoadShedder;
} {
  const adapter = new FastifyAdapter(fastifyOptions(options));
  const fastify = adapter.getInstance();
  // Before any route is added (a route takes the serializer in place when it is added).
  fastify.setReplySerializer(serializeAnswer);
  const routes: EdgeRoute[] = [];
  servedRoutes.set(fastify, routes);
  const bound = new RouteBoundHooks();
  routeBoundHooks.set(fastify, bound);
  fastify.addHook('onRoute', (route) => {
    const methods = ([] as string[]).concat(route.method);
    routes.push({ methods, path: route.url ?? route.path });
    bound.routeAdded(route as unknown as RouteOptionsSeen);
  });
  fastify.addHook('onReady', (done) => {
    bound.ready();
    done();
  });
  const shedder = new LoadShedder(options.loadShedding ?? DEFAULT_LOAD_SHEDDING, exemptFromShedding);
  // The first hook of all, before the plugins below and Nest's middleware (registered when the app is
  // created): helmet's headers, the correlation id and the metrics are on every answer, early ones included.
  fastify.addHook('onRequest', edgeHook(options, shedder));
  const hooks = Object.assign(
    (instance: FastifyInstance, _opts: unknown, done: () => void) => {
      instance.removeAllContentTypeParsers();
      const parser = bodyParser(options);
      // The same parser under JSON's own name as well: Fastify remembers the parser it found for a
      // content type, except the catch-all's, which it looked for again (a parse of the header) on
      // every request.
      instance.addContentTypeParser('application/json', parser);
      instance.addContentTypeParser('*', parser);
      done();
    },
    // Not encapsulated: the parser is the whole server's.
    { [Symbol.for('skip-override')]: true },
  );
  void fastify.register(hooks);
  void fastify.register(fastifyCookie);
  // Fastify closes the connection after a body parser's error, before the body is read: a reset under a
  // client still sending, which loses the answer. The edge reads the rest of the body within bounds instead.
  fastify.addHook('onError', (request, reply, _error, done) => {
    if (!request.raw.complete && reply.getHeader('connection') === 'close') reply.removeHeader('connection');
    done();
  });
  drainUnreadBodies(fastify.server, options.refusedBodyDrain ?? DEFAULT_REFUSED_BODY_DRAIN);
  return { adapter, shedder };
}

/** One route the platform serves: its methods and its pattern (`/api/keys/:id`, `/api/*`). */
export interface EdgeRoute {
  readonly methods: readonly string[];
  readonly path: string;
}

const servedRoutes = new WeakMap<object, readonly EdgeRoute[]>();

/**
 * Every route the app's platform serves, as registered (with Fastify's own HEAD twins of GET routes):
 * what the API reference is checked against.
 */
export function edgeRoutesOf(app: INestApplication): readonly EdgeRoute[] {
  return servedRoutes.get(app.getHttpAdapter().getInstance() as object) ?? [];
}

type HookDone = (error?: Error) => void;
type RouteHook = (request: FastifyRequest, reply: FastifyReply, done: HookDone) => void;
type SendHook = (
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: Error | null, payload?: unknown) => void,
) => void;

/** The phases a hook may be bound to a route in. */
interface RouteHooks {
  onRequest: RouteHook;
  preHandler: RouteHook;
  onSend: SendHook;
}
type RoutePhase = keyof RouteHooks;

/** A route's options as `onRoute` hands them over: its hooks' lists are read when the app gets ready. */
type RouteOptionsSeen = {
  readonly method: string | string[];
  readonly url?: string;
  readonly path?: string;
} & { [P in RoutePhase]?: RouteHooks[P] | Array<RouteHooks[P]> };

/** A hook for the routes of one pattern, in one phase: of every method, or of one. */
type BoundHook = {
  [P in RoutePhase]: { readonly phase: P; readonly method: string | undefined; readonly hook: RouteHooks[P] };
}[RoutePhase];

/**
 * The hooks bound to routes by their pattern (gates, early answers, kept answers): each is added to the
 * route's own list of its phase, which Fastify runs after the hooks of every request, so a request of another
 * route never steps through it nor looks its route up. A hook is added to the routes of its pattern
 * registered before it and to those registered after, until the app is ready (Fastify reads the lists then).
 */
class RouteBoundHooks {
  private readonly routes = new Map<string, RouteOptionsSeen[]>();
  private readonly hooks = new Map<string, BoundHook[]>();
  private isReady = false;

  routeAdded(route: RouteOptionsSeen): void {
    const pattern = route.url ?? route.path ?? '';
    const seen = this.routes.get(pattern);
    if (seen) seen.push(route);
    else this.routes.set(pattern, [route]);
    for (const bound of this.hooks.get(pattern) ?? []) attachHook(route, bound);
  }

  add(pattern: string, bound: BoundHook): void {
    if (this.isReady)
      throw new Error(`A hook of ${pattern} was added after the app got ready: add it before it listens`);
    const hooks = this.hooks.get(pattern);
    if (hooks) hooks.push(bound);
    else this.hooks.set(pattern, [bound]);
    for (const route of this.routes.get(pattern) ?? []) attachHook(route, bound);
  }

  ready(): void {
    this.isReady = true;
  }
}

function attachHook(route: RouteOptionsSeen, bound: BoundHook): void {
  if (bound.method !== undefined && !([] as string[]).concat(route.method).includes(bound.method)) return;
  // A new list: a route's HEAD twin may have been registered with the same one.
  const hooks = route as Record<RoutePhase, unknown>;
  hooks[bound.phase] = [...([] as unknown[]).concat(hooks[bound.phase] ?? []), bound.hook];
}

const routeBoundHooks = new WeakMap<object, RouteBoundHooks>();

/** Whether the request is one of `pattern`'s routes, and of `method` when one is given. */
function isOfRoute(request: FastifyRequest, pattern: string, method: string | undefined): boolean {
  return (
    request.routeOptions.url === pattern &&
    request.is404 !== true &&
    (method === undefined || request.method === method)
  );
}

/**
 * Binds `bound.hook` to the routes of `pattern` (of `bound.method`, or of every method). A platform the edge
 * did not create (a test's) has no table: there the hook is one of every request, which tests the route itself.
 */
function addRouteHook(httpAdapter: { getInstance(): unknown }, pattern: string, bound: BoundHook): void {
  const fastify = httpAdapter.getInstance() as FastifyInstance;
  const table = routeBoundHooks.get(fastify);
  if (table) return table.add(pattern, bound);
  const { method } = bound;
  if (bound.phase === 'onSend') {
    const hook = bound.hook;
    fastify.addHook('onSend', (request, reply, payload, done) =>
      isOfRoute(request, pattern, method) ? hook(request, reply, payload, done) : done(null, payload),
    );
  } else {
    const hook = bound.hook;
    const filtered = (request: FastifyRequest, reply: FastifyReply, done: HookDone) =>
      isOfRoute(request, pattern, method) ? hook(request, reply, done) : done();
    if (bound.phase === 'onRequest') fastify.addHook('onRequest', filtered);
    else fastify.addHook('preHandler', filtered);
  }
}

/** What a route gate sees of a request: it runs before the body is read. */
export interface GatedRequest {
  readonly method: string;
  readonly url: string;
  /** The client's address (the socket's, or X-Forwarded-For's within the trusted proxy hops). */
  readonly ip: string;
}

/**
 * Runs `gate` first for the requests of these routes, whatever their method and before their body is read:
 * `routes` are the patterns as the routes were registered (`/graphql`, `/events/uploads/:id`), matched by the
 * router itself. The gate answers true to let the request go on; when it refuses, it has answered on Node's
 * response. A hook of those routes alone, after the platform's hooks of every request (the edge's own:
 * security headers, correlation id, metrics, shedding): other requests pay nothing for it, where Nest
 * middleware is run for every request to test its path. Call it before the app listens (an `onModuleInit` is
 * in time).
 */
export function gateRoutes(
  httpAdapter: { getInstance(): unknown },
  routes: readonly string[],
  gate: (request: GatedRequest, response: ServerResponse) => boolean,
): void {
  const hook = (request: FastifyRequest, reply: FastifyReply, done: HookDone) => {
    if (gate(request, reply.raw)) return done();
    reply.hijack();
  };
  for (const route of routes)
    addRouteHook(httpAdapter, route, { phase: 'onRequest', method: undefined, hook });
}

/**
 * Answers a request of one route, `method` and `route` as registered (`GET`, `/api/health`), from a hook of the
 * platform, before Fastify's later phases and Nest's pipeline (router, guards, pipes, handler), when `answer`
 * can decide it at once: it returns the answer's body (sent as JSON, 200, on Node's response, with the headers
 * set there), or undefined to let the route handle the request as always. What it throws goes to the app's
 * error handler, Nest's exception filter, as a route's error does. A hook of that route alone, after the
 * platform's hooks of every request (the edge's: security headers, correlation id and access log, metrics,
 * shedding; cookies, Nest middleware) and any gate of the route registered before it, so the answer carries all
 * they add; `answer` must do what the route's guards would (a key check, a rate limit), and set its headers on
 * Node's response (`reply.raw`): the answer does not pass through the platform's `onSend` hooks. Call it
 * before the app listens (an `onModuleInit` is in time).
 */
export function answerEarly(
  httpAdapter: { getInstance(): unknown },
  method: string,
  route: string,
  answer: (request: EdgeRequest, reply: EdgeReply) => object | undefined,
): void {
  const hook: RouteHook = (request, reply, done) => {
    // A route registered for several methods runs its hooks for each.
    if (request.method !== method) return done();
    let body: object | undefined;
    try {
      body = answer(request as EdgeRequest, reply);
    } catch (error) {
      return done(error as Error);
    }
    if (body === undefined) return done();
    // Straight on Node's response, as Fastify's `send` would write it (the same content type and length),
    // without its serialization, `onSend` hooks and header merging.
    reply.hijack();
    writeJson(reply.raw, 200, body);
  };
  addRouteHook(httpAdapter, route, { phase: 'onRequest', method, hook });
}

/** An answer as a route sent it, kept to answer the same request again without the route. */
export interface KeptAnswer {
  readonly status: number;
  /** The headers the route set on its reply; not those the edge's hooks set on Node's response for each request. */
  readonly headers: Readonly<Record<string, string | number | string[]>>;
  /** The body exactly as it was sent. */
  readonly payload: string;
}

/** What decides, for `answerFromCopies`, which requests a kept answer serves and which answers are kept. */
export interface AnswerCopies {
  /**
   * The kept answer that serves this request (its body parsed), or undefined to let the route answer it.
   * What it throws goes to the app's error handler.
   */
  copyFor(request: EdgeRequest): KeptAnswer | undefined;
  /** Each answer the route sent for a request `copyFor` passed on, as sent: kept or not, as it decides. */
  sent(request: EdgeRequest, answer: KeptAnswer): void;
}

const PASSED_TO_ROUTE = Symbol('passedToRoute');

/** The headers the route set on the reply itself, as they will be written (not those already on Node's response). */
function routeHeadersOf(reply: FastifyReply): Record<string, string | number | string[]> {
  const headers: Record<string, string | number | string[]> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value === undefined) continue;
    if (!reply.raw.hasHeader(name) || reply.raw.getHeader(name) !== value) headers[name] = value;
  }
  return headers;
}

/**
 * Answers requests of one route (`method` and `route` as registered) from kept copies of the route's own
 * answers, after the body is parsed and before the route's handler: `copies.copyFor` picks the copy, and
 * `copies.sent` sees every answer the route sent for the requests it passed on (the status, the route's own
 * headers, the body as a string; a streamed body is not shown). A request answered from a copy has been
 * through every `onRequest` hook (security headers, correlation id and access log, metrics, shedding, route
 * gates) and the body parser, as the route's own answers are; what the route's handler does around its body
 * (its checks, its metrics) is `copies`' to do. Hooks of that route alone (see RouteBoundHooks): other
 * routes' requests do not step through them. Call it before the app listens (an `onModuleInit` is in time).
 */
export function answerFromCopies(
  httpAdapter: { getInstance(): unknown },
  method: string,
  route: string,
  copies: AnswerCopies,
): void {
  const lookUp: RouteHook = (request, reply, done) => {
    // A route registered for several methods runs its hooks for each.
    if (request.method !== method) return done();
    let copy: KeptAnswer | undefined;
    try {
      copy = copies.copyFor(request as EdgeRequest);
    } catch (error) {
      return done(error as Error);
    }
    if (copy === undefined) {
      (request as { [PASSED_TO_ROUTE]?: true })[PASSED_TO_ROUTE] = true;
      return done();
    }
    void reply.code(copy.status).headers(copy.headers).send(copy.payload);
  };
  const show: SendHook = (request, reply, payload, done) => {
    if ((request as { [PASSED_TO_ROUTE]?: true })[PASSED_TO_ROUTE] === true && typeof payload === 'string')
      copies.sent(request as EdgeRequest, {
        status: reply.statusCode,
        headers: routeHeadersOf(reply),
        payload,
      });
    done(null, payload);
  };
  addRouteHook(httpAdapter, route, { phase: 'preHandler', method, hook: lookUp });
  addRouteHook(httpAdapter, route, { phase: 'onSend', method, hook: show });
}

/**
 * The signals a process shuts down cleanly on: Nest's list without SIGUSR2, which Node's diagnostics take
 * (`--heapsnapshot-signal`, as `bench:rss` sends it). With it, a heap snapshot's signal also closed the app,
 * which then raised the signal again: a second snapshot of a process already shutting down.
 */
export const SHUTDOWN_SIGNALS: readonly string[] = Object.values(ShutdownSignal).filter(
  (signal) => signal !== ShutdownSignal.SIGUSR2,
);

/** The edge's Nest-side setup: every error as `{ error, message }`, and a clean shutdown on signals. */
export function configureHttpEdge(app: INestApplication): void {
  app.useGlobalFilters(new HttpExceptionFilter());
  app.enableShutdownHooks([...SHUTDOWN_SIGNALS]);
}
