import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { EdgeReply } from '@membolt/edge';
import { apiKeyOfAnotherUser, missingApiKey, missingApiKeyOrBearer, rateLimited } from '../gateway.errors.js';
import { GATEWAY_SETTINGS, type GatewaySettings } from '../gateway.options.js';
import { IS_PUBLIC_ROUTE } from '../public.decorator.js';
import { RATE_LIMITER, type RateLimiter } from '../rate-limit/rate-limiter.js';
import { ApiKeyAuthenticator } from './api-key-authenticator.js';
import type { ApiKeyRequest } from './api-key-principal.js';
import { ACCEPTS_BEARER_API_KEY, presentedApiKey } from './bearer-api-key.js';
import { ACCEPTS_TOKEN_AUTHORIZATION } from './token-authorization.decorator.js';

/** The name of the route parameter that names a user (`/api/user/{userId}/...`). */
const USER_PATH_PARAM = 'userId';

/**
 * Every gateway route not marked @Public(): the X-API-Key (or, where the controller accepts it, the key as
 * `Authorization: Bearer <key>` or Mem0's `Authorization: Token <key>`) must belong to a live key (401 otherwise), stays within
 * its rate limits, per key and per user across all their keys (429 with Retry-After), and on `/user/{userId}/...`
 * must belong to that user (403). Only requests answered without a 4xx use up the user's budget.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: ApiKeyAuthenticator,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    @Inject(GATEWAY_SETTINGS) private readonly settings: GatewaySettings,
  ) {}

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    // A public route passes without a promise to await.
    if (
      this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_ROUTE, [context.getHandler(), context.getClass()])
    )
      return true;
    return this.authorize(context);
  }

  private async authorize(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<ApiKeyRequest>();
    // On Node's response: the headers also leave with answers the route writes itself (event streams).
    const response = http.getResponse<EdgeReply>().raw;

    const controller = context.getClass();
    const scheme = this.reflector.get<boolean>(ACCEPTS_BEARER_API_KEY, controller)
      ? 'Bearer'
      : this.reflector.get<boolean>(ACCEPTS_TOKEN_AUTHORIZATION, controller)
        ? 'Token'
        : undefined;
    const presented = presentedApiKey(request, scheme);
    if (!presented) throw scheme === 'Bearer' ? missingApiKeyOrBearer() : missingApiKey();
    const principal = await this.authenticator.authenticate(presented);

    // Per key and per user: a user with many keys shares one budget across them.
    const userBucket = { key: `user:${principal.userId}`, policy: this.settings.userRateLimit };
    const countedAt = performance.now();
    const decision = await this.limiter.consumeAll([
      { key: `key:${principal.keyId}`, policy: this.settings.rateLimit },
      userBucket,
    ]);
    response.setHeader('X-RateLimit-Limit', String(decision.limit));
    response.setHeader('X-RateLimit-Remaining', String(decision.remaining));
    if (!decision.allowed) {
      const seconds = Math.max(1, Math.ceil(decision.resetInMs / 1000));
      response.setHeader('Retry-After', String(seconds));
      throw rateLimited(seconds);
    }
    // A request refused from here on (4xx: another user's path, invalid input, a plan limit) gives its count
    // back to the user's budget, which the user's other keys share; the key's own budget keeps it, so a key
    // sending only bad requests is still bounded.
    response.once('finish', () => {
      if (response.statusCode >= 400 && response.statusCode < 500)
        void this.limiter.release([userBucket], performance.now() - countedAt);
    });

    const pathUser: unknown = request.params[USER_PATH_PARAM];
    if (pathUser !== undefined && pathUser !== principal.userId) {
      throw apiKeyOfAnotherUser();
    }
    request.apiKey = principal;
    return true;
  }
}
