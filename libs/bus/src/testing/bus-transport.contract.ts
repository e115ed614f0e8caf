import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestMicroservice } from '@nestjs/common';
import { CommonErrorCode } from '@membolt/contracts';
import { rejection } from '@membolt/contracts/testing';
import { requestContext } from '@membolt/platform';
import type { BusTransportOptions } from '../bus.options.js';
import { createContractClient, startContractServer, TestSubjects } from './contract-fixtures.js';

export { createContractClient, startContractServer, TestSubjects } from './contract-fixtures.js';
/** The services' specs take it from here with the rest of the bus's testing kit. */
export { rejection } from '@membolt/contracts/testing';

async function waitFor(condition: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
}

export interface BusTransportFixture {
  /** Transport for servers and clients of one test run (fresh broker / fresh NATS server). */
  readonly transport: BusTransportOptions;
  readonly teardown: () => Promise<void>;
}

/** What every bus transport must do, whatever carries the messages. */
export function describeBusTransportContract(
  name: string,
  makeFixture: () => Promise<BusTransportFixture>,
): void {
  describe(`bus transport contract: ${name}`, () => {
    const TIMEOUT_MS = 1500;
    const events: string[] = [];
    let fixture: BusTransportFixture;
    let server: INestMicroservice;
    let client: Awaited<ReturnType<typeof createContractClient>>;

    beforeAll(async () => {
      fixture = await makeFixture();
      server = await startContractServer(fixture.transport, 'replica-a', events);
      client = await createContractClient(fixture.transport, TIMEOUT_MS);
    });

    afterAll(async () => {
      await client?.close();
      await server?.close();
      await fixture?.teardown();
    });

    it('answers a request with the handler result', async () => {
      await expect(client.bus.request(TestSubjects.echo, { text: 'ab', times: 2 })).resolves.toEqual({
        text: 'abab',
        server: 'replica-a',
      });
    });

    it('validates the payload on receipt: wrong types and unknown fields are rejected', async () => {
      const wrongType = await rejection(
        client.bus.request(TestSubjects.echo, { text: 1, times: 'x' } as never),
      );
      expect(wrongType.code).toBe(CommonErrorCode.ValidationError);
      expect(wrongType.message).toContain('text must be a string');
      const unknownField = await rejection(
        client.bus.request(TestSubjects.echo, { text: 'a', times: 1, admin: true } as never),
      );
      expect(unknownField.code).toBe(CommonErrorCode.ValidationError);
      expect(unknownField.message).toBe('admin should not exist');
    });

    it('carries a typed domain error back to the caller unchanged', async () => {
      const error = await rejection(client.bus.request(TestSubjects.fail, { text: 'x', times: 1 }));
      expect(error.code).toBe(CommonErrorCode.Conflict);
      expect(error.message).toBe('conflict on x');
    });

    it('hides an unexpected error behind internal_error with the correlation id', async () => {
      const error = await requestContext.run({ correlationId: 'corr-crash-0001' }, () =>
        rejection(client.bus.request(TestSubjects.crash, { text: 'x', times: 1 })),
      );
      expect(error.code).toBe(CommonErrorCode.InternalError);
      expect(error.message).not.toContain('hunter2');
      expect(error.correlationId).toBe('corr-crash-0001');
    });

    it('carries the correlation id and acting user from the caller into the handler', async () => {
      const seen = await requestContext.run({ correlationId: 'corr-context-0001', userId: 'user-42' }, () =>
        client.bus.request(TestSubjects.context, { text: 'x', times: 1 }),
      );
      expect(seen).toEqual({ correlationId: 'corr-context-0001', userId: 'user-42', metaUserId: 'user-42' });
      const anonymous = await client.bus.request(TestSubjects.context, { text: 'x', times: 1 });
      expect(anonymous.correlationId).toMatch(/^[0-9a-f-]{36}$/);
      expect(anonymous.userId).toBeUndefined();
    });

    it('fails with service_unavailable when nobody serves the subject, well before the timeout', async () => {
      const started = Date.now();
      const error = await rejection(client.bus.request(TestSubjects.nobody, { text: 'x', times: 1 }));
      expect(error.code).toBe(CommonErrorCode.ServiceUnavailable);
      expect(error.message).toContain('nobody');
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS);
    });

    it('fails with service_unavailable when the answer does not come within the timeout', async () => {
      const error = await rejection(
        client.bus.request(TestSubjects.slow, { text: 'x', times: 1000 }, { timeoutMs: 100 }),
      );
      expect(error.code).toBe(CommonErrorCode.ServiceUnavailable);
    });

    it('streams chunks in order and ends', async () => {
      const chunks: Array<{ i: number; text: string }> = [];
      for await (const chunk of client.bus.stream(TestSubjects.count, { text: 'c', times: 25 }))
        chunks.push(chunk);
      expect(chunks).toEqual(Array.from({ length: 25 }, (_, i) => ({ i, text: 'c' })));
    });

    it('streams the handler error after the chunks sent before it', async () => {
      const chunks: unknown[] = [];
      const error = await rejection(
        (async () => {
          for await (const chunk of client.bus.stream(TestSubjects.streamFail, { text: 'z', times: 1 }))
            chunks.push(chunk);
        })(),
      );
      expect(chunks).toEqual([{ i: 0 }, { i: 1 }]);
      expect(error.code).toBe(CommonErrorCode.Conflict);
      expect(error.message).toBe('stream conflict on z');
    });

    it('validates a streamed payload: the error ends the stream before any chunk', async () => {
      const error = await rejection(
        (async () => {
          for await (const _chunk of client.bus.stream(TestSubjects.count, { text: 1, times: 2 } as never)) {
            throw new Error('no chunk expected');
          }
        })(),
      );
      expect(error.code).toBe(CommonErrorCode.ValidationError);
    });

    it('refuses a streaming subject called as a plain request', async () => {
      const error = await rejection(client.bus.request(TestSubjects.count, { text: 'x', times: 1 }));
      expect(error.code).toBe(CommonErrorCode.ValidationError);
    });

    it('cancels the handler when the caller breaks out of the stream', async () => {
      let seen = 0;
      for await (const _chunk of client.bus.stream(TestSubjects.endless, { text: 'brk', times: 1 })) {
        if (++seen === 3) break;
      }
      await waitFor(() => events.includes('cancelled:brk'));
      expect(events).toContain('cancelled:brk');
    });

    it('cancels the handler when the caller aborts its signal', async () => {
      const controller = new AbortController();
      const chunks: unknown[] = [];
      for await (const chunk of client.bus.stream(
        TestSubjects.endless,
        { text: 'abort', times: 1 },
        { signal: controller.signal },
      )) {
        chunks.push(chunk);
        if (chunks.length === 2) controller.abort();
      }
      expect(chunks).toHaveLength(2);
      await waitFor(() => events.includes('cancelled:abort'));
      expect(events).toContain('cancelled:abort');
    });

    it('fails with service_unavailable when the handler falls silent past the idle timeout, and cancels it', async () => {
      const error = await rejection(
        (async () => {
          for await (const _chunk of client.bus.stream(
            TestSubjects.silent,
            { text: 'quiet', times: 1 },
            { idleTimeoutMs: 150 },
          )) {
            throw new Error('no chunk expected');
          }
        })(),
      );
      expect(error.code).toBe(CommonErrorCode.ServiceUnavailable);
      await waitFor(() => events.includes('silent-cancelled:quiet'));
      expect(events).toContain('silent-cancelled:quiet');
    });

    it('keeps a slow stream alive with heartbeats', async () => {
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 2500);
      const started = Date.now();
      for await (const _chunk of client.bus.stream(
        TestSubjects.silent,
        { text: 'alive', times: 1 },
        { idleTimeoutMs: 1800, signal: controller.signal },
      )) {
        throw new Error('no chunk expected');
      }
      // Ended by the abort, not by the idle timeout: the 1 s heartbeats kept it open past 1.8 s.
      expect(Date.now() - started).toBeGreaterThanOrEqual(2400);
    });

    it('fails a stream with service_unavailable when nobody serves the subject', async () => {
      const error = await rejection(
        (async () => {
          for await (const _chunk of client.bus.stream(TestSubjects.nobody, { text: 'x', times: 1 })) {
            throw new Error('no chunk expected');
          }
        })(),
      );
      expect(error.code).toBe(CommonErrorCode.ServiceUnavailable);
    });

    it('delivers events to listeners', async () => {
      await client.bus.emit(TestSubjects.noted, { text: 'event-1', times: 1 });
      for (let i = 0; i < 100 && !events.includes('event-1'); i++)
        await new Promise((r) => setTimeout(r, 20));
      expect(events).toContain('event-1');
    });
  });
}
