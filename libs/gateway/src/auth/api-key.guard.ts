import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { COST_CENTS_HEADER, formatMicrocents, TOKENS_HEADER } from '@membolt/contracts';
import {
  enterMeteringScope,
  isMeteredHandler,
  type MeteredUsage,
  sendAsJson,
  UsageMeter,
} from '@membolt/edge';
import type { EdgeReply } from '@membolt/edge';
import { requestContext } from '@membolt/platform';
import type { ServerResponse } from 'node:http';
import { apiKeyOfAnotherUser, missingApiKey, missingApiKeyOrBearer, rateLimited } from '../gateway.errors.js';
import { GATEWAY_SETTINGS, type GatewaySettings } from '../gateway.options.js';
import { IS_PUBLIC_ROUTE } from '../public.decorator.js';
import {
  RATE_LIMITER,
  type RateLimitBucket,
  type RateLimitDecision,
  type RateLimiter,
} from '../rate-limit/rate-limiter.js';
import { ApiKeyAuthenticator } from './api-key-authenticator.js';
import type { ApiKeyPrincipal, ApiKeyRequest } from './api-key-principal.js';
import { ACCEPTS_BEARER_API_KEY, type KeyAuthorizationScheme, presentedApiKey } from './bearer-api-key.js';
import { ACCEPTS_TOKEN_AUTHORIZATION } from './token-authorization.decorator.js';

/** The name of the route parameter that names a user (`/api/user/{userId}/...`). */
const USER_PATH_PARAM = 'userId';

/** A key's budgets: its own and its user's, which all the user's keys share. */
interface KeyBuckets {
  readonly all: readonly RateLimitBucket[];
  readonly user: readonly RateLimitBucket[];
}

/**
 * Every gateway route not marked @Public(): the X-API-Key (or, where the controller accepts it, the key as
 * `Authorization: Bearer <key>` or Mem0's `Authorization: Token <key>`) must belong to a live key (401 otherwise), stays within
 * its rate limits, per key and per user across all their keys (429 with Retry-After), and on `/user/{userId}/...`
 * must belong to that user (403). Only requests answered without a 4xx use up the user's budget.
 *
 * Once the key is admitted, the rest of the request (pipes and handler) runs as the key's owner and in its
 * metering scope: every bus call it makes carries `meta.userId`, and every log line the user id, without each
 * controller passing it along; a @Metered route's cost goes out on its answer as `X-Membolt-Tokens` and
 * `X-Membolt-Cost-Cents`. Both are set in the request's own context (made by the edge's first hook), where an
 * interceptor around the handler cost every request its own chain of observables. A key whose answer is
 * cached, counted by a limiter in this process, is admitted without a promise.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  /** Which `Authorization` scheme each controller class accepts the key in (metadata read once). */
  private readonly schemes = new WeakMap<object, KeyAuthorizationScheme | null>();
  /** The budgets of each cached principal (the authenticator hands out the same object while cached). */
  private readonly buckets = new WeakMap<ApiKeyPrincipal, KeyBuckets>();

  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: ApiKeyAuthenticator,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    @Inject(GATEWAY_SETTINGS) private readonly settings: GatewaySettings,
    private readonly meter: UsageMeter,
  ) {}

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const handler = context.getHandler();
    const controller = context.getClass();
    const http = context.switchToHttp();
    const request = http.getRequest<ApiKeyRequest>();
    // On Node's response: the headers also leave with answers the route writes itself (event streams).
    const response = http.getResponse<EdgeReply>().raw;
    // A public route passes without a promise to await. It has no key, so a @Metered one refuses.
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_ROUTE, [handler, controller])) {
      if (isMeteredHandler(handler)) this.enterScope(request, response, null);
      return true;
    }
    const scheme = this.schemeOf(controller);
    const presented = presentedApiKey(request, scheme);
    if (!presented) throw scheme === 'Bearer' ? missingApiKeyOrBearer() : missingApiKey();
    const cached = this.authenticator.cached(presented);
    if (cached) return this.count(request, response, cached);
    return this.authenticator
      .authenticate(presented)
      .then((principal) => this.count(request, response, principal));
  }

  /**
   * What `canActivate` decides for a route of `controller`, when it can decide at once: the key is presented,
   * its answer cached, and the limiter counts in this process. Then the same checks and effects (the count,
   * the rate-limit headers, the acting user, the metering scope) and the key's owner; a refusal throws the
   * same error. Undefined, having counted nothing, when the guard itself must decide (no key, a key to ask
   * the keys service about, a limiter in Redis).
   */
  admitAtOnce(
    request: ApiKeyRequest,
    response: ServerResponse,
    controller: object,
  ): ApiKeyPrincipal | undefined {
    const presented = presentedApiKey(request, this.schemeOf(controller));
    if (!presented || !this.limiter.consumeAllNow) return undefined;
    const principal = this.authenticator.cached(presented);
    if (!principal) return undefined;
    const buckets = this.bucketsOf(principal);
    const countedAt = performance.now();
    const decision = this.limiter.consumeAllNow(buckets.all);
    this.admit(request, response, principal, buckets, decision, countedAt);
    return principal;
  }

  private schemeOf(controller: object): KeyAuthorizationScheme | undefined {
    let scheme = this.schemes.get(controller);
    if (scheme === undefined) {
      scheme = this.reflector.get<boolean>(ACCEPTS_BEARER_API_KEY, controller as never)
        ? 'Bearer'
        : this.reflector.get<boolean>(ACCEPTS_TOKEN_AUTHORIZATION, controller as never)
          ? 'Token'
          : null;
      this.schemes.set(controller, scheme);
    }
    return scheme ?? undefined;
  }

  /** Per key and per user: a user with many keys shares one budget across them. */
  private bucketsOf(principal: ApiKeyPrincipal): KeyBuckets {
    let buckets = this.buckets.get(principal);
    if (!buckets) {
      const user = [{ key: `user:${principal.userId}`, policy: this.settings.userRateLimit }];
      buckets = { all: [{ key: `key:${principal.keyId}`, policy: this.settings.rateLimit }, ...user], user };
      this.buckets.set(principal, buckets);
    }
    return buckets;
  }

  private count(
    request: ApiKeyRequest,
    response: ServerResponse,
    principal: ApiKeyPrincipal,
  ): boolean | Promise<boolean> {
    const buckets = this.bucketsOf(principal);
    const countedAt = performance.now();
    const decision = this.limiter.consumeAllNow?.(buckets.all);
    if (decision) return this.admit(request, response, principal, buckets, decision, countedAt);
    return this.limiter
      .consumeAll(buckets.all)
      .then((decided) => this.admit(request, response, principal, buckets, decided, countedAt));
  }

  private admit(
    request: ApiKeyRequest,
    response: ServerResponse,
    principal: ApiKeyPrincipal,
    buckets: KeyBuckets,
    decision: RateLimitDecision,
    countedAt: number,
  ): boolean {
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
        void this.limiter.release(buckets.user, performance.now() - countedAt);
    });

    const pathUser: unknown = request.params[USER_PATH_PARAM];
    if (pathUser !== undefined && pathUser !== principal.userId) {
      throw apiKeyOfAnotherUser();
    }
    request.apiKey = principal;
    this.enterScope(request, response, principal);
    return true;
  }

  /** The rest of the request runs as the key's owner (when there is one) and in its metering scope. */
  private enterScope(
    request: ApiKeyRequest,
    response: ServerResponse,
    principal: ApiKeyPrincipal | null,
  ): void {
    const entered =
      (principal === null || requestContext.actAs({ userId: principal.userId, apiKeyId: principal.keyId })) &&
      enterMeteringScope({
        meter: this.meter,
        principal: principal ? { userId: principal.userId, keyId: principal.keyId } : null,
        input: { params: request.params, query: request.query, body: request.body as unknown },
        onMetered: (usage, answer) => {
          setUsageHeaders(response, usage);
          // Nest sends the route's result as it is: the JSON its tokens were counted on is its body.
          if (answer) sendAsJson(answer.result, answer.json);
        },
      });
    // The edge's first hook runs every request in a context of its own (createHttpEdgeAdapter).
    if (!entered)
      throw new Error('ApiKeyGuard ran outside a request context: serve the app on the HTTP edge');
  }
}

/** What a metered call cost, on its answer: `X-Membolt-Tokens` and `X-Membolt-Cost-Cents`. */
export function setUsageHeaders(response: ServerResponse, usage: MeteredUsage): void {
  response.setHeader(TOKENS_HEADER, String(usage.tokens));
  response.setHeader(COST_CENTS_HEADER, formatMicrocents(usage.costMicrocents));
}
