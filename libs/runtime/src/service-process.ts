import type { DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { MicroserviceOptions } from '@nestjs/microservices';
import { BusModule, checkBusServerConnection, createBusServer, waitForNats } from '@membolt/bus';
import type { ServiceName } from '@membolt/contracts';
import {
  createLogger,
  type AppLogger,
  type Metrics,
  ObservabilityModule,
  type OpsConfig,
  PinoNestLogger,
  type Readiness,
} from '@membolt/platform';
import { Module } from '@nestjs/common';
import { SHUTDOWN_SIGNALS } from '@membolt/edge';
import { addBusClientReadiness, createObservability, MallocTrimmer, OpsListener } from './observability.js';

export interface ServiceProcessConfig extends Partial<OpsConfig> {
  readonly NATS_URL: string;
  readonly BUS_TIMEOUT_MS: number;
  readonly LOG_LEVEL: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
}

export interface RunningServiceProcess {
  readonly logger: AppLogger;
  readonly metrics: Metrics;
  readonly readiness: Readiness;
  /** The ops listener (/metrics, /livez, /readyz) when METRICS_PORT is set: a service's only HTTP port. */
  readonly opsUrl: string | null;
}

/**
 * Runs one domain service as its own process on NATS (distributed mode). The service name is its queue
 * group, so N replicas share the load. Started before NATS, it waits for it (one log line per attempt);
 * once up it rides out NATS restarts by reconnecting. Shuts down cleanly on SIGTERM/SIGINT.
 */
export async function runServiceProcess(
  service: ServiceName,
  config: ServiceProcessConfig,
  serviceModule: DynamicModule,
): Promise<RunningServiceProcess> {
  const logger = createLogger({ app: service, level: config.LOG_LEVEL });
  const transport = {
    transport: 'nats',
    servers: config.NATS_URL,
    name: `membolt-${service}-${process.pid}`,
  } as const;

  const { metrics, readiness } = createObservability(service);
  const server = createBusServer(transport, service);
  // Requests arrive on the server's connection; the client's carries the service's own calls out.
  readiness.add('nats-server', () => checkBusServerConnection(server));
  const removeStartupCheck = readiness.add('startup', () => {
    throw new Error('still starting');
  });
  // Probes answer from the first moment: alive while the service still connects, ready once it can serve.
  const ops = new OpsListener();
  const opsUrl = await ops.start(
    { METRICS_HOST: config.METRICS_HOST ?? '0.0.0.0', METRICS_PORT: config.METRICS_PORT },
    { metrics, readiness },
    logger,
  );
  await waitForNats(config.NATS_URL, { onWaiting: (line) => logger.warn(line) });
  const trimmer = new MallocTrimmer().start(config);

  @Module({
    imports: [
      ObservabilityModule.forRoot(metrics, readiness),
      BusModule.forRoot({ transport, timeoutMs: config.BUS_TIMEOUT_MS }),
      serviceModule,
    ],
    providers: [
      { provide: OpsListener, useValue: ops },
      { provide: MallocTrimmer, useValue: trimmer },
    ],
  })
  class ServiceProcessModule {}

  try {
    const app = await NestFactory.createMicroservice<MicroserviceOptions>(ServiceProcessModule, {
      strategy: server,
      logger: new PinoNestLogger(logger),
    });
    app.enableShutdownHooks([...SHUTDOWN_SIGNALS]);
    addBusClientReadiness(app, readiness);
    await app.listen();
  } catch (error) {
    trimmer.onApplicationShutdown();
    await ops.onApplicationShutdown();
    throw error;
  }
  removeStartupCheck();
  logger.info({ nats: config.NATS_URL }, `${service} service listening on NATS (queue group "${service}")`);
  return { logger, metrics, readiness, opsUrl };
}
