import { type INestMicroservice, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { EventPattern, MessagePattern } from '@nestjs/microservices';
import { Test } from '@nestjs/testing';
import { CommonError, CommonErrorCode, defineSubject } from '@membolt/contracts';
import { requestContext } from '@membolt/platform';
import { interval, map, Observable, take } from 'rxjs';
import { z } from 'zod';
import { BusClient } from '../bus-client.js';
import { BusBroadcasts } from '../broadcast/bus-broadcasts.js';
import { BusController, BusPayload, BusUserId } from '../bus-handler.decorators.js';
import { BusModule, createBusServer } from '../bus.module.js';
import { BusStream } from '../stream/bus-stream.handler.js';
import type { BusTransportOptions } from '../bus.options.js';

/** Handlers, subjects and client factory shared by the transport contract and the bus benchmark. */
const AT_MOST_1000 = '$property must not be greater than 1000';
const INTEGER = '$property must be an integer number';
export const EchoRequest = z.strictObject({
  text: z.string({ error: '$property must be a string' }),
  times: z.number({ error: `${AT_MOST_1000}; ${INTEGER}` }).check((ctx) => {
    const problems = [
      ...(ctx.value > 1000 ? [AT_MOST_1000] : []),
      ...(Number.isInteger(ctx.value) ? [] : [INTEGER]),
    ];
    if (problems.length > 0)
      ctx.issues.push({ code: 'custom', message: problems.join('; '), input: ctx.value });
  }),
});
export type EchoRequest = z.output<typeof EchoRequest>;

export const TestSubjects = {
  echo: defineSubject<EchoRequest, { text: string; server: string }>('contract', 'contract.echo.v1'),
  fail: defineSubject<EchoRequest, never>('contract', 'contract.fail.v1'),
  crash: defineSubject<EchoRequest, never>('contract', 'contract.crash.v1'),
  context: defineSubject<EchoRequest, { correlationId?: string; userId?: string; metaUserId?: string }>(
    'contract',
    'contract.context.v1',
  ),
  slow: defineSubject<EchoRequest, { text: string }>('contract', 'contract.slow.v1'),
  nobody: defineSubject<EchoRequest, never>('nobody', 'nobody.listens.v1'),
  noted: defineSubject<EchoRequest, void>('contract', 'contract.noted.v1'),
  /** A read: safe to deliver twice, so the bus may retry it on another replica. */
  lookup: defineSubject<EchoRequest, { text: string; server: string }>('contract', 'contract.lookup.v1', {
    idempotent: true,
  }),
  /** A write: `events` records each delivery, so a test can tell whether it ran once, twice or never. */
  record: defineSubject<EchoRequest, { text: string; server: string }>('contract', 'contract.record.v1'),
  /** Streams: `times` chunks, one every few ms. */
  count: defineSubject<EchoRequest, { i: number; text: string }>('contract', 'contract.count.v1'),
  /** Streams two chunks, then fails with a conflict. */
  streamFail: defineSubject<EchoRequest, { i: number }>('contract', 'contract.stream-fail.v1'),
  /** Streams for ever; records `cancelled:<text>` in `events` when its caller cancels. */
  endless: defineSubject<EchoRequest, { i: number }>('contract', 'contract.endless.v1'),
  /** Accepts the stream and never sends a chunk (records `silent-cancelled:<text>` when cancelled). */
  silent: defineSubject<EchoRequest, never>('contract', 'contract.silent.v1'),
};

/** A handler set used by the transport contract; `server` tells which replica answered. */
export function createContractHandlers(server: string, events: string[]) {
  @BusController()
  class ContractHandlers {
    @MessagePattern(TestSubjects.echo.name)
    echo(@BusPayload(EchoRequest) request: EchoRequest) {
      return { text: request.text.repeat(request.times), server };
    }

    @MessagePattern(TestSubjects.fail.name)
    fail(@BusPayload(EchoRequest) request: EchoRequest): never {
      throw new CommonError(CommonErrorCode.Conflict, `conflict on ${request.text}`);
    }

    @MessagePattern(TestSubjects.crash.name)
    crash(@BusPayload(EchoRequest) _request: EchoRequest): never {
      throw new Error('database password is hunter2');
    }

    @MessagePattern(TestSubjects.context.name)
    context(@BusPayload(EchoRequest) _request: EchoRequest, @BusUserId() metaUserId: string | undefined) {
      const current = requestContext.current();
      return { correlationId: current?.correlationId, userId: current?.userId, metaUserId };
    }

    @MessagePattern(TestSubjects.slow.name)
    async slow(@BusPayload(EchoRequest) request: EchoRequest) {
      await new Promise((resolve) => setTimeout(resolve, request.times));
      return { text: request.text };
    }

    @MessagePattern(TestSubjects.lookup.name)
    lookup(@BusPayload(EchoRequest) request: EchoRequest) {
      return { text: request.text, server };
    }

    @MessagePattern(TestSubjects.record.name)
    record(@BusPayload(EchoRequest) request: EchoRequest) {
      events.push(`record:${request.text}`);
      return { text: request.text, server };
    }

    @MessagePattern(TestSubjects.count.name)
    @BusStream()
    count(@BusPayload(EchoRequest) request: EchoRequest) {
      return interval(2).pipe(
        take(request.times),
        map((i) => ({ i, text: request.text })),
      );
    }

    @MessagePattern(TestSubjects.streamFail.name)
    @BusStream()
    streamFail(@BusPayload(EchoRequest) request: EchoRequest) {
      return new Observable<{ i: number }>((subscriber) => {
        subscriber.next({ i: 0 });
        subscriber.next({ i: 1 });
        subscriber.error(new CommonError(CommonErrorCode.Conflict, `stream conflict on ${request.text}`));
      });
    }

    @MessagePattern(TestSubjects.endless.name)
    @BusStream()
    endless(@BusPayload(EchoRequest) request: EchoRequest) {
      return new Observable<{ i: number }>((subscriber) => {
        let i = 0;
        const timer = setInterval(() => subscriber.next({ i: i++ }), 5);
        return () => {
          clearInterval(timer);
          events.push(`cancelled:${request.text}`);
        };
      });
    }

    @MessagePattern(TestSubjects.silent.name)
    @BusStream()
    silent(@BusPayload(EchoRequest) request: EchoRequest) {
      return new Observable<never>(() => () => events.push(`silent-cancelled:${request.text}`));
    }

    @EventPattern<string>(TestSubjects.noted.name)
    noted(@BusPayload(EchoRequest) request: EchoRequest) {
      events.push(request.text);
    }
  }
  return ContractHandlers;
}

export async function startContractServer(
  transport: BusTransportOptions,
  server: string,
  events: string[] = [],
) {
  // The bus client module gives streaming handlers their channel back to the caller, as in a service process.
  @Module({
    imports: [BusModule.forRoot({ transport, timeoutMs: 3000, streamHeartbeatMs: 1000 })],
    controllers: [createContractHandlers(server, events)],
  })
  class ContractServerModule {}
  const app: INestMicroservice = await NestFactory.createMicroservice(ContractServerModule, {
    strategy: createBusServer(transport, 'contract', { shutdownGraceMs: 100 }),
    logger: false,
  });
  await app.listen();
  return app;
}

export async function createContractClient(transport: BusTransportOptions, timeoutMs: number) {
  const moduleRef = await Test.createTestingModule({
    imports: [BusModule.forRoot({ transport, timeoutMs })],
  }).compile();
  await moduleRef.init();
  return {
    bus: moduleRef.get(BusClient),
    broadcasts: moduleRef.get(BusBroadcasts),
    close: () => moduleRef.close(),
  };
}
