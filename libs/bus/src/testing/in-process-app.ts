import type { DynamicModule, INestMicroservice, Type } from '@nestjs/common';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { BusClient } from '../bus-client.js';
import { BusModule, createBusServer } from '../bus.module.js';
import type { BusTransportOptions } from '../bus.options.js';
import { InProcessBroker } from '../in-process/in-process.broker.js';

export interface BusTestApp {
  readonly app: INestMicroservice;
  /** A client inside the served app (same transport). */
  readonly bus: BusClient;
  close(): Promise<void>;
}

/**
 * Serves service modules on a transport as their own Nest microservice (queue group `queue`), as a service
 * process does; shutdown grace is short so tests can stop and restart it quickly.
 */
export async function startBusServices(
  transport: BusTransportOptions,
  queue: string,
  imports: ReadonlyArray<DynamicModule | Type<unknown>>,
  timeoutMs = 3000,
): Promise<BusTestApp> {
  @Module({ imports: [BusModule.forRoot({ transport, timeoutMs }), ...imports] })
  class BusTestModule {}

  const app = await NestFactory.createMicroservice(BusTestModule, {
    strategy: createBusServer(transport, queue, { shutdownGraceMs: 100 }),
    logger: false,
  });
  await app.listen();
  return { app, bus: app.get(BusClient), close: () => app.close() };
}

/** Serves service modules on a fresh in-process bus (unit tests). */
export function startInProcessServices(
  imports: ReadonlyArray<DynamicModule | Type<unknown>>,
  timeoutMs = 2000,
): Promise<BusTestApp> {
  return startBusServices(
    { transport: 'in-process', broker: new InProcessBroker() },
    'test',
    imports,
    timeoutMs,
  );
}
