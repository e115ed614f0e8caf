import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import { writeJson } from '@membolt/edge';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AddressRateLimiter } from './address-rate-limiter.js';

export const BFF_ADDRESS_RATE_LIMITER = Symbol('BFF_ADDRESS_RATE_LIMITER');

/**
 * Per-address request budget of /graphql, checked before the body reaches Apollo, so a flood from one
 * address is refused for the cost of a map lookup. The refusal is a GraphQL response: 429 with
 * `extensions.code` RATE_LIMITED and Retry-After.
 */
@Injectable()
export class GraphqlRateLimitMiddleware implements NestMiddleware {
  constructor(@Inject(BFF_ADDRESS_RATE_LIMITER) private readonly limiter: AddressRateLimiter) {}

  /** Nest middleware sees Node's request, with the client's address (`ip`) the platform derived. */
  use(req: IncomingMessage & { ip?: string }, res: ServerResponse, next: () => void): void {
    const decision = this.limiter.consume(req.ip ?? req.socket.remoteAddress ?? 'unknown');
    if (decision.allowed) return next();
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
  }
}
