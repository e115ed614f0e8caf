import { type DynamicModule, Module } from '@nestjs/common';
import type { CustomTransportStrategy } from '@nestjs/microservices';
import { BusClient } from './bus-client.js';
import { BusBroadcasts } from './broadcast/bus-broadcasts.js';
import { BusRequestMetering } from './bus-metrics.js';
import {
  BUS_CLIENT_OPTIONS,
  BUS_CLIENT_PROXY,
  type BusClientOptions,
  type BusClientProxy,
  type BusTransportOptions,
} from './bus.options.js';
import { InProcessClient } from './in-process/in-process.client.js';
import { InProcessServer } from './in-process/in-process.server.js';
import { FastFailNatsClient, NATS_RECONNECT_OPTIONS } from './nats/fast-fail-nats.client.js';
import { ReadyNatsServer } from './nats/ready-nats.server.js';
import { BusStreamInterceptor } from './stream/bus-stream.handler.js';
import { BusStreams } from './stream/bus-streams.js';

function createClientProxy(options: BusClientOptions): BusClientProxy {
  const { transport } = options;
  switch (transport.transport) {
    case 'in-process':
      return new InProcessClient(transport.broker);
    case 'nats':
      return new FastFailNatsClient({ servers: transport.servers, name: transport.name }, options.timeoutMs);
  }
}

/**
 * The server side of the bus for a composition root: NATS with the service name as queue group (N replicas
 * share the load, each request is handled once), or the in-process broker.
 */
export function createBusServer(
  transport: BusTransportOptions,
  queue: string,
  options: { shutdownGraceMs?: number } = {},
): CustomTransportStrategy {
  switch (transport.transport) {
    case 'in-process':
      return new InProcessServer(transport.broker);
    case 'nats':
      // Graceful shutdown unsubscribes first, so NATS stops routing to this replica before the connection
      // closes; requests in flight get the grace period to finish.
      return new ReadyNatsServer({
        ...NATS_RECONNECT_OPTIONS,
        servers: transport.servers,
        name: transport.name,
        queue,
        gracefulShutdown: true,
        gracePeriod: options.shutdownGraceMs ?? 2000,
      });
  }
}

@Module({})
export class BusModule {
  /** Registers the BusClient for the whole app. Call once, in the composition root. */
  static forRoot(options: BusClientOptions): DynamicModule {
    return {
      module: BusModule,
      global: true,
      providers: [
        { provide: BUS_CLIENT_OPTIONS, useValue: options },
        { provide: BUS_CLIENT_PROXY, useFactory: () => createClientProxy(options) },
        BusClient,
        BusBroadcasts,
        BusRequestMetering,
        BusStreams,
        BusStreamInterceptor,
      ],
      exports: [BusClient, BusBroadcasts, BusStreams, BusStreamInterceptor, BUS_CLIENT_OPTIONS],
    };
  }
}
