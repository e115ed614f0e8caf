import { Injectable, type INestApplicationContext, type OnApplicationShutdown } from '@nestjs/common';
import { ClientNats } from '@nestjs/microservices';
import { BUS_CLIENT_PROXY, type BusClientProxy, checkBusClientConnection } from '@membolt/bus';
import { type RunningOpsServer, startOpsServer } from '@membolt/edge';
import { type AppLogger, Metrics, type OpsConfig, Readiness } from '@membolt/platform';

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

/** In distributed mode readiness includes the bus: the app's client must reach NATS. */
export function addBusClientReadiness(app: INestApplicationContext, readiness: Readiness): void {
  const proxy = app.get<BusClientProxy>(BUS_CLIENT_PROXY, { strict: false });
  if (proxy instanceof ClientNats) readiness.add('nats-client', () => checkBusClientConnection(proxy));
}
