import { Injectable, type INestApplicationContext, type OnApplicationShutdown } from '@nestjs/common';
import { ClientNats } from '@nestjs/microservices';
import { BUS_CLIENT_PROXY, type BusClientProxy, checkBusClientConnection } from '@membolt/bus';
import { type RunningOpsServer, startOpsServer } from '@membolt/edge';
import { type AppLogger, IdleMallocTrim, Metrics, type OpsConfig, Readiness } from '@membolt/platform';

/** The per-app metrics registry and readiness checks every runtime creates. */
export function createObservability(app: string): { metrics: Metrics; readiness: Readiness } {
  return { metrics: new Metrics({ app }), readiness: new Readiness() };
}

/** Owns the private ops listener (METRICS_PORT) so it closes with the app. */
@Injectable()
export class OpsListener implements OnApplicationShutdown {
  private running: RunningOpsServer | null = null;

  async start(
    ops: Pick<OpsConfig, 'METRICS_PORT' | 'METRICS_HOST'>,
    endpoints: { metrics: Metrics; readiness: Readiness },
    logger: AppLogger,
  ): Promise<string | null> {
    if (ops.METRICS_PORT === undefined) return null;
    this.running = await startOpsServer(ops.METRICS_HOST, ops.METRICS_PORT, endpoints);
    logger.info({ url: this.running.url }, 'metrics and probes listening (/metrics, /livez, /readyz)');
    return this.running.url;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.running?.close();
    this.running = null;
  }
}

/**
 * Gives the C heap's free pages back once the process is quiet (MALLOC_TRIM_INTERVAL_SECONDS, default 10),
 * stopped with the app.
 */
@Injectable()
export class MallocTrimmer implements OnApplicationShutdown {
  private trimmer: IdleMallocTrim | null = null;

  start(ops: Pick<OpsConfig, 'MALLOC_TRIM_INTERVAL_SECONDS'>): this {
    this.trimmer = new IdleMallocTrim({
      intervalMs: (ops.MALLOC_TRIM_INTERVAL_SECONDS ?? DEFAULT_MALLOC_TRIM_INTERVAL_SECONDS) * 1000,
    }).start();
    return this;
  }

  onApplicationShutdown(): void {
    this.trimmer?.stop();
    this.trimmer = null;
  }
}

const DEFAULT_MALLOC_TRIM_INTERVAL_SECONDS = 10;

/** In distributed mode readiness includes the bus: the app's client must reach NATS. */
export function addBusClientReadiness(app: INestApplicationContext, readiness: Readiness): void {
  const proxy = app.get<BusClientProxy>(BUS_CLIENT_PROXY, { strict: false });
  if (proxy instanceof ClientNats) readiness.add('nats-client', () => checkBusClientConnection(proxy));
}
