import { type INestMicroservice, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { MicroserviceOptions } from '@nestjs/microservices';
import { BusClient, BusModule, InProcessBroker, InProcessServer } from '@membolt/bus';
import { MemboltError } from '@membolt/contracts';
import { loadConfigOrExit, natsUrl } from '@membolt/platform';
import { z } from 'zod';
import { runCliCommand } from './cli/membolt-cli.js';
import { localServiceModules } from './service-modules.js';
import { loadStandaloneConfig } from './standalone.config.js';

/**
 * `membolt` operator CLI. With NATS_URL set it talks to a running distributed install; otherwise it opens
 * the embedded stores under DATA_DIR itself (safe beside a running `npm start`: SQLite WAL).
 */
const env = { LOG_LEVEL: 'error', ...process.env };
const config = loadConfigOrExit(() => loadStandaloneConfig(env));
const nats = process.env['NATS_URL']
  ? loadConfigOrExit(() => z.object({ NATS_URL: natsUrl }).parse(process.env)).NATS_URL
  : null;

let close: () => Promise<void>;
let bus: BusClient;
if (nats) {
  // An application context, not @nestjs/testing: that is a dev dependency, pruned from the image.
  @Module({
    imports: [
      BusModule.forRoot({
        transport: { transport: 'nats', servers: nats, name: 'membolt-cli' },
        timeoutMs: config.BUS_TIMEOUT_MS,
      }),
    ],
  })
  class RemoteCliModule {}
  const context = await NestFactory.createApplicationContext(RemoteCliModule, { logger: ['error'] });
  bus = context.get(BusClient);
  close = () => context.close();
} else {
  const broker = new InProcessBroker();
  @Module({
    imports: [
      BusModule.forRoot({ transport: { transport: 'in-process', broker }, timeoutMs: config.BUS_TIMEOUT_MS }),
      ...localServiceModules(config),
    ],
  })
  class CliModule {}
  const app: INestMicroservice = await NestFactory.createMicroservice<MicroserviceOptions>(CliModule, {
    strategy: new InProcessServer(broker),
    logger: ['error'],
  });
  await app.listen();
  bus = app.get(BusClient);
  close = () => app.close();
}

try {
  const output = await runCliCommand(bus, process.argv.slice(2));
  process.stdout.write(`${JSON.stringify(output, null, 2)}\n`);
  process.exitCode = 0;
} catch (error) {
  const message =
    error instanceof MemboltError
      ? `${error.code}: ${error.message}`
      : error instanceof Error
        ? error.message
        : String(error);
  process.stderr.write(`membolt: ${message}\n`);
  process.exitCode = 1;
} finally {
  await close();
}
