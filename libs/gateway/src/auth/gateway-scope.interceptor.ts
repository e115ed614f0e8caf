import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { COST_CENTS_HEADER, formatMicrocents, TOKENS_HEADER } from '@membolt/contracts';
import {
  type EdgeReply,
  type MeteredUsage,
  type MeteringScope,
  runInMeteringScope,
  UsageMeter,
} from '@membolt/edge';
import { correlationIdFrom, requestContext } from '@membolt/platform';
import type { ServerResponse } from 'node:http';
import { Observable } from 'rxjs';
import type { ApiKeyRequest } from './api-key-principal.js';

/**
 * Runs every gateway handler (and its pipes) as the key's owner and in its metering scope. As the owner:
 * every bus call it makes carries `meta.userId`, and every log line the user id, without each controller
 * passing it along. The metering scope holds the owner and key id, and the response on which a @Metered
 * route's cost goes out as `X-Membolt-Tokens` and `X-Membolt-Cost-Cents`. One interceptor for both: each
 * one Nest runs costs a request its own chain of observables.
 */
@Injectable()
export class GatewayScopeInterceptor implements NestInterceptor {
  constructor(private readonly meter: UsageMeter) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<ApiKeyRequest>();
    // On Node's response: the headers also leave with answers the route writes itself (event streams).
    const response = http.getResponse<EdgeReply>().raw;
    const principal = request.apiKey;
    const scope: MeteringScope = {
      meter: this.meter,
      principal: principal ? { userId: principal.userId, keyId: principal.keyId } : null,
      input: { params: request.params, query: request.query, body: request.body as unknown },
      onMetered: (usage) => setUsageHeaders(response, usage),
    };
    if (!principal)
      return new Observable((subscriber) =>
        runInMeteringScope(scope, () => next.handle().subscribe(subscriber)),
      );
    const owner = {
      correlationId: correlationIdFrom(requestContext.correlationId()),
      userId: principal.userId,
      apiKeyId: principal.keyId,
    };
    return new Observable((subscriber) =>
      requestContext.run(owner, () => runInMeteringScope(scope, () => next.handle().subscribe(subscriber))),
    );
  }
}

/** What a metered call cost, on its answer: `X-Membolt-Tokens` and `X-Membolt-Cost-Cents`. */
export function setUsageHeaders(response: ServerResponse, usage: MeteredUsage): void {
  response.setHeader(TOKENS_HEADER, String(usage.tokens));
  response.setHeader(COST_CENTS_HEADER, formatMicrocents(usage.costMicrocents));
}
