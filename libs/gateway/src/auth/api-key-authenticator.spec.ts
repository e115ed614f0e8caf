import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { type INestMicroservice, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern } from '@nestjs/microservices';
import {
  BusClient,
  BusController,
  BusModule,
  BusPayload,
  InProcessBroker,
  InProcessServer,
} from '@membolt/bus';
import {
  type ApiKeyValidationView,
  KeysErrorCode,
  KeysSubjects,
  MemboltError,
  ValidateApiKeyRequest,
} from '@membolt/contracts';
import { requestContext, TestClock } from '@membolt/platform';
import { resolveGatewaySettings } from '../gateway.options.js';
import { ApiKeyAuthenticator } from './api-key-authenticator.js';

const ALICE_KEY = `mblt_${'A'.repeat(32)}`;
const REVOKED_KEY = `mblt_${'R'.repeat(32)}`;
const UNKNOWN_KEY = `mblt_${'U'.repeat(32)}`;
/** The keys service crashes on this one: every caller gets internal_error. */
const CRASHING_KEY = `mblt_${'C'.repeat(32)}`;

/** A stand-in keys service on the in-process bus: counts validations, and can revoke Alice's key. */
const keysService = { calls: 0, aliceRevoked: false };

@BusController()
class StubKeysHandlers {
  @MessagePattern(KeysSubjects.validate.name)
  async validate(
    @BusPayload(ValidateApiKeyRequest) request: ValidateApiKeyRequest,
  ): Promise<ApiKeyValidationView> {
    keysService.calls++;
    // Answer a little later, as a real hop would, so concurrent callers overlap.
    await new Promise((resolve) => setImmediate(resolve));
    if (request.key === CRASHING_KEY) throw new Error('keys store unreachable');
    if (request.key === ALICE_KEY && !keysService.aliceRevoked)
      return { valid: true, userId: 'alice', keyId: 'key-1', permissions: ['read', 'write'] };
    if (request.key === REVOKED_KEY || request.key === ALICE_KEY) return { valid: false, reason: 'revoked' };
    return { valid: false, reason: 'unknown' };
  }
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof MemboltError) return `${error.code}: ${error.message}`;
    throw error;
  }
  return 'no error';
}

describe('ApiKeyAuthenticator', () => {
  let app: INestMicroservice;
  let bus: BusClient;
  const clock = new TestClock(0);
  const authenticator = (ttlMs: number) =>
    new ApiKeyAuthenticator(bus, resolveGatewaySettings({ apiKeyCacheTtlMs: ttlMs }), clock);

  beforeAll(async () => {
    const broker = new InProcessBroker();
    @Module({
      imports: [BusModule.forRoot({ transport: { transport: 'in-process', broker }, timeoutMs: 2000 })],
      controllers: [StubKeysHandlers],
    })
    class StubKeysModule {}
    app = await NestFactory.createMicroservice(StubKeysModule, {
      strategy: new InProcessServer(broker),
      logger: false,
    });
    await app.listen();
    bus = app.get(BusClient);
  });

  afterAll(async () => {
    await app?.close();
  });

  beforeEach(() => {
    keysService.calls = 0;
    keysService.aliceRevoked = false;
    clock.set(1_000_000);
  });

  it('answers the owner of a valid key', async () => {
    expect(await authenticator(10_000).authenticate(ALICE_KEY)).toEqual({
      userId: 'alice',
      keyId: 'key-1',
      permissions: ['read', 'write'],
    });
  });

  it('rejects malformed keys without asking the keys service', async () => {
    const auth = authenticator(10_000);
    for (const key of [
      '',
      'mblt_',
      'Bearer x',
      `mblt_${'A'.repeat(31)}`,
      `${ALICE_KEY} `,
      'x'.repeat(10_000),
    ]) {
      expect(await codeOf(auth.authenticate(key))).toBe(`${KeysErrorCode.InvalidApiKey}: Invalid API key.`);
    }
    expect(keysService.calls).toBe(0);
  });

  it('tells unknown from revoked keys', async () => {
    const auth = authenticator(10_000);
    expect(await codeOf(auth.authenticate(UNKNOWN_KEY))).toBe(
      `${KeysErrorCode.InvalidApiKey}: Invalid API key.`,
    );
    expect(await codeOf(auth.authenticate(REVOKED_KEY))).toBe(
      `${KeysErrorCode.RevokedApiKey}: This API key has been revoked.`,
    );
  });

  it('reuses a valid answer for the TTL, then asks again: a revocation shows within one TTL', async () => {
    const auth = authenticator(10_000);
    for (let i = 0; i < 5; i++) await auth.authenticate(ALICE_KEY);
    expect(keysService.calls).toBe(1);

    keysService.aliceRevoked = true;
    clock.advance(9_999);
    expect((await auth.authenticate(ALICE_KEY)).userId).toBe('alice');
    clock.advance(1);
    expect(await codeOf(auth.authenticate(ALICE_KEY))).toBe(
      `${KeysErrorCode.RevokedApiKey}: This API key has been revoked.`,
    );
    expect(keysService.calls).toBe(2);
  });

  it('never caches a refusal, and caches nothing with a TTL of 0', async () => {
    const cached = authenticator(10_000);
    await codeOf(cached.authenticate(REVOKED_KEY));
    await codeOf(cached.authenticate(REVOKED_KEY));
    expect(keysService.calls).toBe(2);

    const uncached = authenticator(0);
    await uncached.authenticate(ALICE_KEY);
    await uncached.authenticate(ALICE_KEY);
    expect(keysService.calls).toBe(4);
  });

  it('shares one validation between concurrent requests with the same key', async () => {
    const auth = authenticator(10_000);
    const principals = await Promise.all(Array.from({ length: 20 }, () => auth.authenticate(ALICE_KEY)));
    expect(new Set(principals.map((p) => p.userId))).toEqual(new Set(['alice']));
    expect(keysService.calls).toBe(1);
  });

  describe('revocation broadcast', () => {
    it('forgets a revoked key at once, long before the TTL', async () => {
      const auth = authenticator(60_000);
      await auth.authenticate(ALICE_KEY);
      keysService.aliceRevoked = true;
      expect(auth.forget('alice', ['key-1'])).toBe(1);
      expect(await codeOf(auth.authenticate(ALICE_KEY))).toBe(
        `${KeysErrorCode.RevokedApiKey}: This API key has been revoked.`,
      );
    });

    it('forgets every key of a user for an empty key list, and nothing of other keys or users', async () => {
      const auth = authenticator(60_000);
      await auth.authenticate(ALICE_KEY);
      expect(auth.forget('alice', ['key-2'])).toBe(0);
      expect(auth.forget('bob', [])).toBe(0);
      await auth.authenticate(ALICE_KEY);
      expect(keysService.calls).toBe(1);
      expect(auth.forget('alice', [])).toBe(1);
      await auth.authenticate(ALICE_KEY);
      expect(keysService.calls).toBe(2);
    });

    it('does not cache an answer that was in flight while a revocation arrived', async () => {
      const auth = authenticator(60_000);
      const pending = auth.authenticate(ALICE_KEY);
      auth.forget('alice', ['key-1']);
      expect((await pending).userId).toBe('alice');
      keysService.aliceRevoked = true;
      expect(await codeOf(auth.authenticate(ALICE_KEY))).toBe(
        `${KeysErrorCode.RevokedApiKey}: This API key has been revoked.`,
      );
    });
  });

  it("gives each coalesced caller a failure under its own correlation id, not the first caller's", async () => {
    const auth = authenticator(10_000);
    const ids = ['corr-first-caller-0001', 'corr-second-caller-0002', 'corr-third-caller-0003'];
    const failures = await Promise.all(
      ids.map((correlationId) =>
        requestContext.run({ correlationId }, () =>
          auth.authenticate(CRASHING_KEY).then(
            () => undefined,
            (error: unknown) => error,
          ),
        ),
      ),
    );
    expect(keysService.calls).toBe(1);
    expect(failures.map((error) => (error as MemboltError).correlationId)).toEqual(ids);
    expect(failures.every((error) => (error as MemboltError).code === 'internal_error')).toBe(true);
  });
});
