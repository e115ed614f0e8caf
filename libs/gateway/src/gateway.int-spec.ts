import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { type INestApplication, type INestMicroservice, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern } from '@nestjs/microservices';
import {
  ActingUserId,
  BusController,
  BusModule,
  BusPayload,
  createBusServer,
  type BusTransportOptions,
} from '@membolt/bus';
import { startNatsServer, type TestNatsServer } from '@membolt/bus/testing';
import {
  type ApiKeyValidationView,
  EnsureMemoryGraphRequest,
  IdentitySubjects,
  KeysSubjects,
  type MemoryGraphView,
  ValidateApiKeyRequest,
} from '@membolt/contracts';
import { runHttpEdge } from '@membolt/runtime';
import { randomUUID } from 'node:crypto';
import { setupGatewayDocs } from './docs/gateway-docs.js';
import { GatewayModule } from './gateway.module.js';
import { startRedisServer, type TestRedisServer } from './testing/redis-server.js';

/** Stand-ins for the keys and identity services, on the same NATS as the gateways (identity is built elsewhere). */
const registry = { owners: new Map<string, { userId: string; keyId: string }>(), revoked: new Set<string>() };
const seen = { validations: 0, graphRequests: [] as string[] };

const randomKey = () => `mblt_${randomUUID().replaceAll('-', '')}`;
/** A fresh key (so a fresh rate-limit budget) for the user. */
function newKey(userId: string): string {
  const secret = randomKey();
  registry.owners.set(secret, { userId, keyId: randomUUID() });
  return secret;
}

@BusController()
class StubServices {
  @MessagePattern(KeysSubjects.validate.name)
  validate(@BusPayload(ValidateApiKeyRequest) request: ValidateApiKeyRequest): ApiKeyValidationView {
    seen.validations++;
    const owner = registry.owners.get(request.key);
    if (owner) return { valid: true, ...owner, permissions: ['read', 'write'] };
    return registry.revoked.has(request.key)
      ? { valid: false, reason: 'revoked' }
      : { valid: false, reason: 'unknown' };
  }

  @MessagePattern(IdentitySubjects.ensureMemoryGraph.name)
  ensureMemoryGraph(
    @ActingUserId() userId: string,
    @BusPayload(EnsureMemoryGraphRequest) _request: EnsureMemoryGraphRequest,
  ): MemoryGraphView {
    seen.graphRequests.push(userId);
    return { id: `graph_${userId}`, status: 'active', createdAt: '2026-06-01T00:00:00.000Z' };
  }
}

/**
 * Two gateway replicas on real NATS, sharing rate-limit counters in a real Redis (limit 3 per key and 10 per
 * user per minute).
 */
describe('gateway over NATS with the Redis rate limiter', () => {
  let nats: TestNatsServer;
  let redis: TestRedisServer;
  let services: INestMicroservice;
  const gateways: INestApplication[] = [];
  const urls: string[] = [];

  beforeAll(async () => {
    nats = await startNatsServer();
    redis = await startRedisServer();
    const transport: BusTransportOptions = { transport: 'nats', servers: nats.url, name: 'gateway-int' };
    @Module({ controllers: [StubServices] })
    class StubServicesModule {}
    services = await NestFactory.createMicroservice(StubServicesModule, {
      strategy: createBusServer(transport, 'stubs', { shutdownGraceMs: 100 }),
      logger: false,
    });
    await services.listen();

    const keyPrefix = `membolt-test:${randomUUID()}:`;
    for (let i = 0; i < 2; i++) {
      const { app, url } = await runHttpEdge({
        app: `gateway-${i}`,
        host: '127.0.0.1',
        port: 0,
        logLevel: 'silent',
        bodyLimitBytes: 65536,
        imports: [
          BusModule.forRoot({ transport: { ...transport, name: `gateway-${i}` }, timeoutMs: 3000 }),
          GatewayModule.forRoot({
            rateLimit: { limit: 3, windowMs: 60_000 },
            userRateLimit: 10,
            rateLimitStore: { kind: 'redis', url: redis.url, keyPrefix },
          }),
        ],
      });
      setupGatewayDocs(app);
      gateways.push(app);
      urls.push(url);
    }
  });

  afterAll(async () => {
    await Promise.all(gateways.map((app) => app.close()));
    await services?.close();
    await nats?.stop();
    await redis?.stop();
  });

  beforeEach(() => {
    seen.validations = 0;
    seen.graphRequests.length = 0;
  });

  const call = (
    path: string,
    init: { method?: string; key?: string; body?: unknown; replica?: number } = {},
  ) =>
    fetch(`${urls[init.replica ?? 0]}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.key !== undefined ? { 'X-API-Key': init.key } : {}),
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });

  it('401 for a missing, malformed, unknown or revoked key, with the exact bodies', async () => {
    const revoked = randomKey();
    registry.revoked.add(revoked);
    const cases: Array<[string | undefined, string, string]> = [
      [undefined, 'missing_api_key', 'Missing X-API-Key header.'],
      ['', 'missing_api_key', 'Missing X-API-Key header.'],
      ['mblt_short', 'invalid_api_key', 'Invalid API key.'],
      [randomKey(), 'invalid_api_key', 'Invalid API key.'],
      [revoked, 'revoked_api_key', 'This API key has been revoked.'],
    ];
    for (const [presented, error, message] of cases) {
      const response = await call('/api/health', { key: presented });
      expect([presented, response.status, await response.json()]).toEqual([
        presented,
        401,
        { error, message },
      ]);
    }
  });

  it('GET /api/health names the owner of the key and reports the rate-limit budget', async () => {
    const response = await call('/api/health', { key: newKey('bob') });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', user_id: 'bob' });
    expect(response.headers.get('x-ratelimit-limit')).toBe('3');
  });

  it('POST /api/user/{userId}/create calls identity as the key owner, and refuses another user’s path with 403', async () => {
    const alice = newKey('alice');
    const own = await call('/api/user/alice/create', { method: 'POST', key: alice });
    expect(own.status).toBe(200);
    expect(await own.json()).toEqual({
      user_id: 'alice',
      graph_id: 'graph_alice',
      status: 'active',
      created_at: '2026-06-01T00:00:00.000Z',
    });
    expect(seen.graphRequests).toEqual(['alice']);

    const foreign = await call('/api/user/bob/create', { method: 'POST', key: alice });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({
      error: 'api_key_foreign_user',
      message: 'This API key does not belong to this user.',
    });
    expect(seen.graphRequests).toEqual(['alice']);

    const withFields = await call('/api/user/alice/create', {
      method: 'POST',
      key: alice,
      body: { graph: 'x' },
    });
    expect(withFields.status).toBe(400);
    expect(await withFields.json()).toEqual({ error: 'validation_error', message: 'graph should not exist' });
  });

  it('caches validations: repeated calls with one key ask the keys service once', async () => {
    const bob = newKey('bob');
    for (let i = 0; i < 3; i++)
      expect((await call('/api/health', { key: bob, replica: 1 })).status).toBe(200);
    expect(seen.validations).toBe(1);
  });

  it('shares one rate-limit budget across replicas: 429 with Retry-After past it, other keys unaffected', async () => {
    const limited = newKey('alice');
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await call('/api/health', { key: limited, replica: i % 2 })).status);
    expect(statuses).toEqual([200, 200, 200]);

    const refused = await call('/api/health', { key: limited, replica: 1 });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await refused.json()).toEqual({
      error: 'rate_limited',
      message: `Too many requests. Please retry after ${retryAfter} seconds.`,
    });
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');

    expect((await call('/api/health', { key: newKey('alice'), replica: 1 })).status).toBe(200);
  });

  it('limits a user across all of their keys: more keys do not multiply the budget', async () => {
    const keys = Array.from({ length: 5 }, () => newKey('carol'));
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await call('/api/health', { key: keys[i % keys.length], replica: i % 2 })).status);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429, 429]);
    const refused = await call('/api/health', { key: newKey('carol') });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-ratelimit-limit')).toBe('10');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // Another user is not affected.
    expect((await call('/api/health', { key: newKey('dave') })).status).toBe(200);
  });

  it('counts only what it lets through, and gives a refused request back to the user’s budget', async () => {
    const [first, second, ...more] = Array.from({ length: 5 }, () => newKey('erin'));
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await call('/api/health', { key: first })).status);
    // Past the key's own limit: refused, and counted in no budget.
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    // Refused by the gateway (another user's path): the key's budget counts them, the user's does not.
    for (let i = 0; i < 3; i++)
      expect((await call('/api/user/zed/create', { method: 'POST', key: second })).status).toBe(403);
    expect((await call('/api/health', { key: second })).status).toBe(429);
    // So the user has 10 - 3 left, whichever keys they use.
    const rest: number[] = [];
    for (let i = 0; i < 8; i++) rest.push((await call('/api/health', { key: more[i % more.length] })).status);
    expect(rest).toEqual([...Array<number>(7).fill(200), 429]);
  });

  it('POST /api/register_initial_user confirms a matching key and user, and refuses mismatches', async () => {
    const bob = newKey('bob');
    const ok = await call('/api/register_initial_user', {
      method: 'POST',
      key: bob,
      body: { user_id: 'bob', api_key: bob },
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ registered: true, user_id: 'bob' });

    const otherUser = await call('/api/register_initial_user', {
      method: 'POST',
      key: bob,
      body: { user_id: 'alice', api_key: bob },
    });
    expect(otherUser.status).toBe(403);
    expect(await otherUser.json()).toEqual({
      error: 'api_key_foreign_user',
      message: 'This API key does not belong to this user.',
    });

    const otherKey = await call('/api/register_initial_user', {
      method: 'POST',
      key: bob,
      body: { user_id: 'bob', api_key: newKey('bob') },
      replica: 1,
    });
    expect(otherKey.status).toBe(400);
    expect(await otherKey.json()).toEqual({
      error: 'validation_error',
      message: 'api_key must be the key sent in the X-API-Key header.',
    });
  });

  it('leaves /api/status, /api/plans and the docs public', async () => {
    expect((await call('/api/status')).status).toBe(200);
    // Nobody serves billing here: the call passes the guard and reaches the bus (503), it is not refused (401).
    expect((await call('/api/plans')).status).toBe(503);
    const openApi = await call('/api/openapi.json');
    expect(openApi.status).toBe(200);
    expect(Object.keys(((await openApi.json()) as { paths: object }).paths)).toContain('/api/health');
  });
});
