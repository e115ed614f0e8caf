import { type INestApplication, type INestMicroservice, Module, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { BusModule, type BusTransportOptions, createBusServer, InProcessBroker } from '@membolt/bus';
import { runHttpEdge } from '@membolt/runtime';
import { GatewayModule } from '../gateway.module.js';
import type { GatewayModuleOptions } from '../gateway.options.js';

/** A gateway edge on loopback whose bus calls a spec's stub controllers answer, and how to stop both. */
export interface GatewayOverStubs {
  readonly app: INestApplication;
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Starts `stubs` (bus controllers standing in for the services) on an in-process bus and the gateway's real
 * HTTP edge over it, as the app names it, with `gateway`'s options. Not in the testing index: it loads the
 * gateway module and the runtime, which the index's other users do not need.
 */
export async function startGatewayOverStubs(
  app: string,
  stubs: readonly Type[],
  gateway: GatewayModuleOptions = {},
): Promise<GatewayOverStubs> {
  const transport: BusTransportOptions = { transport: 'in-process', broker: new InProcessBroker() };
  @Module({ controllers: [...stubs] })
  class StubServicesModule {}
  const services: INestMicroservice = await NestFactory.createMicroservice(StubServicesModule, {
    strategy: createBusServer(transport, 'stubs', { shutdownGraceMs: 100 }),
    logger: false,
  });
  await services.listen();
  const edge = await runHttpEdge({
    app,
    host: '127.0.0.1',
    port: 0,
    logLevel: 'silent',
    bodyLimitBytes: 65536,
    imports: [BusModule.forRoot({ transport, timeoutMs: 3000 }), GatewayModule.forRoot(gateway)],
  });
  return {
    app: edge.app,
    url: edge.url,
    close: async () => {
      await edge.app.close();
      await services.close();
    },
  };
}
