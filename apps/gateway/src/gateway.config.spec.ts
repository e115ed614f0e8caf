import { describe, expect, it } from '@jest/globals';
import { toGatewayModuleOptions } from '@membolt/gateway';
import { ConfigError } from '@membolt/platform';
import { loadGatewayConfig } from './gateway.config.js';

const SECRET = 'portal-link-secret-of-at-least-32-characters';

describe('gateway config', () => {
  it('defaults to an in-process rate limiter of 120 requests per minute per key, 240 per user, a 10 s key cache, no diagnostics and imports of 32 MiB and 50,000 lines, stored at once up to 1,000', () => {
    expect(toGatewayModuleOptions(loadGatewayConfig({ PORTAL_LINK_SECRET: SECRET }))).toEqual({
      rateLimit: { limit: 120, windowMs: 60_000 },
      userRateLimit: 240,
      rateLimitStore: { kind: 'memory' },
      apiKeyCacheTtlMs: 10_000,
      diagnostics: false,
      importMaxBytes: 32 * 1024 * 1024,
      importMaxLines: 50_000,
      importSyncLines: 1_000,
      uploadMaxBytes: 10 * 1024 * 1024,
      uploadWaitMs: 30_000,
      portalLinkSecret: SECRET,
    });
  });

  it('shares the counters in Redis when REDIS_URL is set', () => {
    const config = loadGatewayConfig({
      PORTAL_LINK_SECRET: SECRET,
      REDIS_URL: 'redis://cache:6379',
      GATEWAY_RATE_LIMIT_PER_MINUTE: '30',
      GATEWAY_RATE_LIMIT_PER_USER_PER_MINUTE: '45',
      GATEWAY_RATE_LIMIT_KEY_PREFIX: 'prod:rl:',
    });
    expect(toGatewayModuleOptions(config)).toMatchObject({
      rateLimit: { limit: 30, windowMs: 60_000 },
      userRateLimit: 45,
      rateLimitStore: { kind: 'redis', url: 'redis://cache:6379', keyPrefix: 'prod:rl:' },
    });
  });

  it('names each bad variable', () => {
    let problems: readonly string[] = [];
    try {
      loadGatewayConfig({
        REDIS_URL: 'http://cache',
        GATEWAY_RATE_LIMIT_PER_MINUTE: '0',
        GATEWAY_API_KEY_CACHE_TTL_MS: '-1',
      });
    } catch (error) {
      if (error instanceof ConfigError) problems = error.problems;
    }
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'GATEWAY_API_KEY_CACHE_TTL_MS',
      'GATEWAY_RATE_LIMIT_PER_MINUTE',
      'PORTAL_LINK_SECRET',
      'REDIS_URL',
    ]);
  });
});
