import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { gateRoutes, type GatedRequest, writeJson } from '@membolt/edge';
import type { ServerResponse } from 'node:http';
import { AddressRateLimiter } from './address-rate-limiter.js';

export const BFF_ADDRESS_RATE_LIMITER = Symbol('BFF_ADDRESS_RATE_LIMITER');

/** The BFF routes the per-address budget counts, as registered. */
const ADDRESS_LIMITED_ROUTES = ['/graphql', '/chat/stream', '/events/uploads/:id'] as const;

/**
 * Per-address request budget of /graphql (and the chat stream and upload events), checked before the body
 * reaches Apollo, so a flood from one address is refused for the cost of a map lookup. The refusal is a
 * GraphQL response: 429 with `extensions.code` RATE_LIMITED and Retry-After. A route gate of the edge rather
 * than Nest middleware, which every request of the process would run through to test its path.
 */
@Injectable()
export class GraphqlRateLimit implements OnModuleInit {
  constructor(
    @Inject(BFF_ADDRESS_RATE_LIMITER) private readonly limiter: AddressRateLimiter,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  onModuleInit(): void {
    // A module compiled without an HTTP platform (a test of resolvers alone) has no requests to limit.
    const { httpAdapter } = this.adapterHost;
    if (httpAdapter) gateRoutes(httpAdapter, ADDRESS_LIMITED_ROUTES, (req, res) => this.admit(req, res));
  }

  /** Whether the request is within its address's budget; refused with its 429 otherwise. */
  admit(req: GatedRequest, res: ServerResponse): boolean {
    const decision = this.limiter.consume(req.ip);
    if (decision.allowed) return true;
    const retryAfterSeconds = Math.max(1, Math.ceil(decision.resetInMs / 1000));
    res.setHeader('Retry-After', String(retryAfterSeconds));
    writeJson(res, 429, {
      errors: [
        {
          message: `Too many requests from this address; retry in ${retryAfterSeconds} s.`,
          extensions: { code: 'RATE_LIMITED', retryAfterSeconds },
        },
      ],
    });
    return false;
  }
}
