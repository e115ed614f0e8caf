import type { INestApplication } from '@nestjs/common';
import { CommonErrorCode, toRestError, CommonError } from '@membolt/contracts';
import { type AppLogger, correlationIdFrom, requestContext } from '@membolt/platform';
import cookieParser from 'cookie-parser';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { HttpExceptionFilter } from './http-exception.filter.js';
import { nestsDeeperThan } from './json-depth.js';

export const CORRELATION_HEADER = 'x-correlation-id';

export interface HttpEdgeOptions {
  readonly logger: AppLogger;
  readonly bodyLimitBytes: number;
  /** Deepest nesting of objects and arrays a JSON body may have (default 64). */
  readonly maxJsonDepth?: number;
  /**
   * How many reverse proxies in front of this process to trust for `X-Forwarded-For` (default 0: the
   * socket's address is the client's). Per-address limits need it behind a load balancer.
   */
  readonly trustProxyHops?: number;
}

export const DEFAULT_MAX_JSON_DEPTH = 64;

/** Refuses bodies nested deeper than any route needs, before validation walks them recursively. */
function jsonDepthGuard(maxDepth: number) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!nestsDeeperThan(req.body, maxDepth)) return next();
    const { status, body } = toRestError(
      new CommonError(
        CommonErrorCode.ValidationError,
        `The request body nests deeper than ${maxDepth} levels.`,
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
function bodyErrorHandler(error: unknown, _req: Request, res: Response, next: NextFunction): void {
  const type = (error as { type?: unknown } | null)?.type;
  if (type === 'entity.too.large') {
    const { status, body } = toRestError(
      new CommonError(CommonErrorCode.PayloadTooLarge, 'The request body is too large.'),
    );
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
 * Shared setup of every HTTP edge (gateway, BFF, standalone): security headers, a bounded JSON body
 * parser that also refuses deep nesting, JSON bodies for Node's own parse errors (431), a correlation id
 * per request (accepted from `X-Correlation-Id` when well-formed, echoed back), one access-log line per
 * request, and the `{ error, message }` exception filter.
 * Create the app with `bodyParser: false` so this parser is the only one.
 */
export function configureHttpEdge(app: INestApplication, options: HttpEdgeOptions): void {
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
  app.use(cookieParser());
  app.use(express.json({ limit: options.bodyLimitBytes }));
  app.use(bodyErrorHandler);
  app.use(jsonDepthGuard(options.maxJsonDepth ?? DEFAULT_MAX_JSON_DEPTH));
  app.useGlobalFilters(new HttpExceptionFilter());
  app.enableShutdownHooks();
}
