import type { DynamicModule, INestMicroservice, Type } from '@nestjs/common';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { BusClient } from '../bus-client.js';
import { BusModule } from '../bus.module.js';
import { InProcessBroker } from '../in-process/in-process.broker.js';
import { InProcessServer } from '../in-process/in-process.server.js';

export interface InProcessTestApp {
  readonly app: INestMicroservice;
  readonly bus: BusClient;
  close(): Promise<void>;
}

/** Serves the given service modules on a fresh in-process bus, with a client to call them (unit tests). */
export async function startInProcessServices(
  imports: ReadonlyArray<DynamicModule | Type<unknown>>,
  timeoutMs = 2000,
): Promise<InProcessTestApp> {
  const broker = new InProcessBroker();

  @Module({ imports: [BusModule.forRoot({ transport: { transport: 'in-process', broker }, timeoutMs }), ...imports] })
  class InProcessTestModule {}

  const app = await NestFactory.createMicroservice(InProcessTestModule, { strategy: new InProcessServer(broker), logger: false });
  await app.listen();
  return { app, bus: app.get(BusClient), close: () => app.close() };
}
