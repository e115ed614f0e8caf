import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { BusClient } from '@membolt/bus';
import {
  CommonErrorCode,
  IdentitySubjects,
  KeysSubjects,
  MemboltError,
  toRestError,
} from '@membolt/contracts';
import { setupGatewayDocs } from '@membolt/gateway';
import { randomUUID } from 'node:crypto';
import { useStandalone } from './support/standalone.js';

// Jest reads testTimeout only from the root config, not from a project: the revocation test polls for up to 15 s.
jest.setTimeout(60_000);

/**
 * The REST gateway's X-API-Key contract through the real standalone product: real keys created by the keys
 * service (over the in-process bus, as sign-up will), validated by the gateway, exact statuses and bodies.
 */
describe('gateway: API keys on /api', () => {
  const product = useStandalone('gateway-keys', {
    // The longest cache allowed: a revocation must still show on the very next request.
    GATEWAY_API_KEY_CACHE_TTL_MS: '60000',
  });
  let bus: BusClient;

  beforeAll(() => {
    bus = product.app.get(BusClient);
    // Harmless when the composition root already did it.
    setupGatewayDocs(product.app);
  });

  /** A fresh account with a fresh key (so a fresh rate-limit budget). Keys exist only for real accounts. */
  async function newUserWithKey(): Promise<{ userId: string; keyId: string; secret: string }> {
    const { user } = await bus.request(IdentitySubjects.signUp, {
      email: `${randomUUID()}@e2e.membolt.test`,
      name: 'E2E',
      password: `e2e-${randomUUID()}`,
    });
    const userId = user.id;
    const created = await bus.request(KeysSubjects.create, { name: 'e2e key' }, { userId });
    return { userId, keyId: created.apiKey.id, secret: created.secret };
  }

  const call = (path: string, init: { method?: string; key?: string; body?: unknown } = {}) =>
    fetch(`${product.url}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.key !== undefined ? { 'X-API-Key': init.key } : {}),
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });

  const expectError = async (response: Response, status: number, error: string, message: string) => {
    expect({ status: response.status, body: await response.json() }).toEqual({
      status,
      body: { error, message },
    });
  };

  const KEY_REFUSALS = {
    invalid_api_key: 'Invalid API key.',
    revoked_api_key: 'This API key has been revoked.',
  } as const;
  /** GET /api/health with this key is refused with 401 and the given error. */
  const expectKeyRefused = async (key: string, error: keyof typeof KEY_REFUSALS) =>
    expectError(await call('/api/health', { key }), 401, error, KEY_REFUSALS[error]);

  describe('401 without a usable key', () => {
    it('missing X-API-Key header', async () => {
      await expectError(await call('/api/health'), 401, 'missing_api_key', 'Missing X-API-Key header.');
    });

    it('unknown key', async () => {
      const unknown = `mblt_${randomUUID().replaceAll('-', '')}`;
      await expectKeyRefused(unknown, 'invalid_api_key');
    });

    it('malformed key', async () => {
      for (const malformed of ['mblt_', 'not-a-key', `mblt_${'a'.repeat(31)}-`, `sk_${'a'.repeat(32)}`]) {
        await expectKeyRefused(malformed, 'invalid_api_key');
      }
    });

    it('revoked key', async () => {
      const { userId, keyId, secret } = await newUserWithKey();
      await bus.request(KeysSubjects.revoke, { keyId }, { userId });
      await expectKeyRefused(secret, 'revoked_api_key');
    });

    it('a key revoked while in use is refused on the very next request, though its validation is cached for 60 s', async () => {
      const { userId, keyId, secret } = await newUserWithKey();
      expect((await call('/api/health', { key: secret })).status).toBe(200);
      expect((await call('/api/health', { key: secret })).status).toBe(200);
      await bus.request(KeysSubjects.revoke, { keyId }, { userId });
      await expectKeyRefused(secret, 'revoked_api_key');
    });

    it('every key of a deleted account is refused on the very next request', async () => {
      const { userId, secret } = await newUserWithKey();
      const second = await bus.request(KeysSubjects.create, { name: 'second' }, { userId });
      for (const key of [secret, second.secret]) {
        expect((await call('/api/health', { key })).status).toBe(200);
      }
      await bus.request(IdentitySubjects.deleteAccount, {}, { userId });
      for (const key of [secret, second.secret]) {
        await expectKeyRefused(key, 'invalid_api_key');
      }
    });

    it('no key can be created for an account that does not exist', async () => {
      const error = await bus
        .request(KeysSubjects.create, { name: 'ghost' }, { userId: 'nonexistent-user' })
        .then(
          () => null,
          (failure: unknown) => failure as MemboltError,
        );
      expect(error).toMatchObject({
        code: 'user-not-found',
        message: 'No active account has the id "nonexistent-user".',
      });
    });
  });

  describe('with a valid key', () => {
    it('GET /api/health answers the owner of the key', async () => {
      const { userId, secret } = await newUserWithKey();
      const response = await call('/api/health', { key: secret });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ok', user_id: userId });
    });

    it('records the use: the owner sees last_used on the key', async () => {
      const { userId, keyId, secret } = await newUserWithKey();
      await call('/api/health', { key: secret });
      const { keys } = await bus.request(KeysSubjects.list, { activeOnly: true }, { userId });
      expect(keys.find((k) => k.id === keyId)?.lastUsedAt).toEqual(expect.any(String));
    });

    it('403 on another user’s /api/user/{userId}/... path, without reaching the service', async () => {
      const alice = await newUserWithKey();
      const bob = await newUserWithKey();
      await expectError(
        await call(`/api/user/${bob.userId}/create`, { method: 'POST', key: alice.secret }),
        403,
        'api_key_foreign_user',
        'This API key does not belong to this user.',
      );
    });

    it('POST /api/user/{own userId}/create passes the guard and reaches identity as the key owner', async () => {
      // A real account when identity serves sign-up in this composition; else a bare user id, for which the
      // gateway must pass identity's own answer through unchanged.
      const signUp = await bus
        .request(IdentitySubjects.signUp, {
          email: `${randomUUID()}@e2e.membolt.test`,
          name: 'E2E',
          password: 'correct horse battery',
        })
        .catch((error: unknown) => {
          if (error instanceof MemboltError && error.code === CommonErrorCode.ServiceUnavailable) return null;
          throw error;
        });
      const userId = signUp?.user.id ?? `user-${randomUUID()}`;
      const { secret } = await bus.request(KeysSubjects.create, { name: 'e2e key' }, { userId });

      let expected: { status: number; body: unknown };
      if (signUp) {
        const graph = signUp.user.memoryGraph;
        expected = {
          status: 200,
          body: { user_id: userId, graph_id: graph.id, status: graph.status, created_at: graph.createdAt },
        };
      } else {
        const error = await bus.request(IdentitySubjects.ensureMemoryGraph, {}, { userId }).then(
          () => {
            throw new Error('identity answered for a user without an account');
          },
          (failure: unknown) => failure as MemboltError,
        );
        const { status, body } = toRestError(error);
        expected = {
          status,
          body: body.correlationId ? { ...body, correlationId: expect.any(String) } : body,
        };
      }
      const response = await call(`/api/user/${userId}/create`, { method: 'POST', key: secret });
      expect({ status: response.status, body: await response.json() }).toEqual(expected);
    });

    it('POST /api/register_initial_user: 200 when key and user match, 403 for another user, 400 for another key', async () => {
      const { userId, secret } = await newUserWithKey();
      const other = await newUserWithKey();

      const ok = await call('/api/register_initial_user', {
        method: 'POST',
        key: secret,
        body: { user_id: userId, api_key: secret },
      });
      expect({ status: ok.status, body: await ok.json() }).toEqual({
        status: 200,
        body: { registered: true, user_id: userId },
      });

      await expectError(
        await call('/api/register_initial_user', {
          method: 'POST',
          key: secret,
          body: { user_id: other.userId, api_key: secret },
        }),
        403,
        'api_key_foreign_user',
        'This API key does not belong to this user.',
      );
      await expectError(
        await call('/api/register_initial_user', {
          method: 'POST',
          key: secret,
          body: { user_id: userId, api_key: other.secret },
        }),
        400,
        'validation_error',
        'api_key must be the key sent in the X-API-Key header.',
      );
      await expectError(
        await call('/api/register_initial_user', {
          method: 'POST',
          key: secret,
          body: { user_id: userId, api_key: secret, admin: true },
        }),
        400,
        'validation_error',
        'admin should not exist',
      );
    });

    it('429 with Retry-After once the key’s per-minute budget is spent', async () => {
      const { secret } = await newUserWithKey();
      const first = await call('/api/health', { key: secret });
      const limit = Number(first.headers.get('x-ratelimit-limit'));
      expect(limit).toBeGreaterThan(0);
      let passed = 1;
      let refused: Response | undefined;
      while (!refused && passed <= limit) {
        const response = await call('/api/health', { key: secret });
        if (response.status === 429) refused = response;
        else {
          expect(response.status).toBe(200);
          passed++;
        }
      }
      expect(passed).toBe(limit);
      const retryAfter = Number(refused!.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      await expectError(
        refused!,
        429,
        'rate_limited',
        `Too many requests. Please retry after ${retryAfter} seconds.`,
      );

      // The budget is per key: another key of the same kind is unaffected.
      expect((await call('/api/health', { key: (await newUserWithKey()).secret })).status).toBe(200);
    });
  });

  describe('public routes', () => {
    it('/api/status and /api/plans need no key, and ignore a bad one', async () => {
      for (const key of [undefined, 'not-a-key']) {
        expect((await call('/api/status', { key })).status).toBe(200);
        expect((await call('/api/plans', { key })).status).toBe(200);
      }
    });

    it('an unknown /api route is a JSON 404 with or without a key', async () => {
      for (const key of [undefined, 'not-a-key', (await newUserWithKey()).secret]) {
        await expectError(
          await call('/api/nothing-here', { key }),
          404,
          'route_not_found',
          'No route matches GET /api/nothing-here',
        );
      }
    });

    it('/api/docs serves the documentation page and its assets', async () => {
      const page = await call('/api/docs');
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await page.text();
      expect(html).toContain('<div id="app"></div>');
      expect(html).toContain('/api/docs/scalar.js');
      expect((await call('/api/docs/scalar.js')).status).toBe(200);
      await expectError(
        await call('/api/docs/package.json'),
        404,
        'route_not_found',
        'No route matches GET /api/docs/package.json',
      );
    });

    it('/api/openapi.json lists the routes with the X-API-Key security scheme on the guarded ones', async () => {
      const response = await call('/api/openapi.json');
      expect(response.status).toBe(200);
      const document = (await response.json()) as {
        components: { securitySchemes: Record<string, unknown> };
        paths: Record<string, Record<string, { security?: unknown }>>;
      };
      expect(document.components.securitySchemes['X-API-Key']).toMatchObject({
        type: 'apiKey',
        in: 'header',
        name: 'X-API-Key',
      });
      const guarded = [{ 'X-API-Key': [] }];
      expect(document.paths['/api/health']?.['get']?.security).toEqual(guarded);
      expect(document.paths['/api/register_initial_user']?.['post']?.security).toEqual(guarded);
      expect(document.paths['/api/user/{userId}/create']?.['post']?.security).toEqual(guarded);
      expect(document.paths['/api/status']?.['get']?.security).toBeUndefined();
      expect(document.paths['/api/plans']?.['get']?.security).toBeUndefined();
    });
  });
});
