import { type DynamicModule, type INestApplication, Module, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { CustomTransportStrategy } from '@nestjs/microservices';
import {
  addAcceptHandles,
  configureHttpEdge,
  createHttpEdgeAdapter,
  type LargeJsonBody,
  type LoadSheddingOptions,
  serveWebApp,
} from '@membolt/edge';
import {
  type AppLogger,
  createLogger,
  type Metrics,
  ObservabilityModule,
  type OpsConfig,
  PinoNestLogger,
  type Readiness,
} from '@membolt/platform';
import type { Server } from 'node:net';
import type { LevelWithSilent } from 'pino';
import { addBusClientReadiness, createObservability, MallocTrimmer, OpsListener } from './observability.js';

export interface HttpEdgeProcessOptions {
  readonly app: string;
  readonly host: string;
  readonly port: number;
  readonly logLevel: LevelWithSilent;
  readonly bodyLimitBytes: number;
  readonly maxJsonDepth?: number;
  readonly maxJsonFields?: number;
  readonly trustProxyHops?: number;
  /** Routes that take larger JSON bodies than bodyLimitBytes (the gateway's base64 upload). */
  readonly largeJsonBodies?: ReadonlyArray<LargeJsonBody>;
  /** The bound on requests worked on at once (HTTP_MAX_IN_FLIGHT and its queue). */
  readonly loadShedding?: LoadSheddingOptions;
  /** Handles accepting connections on the port (HTTP_ACCEPT_HANDLES; default 1). */
  readonly acceptHandles?: number;
  readonly imports: ReadonlyArray<DynamicModule | Type<unknown>>;
  /** Serve the built web app from this directory (BFF and standalone). */
  readonly webDistDir?: string;
  /** Also serve bus handlers in this process (standalone: the in-process transport). */
  readonly busServer?: CustomTransportStrategy;
  /** METRICS_PORT (private ops listener) and METRICS_TOKEN (bearer for /metrics on this port). */
  readonly ops?: Partial<OpsConfig>;
}

/** What every edge's config holds for its listener (`httpConfigFields`, LOG_LEVEL and the ops fields). */
export interface HttpEdgeConfig extends Partial<OpsConfig> {
  readonly HOST: string;
  readonly PORT: number;
  readonly LOG_LEVEL: LevelWithSilent;
  readonly HTTP_BODY_LIMIT_BYTES: number;
  readonly HTTP_MAX_JSON_DEPTH: number;
  readonly HTTP_MAX_JSON_FIELDS: number;
  readonly HTTP_TRUST_PROXY_HOPS: number;
  readonly HTTP_MAX_IN_FLIGHT: number;
  readonly HTTP_MAX_QUEUED: number;
  readonly HTTP_MAX_QUEUE_WAIT_MS: number;
  readonly HTTP_ACCEPT_HANDLES: number;
}

/** The listener, limits and ops options from an edge's config, read the same by the gateway, the BFF and standalone. */
export function httpEdgeOptionsFrom(
  config: HttpEdgeConfig,
): Pick<
  HttpEdgeProcessOptions,
  | 'host'
  | 'port'
  | 'logLevel'
  | 'bodyLimitBytes'
  | 'ops'
  | 'maxJsonDepth'
  | 'maxJsonFields'
  | 'trustProxyHops'
  | 'loadShedding'
  | 'acceptHandles'
> {
  return {
    host: config.HOST,
    port: config.PORT,
    logLevel: config.LOG_LEVEL,
    bodyLimitBytes: config.HTTP_BODY_LIMIT_BYTES,
    ops: config,
    maxJsonDepth: config.HTTP_MAX_JSON_DEPTH,
    maxJsonFields: config.HTTP_MAX_JSON_FIELDS,
    trustProxyHops: config.HTTP_TRUST_PROXY_HOPS,
    loadShedding: {
      maxInFlight: config.HTTP_MAX_IN_FLIGHT,
      maxQueued: config.HTTP_MAX_QUEUED,
      maxQueueWaitMs: config.HTTP_MAX_QUEUE_WAIT_MS,
    },
    acceptHandles: config.HTTP_ACCEPT_HANDLES,
  };
}

export interface RunningHttpEdge {
  readonly app: INestApplication;
  readonly url: string;
  readonly logger: AppLogger;
  readonly metrics: Metrics;
  readonly readiness: Readiness;
  /** The private ops listener, when METRICS_PORT is set. */
  readonly opsUrl: string | null;
}

/** Boots an HTTP edge (gateway, BFF, or the whole standalone product) and starts listening. */
export async function runHttpEdge(options: HttpEdgeProcessOptions): Promise<RunningHttpEdge> {
  const logger = createLogger({ app: options.app, level: options.logLevel });

  const { metrics, readiness } = createObservability(options.app);
  const ops = options.ops ?? {};
  // Probes answer from the first moment: alive while the app still starts, ready once it serves.
  const removeStartupCheck = readiness.add('startup', () => {
    throw new Error('still starting');
  });
  const opsListener = new OpsListener();
  const opsUrl = await opsListener.start(
    { METRICS_HOST: ops.METRICS_HOST ?? options.host, METRICS_PORT: ops.METRICS_PORT },
    { metrics, readiness },
    logger,
  );
  const trimmer = new MallocTrimmer().start(ops);

  @Module({
    imports: [ObservabilityModule.forRoot(metrics, readiness), ...options.imports],
    providers: [
      { provide: OpsListener, useValue: opsListener },
      { provide: MallocTrimmer, useValue: trimmer },
    ],
  })
  class HttpEdgeModule {}

  let app: INestApplication;
  try {
    const { adapter } = createHttpEdgeAdapter({
      logger,
      bodyLimitBytes: options.bodyLimitBytes,
      observability: { metrics, readiness, metricsToken: ops.METRICS_TOKEN },
      ...(options.maxJsonDepth !== undefined ? { maxJsonDepth: options.maxJsonDepth } : {}),
      ...(options.maxJsonFields !== undefined ? { maxJsonFields: options.maxJsonFields } : {}),
      ...(options.trustProxyHops !== undefined ? { trustProxyHops: options.trustProxyHops } : {}),
      ...(options.largeJsonBodies ? { largeJsonBodies: options.largeJsonBodies } : {}),
      ...(options.loadShedding ? { loadShedding: options.loadShedding } : {}),
    });
    app = await NestFactory.create(HttpEdgeModule, adapter, {
      bodyParser: false,
      logger: new PinoNestLogger(logger),
    });
    configureHttpEdge(app);
    addBusClientReadiness(app, readiness);
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
    await addAcceptHandles(app.getHttpServer() as Server, options.acceptHandles ?? 1, (error) =>
      logger.warn({ err: error }, 'Accepting connections on one handle only'),
    );
  } catch (error) {
    trimmer.onApplicationShutdown();
    await opsListener.onApplicationShutdown();
    throw error;
  }
  removeStartupCheck();
  const address = app.getHttpServer().address() as { port: number };
  const url = `http://${options.host === '0.0.0.0' ? '127.0.0.1' : options.host}:${address.port}`;
  logger.info({ url }, `${options.app} listening`);
  return { app, url, logger, metrics, readiness, opsUrl };
}
