import { type INestMicroservice, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { MicroserviceOptions } from '@nestjs/microservices';
import {
  BusClient,
  BusModule,
  busSocketPath,
  InProcessBroker,
  InProcessServer,
  SocketBroker,
} from '@membolt/bus';
import { MemboltError } from '@membolt/contracts';
import { loadConfigOrExit, natsUrl } from '@membolt/platform';
import { z } from 'zod';
import { CLI_USAGE, isHelpRequest, runCliCommand } from './cli/membolt-cli.js';
import { localServiceModules } from './service-modules.js';
import { loadStandaloneConfig } from './standalone.config.js';

/**
 * `membolt` operator CLI. With NATS_URL set it talks to a running distributed install. Otherwise it sends
 * its requests to the `npm start` running on DATA_DIR, through its control socket, so the change is seen
 * by that process's very next request (decision 085); with no process running it opens the stores itself.
 */
if (isHelpRequest(process.argv.slice(2))) {
  process.stdout.write(`${CLI_USAGE}\n`);
  process.exit(0);
}

const env = { LOG_LEVEL: 'error', ...process.env };
const config = loadConfigOrExit(() => loadStandaloneConfig(env));
const nats = process.env['NATS_URL']
  ? loadConfigOrExit(() => z.object({ NATS_URL: natsUrl }).parse(process.env)).NATS_URL
  : null;

let close: () => Promise<void>;
let bus: BusClient;
const socketPath = nats ? null : busSocketPath(config.DATA_DIR);
const running = socketPath
  ? await SocketBroker.connect(socketPath).catch((error: unknown) => {
      // A server is there but refuses this user (EACCES: the socket is its owner's only): say so.
      process.stderr.write(
        `membolt: cannot reach the server running on ${config.DATA_DIR} (${socketPath}): ${error instanceof Error ? error.message : String(error)}. Run membolt as the user that runs the server.\n`,
      );
      process.exit(1);
    })
  : null;
if (!nats && !socketPath) {
  process.stderr.write(
    'membolt: DATA_DIR is too long a path for the control socket; a running server sees this change only when its caches expire.\n',
  );
}
if (running) {
  @Module({
    imports: [
      BusModule.forRoot({
        transport: { transport: 'in-process', broker: running },
        timeoutMs: config.BUS_TIMEOUT_MS,
      }),
    ],
  })
  class RunningServerCliModule {}
  const context = await NestFactory.createApplicationContext(RunningServerCliModule, { logger: ['error'] });
  bus = context.get(BusClient);
  close = async () => {
    await context.close();
    running.close();
  };
} else if (nats) {
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
