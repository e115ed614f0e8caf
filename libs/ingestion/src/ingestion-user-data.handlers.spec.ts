import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type INestMicroservice, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { BusClient, BusModule, InProcessBroker, InProcessServer } from '@membolt/bus';
import { rejection } from '@membolt/bus/testing';
import { CommonErrorCode, deleteUserDataSubject, healthSubject } from '@membolt/contracts';
import { IngestionModule } from './ingestion.module.js';

describe('ingestion service: user-data deletion', () => {
  let app: INestMicroservice;
  let bus: BusClient;

  beforeAll(async () => {
    const broker = new InProcessBroker();
    @Module({
      imports: [
        BusModule.forRoot({ transport: { transport: 'in-process', broker }, timeoutMs: 2000 }),
        IngestionModule.forRoot({ store: { kind: 'embedded', dataDir: 'unused' } }),
      ],
    })
    class TestModule {}
    app = await NestFactory.createMicroservice(TestModule, {
      strategy: new InProcessServer(broker),
      logger: false,
    });
    await app.listen();
    bus = app.get(BusClient);
  });

  afterAll(async () => {
    await app?.close();
  });

  it('answers honestly that it removed nothing (it holds no user data yet), every time', async () => {
    for (let i = 0; i < 2; i++) {
      expect(await bus.request(deleteUserDataSubject('ingestion'), {}, { userId: 'user-a' })).toEqual({
        service: 'ingestion',
        removed: {},
      });
    }
  });

  it('needs an acting user and an empty payload', async () => {
    expect((await rejection(bus.request(deleteUserDataSubject('ingestion'), {}))).code).toBe(
      CommonErrorCode.Unauthorized,
    );
    const extra = await rejection(
      bus.request(deleteUserDataSubject('ingestion'), { all: true } as never, { userId: 'user-a' }),
    );
    expect(extra).toMatchObject({ code: CommonErrorCode.ValidationError, message: 'all should not exist' });
  });

  it('still answers its health probe', async () => {
    expect(await bus.request(healthSubject('ingestion'), {})).toMatchObject({
      name: 'ingestion',
      status: 'ok',
    });
  });
});
