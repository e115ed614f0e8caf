import type { INestApplication } from '@nestjs/common';
import { CommonErrorCode, toRestError, CommonError } from '@membolt/contracts';
import { type AppLogger, correlationIdFrom, requestContext } from '@membolt/platform';
import cookieParser from 'cookie-parser';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import { HttpExceptionFilter } from './http-exception.filter.js';

export const CORRELATION_HEADER = 'x-correlation-id';

export interface HttpEdgeOptions {
  readonly logger: AppLogger;
  readonly bodyLimitBytes: number;
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
  app.use(cookieParser());
  app.use(express.json({ limit: options.bodyLimitBytes }));
  app.use(bodyErrorHandler);
  app.useGlobalFilters(new HttpExceptionFilter());
  app.enableShutdownHooks();
}
