import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { answerEarly } from '@membolt/edge';
import type { ApiKeyRequest } from '../auth/api-key-principal.js';
import { ApiKeyGuard } from '../auth/api-key.guard.js';
import { toGatewayHealthResponse } from '../gateway.views.js';
import { AccountController } from './account.controller.js';

/** The route of `AccountController.health`, as the platform registers it (the gateway is mounted at /api). */
const HEALTH_ROUTE = '/api/health';

/**
 * `GET /api/health` with a key whose answer is cached, counted by the in-process limiter: answered from the
 * platform's hook by ApiKeyGuard's own checks (the count, the rate-limit headers, a 429 or a 403 as the
 * guard throws them) with the handler's body, without Nest's router, guards consumer and handler around
 * them: they were most of what the app added to Node's own HTTP work on this route. Any other request of the
 * route (no key, a key not yet known, the Redis limiter, HEAD) goes to the controller as before.
 * Nest's guards do not run for the calls answered here: a guard added to AccountController, or a global one,
 * must be added here too (today the only other is the standalone BFF's SessionGuard, which passes REST routes).
 */
@Injectable()
export class HealthAtOnce implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly guard: ApiKeyGuard,
  ) {}

  onModuleInit(): void {
    const { httpAdapter } = this.adapterHost;
    // Only the HTTP edge's platform (Fastify) has the hook; a module served otherwise (a test app on Nest's
    // default platform, or none) answers through the controller alone.
    if (httpAdapter?.getType() !== 'fastify') return;
    answerEarly(httpAdapter, 'GET', HEALTH_ROUTE, (request, reply) => {
      const principal = this.guard.admitAtOnce(request as ApiKeyRequest, reply.raw, AccountController);
      return principal && toGatewayHealthResponse(principal.userId);
    });
  }
}
