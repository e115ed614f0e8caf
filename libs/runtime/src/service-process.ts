import type { DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { MicroserviceOptions } from '@nestjs/microservices';
import { BusModule, createBusServer, waitForNats } from '@membolt/bus';
import type { ServiceName } from '@membolt/contracts';
import { createLogger, type AppLogger, PinoNestLogger } from '@membolt/platform';
import { Module } from '@nestjs/common';

export interface ServiceProcessConfig {
  readonly NATS_URL: string;
  readonly BUS_TIMEOUT_MS: number;
  readonly LOG_LEVEL: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
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
): Promise<AppLogger> {
  const logger = createLogger({ app: service, level: config.LOG_LEVEL });
  const transport = {
    transport: 'nats',
    servers: config.NATS_URL,
    name: `membolt-${service}-${process.pid}`,
  } as const;

  await waitForNats(config.NATS_URL, { onWaiting: (line) => logger.warn(line) });

  @Module({ imports: [BusModule.forRoot({ transport, timeoutMs: config.BUS_TIMEOUT_MS }), serviceModule] })
  class ServiceProcessModule {}

  const app = await NestFactory.createMicroservice<MicroserviceOptions>(ServiceProcessModule, {
    strategy: createBusServer(transport, service),
    logger: new PinoNestLogger(logger),
  });
  app.enableShutdownHooks();
  await app.listen();
  logger.info({ nats: config.NATS_URL }, `${service} service listening on NATS (queue group "${service}")`);
  return logger;
}
