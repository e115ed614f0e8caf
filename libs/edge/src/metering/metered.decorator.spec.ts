import { describe, expect, it, jest } from '@jest/globals';
import { CommonError, METERED_ENDPOINTS, tokenJsonOf } from '@membolt/contracts';
import { requestContext } from '@membolt/platform';
import {
  enterMeteringScope,
  Metered,
  meteredInScope,
  type MeteringScope,
  runInMeteringScope,
} from './metered.decorator.js';
import type { MeteredCall, UsageMeter } from './usage-meter.js';

/** A meter that records each call and charges 7 tokens. */
function fakeMeter() {
  const calls: MeteredCall[] = [];
  const meter = {
    run: async <T>(call: MeteredCall, handler: () => Promise<T>) => {
      calls.push(call);
      const result = await handler();
      return { result, usage: { tokens: 7, costMicrocents: 0 }, resultJson: tokenJsonOf(result) };
    },
  } as unknown as UsageMeter;
  return { meter, calls };
}

describe('enterMeteringScope', () => {
  it("is the metering scope of the rest of the request it was entered in, not of another's", async () => {
    const { meter, calls } = fakeMeter();
    const onMetered = jest.fn();
    const scope: MeteringScope = {
      meter,
      principal: { userId: 'user-1', keyId: 'key-1' },
      input: { q: 1 },
      onMetered,
    };
    const answer = await requestContext.run({ correlationId: 'request-a-0001' }, async () => {
      expect(enterMeteringScope(scope)).toBe(true);
      await new Promise((resolve) => setImmediate(resolve));
      return meteredInScope(METERED_ENDPOINTS.memorySearch, async () => 'found');
    });
    expect(answer).toBe('found');
    expect(calls).toEqual([
      { principal: scope.principal, endpoint: METERED_ENDPOINTS.memorySearch, input: { q: 1 } },
    ]);
    // A part of a request metered on its own: its result is not the answer sent.
    expect(onMetered).toHaveBeenCalledWith({ tokens: 7, costMicrocents: 0 });
    await expect(
      requestContext.run({ correlationId: 'request-b-0002' }, () =>
        meteredInScope(METERED_ENDPOINTS.memorySearch, async () => 'found'),
      ),
    ).rejects.toThrow('ran outside a metering scope');
  });

  it('refuses a call without a principal as unauthorized, and answers false outside any request', async () => {
    const { meter, calls } = fakeMeter();
    const refused = requestContext.run({ correlationId: 'request-a-0001' }, () => {
      enterMeteringScope({ meter, principal: null, input: {} });
      return meteredInScope(METERED_ENDPOINTS.memorySearch, async () => 'found');
    });
    await expect(refused).rejects.toBeInstanceOf(CommonError);
    expect(calls).toEqual([]);
    expect(enterMeteringScope({ meter, principal: null, input: {} })).toBe(false);
  });

  it('gives way to a scope run around the call (the BFF interceptor)', async () => {
    const outer = fakeMeter();
    const inner = fakeMeter();
    await requestContext.run({ correlationId: 'request-a-0001' }, () => {
      enterMeteringScope({ meter: outer.meter, principal: { userId: 'user-1' }, input: {} });
      return runInMeteringScope({ meter: inner.meter, principal: { userId: 'user-2' }, input: {} }, () =>
        meteredInScope(METERED_ENDPOINTS.memorySearch, async () => 'found'),
      );
    });
    expect(outer.calls).toEqual([]);
    expect(inner.calls.map((call) => call.principal)).toEqual([{ userId: 'user-2' }]);
  });

  it("hands a @Metered handler's result, the answer, to onMetered with the text its tokens were counted on", async () => {
    class Routes {
      @Metered(METERED_ENDPOINTS.memorySearch)
      async search(): Promise<{ results: string[] }> {
        return { results: ['tea'] };
      }
    }
    const { meter } = fakeMeter();
    const onMetered = jest.fn();
    const answer = await runInMeteringScope(
      { meter, principal: { userId: 'user-1' }, input: {}, onMetered },
      () => new Routes().search(),
    );
    expect(onMetered).toHaveBeenCalledWith(
      { tokens: 7, costMicrocents: 0 },
      { result: answer, json: '{"results":["tea"]}' },
    );
    expect(onMetered.mock.calls[0]?.[1]).toHaveProperty('result', answer);
  });
});
