import type { INestApplication } from '@nestjs/common';
import { CommonErrorCode, toRestError, CommonError, PAYMENT_WEBHOOK_PATH } from '@membolt/contracts';
import {
  type AppLogger,
  correlationIdFrom,
  type Metrics,
  type Readiness,
  requestContext,
} from '@membolt/platform';
import cookieParser from 'cookie-parser';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { HttpExceptionFilter } from './http-exception.filter.js';
import { handleOpsRequest, OPS_PATHS, opsPathOf } from './ops-endpoints.js';
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
}

/**
 * Never shed: the probes (answered before the bound anyway), the status page, and the web app's own files
 * (a GET outside the API), which cost a file read. Everything else is work.
 */
export const LOAD_SHEDDING_EXEMPT_PATHS: readonly string[] = [...OPS_PATHS, '/api/status'];

function exemptFromShedding(req: Request): boolean {
  if (LOAD_SHEDDING_EXEMPT_PATHS.includes(req.path)) return true;
  return (req.method === 'GET' || req.method === 'HEAD') && !isApiPath(req.path);
}

export interface LargeJsonBody {
  readonly path: string;
  readonly limitBytes: number;
  readonly tooLargeMessage: string;
}

/** Paths served by a mounted router (Apollo) rather than a Nest route: their label is the path itself. */
const MOUNTED_ROUTES = new Set<string>(['/graphql', ...OPS_PATHS]);

/**
 * The route pattern that served the request (`/api/keys/:id`), never the raw path, so the label set stays
 * bounded whatever clients send. The web app labels its own responses; anything else is `(unmatched)`.
 */
function routeLabel(req: Request, res: Response, path: string): string {
  const route = (req as { route?: { path?: unknown } }).route;
  if (route && typeof route.path === 'string') return `${req.baseUrl}${route.path}`;
  if (MOUNTED_ROUTES.has(path)) return path;
  const labelled: unknown = res.locals['metricsRoute'];
  return typeof labelled === 'string' ? labelled : '(unmatched)';
}

function recordHttpMetrics(metrics: Metrics) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const path = req.path;
    const stopTimer = metrics.httpRequestDuration.startTimer();
    // 'close' also fires when the client gives up first: those requests count too, as `aborted`.
    res.once('close', () => {
      const status = res.writableFinished ? String(res.statusCode) : 'aborted';
      stopTimer({ method: req.method, route: routeLabel(req, res, path), status });
    });
    next();
  };
}

export const DEFAULT_MAX_JSON_DEPTH = 64;
export const DEFAULT_MAX_JSON_FIELDS = 1000;

/**
 * Refuses bodies nested deeper, or with larger objects, than any route needs, before validation walks them
 * (recursively, and quadratically in the fields of one object) or GraphQL coerces them.
 */
function jsonShapeGuard(maxDepth: number, maxFields: number) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const problem = jsonShapeProblem(req.body, { maxDepth, maxFields });
    if (!problem) return next();
    const { status, body } = toRestError(
      new CommonError(
        CommonErrorCode.ValidationError,
        problem === 'depth'
          ? `The request body nests deeper than ${maxDepth} levels.`
          : `An object in the request body has more than ${maxFields} fields.`,
      ),
    );
    res.status(status).json(body);
  };
}

/** A raw HTTP response for errors Node's parser raises before Express sees the request. */
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
export function answerClientErrorsWithJson(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
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
  });
}

/** Body parser failures (malformed JSON, oversized body) as `{ error, message }`, before any route runs. */
const bodyErrorHandler = bodyErrorHandlerWith('The request body is too large.');

function bodyErrorHandlerWith(tooLargeMessage: string) {
  return (error: unknown, req: Request, res: Response, next: NextFunction): void =>
    answerBodyError(tooLargeMessage, error, req, res, next);
}

function answerBodyError(
  tooLargeMessage: string,
  error: unknown,
  _req: Request,
  res: Response,
  next: NextFunction,
): void {
  const type = (error as { type?: unknown } | null)?.type;
  if (type === 'entity.too.large') {
    const { status, body } = toRestError(new CommonError(CommonErrorCode.PayloadTooLarge, tooLargeMessage));
    res.status(status).json(body);
    return;
  }
  if (type === 'entity.parse.failed' || type === 'encoding.unsupported' || type === 'charset.unsupported') {
    const { status, body } = toRestError(
      new CommonError(CommonErrorCode.ValidationError, 'The request body is not valid JSON.'),
    );
    res.status(status).json(body);
    return;
  }
  next(error);
}

/**
 * Shared setup of every HTTP edge (gateway, BFF, standalone): security headers, a bound on requests worked
 * on at once (503 with Retry-After past it, probes and /api/status exempt), a bounded JSON body
 * parser that also refuses deep nesting, JSON bodies for Node's own parse errors (431), a correlation id
 * per request (accepted from `X-Correlation-Id` when well-formed, echoed back), one access-log line per
 * request, and the `{ error, message }` exception filter.
 * Create the app with `bodyParser: false` so this parser is the only one.
 */
export function configureHttpEdge(app: INestApplication, options: HttpEdgeOptions): { shedder: LoadShedder } {
  const { logger } = options;
  if (options.trustProxyHops)
    (app.getHttpAdapter().getInstance() as express.Express).set('trust proxy', options.trustProxyHops);
  answerClientErrorsWithJson(app.getHttpServer() as Server);
  app.use(
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
  app.use((req: Request, res: Response, next: NextFunction) => {
    const correlationId = correlationIdFrom(req.header(CORRELATION_HEADER));
    res.setHeader('X-Correlation-Id', correlationId);
    const started = process.hrtime.bigint();
    // Read the path now: routers (Apollo) rewrite req.url while handling the request.
    const path = req.path;
    res.on('finish', () => {
      requestContext.run({ correlationId }, () =>
        logger.info(
          {
            method: req.method,
            path,
            status: res.statusCode,
            ms: Number(process.hrtime.bigint() - started) / 1e6,
          },
          'request',
        ),
      );
    });
    requestContext.run({ correlationId }, () => next());
  });
  const { observability } = options;
  if (observability) {
    app.use(recordHttpMetrics(observability.metrics));
    const opsOptions = {
      metrics: observability.metrics,
      readiness: observability.readiness,
      metricsAccess: { kind: 'token', token: observability.metricsToken } as const,
      detailedReadiness: false,
    };
    const opsPaths = new Set<string>(OPS_PATHS);
    app.use((req: Request, res: Response, next: NextFunction) => {
      // Decided here, without a promise: every other request passes straight on.
      if (!opsPaths.has(opsPathOf(req))) return next();
      handleOpsRequest(req, res, opsOptions).then((handled) => {
        if (!handled) next();
      }, next);
    });
  }
  // Before any body is read: a request shed costs its headers only.
  const shedder = new LoadShedder(options.loadShedding ?? DEFAULT_LOAD_SHEDDING, exemptFromShedding);
  app.use(shedder.middleware);
  app.use(cookieParser());
  // The payment webhook's signature covers the exact bytes: that one path keeps its body raw (a Buffer).
  app.use(PAYMENT_WEBHOOK_PATH, express.raw({ type: '*/*', limit: options.bodyLimitBytes }));
  // A body over the limit is refused from its Content-Length (or as soon as it passes the limit), unread.
  for (const large of options.largeJsonBodies ?? []) {
    app.use(
      large.path,
      express.json({ limit: large.limitBytes }),
      bodyErrorHandlerWith(large.tooLargeMessage),
    );
  }
  app.use(express.json({ limit: options.bodyLimitBytes }));
  app.use(bodyErrorHandler);
  app.use(
    jsonShapeGuard(
      options.maxJsonDepth ?? DEFAULT_MAX_JSON_DEPTH,
      options.maxJsonFields ?? DEFAULT_MAX_JSON_FIELDS,
    ),
  );
  app.useGlobalFilters(new HttpExceptionFilter());
  app.enableShutdownHooks();
  return { shedder };
}
