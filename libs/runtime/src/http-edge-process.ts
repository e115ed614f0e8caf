import { type DynamicModule, type INestApplication, Module, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { CustomTransportStrategy } from '@nestjs/microservices';
import { configureHttpEdge, serveWebApp } from '@membolt/edge';
import { type AppLogger, createLogger, PinoNestLogger } from '@membolt/platform';
import type { LevelWithSilent } from 'pino';

export interface HttpEdgeProcessOptions {
  readonly app: string;
  readonly host: string;
  readonly port: number;
  readonly logLevel: LevelWithSilent;
  readonly bodyLimitBytes: number;
  readonly maxJsonDepth?: number;
  readonly trustProxyHops?: number;
  readonly imports: ReadonlyArray<DynamicModule | Type<unknown>>;
  /** Serve the built web app from this directory (BFF and standalone). */
  readonly webDistDir?: string;
  /** Also serve bus handlers in this process (standalone: the in-process transport). */
  readonly busServer?: CustomTransportStrategy;
}

export interface RunningHttpEdge {
  readonly app: INestApplication;
  readonly url: string;
  readonly logger: AppLogger;
}

/** Boots an HTTP edge (gateway, BFF, or the whole standalone product) and starts listening. */
export async function runHttpEdge(options: HttpEdgeProcessOptions): Promise<RunningHttpEdge> {
  const logger = createLogger({ app: options.app, level: options.logLevel });

  @Module({ imports: [...options.imports] })
  class HttpEdgeModule {}

  const app = await NestFactory.create(HttpEdgeModule, {
    bodyParser: false,
    logger: new PinoNestLogger(logger),
  });
  configureHttpEdge(app, {
    logger,
    bodyLimitBytes: options.bodyLimitBytes,
    ...(options.maxJsonDepth !== undefined ? { maxJsonDepth: options.maxJsonDepth } : {}),
    ...(options.trustProxyHops !== undefined ? { trustProxyHops: options.trustProxyHops } : {}),
  });
  if (options.webDistDir && !serveWebApp(app, options.webDistDir)) {
    logger.warn(
      { webDistDir: options.webDistDir },
      'No built web app found; run `npm run build:web` to serve it',
    );
  }
  if (options.busServer) {
    app.connectMicroservice({ strategy: options.busServer });
    await app.startAllMicroservices();
  }
  await app.listen(options.port, options.host);
  const address = app.getHttpServer().address() as { port: number };
  const url = `http://${options.host === '0.0.0.0' ? '127.0.0.1' : options.host}:${address.port}`;
  logger.info({ url }, `${options.app} listening`);
  return { app, url, logger };
}
