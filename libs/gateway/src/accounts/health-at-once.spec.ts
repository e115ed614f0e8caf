import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { MessagePattern } from '@nestjs/microservices';
import { BusController, BusPayload } from '@membolt/bus';
import { type ApiKeyValidationView, KeysSubjects, ValidateApiKeyRequest } from '@membolt/contracts';
import { randomUUID } from 'node:crypto';
import { ApiKeyAuthenticator } from '../auth/api-key-authenticator.js';
import { ApiKeyGuard } from '../auth/api-key.guard.js';
import { type GatewayOverStubs, startGatewayOverStubs } from '../testing/gateway-over-stubs.js';

const owners = new Map<string, { userId: string; keyId: string }>();
let validations = 0;

@BusController()
class StubKeys {
  @MessagePattern(KeysSubjects.validate.name)
  validate(@BusPayload(ValidateApiKeyRequest) request: ValidateApiKeyRequest): ApiKeyValidationView {
    validations++;
    const owner = owners.get(request.key);
    return owner
      ? { valid: true, ...owner, permissions: ['read', 'write'] }
      : { valid: false, reason: 'unknown' };
  }
}

function newKey(userId: string): { secret: string; keyId: string } {
  const secret = `mblt_${randomUUID().replaceAll('-', '')}`;
  const keyId = randomUUID();
  owners.set(secret, { userId, keyId });
  return { secret, keyId };
}

/** The headers of an answer that must not differ between two answers of the same route. */
function stableHeaders(response: Response): Record<string, string> {
  const varying = new Set(['date', 'x-correlation-id', 'x-ratelimit-remaining']);
  return Object.fromEntries([...response.headers].filter(([name]) => !varying.has(name)));
}

/**
 * `GET /api/health` answered from the platform's hook for a cached key: the same answer as the controller's,
 * with the same key check and rate limit, on the real HTTP edge (limit 3 per key, 5 per user per minute).
 */
describe('GET /api/health answered at once for a cached key', () => {
  let gateway: GatewayOverStubs;
  let url: string;
  // Nest's pipeline runs the guard's canActivate; the hook does not.
  const handled = jest.spyOn(ApiKeyGuard.prototype, 'canActivate');

  beforeAll(async () => {
    gateway = await startGatewayOverStubs('gateway-health', [StubKeys], {
      rateLimit: { limit: 3, windowMs: 60_000 },
      userRateLimit: 5,
    });
    url = gateway.url;
  });

  afterAll(async () => {
    await gateway?.close();
  });

  const health = (key?: string, method = 'GET') =>
    fetch(`${url}/api/health`, { method, headers: key === undefined ? {} : { 'X-API-Key': key } });

  it('answers a known key without Nest’s pipeline, with the controller’s body and headers', async () => {
    const { secret } = newKey('alice');
    handled.mockClear();
    validations = 0;
    const first = await health(secret);
    expect(handled).toHaveBeenCalledTimes(1);
    const second = await health(secret);
    // The second answer came from the hook: the key was cached by the first, which asked the keys service.
    expect(handled).toHaveBeenCalledTimes(1);
    expect(validations).toBe(1);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await second.json()).toEqual(await first.json());
    expect(stableHeaders(second)).toEqual(stableHeaders(first));
    expect(second.headers.get('x-ratelimit-limit')).toBe('3');
    expect([first.headers.get('x-ratelimit-remaining'), second.headers.get('x-ratelimit-remaining')]).toEqual(
      ['2', '1'],
    );
    expect(second.headers.get('x-correlation-id')).toMatch(/\S/);
    expect(second.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('counts its answers in the key’s budget and refuses past it as the guard does (429, Retry-After)', async () => {
    const { secret } = newKey('bob');
    handled.mockClear();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await health(secret)).status);
    const refused = await health(secret);
    expect(handled).toHaveBeenCalledTimes(1);
    expect([...statuses, refused.status]).toEqual([200, 200, 200, 429]);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(await refused.json()).toEqual({ error: 'rate_limited', message: expect.any(String) });
  });

  it('shares the user’s budget with the user’s other keys', async () => {
    const keys = [newKey('carol').secret, newKey('carol').secret];
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await health(keys[i % 2])).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('leaves a key the gateway no longer holds, a missing key and HEAD to the controller and its guard', async () => {
    const { secret, keyId } = newKey('dave');
    expect((await health(secret)).status).toBe(200);
    owners.delete(secret);
    gateway.app.get(ApiKeyAuthenticator).forget('dave', [keyId]);
    handled.mockClear();
    expect(await (await health(secret)).json()).toEqual({
      error: 'invalid_api_key',
      message: 'Invalid API key.',
    });
    expect(await (await health()).json()).toEqual({
      error: 'missing_api_key',
      message: 'Missing X-API-Key header.',
    });
    const { secret: other } = newKey('erin');
    expect((await health(other)).status).toBe(200);
    expect((await health(other, 'HEAD')).status).toBe(200);
    // The forgotten key, the missing one, erin's first request (not yet cached) and the HEAD.
    expect(handled).toHaveBeenCalledTimes(4);
  });
});
