import type { INestApplication } from '@nestjs/common';
import { CommonErrorCode, toRestError, CommonError } from '@membolt/contracts';
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
import { HttpExceptionFilter } from './http-exception.filter.js';
import { handleOpsRequest, OPS_PATHS } from './ops-endpoints.js';

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
 * parser, a correlation id per request (accepted from `X-Correlation-Id` when well-formed, echoed back),
 * one access-log line per request, and the `{ error, message }` exception filter.
 * Create the app with `bodyParser: false` so this parser is the only one.
 */
export function configureHttpEdge(app: INestApplication, options: HttpEdgeOptions): void {
  const { logger } = options;
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
    app.use((req: Request, res: Response, next: NextFunction) => {
      handleOpsRequest(req, res, opsOptions).then((handled) => {
        if (!handled) next();
      }, next);
    });
  }
  app.use(cookieParser());
  app.use(express.json({ limit: options.bodyLimitBytes }));
  app.use(bodyErrorHandler);
  app.useGlobalFilters(new HttpExceptionFilter());
  app.enableShutdownHooks();
}
