import { afterEach, describe, expect, it } from '@jest/globals';
import { type INestApplication, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { createLogger } from '@membolt/platform';
import { configureHttpEdge, createHttpEdgeAdapter } from './http-edge.js';

@Module({})
class EmptyModule {}

describe('the signals an edge shuts down on', () => {
  let app: INestApplication | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('shuts down on SIGTERM and SIGINT, and leaves SIGUSR2 to Node (a heap snapshot never closes the app)', async () => {
    const { adapter } = createHttpEdgeAdapter({
      logger: createLogger({ app: 'signals-unit', level: 'silent' }),
      bodyLimitBytes: 65536,
    });
    app = await NestFactory.create(EmptyModule, adapter, { bodyParser: false, logger: false });
    const before = (signal: string) => process.listenerCount(signal);
    const counts = { SIGTERM: before('SIGTERM'), SIGINT: before('SIGINT'), SIGUSR2: before('SIGUSR2') };
    configureHttpEdge(app);
    await app.init();
    expect({
      SIGTERM: process.listenerCount('SIGTERM') - counts.SIGTERM,
      SIGINT: process.listenerCount('SIGINT') - counts.SIGINT,
      SIGUSR2: process.listenerCount('SIGUSR2') - counts.SIGUSR2,
    }).toEqual({ SIGTERM: 1, SIGINT: 1, SIGUSR2: 0 });
  });
});
